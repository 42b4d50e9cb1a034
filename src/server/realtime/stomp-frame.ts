// STOMP 1.2 frames (https://stomp.github.io/stomp-specification-1.2.html): a streaming decoder
// that works on bytes (content-length counts UTF-8 bytes, SockJS hands us strings) and an encoder.

export interface Frame {
  command: string;
  /** first occurrence wins, as the spec says */
  headers: Record<string, string>;
  body: string;
}

/** The peer broke the protocol: answer ERROR with this message, then close. */
export class StompError extends Error {
  constructor(message: string, readonly receiptId?: string) {
    super(message);
    this.name = 'StompError';
  }
}

export const HEARTBEAT = 'heartbeat' as const;
export type Decoded = Frame | typeof HEARTBEAT;

const CLIENT_COMMANDS = new Set([
  'CONNECT', 'STOMP', 'SEND', 'SUBSCRIBE', 'UNSUBSCRIBE', 'ACK', 'NACK', 'BEGIN', 'COMMIT', 'ABORT', 'DISCONNECT',
]);
const SERVER_COMMANDS = new Set(['CONNECTED', 'MESSAGE', 'RECEIPT', 'ERROR']);
/** CONNECT and CONNECTED keep raw header values, for STOMP 1.0 peers (spec "Value Encoding"). */
const RAW_HEADERS = new Set(['CONNECT', 'CONNECTED']);

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;

export function escapeHeader(value: string): string {
  return value.replace(/[\\\r\n:]/g, (c) => (c === '\\' ? '\\\\' : c === '\r' ? '\\r' : c === '\n' ? '\\n' : '\\c'));
}

export function unescapeHeader(value: string): string {
  return value.replace(/\\(.?)/gs, (_m, c: string) => {
    switch (c) {
      case '\\': return '\\';
      case 'r': return '\r';
      case 'n': return '\n';
      case 'c': return ':';
      default: throw new StompError(`Undefined escape sequence in header: \\${c}`);
    }
  });
}

/**
 * The command, headers and blank line of a frame whose body (of `contentLength` UTF-8 bytes) and
 * closing NUL are sent after it: a large body is encoded once, not once per subscriber.
 */
export function encodeHead(command: string, headers: Record<string, string | number | undefined>, contentLength: number): string {
  const escape = !RAW_HEADERS.has(command);
  let out = `${command}\n`;
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined || key === 'content-length') continue;
    const v = String(value);
    out += escape ? `${escapeHeader(key)}:${escapeHeader(v)}\n` : `${key}:${v}\n`;
  }
  return `${out}content-length:${contentLength}\n\n`;
}

/** Encode one frame; content-length is added for any body, in UTF-8 bytes. */
export function encodeFrame(command: string, headers: Record<string, string | number | undefined>, body = ''): string {
  const escape = !RAW_HEADERS.has(command);
  let out = `${command}\n`;
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined || key === 'content-length') continue;
    const v = String(value);
    out += escape ? `${escapeHeader(key)}:${escapeHeader(v)}\n` : `${key}:${v}\n`;
  }
  if (body !== '') out += `content-length:${Buffer.byteLength(body)}\n`;
  return `${out}\n${body}\0`;
}

/**
 * Feed it chunks as they arrive (strings or bytes, frames split or several in one chunk);
 * it returns whole frames and EOL heart-beats in order. Throws StompError on a bad or too
 * large frame; the session then answers ERROR and closes.
 */
export class FrameDecoder {
  private buffer: Buffer = Buffer.alloc(0);

  constructor(
    private readonly maxFrameBytes = 64 * 1024,
    private readonly commands: ReadonlySet<string> = CLIENT_COMMANDS,
  ) {}

  static forServerFrames(maxFrameBytes = 1024 * 1024): FrameDecoder {
    return new FrameDecoder(maxFrameBytes, SERVER_COMMANDS);
  }

