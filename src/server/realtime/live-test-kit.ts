// Test helpers for the live channel: a server on a real port (Fastify hooks and app.inject do
// not reach /ws), real @stomp/stompjs clients over sockjs-client or raw ws, and a bare raw
// STOMP socket for what a well-behaved client never does.
import { Client, type IFrame, type IMessage } from '@stomp/stompjs';
import SockJS from 'sockjs-client';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { parseEnv } from '../env.ts';
import { createTestDatabase, listenLocally } from '../test/test-server.ts';
import type { RealtimeTuning } from './realtime.ts';
import { FrameDecoder, HEARTBEAT, type Frame } from './stomp-frame.ts';

export interface LiveServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  port: number;
  /** close the app; the database too unless told to keep it (a restart on the same data) */
  close(opts?: { keepDatabase?: boolean }): Promise<void>;
}

export async function startLiveServer(opts: { database?: Database; port?: number; tuning?: RealtimeTuning; env?: Record<string, string> } = {}): Promise<LiveServer> {
  const database = opts.database ?? (await createTestDatabase());
  const env = parseEnv({ LOG_LEVEL: 'silent', DEMO_DATA: '0', TEST_DATA: '1', ...opts.env });
  const app = await buildApp({ env, database, realtime: opts.tuning });
  const { url, port } = await listenLocally(app, opts.port);
  return {
    app,
    database,
    url,
    port,
    close: async ({ keepDatabase = false } = {}) => {
      await app.close();
      if (!keepDatabase) await database.close();
    },
  };
}

export type LiveTransport = 'websocket' | 'xhr-streaming' | 'xhr-polling' | 'raw';
export const STOMP_SUBPROTOCOLS = ['v12.stomp', 'v11.stomp', 'v10.stomp'];

/** How the web client reaches the server, in Node: SockJS with one transport, or raw ws. */
export function socketFactory(url: string, transport: LiveTransport, origin?: string, cookie?: string) {
  if (transport === 'raw') {
    const headers = cookie ? { cookie } : undefined;
    return () => new WebSocket(`${url.replace(/^http/, 'ws')}/ws/websocket`, STOMP_SUBPROTOCOLS, { ...(origin ? { origin } : {}), headers }) as unknown as globalThis.WebSocket;
  }
  if (cookie) throw new Error('sockjs-client in Node sends no cookies: use raw, or SockJsXhr');
  return () => new SockJS(`${url}/ws`, null, { transports: [transport] }) as unknown as globalThis.WebSocket;
}

/** An @stomp/stompjs client, activated; `connected` resolves on the first CONNECTED. */
export function stompClient(url: string, transport: LiveTransport, config: Partial<ConstructorParameters<typeof Client>[0]> = {}) {
  let resolve!: (f: IFrame) => void;
  let reject!: (e: Error) => void;
  const connected = new Promise<IFrame>((res, rej) => { resolve = res; reject = rej; });
  const client = new Client({
    webSocketFactory: socketFactory(url, transport),
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    ...config,
    onConnect: (frame) => {
      resolve(frame);
      config.onConnect?.(frame);
    },
    onStompError: (frame) => {
      reject(new Error(frame.headers.message ?? 'STOMP error'));
      config.onStompError?.(frame);
    },
    onWebSocketClose: (evt) => {
      reject(new Error('socket closed before CONNECTED'));
      config.onWebSocketClose?.(evt);
    },
  });
  client.activate();
  return { client, connected };
}

/** Messages arriving on a subscription, to await one by one. */
export class Inbox {
  readonly messages: IMessage[] = [];
  private waiters: (() => void)[] = [];

  push = (m: IMessage) => {
    this.messages.push(m);
    for (const w of this.waiters.splice(0)) w();
  };

  async next(timeoutMs = 5000, index = this.taken++): Promise<IMessage> {
    const until = Date.now() + timeoutMs;
    while (this.messages.length <= index) {
      const left = until - Date.now();
      if (left <= 0) throw new Error(`no message #${index} within ${timeoutMs} ms`);
      await new Promise<void>((r) => {
        const t = setTimeout(r, left);
        this.waiters.push(() => { clearTimeout(t); r(); });
      });
    }
    return this.messages[index]!;
  }

