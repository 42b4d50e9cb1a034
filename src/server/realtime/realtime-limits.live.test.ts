// What one anonymous client may cost the live channel (issue 18): a wildcard pattern never stalls a
// publish, and connections and SENDs are limited per client address (the visitor's behind a
// trusted proxy), over raw WebSocket and SockJS alike.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../test/test-server.ts';
import { RawStomp, SockJsXhr, sleep, startLiveServer, type LiveServer } from './live-test-kit.ts';

const TUNING = { heartbeat: [0, 0] as [number, number], sessionCheckMs: 0 };
const CONNECT = 'CONNECT\naccept-version:1.2\nhost:x\n\n\0';

let database: Database;
const servers: LiveServer[] = [];
const peers: { close(): void }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  for (const p of peers.splice(0)) p.close();
  for (const s of servers.splice(0)) await s.close({ keepDatabase: true });
});
afterAll(() => database?.close());

/** One server on the shared database, with these settings. */
async function serve(env: Record<string, string> = {}): Promise<LiveServer> {
  const server = await startLiveServer({ database, tuning: TUNING, env });
  server.app.realtime.onAppMessage('/app/echo/*', (m) => m.reply(`/topic/echo/${m.destination.split('/').pop()}`, { echo: m.body }));
  servers.push(server);
  return server;
}

/** A raw STOMP connection that said CONNECT: its first frame is CONNECTED, or ERROR when refused. */
async function rawPeer(server: LiveServer, forwardedFor?: string): Promise<RawStomp> {
  const raw = await RawStomp.open(server.url, forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {});
  peers.push(raw);
  raw.send(CONNECT);
  return raw;
}

async function sockjsPeer(server: LiveServer, forwardedFor?: string): Promise<SockJsXhr> {
  // not closed by the test (an aborted stream leaves undici a spare connection that keeps app.close() waiting): the server closes it
  const peer = await SockJsXhr.open(server.url, undefined, forwardedFor ? { 'x-forwarded-for': forwardedFor } : {});
  // a refused session is closed at once: its CONNECT may find it gone
  await peer.send(CONNECT).catch(() => {});
  return peer;
}

/** CONNECTED, or the refusal: the first of them the peer got. */
async function first(peer: RawStomp | SockJsXhr): Promise<string> {
  const until = Date.now() + 5000;
  for (;;) {
    const frame = peer.frames.find((f) => f.command === 'CONNECTED' || f.command === 'ERROR');
    if (frame) {
      peer.frames.splice(peer.frames.indexOf(frame), 1);
      return frame.command === 'ERROR' ? `ERROR: ${frame.headers.message}` : frame.command;
    }
    if (Date.now() > until) throw new Error('neither CONNECTED nor ERROR');
    await sleep(10);
  }
}
const REFUSED = 'ERROR: Too many live connections from your address';

describe('a wildcard subscription from anyone', () => {
  test('64 KB of stars in one SUBSCRIBE: the next publish is delivered, the API answers', async () => {
    const server = await serve();
    const attacker = await rawPeer(server);
    await attacker.frame('CONNECTED');
    // nine stars stalled the server 7 s at the next publish (a backtracking regex), ten stars 35 s
    const stars = `/topic/**/${'*'.repeat(63 * 1024)}d/x`;
    attacker.send(`SUBSCRIBE\nid:evil\ndestination:${stars}\nreceipt:evil\n\n\0`);
    expect((await attacker.frame('RECEIPT')).headers['receipt-id']).toBe('evil');
    const watcher = await RawStomp.subscribed(server.url, ['/topic/echo/1']);
    peers.push(watcher);

    // the attacker's own SEND triggers the publish that matches every message against its pattern
    attacker.send('SEND\ndestination:/app/echo/1\n\n"first"\0');
    expect(JSON.parse((await watcher.frame('MESSAGE')).body)).toEqual({ echo: '"first"' });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    await server.app.realtime.publish('/topic/echo/1', { next: true });
    expect(JSON.parse((await watcher.frame('MESSAGE')).body)).toEqual({ next: true });
    expect(attacker.frames.filter((f) => f.command === 'MESSAGE')).toEqual([]);
  });

  test('wildcard subscriptions are capped per connection', async () => {
    const server = await serve();
    const raw = await rawPeer(server);
    await raw.frame('CONNECTED');
    raw.send(Array.from({ length: 11 }, (_, i) => `SUBSCRIBE\nid:${i}\ndestination:/topic/${i}/*\n\n\0`).join(''));
    expect((await raw.frame('ERROR')).headers.message).toBe('At most 10 subscriptions with wildcards per connection');
  });
});