  push(chunk: string | Buffer | Uint8Array): Decoded[] {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
    this.buffer = this.buffer.length === 0 ? bytes : Buffer.concat([this.buffer, bytes]);
    const out: Decoded[] = [];
    for (;;) {
      const buf = this.buffer;
      let start = 0;
      // EOLs between frames are heart-beats
      while (start < buf.length) {
        if (buf[start] === LF) {
          out.push(HEARTBEAT);
          start += 1;
        } else if (buf[start] === CR && buf[start + 1] === LF) {
          out.push(HEARTBEAT);
          start += 2;
        } else break;
      }
      if (start > 0) this.buffer = buf.subarray(start);
      const frame = this.next();
      if (!frame) break;
      out.push(frame);
    }
    return out;
  }

  /** Bytes held for an incomplete frame. */
  get pending(): number {
    return this.buffer.length;
  }

  private next(): Frame | undefined {
    const buf = this.buffer;
    if (buf.length === 0 || (buf.length === 1 && buf[0] === CR)) return undefined;
    const lflf = buf.indexOf('\n\n');
    const lfcrlf = buf.indexOf('\n\r\n');
    const end = lflf < 0 ? lfcrlf : lfcrlf < 0 ? lflf : Math.min(lflf, lfcrlf);
    if (end < 0) {
      this.checkSize(buf.length);
      return undefined;
    }
    const bodyStart = end + (end === lflf ? 2 : 3);
    const lines = buf.subarray(0, end).toString('utf8').split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
    const command = lines[0]!;
    if (!this.commands.has(command)) throw new StompError(`Unknown command: ${command.slice(0, 40)}`);
    const headers: Record<string, string> = {};
    const raw = RAW_HEADERS.has(command);
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon < 0) throw new StompError('Malformed header line');
      const key = raw ? line.slice(0, colon) : unescapeHeader(line.slice(0, colon));
      if (key in headers) continue;
      headers[key] = raw ? line.slice(colon + 1) : unescapeHeader(line.slice(colon + 1));
    }
    const receipt = headers.receipt;
    let bodyEnd: number;
    if (headers['content-length'] !== undefined) {
      const length = /^\d{1,9}$/.test(headers['content-length']) ? Number(headers['content-length']) : NaN;
      if (Number.isNaN(length)) throw new StompError('Invalid content-length', receipt);
      this.checkSize(bodyStart + length + 1, receipt);
      if (buf.length < bodyStart + length + 1) return undefined;
      if (buf[bodyStart + length] !== NUL) throw new StompError('Frame body does not end with NUL after content-length bytes', receipt);
      bodyEnd = bodyStart + length;
    } else {
      bodyEnd = buf.indexOf(NUL, bodyStart);
      if (bodyEnd < 0) {
        this.checkSize(buf.length, receipt);
        return undefined;
      }
      this.checkSize(bodyEnd + 1, receipt);
    }
    const body = buf.subarray(bodyStart, bodyEnd).toString('utf8');
    this.buffer = buf.subarray(bodyEnd + 1);
    return { command, headers, body };
  }

  private checkSize(bytes: number, receipt?: string) {
    if (bytes > this.maxFrameBytes) throw new StompError(`Frame larger than ${this.maxFrameBytes} bytes`, receipt);
  }
}

export interface Heartbeat {
  /** the server sends an EOL this often when idle (0: never) */
  sendEvery: number;
  /** the client promised to send this often (0: no check); silent for 3x this, it is dropped */
  expectEvery: number;
}

/** Heart-beat negotiation (spec "Heart-beating"): client `cx,cy`, server `sx,sy`. */
export function negotiateHeartbeat(clientHeader: string | undefined, server: readonly [number, number]): Heartbeat {
  if (clientHeader === undefined || clientHeader.trim() === '') return { sendEvery: 0, expectEvery: 0 };
  const m = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(clientHeader);
  if (!m) throw new StompError('Invalid heart-beat header');
  const [cx, cy] = [Number(m[1]), Number(m[2])];
  const [sx, sy] = server;
  return {
    sendEvery: cy > 0 && sx > 0 ? Math.max(cy, sx) : 0,
    expectEvery: cx > 0 && sy > 0 ? Math.max(cx, sy) : 0,
  };
}
