// Live pages for a bench, in a process of their own (forked by `livePages`): a page's work (taking in
// every standings message, 0.5–0.9 MB at 4,096 teams) must not hold up the bench's event loop while
// it times requests, as it would not hold up a player's phone. Each page is a raw STOMP connection
// subscribed to a tournament's scoreboard and standings, counting what it receives; a notice that
// the standings moved (an event over LIVE_STANDINGS_TEAMS teams, decision 022) is followed, as the
// tournament page does, by GET .../standings?version=N 150 ms later (compressed, as a browser asks).
import { fork } from 'node:child_process';
import http from 'node:http';
import WebSocket from 'ws';

export interface LivePages {
  /** messages and bytes each page has received so far */
  counts(): Promise<{ messages: number[]; bytes: number[] }>;
  close(): Promise<void>;
}

/** `n` pages of the tournament `uid` on the server at `url`, resolved once every page is subscribed. */
export function livePages(url: string, uid: string, n: number): Promise<LivePages> {
  const child = fork(new URL(import.meta.url), [url, uid, String(n)], { execArgv: ['--import', 'tsx'] });
  let answer: ((c: { messages: number[]; bytes: number[] }) => void) | undefined;
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`live pages exited with ${code}`)));
    child.on('message', (m: { ready?: true; messages?: number[]; bytes?: number[]; error?: string }) => {
      if (m.error) reject(new Error(m.error));
      else if (m.ready) {
        const gone = () => child.exitCode !== null || child.signalCode !== null;
        resolve({
          counts: () => new Promise((r, fail) => {
            if (gone()) return fail(new Error('live pages exited'));
            answer = r;
            child.send('counts');
          }),
          close: () => new Promise((r) => {
            if (gone()) return r();
            child.removeAllListeners('exit');
            child.once('exit', () => r());
            child.kill();
          }),
        });
      } else answer?.({ messages: m.messages!, bytes: m.bytes! });
    });
  });
}

/** The page's read after a notice: the body is counted, not decoded. */
function read(url: string, onBytes: (n: number) => void): Promise<void> {
  return new Promise((resolve) => {
    http.get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      res.on('data', (chunk: Buffer) => onBytes(chunk.length));
      res.on('end', () => resolve());
      res.on('error', () => resolve());
    }).on('error', () => resolve());
  });
}

/** The JSON body of a short STOMP MESSAGE frame (a notice); undefined for a long one (a whole view). */
function shortBody(data: Buffer): { notice?: boolean; version?: number } | undefined {
  if (data.length > 2048) return undefined;
  const text = data.toString();
  try {
    return JSON.parse(text.slice(text.indexOf('\n\n') + 2, text.lastIndexOf('\0'))) as { notice?: boolean; version?: number };
  } catch {
    return undefined;
  }
}

function page(url: string, uid: string): Promise<{ messages: () => number; bytes: () => number }> {
  let messages = 0;
  let bytes = 0;
  let timer: NodeJS.Timeout | undefined;
  let announced = 0;
  return new Promise((resolve, reject) => {
    // a browser checks the text is UTF-8; here that would be the bench's CPU taken from the server's
    const ws = new WebSocket(`${url.replace('http', 'ws')}/ws/websocket`, ['v12.stomp'], { skipUTF8Validation: true });
    ws.on('error', reject);
    ws.on('open', () => ws.send('CONNECT\naccept-version:1.2\nhost:x\nheart-beat:0,0\n\n\0'));
    ws.on('message', (data: Buffer) => {
      const text = data.subarray(0, 16).toString(); // the command is enough
      if (text.startsWith('CONNECTED')) {
        ws.send(`SUBSCRIBE\nid:0\ndestination:/topic/tournaments/${uid}/scoreboard\n\n\0`);
        ws.send(`SUBSCRIBE\nid:1\ndestination:/topic/tournaments/${uid}/standings\nreceipt:r\n\n\0`);
      } else if (text.startsWith('RECEIPT')) resolve({ messages: () => messages, bytes: () => bytes });
      else if (text.startsWith('MESSAGE')) {
        messages++;
        bytes += data.length;
        const body = shortBody(data);
        if (body?.notice && typeof body.version === 'number') {
          announced = Math.max(announced, body.version);
          clearTimeout(timer);
          timer = setTimeout(() => void read(`${url}/api/tournaments/${uid}/standings?version=${announced}`, (n) => { bytes += n; }), 150);
        }
      }
    });
  });
}

// the child: open the pages, say so, answer counts
if (process.send && process.argv.length >= 5) {
  const [url, uid, n] = process.argv.slice(2) as [string, string, string];
  process.on('disconnect', () => process.exit(0)); // the bench ended, however
  try {
    const pages = await Promise.all(Array.from({ length: Number(n) }, () => page(url, uid)));
    process.on('message', () => process.send!({ messages: pages.map((p) => p.messages()), bytes: pages.map((p) => p.bytes()) }));
    process.send({ ready: true });
  } catch (e) {
    process.send({ error: (e as Error).message }, () => process.exit(1));
  }
}