describe('per client address', () => {
  test('past LIVE_CONNECTIONS_PER_ADDRESS a connection gets ERROR, over raw WebSocket and SockJS; a closed one frees its place', async () => {
    const server = await serve({ LIVE_CONNECTIONS_PER_ADDRESS: '3' });
    const open = [await rawPeer(server), await rawPeer(server), await rawPeer(server)];
    for (const raw of open) expect(await first(raw)).toBe('CONNECTED');
    const extra = await rawPeer(server);
    expect(await first(extra)).toBe(REFUSED);
    await extra.closed;
    expect(await first(await sockjsPeer(server))).toBe(REFUSED);

    open[0]!.close();
    await expect.poll(async () => first(await rawPeer(server)), { timeout: 5000 }).toBe('CONNECTED');
  });

  test('SENDs count per address across its connections (LIVE_SENDS_PER_ADDRESS)', async () => {
    const server = await serve({ LIVE_SENDS_PER_ADDRESS: '0.25' }); // one SEND at once, then one every 4 s
    const [a, b] = [await rawPeer(server), await rawPeer(server)];
    await a.frame('CONNECTED');
    await b.frame('CONNECTED');
    a.send('SEND\ndestination:/app/echo/1\nreceipt:a\n\n{}\0');
    expect((await a.frame('RECEIPT')).headers['receipt-id']).toBe('a');
    b.send('SEND\ndestination:/app/echo/1\nreceipt:b\n\n{}\0');
    expect((await b.frame('ERROR')).headers.message).toBe('Too many requests from your address: slow down');
    await b.closed;
  });

  test('behind TRUST_PROXY each visitor named by X-Forwarded-For counts alone, over raw WebSocket and SockJS', async () => {
    const server = await serve({ TRUST_PROXY: 'loopback', LIVE_CONNECTIONS_PER_ADDRESS: '1', LIVE_SENDS_PER_ADDRESS: '0.25' });
    const one = await rawPeer(server, '203.0.113.1');
    expect(await first(one)).toBe('CONNECTED');
    expect(await first(await rawPeer(server, '203.0.113.2'))).toBe('CONNECTED');
    expect(await first(await rawPeer(server, '203.0.113.1'))).toBe(REFUSED);
    // the proxy appends the visitor to what the client sent: the last untrusted address counts
    expect(await first(await rawPeer(server, '198.51.100.7, 203.0.113.1'))).toBe(REFUSED);
    expect(await first(await sockjsPeer(server, '203.0.113.3'))).toBe('CONNECTED');
    expect(await first(await sockjsPeer(server, '203.0.113.2'))).toBe(REFUSED);

    // SENDs too: the second visitor's budget is its own
    const two = await rawPeer(server, '203.0.113.4');
    await two.frame('CONNECTED');
    for (const [peer, id] of [[one, 'one'], [two, 'two']] as const) {
      peer.send(`SEND\ndestination:/app/echo/1\nreceipt:${id}\n\n{}\0`);
      expect((await peer.frame('RECEIPT')).headers['receipt-id']).toBe(id);
    }
  });

  test('X-Forwarded-For from a peer that is not a trusted proxy changes nothing', async () => {
    const server = await serve({ TRUST_PROXY: '10.9.9.9', LIVE_CONNECTIONS_PER_ADDRESS: '1' });
    expect(await first(await rawPeer(server, '203.0.113.1'))).toBe('CONNECTED');
    expect(await first(await rawPeer(server, '203.0.113.2'))).toBe(REFUSED);
    expect(await first(await sockjsPeer(server, '203.0.113.3'))).toBe(REFUSED);
  });
});