  private taken = 0;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The first `command` frame received (taken out of `frames`), waiting up to `timeoutMs` for it. */
async function takeFrame(frames: Frame[], command: string, timeoutMs: number): Promise<Frame> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = frames.find((f) => f.command === command);
    if (found) {
      frames.splice(frames.indexOf(found), 1);
      return found;
    }
    if (Date.now() > until) throw new Error(`no ${command} frame within ${timeoutMs} ms (got ${frames.map((f) => f.command).join(', ') || 'nothing'})`);
    await sleep(10);
  }
}

/** A raw STOMP-over-WebSocket peer that sends exactly what the test writes. */
export class RawStomp {
  readonly frames: Frame[] = [];
  heartbeats = 0;
  closed: Promise<{ code: number; at: number }>;
  private decoder = FrameDecoder.forServerFrames(4 * 1024 * 1024);

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      for (const item of this.decoder.push(data)) {
        if (item === HEARTBEAT) this.heartbeats++;
        else this.frames.push(item);
      }
    });
    this.closed = new Promise((r) => ws.on('close', (code) => r({ code, at: Date.now() })));
  }

  /** A connected STOMP session subscribed to `destinations` (ids 0, 1, ... in order), once the server has them all. */
  static async subscribed(url: string, destinations: readonly string[], opts: Parameters<typeof RawStomp.open>[1] = {}): Promise<RawStomp> {
    const raw = await RawStomp.open(url, opts);
    raw.send('CONNECT\naccept-version:1.2\nhost:x\n\n\0');
    await raw.frame('CONNECTED');
    raw.send(destinations.map((d, id) => `SUBSCRIBE\nid:${id}\ndestination:${d}\n${id === destinations.length - 1 ? 'receipt:subscribed\n' : ''}\n\0`).join(''));
    await raw.frame('RECEIPT');
    return raw;
  }

  static open(url: string, opts: { origin?: string; protocols?: string[]; cookie?: string; host?: string; headers?: Record<string, string> } = {}): Promise<RawStomp> {
    const headers = { ...opts.headers, ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(opts.host ? { host: opts.host } : {}) };
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws/websocket`, opts.protocols ?? STOMP_SUBPROTOCOLS, { ...(opts.origin ? { origin: opts.origin } : {}), headers });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new RawStomp(ws)));
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    });
  }

  send(text: string | Buffer) {
    this.ws.send(text);
  }

  frame(command: string, timeoutMs = 3000): Promise<Frame> {
    return takeFrame(this.frames, command, timeoutMs);
  }

  close() {
    this.ws.terminate();
  }
}

/**
 * A SockJS xhr-streaming session spoken by hand, with a cookie (sockjs-client in Node sends none):
 * what a browser does when WebSockets are blocked.
 */
export class SockJsXhr {
  readonly frames: Frame[] = [];
  private decoder = FrameDecoder.forServerFrames(4 * 1024 * 1024);
  private readonly base: string;

  private constructor(url: string, private readonly cookie: string | undefined, private readonly extra: Record<string, string> = {}) {
    this.base = `${url}/ws/000/${Math.random().toString(36).slice(2, 10)}`;
  }

  static async open(url: string, cookie?: string, headers?: Record<string, string>): Promise<SockJsXhr> {
    const session = new SockJsXhr(url, cookie, headers);
    const res = await fetch(`${session.base}/xhr_streaming`, { method: 'POST', headers: session.headers() });
    if (res.status !== 200) throw new Error(`xhr_streaming answered ${res.status}`);
    void session.read(res.body!);
    return session;
  }

  private headers(): Record<string, string> {
    return { ...this.extra, ...(this.cookie ? { cookie: this.cookie } : {}) };
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const text = new TextDecoder();
    let buffer = '';
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      buffer += text.decode(chunk, { stream: true });
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line.startsWith('a[')) {
          for (const message of JSON.parse(line.slice(1)) as string[]) {
            for (const item of this.decoder.push(message)) if (item !== HEARTBEAT) this.frames.push(item);
          }
        }
      }
    }
  }

  async send(frame: string): Promise<void> {
    const res = await fetch(`${this.base}/xhr_send`, { method: 'POST', headers: { ...this.headers(), 'content-type': 'text/plain' }, body: JSON.stringify([frame]) });
    if (res.status !== 204) throw new Error(`xhr_send answered ${res.status}`);
  }

  frame(command: string, timeoutMs = 3000): Promise<Frame> {
    return takeFrame(this.frames, command, timeoutMs);
  }
}
