// The two ways in to the broker: SockJS (sockjs-node, every transport) under /ws, and a raw
// WebSocket with the STOMP subprotocols at /ws/websocket (sockjs's own raw endpoint does not
// answer them, platform.md). Both sit in front of Fastify on its http server, so Fastify hooks
// do not run for them: the Origin allowlist is checked here.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import proxyAddr from '@fastify/proxy-addr';
import sockjs from 'sockjs';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Broker, Identity } from './broker.ts';
import { hostAllowed } from '../http/request-guards.ts';

export const LIVE_PREFIX = '/ws';
const RAW_PATH = `${LIVE_PREFIX}/websocket`;
const STOMP_PROTOCOLS = ['v12.stomp', 'v11.stomp', 'v10.stomp'];
/** a raw WebSocket client that reads slower than this much queued output is cut off */
const MAX_BUFFERED = 4 * 1024 * 1024;
const NUL = Buffer.from([0]);

type Handler = (req: IncomingMessage, resOrSocket: ServerResponse | Duplex, head?: Buffer) => boolean;

export interface OriginPolicy {
  /** host names the site answers to; a request for another Host is refused (DNS rebinding) */
  hostnames?: ReadonlySet<string>;
  /** exact origins (PUBLIC_URL's) */
  allowed: ReadonlySet<string>;
  /** also accept http(s)://localhost|127.0.0.1|[::1]:any (development: Vite on :5173) */
  loopback: boolean;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Browsers always send Origin on WebSocket upgrades and cross-origin XHR; tools may send none. */
export function originAllowed(req: IncomingMessage, policy: OriginPolicy): boolean {
  if (policy.hostnames && !hostAllowed(req.headers.host, policy.hostnames)) return false;
  const origin = req.headers.origin;
  if (origin === undefined) {
    const site = req.headers['sec-fetch-site'];
    return site === undefined || site === 'same-origin' || site === 'none';
  }
  if (policy.allowed.has(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // 'null' (sandboxed frames, files) and junk
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.host === req.headers.host) return true;
  return policy.loopback && LOOPBACK.has(url.hostname);
}

function underPrefix(url: string | undefined): boolean {
  // every HTTP request passes here: decide from one character without splitting the URL
  if (!url?.startsWith(LIVE_PREFIX)) return false;
  const next = url.charCodeAt(LIVE_PREFIX.length);
  return Number.isNaN(next) || next === 0x2f /* / */ || next === 0x3f /* ? */;
}

export interface Transports {
  /** Close every live connection: politely, then by force after `graceMs`. */
  shutdown(graceMs?: number): Promise<void>;
}

/** The SockJS session id of a transport URL (/ws/{server}/{session}/{transport}). */
function sockjsSessionId(path: string | undefined): string | undefined {
  return /^\/ws\/[^/.]+\/([^/.]+)\/[a-z_]+$/.exec((path ?? '').split('?')[0]!)?.[1];
}

/**
 * The client address a request counts under: the socket's, or behind a trusted proxy (Fastify's
 * `trustProxy` rule, by the same package) the visitor's from X-Forwarded-For. An IPv6 address
 * counts by its /64 (one visitor commonly holds a whole /64), an IPv4-mapped one as IPv4.
 */
export function clientAddress(req: IncomingMessage, trust?: (addr: string, i: number) => boolean): string {
  const ip = trust ? proxyAddr(req, trust) : (req.socket.remoteAddress ?? '');
  return addressKey(ip);
}

export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.split('%')[0]!.toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  const back = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? front : [...front, ...new Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/** Fastify's reading of `trustProxy` (a list of addresses and CIDRs, or true); undefined: trust no proxy. */
export function compileTrust(trustProxy: string | boolean | undefined): ((addr: string, i: number) => boolean) | undefined {
  if (trustProxy === true) return () => true;
  if (!trustProxy) return undefined;
  return proxyAddr.compile(trustProxy.split(',').map((a) => a.trim()).filter(Boolean));
}

/** Put SockJS and the raw WebSocket endpoint in front of the server's other listeners. */
export function installTransports(
  server: Server,
  broker: Broker,
  policy: OriginPolicy,
  /** who a connection is, from the cookies of its upgrade or SockJS request (null: a visitor) */
  identify: (cookieHeader: string | undefined) => Promise<Identity | null>,
  onError: (msg: string, err?: unknown) => void,
  /** TRUST_PROXY: whose X-Forwarded-For names the client (the per-address limits count it) */
  trustProxy?: string | boolean,
): Transports {
  const sockets = new Set<Duplex>();
  const trust = compileTrust(trustProxy);
  // SockJS hides request headers from its connections: keep the cookie and the client address of
  // the request that opened each SockJS session (they live seconds before 'connection', a minute at most)
  const sockjsOpeners = new Map<string, { cookie: string | undefined; address: string; at: number }>();
  const rememberOpener = (req: IncomingMessage) => {
    const id = sockjsSessionId(req.url);
    if (!id || sockjsOpeners.has(id)) return;
    const now = Date.now();
    if (sockjsOpeners.size > 10_000) for (const [k, v] of sockjsOpeners) if (now - v.at > 60_000) sockjsOpeners.delete(k);
    sockjsOpeners.set(id, { cookie: req.headers.cookie, address: clientAddress(req, trust), at: now });
  };
  // once shutting down, new connections would be cut again at once: refuse them
  let closing = false;
  const track = (socket: Duplex) => {
    if (sockets.has(socket)) return;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };

  const sjs = sockjs.createServer({
    prefix: LIVE_PREFIX,
    log: (severity: string, line: string) => { if (severity === 'error') onError(`sockjs: ${line}`); },
  });
  sjs.on('connection', (conn: sockjs.Connection | null) => {
    if (!conn) return; // sockjs emits null for a session closed during its handshake
    const id = sockjsSessionId((conn as unknown as { pathname?: string }).pathname);
    const opener = id ? sockjsOpeners.get(id) : undefined;
    if (id) sockjsOpeners.delete(id);
    const session = broker.open({
      send: (data) => { conn.write(data); },
      close: () => { conn.close('1000', 'Normal closure'); },
    }, () => identify(opener?.cookie), opener?.address ?? addressKey(conn.remoteAddress ?? ''));
    conn.on('data', (message: string) => session.receive(message));
    conn.on('close', () => session.transportClosed());
  });
  const sockjsHandler = (sjs as unknown as { listener(o?: object): { getHandler(): Handler } }).listener().getHandler();

  const wss = new WebSocketServer({
    noServer: true,
    // room for a frame over the cap, so the broker can answer it with ERROR
    maxPayload: Math.max(1024 * 1024, broker.options.maxFrameBytes * 2),
    handleProtocols: (offered) => STOMP_PROTOCOLS.find((p) => offered.has(p)) ?? false,
  });
  wss.on('connection', (ws: WebSocket, req: IncomingMessage) => {
    const session = broker.open({
      send: (data) => {
        if (ws.bufferedAmount > MAX_BUFFERED) return ws.terminate();
        ws.send(data);
      },
      // one text message in three fragments: the body's bytes are shared by every subscriber, never copied
      sendParts: (head, body) => {
        if (ws.bufferedAmount > MAX_BUFFERED) return ws.terminate();
        ws.send(head, { binary: false, fin: false });
        ws.send(body, { binary: false, fin: false });
        ws.send(NUL, { binary: false, fin: true });
      },
      close: () => ws.close(1000),
    }, () => identify(req.headers.cookie), clientAddress(req, trust));
    ws.on('message', (data, isBinary) => session.receive(isBinary ? Buffer.from(data as Buffer) : data.toString('utf8')));
    ws.on('close', () => session.transportClosed());
    ws.on('error', () => ws.terminate());
  });

  const refuse = (socket: Duplex, status: string) => {
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    socket.destroy();
  };

  const onRequest = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!underPrefix(req.url)) return false;
    track(req.socket);
    if (closing) {
      res.writeHead(503, { 'content-type': 'text/plain', connection: 'close' }).end('Shutting down');
      return true;
    }
    if (!originAllowed(req, policy)) {
      res.writeHead(403, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end('{"error":"Origin or host not allowed"}');
      return true;
    }
    rememberOpener(req);
    return sockjsHandler(req, res);
  };
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): boolean => {
    if (!underPrefix(req.url)) return false;
    track(socket);
    if (closing || !originAllowed(req, policy)) {
      refuse(socket, closing ? '503 Service Unavailable' : '403 Forbidden');
      return true;
    }
    if (req.url!.split('?')[0] === RAW_PATH) {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
      return true;
    }
    rememberOpener(req);
    return sockjsHandler(req, socket, head);
  };
  overshadow(server, 'request', onRequest);
  overshadow(server, 'upgrade', onUpgrade, (_req, socket: Duplex) => socket.destroy());

  return {
    async shutdown(graceMs = 500) {
      const until = Date.now() + graceMs;
      const settle = async (done: () => boolean, by: number) => {
        while (!done() && Date.now() < by) await new Promise((r) => setTimeout(r, 10));
      };
      closing = true;
      broker.closeAll();
      for (const ws of wss.clients) ws.close(1001, 'Server shutting down');
      await settle(() => wss.clients.size === 0, Math.min(until, Date.now() + 100));
      // what is left (SockJS streams, keep-alive sockets): flush, FIN, then cut
      for (const socket of sockets) socket.end();
      await settle(() => sockets.size === 0, until);
      for (const ws of wss.clients) ws.terminate();
      for (const socket of sockets) socket.destroy();
      wss.close();
    },
  };
}

/** Run `first` before the server's existing listeners; they see only what it declines. */
function overshadow<A extends unknown[]>(
  server: Server,
  event: 'request' | 'upgrade',
  first: (...args: A) => boolean,
  fallback?: (...args: A) => void,
) {
  const previous = server.listeners(event) as ((...args: A) => void)[];
  server.removeAllListeners(event);
  server.on(event, (...args: A) => {
    if (first(...args)) return;
    if (previous.length === 0) fallback?.(...args);
    for (const listener of previous) listener.apply(server, args);
  });
}
