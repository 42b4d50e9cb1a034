// How `npm run cli -- backup` reaches a running server: a Unix socket inside DATA_DIR, in a
// folder only the server's user can enter (0700), so only that user (or root) can connect: never
// the network, never another local account. It does one thing: stream a backup to the caller.
// Protocol: the client sends {"command":"backup"} and a newline; the server answers one JSON line,
// {"ok":true} followed by the archive's bytes until it closes, or {"ok":false,"error":"..."}.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { BackupError } from './backup-format.ts';

export const CONTROL_DIR = '.control';
export const CONTROL_SOCKET = 'format-hub.sock';
/** sun_path holds 108 bytes on Linux, 104 on macOS, the terminating NUL included */
const MAX_SOCKET_PATH = process.platform === 'linux' ? 107 : 103;
const MAX_REQUEST = 1024;
const REQUEST_TIMEOUT_MS = 10_000;

export const controlSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), CONTROL_DIR, CONTROL_SOCKET);

export interface ControlLog {
  info(msg: string): void;
  warn(msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ControlSocket {
  path: string;
  close(): Promise<void>;
}

/**
 * Listens on DATA_DIR/.control/format-hub.sock. The caller holds the data-dir lock, so a socket
 * file already there was left by a process that died: it is replaced. Undefined (with a warning)
 * where no such socket can be made.
 */
export async function startControlSocket(
  { dataDir, backup, log }: { dataDir: string; backup: (sink: Writable, onStaged: () => void) => Promise<unknown>; log: ControlLog },
): Promise<ControlSocket | undefined> {
  const file = controlSocketPath(dataDir);
  if (process.platform === 'win32' || Buffer.byteLength(file) > MAX_SOCKET_PATH) {
    log.warn(`No control socket at ${file} (${process.platform === 'win32' ? 'not on Windows' : 'the path is too long for a Unix socket'}): ` +
      '`npm run cli -- backup` cannot reach this server; BACKUP_DIR still works.');
    return undefined;
  }
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = fs.lstatSync(dir);
  if (!stat.isDirectory() || (typeof process.getuid === 'function' && stat.uid !== process.getuid())) {
    throw new BackupError(`${dir} is not a folder this user owns: remove it and start again.`);
  }
  fs.chmodSync(dir, 0o700);
  fs.rmSync(file, { force: true });

  const connections = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    socket.on('error', () => {}); // a client that goes away mid-backup: the backup fails and is logged
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
    let request = '';
    const onData = (chunk: Buffer) => {
      request += chunk.toString('utf8');
      const end = request.indexOf('\n');
      if (end < 0) {
        if (request.length > MAX_REQUEST) socket.destroy();
        return;
      }
      socket.off('data', onData);
      socket.setTimeout(0);
      void answer(socket, request.slice(0, end));
    };
    socket.on('data', onData);
  });
  const answer = async (socket: net.Socket, line: string) => {
    let command: unknown;
    try {
      command = (JSON.parse(line) as { command?: unknown }).command;
    } catch {
      command = undefined;
    }
    if (command !== 'backup') {
      socket.end(JSON.stringify({ ok: false, error: 'Unknown command: this socket only takes {"command":"backup"}.' }) + '\n');
      return;
    }
    let staged = false;
    try {
      await backup(socket, () => {
        staged = true;
        socket.write(JSON.stringify({ ok: true }) + '\n');
      });
    } catch (e) {
      log.error({ err: e }, `Backup for the command line failed: ${(e as Error).message}`);
      if (staged) socket.destroy();
      else socket.end(JSON.stringify({ ok: false, error: (e as Error).message }) + '\n');
    }
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => {
      server.off('error', reject);
      resolve();
    });
  });
  fs.chmodSync(file, 0o600);
  return {
    path: file,
    close: async () => {
      for (const s of connections) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(file, { force: true });
    },
  };
}

/** Asks the server holding `dataDir` for a backup and streams it into `sink` (not ended). */
export function requestBackup(dataDir: string, sink: Writable): Promise<void> {
  const file = controlSocketPath(dataDir);
  return new Promise<void>((resolve, reject) => {
    const socket = net.connect(file);
    let header = '';
    let answered = false;
    let settled = false;
    const fail = (e: Error) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      reject(e);
    };
    socket.on('connect', () => socket.write(JSON.stringify({ command: 'backup' }) + '\n'));
    socket.on('error', (e: NodeJS.ErrnoException) => {
      if (answered) return fail(new BackupError(`The server stopped sending the backup (${e.code ?? e.message}): see its log.`));
      fail(new BackupError(
        e.code === 'EACCES'
          ? `The data dir ${path.resolve(dataDir)} is held by a server this user may not reach (${file}): run the command as the user that runs the server.`
          : `The data dir ${path.resolve(dataDir)} is held by another process that does not answer on ${file} (${e.code ?? e.message}): ` +
            'stop it to back up, or set BACKUP_DIR for scheduled backups.',
      ));
    });
    socket.on('data', (chunk: Buffer) => {
      if (answered) {
        if (!sink.write(chunk)) {
          socket.pause();
          sink.once('drain', () => socket.resume());
        }
        return;
      }
      header += chunk.toString('latin1'); // bytes after the newline are the archive's: keep them as bytes
      const end = header.indexOf('\n');
      if (end < 0) {
        if (header.length > 64 * 1024) fail(new BackupError('The server answered something that is not a backup.'));
        return;
      }
      let reply: { ok?: boolean; error?: string };
      try {
        reply = JSON.parse(Buffer.from(header.slice(0, end), 'latin1').toString('utf8')) as typeof reply;
      } catch {
        return fail(new BackupError('The server answered something that is not a backup.'));
      }
      if (!reply.ok) return fail(new BackupError(`The server could not write the backup: ${reply.error ?? 'no reason given'}`));
      answered = true;
      const rest = chunk.subarray(chunk.length - (header.length - end - 1));
      if (rest.length) sink.write(rest);
    });
    socket.on('end', () => {
      if (settled) return;
      if (!answered) return fail(new BackupError('The server closed the connection without an answer: see its log.'));
      settled = true;
      resolve();
    });
    sink.on('error', (e) => fail(e));
  });
}
