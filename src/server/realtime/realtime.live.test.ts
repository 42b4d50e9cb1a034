// The live channel end to end: a server on a real port, the real @stomp/stompjs client over
// sockjs-client (websocket, xhr-streaming) and over raw ws, the web client of src/web/lib/live.ts.
// Heart-beats are scaled down (server 100,100 instead of 10000,10000) to keep this quick.
import http from 'node:http';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Client } from '@stomp/stompjs';
import { openDatabase, type Database } from '../db/client.ts';
import { cards, sessions, users } from '../db/schema.ts';
import { signedInClient } from '../test/test-server.ts';
import { TOPICS } from '../../domain/api/topics.ts';
import type { JudgementEntry } from '../../domain/api/judgement.ts';
import { createLiveClient, type LiveClient } from '../../web/lib/live.ts';
import { publishAfterCommit } from './realtime.ts';
import { Inbox, RawStomp, SockJsXhr, sleep, socketFactory, startLiveServer, stompClient, type LiveServer, type LiveTransport } from './live-test-kit.ts';

/** sessions of open connections are read again every 200 ms here (production: every minute) */
const TUNING = { heartbeat: [100, 100] as [number, number], sessionCheckMs: 200 };
const onPostgres = process.env.TEST_DB === 'postgres';

/** topics anyone may hear (the judgement board's are for signed-in users) */
const OPEN = '/topic/open';
const OPEN_CHILD = '/topic/open/child';

let server: LiveServer;
const open: { deactivate(): Promise<void> }[] = [];
const liveClients: LiveClient[] = [];
const raws: RawStomp[] = [];

beforeAll(async () => {
  server = await startLiveServer({ tuning: TUNING });
  server.app.realtime.onAppMessage('/app/echo/*', (m) => m.reply(`/topic/echo/${m.destination.split('/').pop()}`, { echo: JSON.parse(m.body) }));
  await server.database.db.insert(cards).values([1, 2, 3].map((id) => ({ id, name: `Card ${id}`, searchName: `card ${id}`, type: 2, cardType: 'SPELL_NORMAL' })));
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.deactivate()));
  await Promise.all(liveClients.splice(0).map((c) => c.close()));
  for (const r of raws.splice(0)) r.close();
});
afterAll(() => server?.close());

async function connect(url: string, transport: LiveTransport, config: Parameters<typeof stompClient>[2] = {}) {
  const { client, connected } = stompClient(url, transport, config);
  open.push(client);
  const frame = await connected;
  return { client, frame };
}

/** Subscribe and wait for the server's RECEIPT, so a publish right after cannot race it. */
function subscribe(client: Client, destination: string): Promise<Inbox> {
  const inbox = new Inbox();
  const receipt = `r-${Math.random().toString(36).slice(2)}`;
  return new Promise((resolve) => {
    client.watchForReceipt(receipt, () => resolve(inbox));
    client.subscribe(destination, inbox.push, { receipt });
  });
}

async function openRaw(url = server.url, opts: Parameters<typeof RawStomp.open>[1] = {}) {
  const raw = await RawStomp.open(url, opts);
  raws.push(raw);
  return raw;
}

describe.each<LiveTransport>(['websocket', 'xhr-streaming', 'raw'])('@stomp/stompjs over %s', (transport) => {
  test('CONNECTED 1.2; a wildcard subscription gets what matches, and only that', async () => {
    const { client, frame } = await connect(server.url, transport);
    expect(frame.headers).toMatchObject({ version: '1.2', 'heart-beat': '100,100' });
    const wildcard = await subscribe(client, '/topic/open/*');
    const plain = await subscribe(client, OPEN);

    await server.app.realtime.publish(OPEN_CHILD, { pressed: ['1'], sendoffDate: null, note: 'é ✓ 😀' });
    await server.app.realtime.publish('/topic/open/a/b', { deeper: true }); // matches neither
    await server.app.realtime.publish(OPEN, { id: 7 });

    const sendoff = await wildcard.next();
    expect(sendoff.headers).toMatchObject({ destination: OPEN_CHILD, 'content-type': 'application/json' });
    expect(sendoff.headers['message-id']).toBeTruthy();
    expect(JSON.parse(sendoff.body)).toEqual({ pressed: ['1'], sendoffDate: null, note: 'é ✓ 😀' });
    expect(JSON.parse((await plain.next()).body)).toEqual({ id: 7 });
    await sleep(100);
    expect(wildcard.messages).toHaveLength(1);
    expect(plain.messages).toHaveLength(1);
  });

  test('an /app SEND is answered on its topic', async () => {
    const { client } = await connect(server.url, transport);
    const replies = await subscribe(client, `/topic/echo/${transport}`);
    client.publish({ destination: `/app/echo/${transport}`, body: JSON.stringify({ ask: 'scoreboard' }) });
    expect(JSON.parse((await replies.next()).body)).toEqual({ echo: { ask: 'scoreboard' } });
  });

  test('a 200 KB body arrives whole', async () => {
    const { client } = await connect(server.url, transport);
    const inbox = await subscribe(client, OPEN);
    const big = Array.from({ length: 2000 }, (_, i) => ({ id: i, reason: `Reason ✓ ${'x'.repeat(80)}` }));
    await server.app.realtime.publish(OPEN, big);
    expect(JSON.parse((await inbox.next()).body)).toEqual(big);
  });
});

describe('board changes from API writes', () => {
  test('a proposal and a vote through the API reach a subscriber; a refused write sends nothing', async () => {
    const ada = await signedInClient(server, '301', 2, 'Ada');
    const { client } = await connect(server.url, 'raw', { webSocketFactory: socketFactory(server.url, 'raw', undefined, ada.cookieHeader()) });
    const inbox = await subscribe(client, TOPICS.judgement);

    const created = await ada.post('/api/judgement', { cardId: 1, reason: 'Too strong' });
    expect(created.status).toBe(201);
    const entry = (await created.json()) as JudgementEntry;
    expect((JSON.parse((await inbox.next()).body) as JudgementEntry).id).toBe(entry.id);

    expect((await ada.post(`/api/judgement/999999/vote?adminId=301&vote=0`)).status).toBe(404);
    expect((await ada.post(`/api/judgement/${entry.id}/vote?adminId=301&vote=0`)).status).toBe(200);
    const voted = JSON.parse((await inbox.next()).body) as JudgementEntry;
    expect(voted.id).toBe(entry.id);
    await sleep(100);
    expect(inbox.messages).toHaveLength(2); // nothing for the 404
  });

  test('no message for a rolled-back write; the committed one goes out after commit', async () => {
    const { client } = await connect(server.url, 'raw');
    const inbox = await subscribe(client, '/topic/test/rollback');
    const { db } = server.database;
    await expect(
      publishAfterCommit(db, server.app.realtime, async (tx, publish) => {
        await tx.insert(users).values({ discordId: '9001' });
        publish('/topic/test/rollback', { user: '9001' });
        throw new Error('something failed after the insert');
      }),
    ).rejects.toThrow('something failed');
    expect(await db.select().from(users).where(eq(users.discordId, '9001'))).toEqual([]);

    await publishAfterCommit(db, server.app.realtime, async (tx, publish) => {
      await tx.insert(users).values({ discordId: '9002' });
      publish('/topic/test/rollback', { user: '9002' });
    });
    expect(JSON.parse((await inbox.next()).body)).toEqual({ user: '9002' });
    await sleep(100);
    expect(inbox.messages).toHaveLength(1);
  });
});

describe('who hears the judgement board: the rule of GET /api/judgement, on the live channel', () => {
  const connectRaw = async (cookie?: string) => {
    const raw = await openRaw(server.url, { cookie });
    raw.send('CONNECT\naccept-version:1.2\nhost:x\n\n\0');
    await raw.frame('CONNECTED');
    return raw;
  };

  test.each([TOPICS.judgement, TOPICS.judgementSendoff, '/topic/judgement/*', '/topic/judgement/**'])(
    'an anonymous SUBSCRIBE to %s gets ERROR with a message, then the close',
    async (destination) => {
      const raw = await connectRaw();
      raw.send(`SUBSCRIBE\nid:0\ndestination:${destination}\nreceipt:r\n\n\0`);
      expect((await raw.frame('ERROR')).headers.message).toBe('Sign in to follow the judgement board');
      await raw.closed;
    },
  );

  test('an anonymous /topic/** hears the tournaments, never the board; a signed-in one hears both', async () => {
    const user = await signedInClient(server, '302', 0, 'Joey');
    const anonymous = await connectRaw();
    const signedIn = await connectRaw(user.cookieHeader());
    for (const raw of [anonymous, signedIn]) {
      raw.send('SUBSCRIBE\nid:all\ndestination:/topic/**\nreceipt:r\n\n\0');
      await raw.frame('RECEIPT');
    }
    await server.app.realtime.publish(TOPICS.judgement, { secret: 'reason' });
    await server.app.realtime.publish(TOPICS.tournamentScoreboard('t1'), { round: 1 });
    const seenBySignedIn = [await signedIn.frame('MESSAGE'), await signedIn.frame('MESSAGE')].map((f) => f.headers.destination);
    expect(seenBySignedIn).toEqual([TOPICS.judgement, TOPICS.tournamentScoreboard('t1')]);
    expect((await anonymous.frame('MESSAGE')).headers.destination).toBe(TOPICS.tournamentScoreboard('t1'));
    await sleep(100);
    expect(anonymous.frames).toEqual([]); // the board's message never came
  });

  test('a signed-in raw WebSocket (the cookie on the upgrade) hears the board', async () => {
    const user = await signedInClient(server, '303', 0, 'Mai');
    const raw = await connectRaw(user.cookieHeader());
    raw.send(`SUBSCRIBE\nid:0\ndestination:${TOPICS.judgement}\nreceipt:r\n\n\0`);
    await raw.frame('RECEIPT');
    await server.app.realtime.publish(TOPICS.judgement, { id: 1 });
    expect(JSON.parse((await raw.frame('MESSAGE')).body)).toEqual({ id: 1 });
  });

  test('SockJS: the cookie of the request that opened the session counts; without one the board is refused', async () => {
    const user = await signedInClient(server, '304', 0, 'Tea');
    for (const cookie of [user.cookieHeader(), undefined]) {
      const sock = await SockJsXhr.open(server.url, cookie);
      await sock.send('CONNECT\naccept-version:1.2\nhost:x\n\n\0');
      await sock.frame('CONNECTED');
      await sock.send(`SUBSCRIBE\nid:0\ndestination:${TOPICS.judgementSendoff}\nreceipt:r\n\n\0`);
      if (cookie) {
        await sock.frame('RECEIPT');
        await server.app.realtime.publish(TOPICS.judgementSendoff, { pressed: [] });
        expect(JSON.parse((await sock.frame('MESSAGE')).body)).toEqual({ pressed: [] });
      } else {
        expect((await sock.frame('ERROR')).headers.message).toBe('Sign in to follow the judgement board');
      }
    }
  });

  /**
   * Publishes to the board, then to an open topic; true when a board message came before the
   * open one reached all `opens` subscriptions of the connection that match it.
   */
  const hearsBoard = async (raw: RawStomp, opens = 1) => {
    const mark = Math.random().toString(36).slice(2);
    await server.app.realtime.publish(TOPICS.judgement, { id: mark });
    await server.app.realtime.publish(OPEN, { mark });
    const seen: string[] = [];
    while (seen.filter((d) => d === OPEN).length < opens) {
      const frame = await raw.frame('MESSAGE');
      if (frame.body.includes(mark)) seen.push(frame.headers.destination!);
    }
    return seen.includes(TOPICS.judgement);
  };
  const subscribeRaw = async (raw: RawStomp, id: string, destination: string) => {
    raw.send(`SUBSCRIBE\nid:${id}\ndestination:${destination}\nreceipt:${id}\n\n\0`);
    expect((await raw.frame('RECEIPT')).headers['receipt-id']).toBe(id);
  };

  test('after a logout the connection of that session hears no more of the board; the same user signed in elsewhere still does; public topics go on', async () => {
    const leaving = await signedInClient(server, '305', 0, 'Bakura');
    const staying = await signedInClient(server, '305', 0, 'Bakura'); // a second session (another browser)
    const gone = await connectRaw(leaving.cookieHeader());
    const still = await connectRaw(staying.cookieHeader());
    await subscribeRaw(gone, 'board', TOPICS.judgement);
    await subscribeRaw(gone, 'all', '/topic/**');
    await subscribeRaw(gone, 'open', OPEN);
    await subscribeRaw(still, 'board', TOPICS.judgement);
    await subscribeRaw(still, 'open', OPEN);
    expect(await hearsBoard(gone, 2)).toBe(true);
    expect(await hearsBoard(still)).toBe(true);

    expect((await leaving.post('/api/oauth/logout')).status).toBe(200);
    // at once, in this process: the very next board message does not reach it
    expect(await hearsBoard(gone, 2)).toBe(false);
    expect(await hearsBoard(still)).toBe(true);

    // its open topics go on (an exact one and the wildcard), the connection stays, no ERROR
    await server.app.realtime.publish(OPEN, { after: 'logout' });
    await server.app.realtime.publish(TOPICS.judgement, { after: 'logout' });
    const after: string[] = [];
    while (after.length < 2) {
      const f = await gone.frame('MESSAGE');
      if (f.body.includes('logout')) after.push(`${f.headers.subscription} ${f.headers.destination} ${f.body}`);
    }
    expect(after.sort()).toEqual([`all ${OPEN} {"after":"logout"}`, `open ${OPEN} {"after":"logout"}`]);
    await sleep(100);
    // what is left are the open topic's messages of the checks above: no board message, no ERROR
    expect(gone.frames.filter((f) => f.command !== 'MESSAGE' || f.headers.destination !== OPEN)).toEqual([]);

    // and it is a visitor now: subscribing to the board again is refused as for anyone signed out
    gone.send(`SUBSCRIBE\nid:again\ndestination:${TOPICS.judgement}\n\n\0`);
    expect((await gone.frame('ERROR')).headers.message).toBe('Sign in to follow the judgement board');
    await gone.closed;
  });

  test('a session that expires while its connection is open stops hearing the board at the next session check', async () => {
    const user = await signedInClient(server, '306', 0, 'Mako');
    const raw = await connectRaw(user.cookieHeader());
    await subscribeRaw(raw, 'all', '/topic/**');
    expect(await hearsBoard(raw)).toBe(true);

    const expiredAt = Date.now();
    await server.database.db.update(sessions).set({ expiresAt: new Date(expiredAt - 1000) }).where(eq(sessions.discordId, '306'));
    await expect.poll(() => hearsBoard(raw), { timeout: 5_000, interval: 20 }).toBe(false);
    // the bound is one check period (200 ms here) plus the query; generous for a busy machine
    expect(Date.now() - expiredAt).toBeLessThan(2_000);
    expect(await hearsBoard(raw)).toBe(false);
  });

  test('an expired or unknown session cookie is anonymous', async () => {
    const raw = await connectRaw('fh_session=not-a-session');
    raw.send(`SUBSCRIBE\nid:0\ndestination:${TOPICS.judgement}\n\n\0`);
    expect((await raw.frame('ERROR')).headers.message).toBe('Sign in to follow the judgement board');
  });
});

describe('refusals', () => {
  test('an upgrade or SockJS request for a host name that is not ours is refused (DNS rebinding)', async () => {
    await expect(RawStomp.open(server.url, { host: `rebind.example:${server.port}`, origin: `http://rebind.example:${server.port}` })).rejects.toThrow(/403/);
    const info = await new Promise<number>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port: server.port, path: '/ws/info', headers: { host: `rebind.example:${server.port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
    });
    expect(info).toBe(403);
  });

  test('SEND to /topic is refused with ERROR, then the connection closes', async () => {
    let error: string | undefined;
    let closed = false;
    const { client } = await connect(server.url, 'xhr-streaming', {
      onStompError: (f) => { error = f.headers.message; },
      onWebSocketClose: () => { closed = true; },
    });
    const board = await subscribe(client, OPEN);
    client.publish({ destination: OPEN, body: JSON.stringify({ action: 'deleted', entry: { id: 1 } }) });
    await expect.poll(() => closed, { timeout: 3000 }).toBe(true);
    expect(error).toBe('SEND is accepted only to /app/**');
    expect(board.messages).toEqual([]);
  });

  test('a frame over 64 KB gets ERROR then close', async () => {
    const raw = await openRaw();
    raw.send('CONNECT\naccept-version:1.2\nhost:x\n\n\0');
    await raw.frame('CONNECTED');
    raw.send(`SEND\ndestination:/app/echo/x\n\n${'x'.repeat(70_000)}\0`);
    expect((await raw.frame('ERROR')).headers.message).toMatch(/larger than/);
    await raw.closed;
  });

  test('a DISCONNECT with receipt gets its RECEIPT before the close', async () => {
    const raw = await openRaw();
    raw.send('CONNECT\naccept-version:1.2\nhost:x\n\n\0');
    await raw.frame('CONNECTED');
    raw.send('DISCONNECT\nreceipt:bye\n\n\0');
    expect((await raw.frame('RECEIPT')).headers['receipt-id']).toBe('bye');
    await raw.closed;
  });

  test('the raw endpoint answers the STOMP subprotocol the client offers', async () => {
    for (const protocol of ['v12.stomp', 'v11.stomp', 'v10.stomp']) {
      const raw = await openRaw(server.url, { protocols: [protocol] });
      expect(raw.ws.protocol).toBe(protocol);
    }
  });

  test('a foreign Origin is refused on upgrades and on SockJS requests; ours and loopback pass', async () => {
    await expect(RawStomp.open(server.url, { origin: 'https://evil.example' })).rejects.toThrow(/403/);
    await expect(RawStomp.open(server.url, { origin: 'null' })).rejects.toThrow(/403/);
    expect((await fetch(`${server.url}/ws/info`, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    const stream = await fetch(`${server.url}/ws/000/abcdefgh/xhr_streaming`, { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(stream.status).toBe(403);
    expect((await fetch(`${server.url}/ws/info`, { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);

    expect((await fetch(`${server.url}/ws/info`, { headers: { origin: server.url } })).status).toBe(200);
    expect((await fetch(`${server.url}/ws/info`)).status).toBe(200); // tools send no Origin
    await openRaw(server.url, { origin: server.url });
    await openRaw(server.url, { origin: 'http://localhost:5173' }); // Vite's dev server (not production)
  });

  test('the SockJS info endpoint answers; other paths still reach the API', async () => {
    const info = await (await fetch(`${server.url}/ws/info`)).json();
    expect(info).toMatchObject({ websocket: true });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${server.url}/wsx`)).status).not.toBe(403);
  });
});

describe('heart-beats (server 100,100: the 10 s of production scaled down 100 times)', () => {
  test('a client sending every 200 ms and expecting none stays connected and is sent none', async () => {
    // spec 1 §4's client (20000 out, 0 in) against 10000,10000, scaled the same way
    const raw = await openRaw();
    raw.send('CONNECT\naccept-version:1.2\nhost:x\nheart-beat:200,0\n\n\0');
    await raw.frame('CONNECTED');
    const ping = setInterval(() => raw.send('\n'), 200);
    await sleep(1500); // more than 3 x 200 ms
    clearInterval(ping);
    expect(raw.ws.readyState).toBe(raw.ws.OPEN);
    expect(raw.heartbeats).toBe(0);
  });

  test('@stomp/stompjs with heartbeatOutgoing and no incoming stays connected', async () => {
    let closes = 0;
    const { client } = await connect(server.url, 'websocket', { heartbeatOutgoing: 200, heartbeatIncoming: 0, onWebSocketClose: () => { closes++; } });
    const inbox = await subscribe(client, OPEN);
    await sleep(1500);
    expect(closes).toBe(0);
    await server.app.realtime.publish(OPEN, { still: 'here' });
    expect(JSON.parse((await inbox.next()).body)).toEqual({ still: 'here' });
  });

  test('a client that falls silent is dropped after 3 x max(cx, sy)', async () => {
    const raw = await openRaw();
    // the client's silence starts once it has sent CONNECT, its last frame (not when CONNECTED arrives:
    // on a busy machine that comes tens of milliseconds later, and the server counts from the CONNECT)
    const silentFrom = Date.now();
    raw.send('CONNECT\naccept-version:1.2\nhost:x\nheart-beat:150,0\n\n\0');
    await raw.frame('CONNECTED');
    const { at } = await raw.closed;
    expect(at - silentFrom).toBeGreaterThanOrEqual(3 * 150 - 20);
    expect(at - silentFrom).toBeLessThan(3 * 150 + 500);
  });

  test('a client asking for heart-beats gets them every max(cy, sx)', async () => {
    const raw = await openRaw();
    raw.send('CONNECT\naccept-version:1.2\nhost:x\nheart-beat:0,100\n\n\0');
    await raw.frame('CONNECTED');
    const since = Date.now();
    // they keep coming (a loaded machine may deliver them late, never fewer in the end)...
    await expect.poll(() => raw.heartbeats, { timeout: 5_000, interval: 20 }).toBeGreaterThanOrEqual(8);
    await sleep(300);
    // ...and never faster than every 100 ms
    expect(raw.heartbeats).toBeLessThanOrEqual(Math.floor((Date.now() - since) / 100) + 1);
  });
});

describe('restart and reconnect', () => {
  test('app.close() with open sockets is quick; the web client reconnects, re-subscribes and asks pages to re-sync', async () => {
    const first = await startLiveServer({ database: server.database, tuning: TUNING });
    const { port } = first;
    const received: unknown[] = [];
    let reconnects = 0;
    const live = createLiveClient({ reconnectDelay: 200, webSocketFactory: socketFactory(first.url, 'websocket') });
    liveClients.push(live);
    live.onReconnect(() => { reconnects++; });
    live.subscribe('/topic/open/*', (body) => received.push(body));
    // other transports open at the same time, to close with the server
    await connect(first.url, 'xhr-streaming');
    await connect(first.url, 'raw');
    await expect.poll(() => live.status).toBe('connected');
    await sleep(50);
    await first.app.realtime.publish(OPEN_CHILD, { n: 1 });
    await expect.poll(() => received).toEqual([{ n: 1 }]);

    const t0 = Date.now();
    await first.close({ keepDatabase: true });
    expect(Date.now() - t0).toBeLessThan(2000);
    await expect.poll(() => live.status).toBe('reconnecting');

    const second = await startLiveServer({ database: server.database, port, tuning: TUNING });
    try {
      await expect.poll(() => live.status, { timeout: 5000 }).toBe('connected');
      expect(reconnects).toBe(1);
      await sleep(50);
      await second.app.realtime.publish(OPEN_CHILD, { n: 2 });
      await expect.poll(() => received).toEqual([{ n: 1 }, { n: 2 }]);
    } finally {
      await live.close();
      await second.close({ keepDatabase: true });
    }
  });

  test('while shutting down, new live connections are refused (they would be cut at once)', async () => {
    const closing = await startLiveServer({ database: server.database, tuning: TUNING });
    // a peer that never closes its side keeps the shutdown in its grace period
    const stubborn = net.connect({ port: closing.port, host: '127.0.0.1', allowHalfOpen: true });
    await new Promise((r) => stubborn.once('connect', r));
    stubborn.write('GET /ws/info HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((r) => stubborn.once('data', r));
    const closed = closing.close({ keepDatabase: true });
    await sleep(100);
    await expect(RawStomp.open(closing.url)).rejects.toThrow(/503/);
    await closed;
    stubborn.destroy();
  });

  test('the web client sends a request made while connecting once it is connected', async () => {
    const live = createLiveClient({ webSocketFactory: socketFactory(server.url, 'xhr-streaming') });
    liveClients.push(live);
    const got: unknown[] = [];
    live.subscribe('/topic/echo/web', (b) => got.push(b));
    live.publish('/app/echo/web', { ok: true }); // not connected yet: queued
    await expect.poll(() => got).toEqual([{ echo: { ok: true } }]);
  });
});

if (onPostgres) {
  // PostgreSQL only: PGlite is one process by definition, so there is no second instance to reach.
  describe('two instances on one PostgreSQL database', () => {
    let second: Database;
    let other: LiveServer;
    beforeAll(async () => {
      second = await openDatabase({ kind: 'postgres', url: server.database.pool!.options.connectionString! });
      // no periodic session check there: what crosses instances at once is the logout's message
      other = await startLiveServer({ database: second, tuning: { ...TUNING, sessionCheckMs: 0 } });
    });
    afterAll(async () => {
      await other?.close();
    });

    test('both instances fan out through LISTEN/NOTIFY', () => {
      expect(server.app.realtime.stats().fanout).toBe('postgres');
      expect(other.app.realtime.stats().fanout).toBe('postgres');
    });

    test('a publish and an API write on one instance reach a subscriber of the other, and its own', async () => {
      const mine = await subscribe((await connect(server.url, 'raw')).client, OPEN);
      const theirs = await subscribe((await connect(other.url, 'xhr-streaming')).client, OPEN);
      await server.app.realtime.publish(OPEN, { from: 'A' });
      expect(JSON.parse((await theirs.next()).body)).toEqual({ from: 'A' });
      expect(JSON.parse((await mine.next()).body)).toEqual({ from: 'A' });

      // the board is for signed-in users: the session (in the shared database) counts on either instance
      const grace = await signedInClient(server, '302', 2, 'Grace');
      const board = await connect(other.url, 'raw', { webSocketFactory: socketFactory(other.url, 'raw', undefined, grace.cookieHeader()) });
      const theirBoard = await subscribe(board.client, TOPICS.judgement);
      const res = await grace.post('/api/judgement', { cardId: 2, reason: 'Across instances' });
      expect(res.status).toBe(201);
      const entry = (await res.json()) as JudgementEntry;
      expect((JSON.parse((await theirBoard.next()).body) as JudgementEntry).id).toBe(entry.id);
    });

    test('a logout on one instance ends the board for that session on the other before the logout answers', async () => {
      const user = await signedInClient(server, '307', 0, 'Rebecca');
      const raw = await openRaw(other.url, { cookie: user.cookieHeader() });
      raw.send('CONNECT\naccept-version:1.2\nhost:x\n\n\0');
      await raw.frame('CONNECTED');
      for (const [id, destination] of [['board', TOPICS.judgement], ['open', OPEN]]) {
        raw.send(`SUBSCRIBE\nid:${id}\ndestination:${destination}\nreceipt:${id}\n\n\0`);
        await raw.frame('RECEIPT');
      }
      /** a board message then an open one, published on the first instance: did the board's arrive? */
      const hearsBoard = async () => {
        const mark = Math.random().toString(36).slice(2);
        await server.app.realtime.publish(TOPICS.judgement, { id: mark });
        await server.app.realtime.publish(OPEN, { mark });
        const seen: string[] = [];
        for (;;) {
          const frame = await raw.frame('MESSAGE');
          seen.push(frame.headers.destination!);
          if (frame.headers.destination === OPEN && frame.body.includes(mark)) return seen.includes(TOPICS.judgement);
        }
      };
      expect(await hearsBoard()).toBe(true);
      expect((await user.post('/api/oauth/logout')).status).toBe(200);
      expect(await hearsBoard()).toBe(false);
    });

    test('a body far over the 8000-byte NOTIFY limit crosses instances whole', async () => {
      const theirs = await subscribe((await connect(other.url, 'raw')).client, OPEN);
      const big = Array.from({ length: 3000 }, (_, i) => ({ id: i, reason: `Raison ✓ 漢字 ${i}` }));
      await server.app.realtime.publish(OPEN, big);
      expect(JSON.parse((await theirs.next()).body)).toEqual(big);
    });

    test('a /app request on one instance is answered to subscribers on both', async () => {
      other.app.realtime.onAppMessage('/app/ping', (m) => m.reply('/topic/pong', { pong: m.body }));
      const theirs = await connect(other.url, 'raw');
      const pongsThere = await subscribe(theirs.client, '/topic/pong');
      const pongsHere = await subscribe((await connect(server.url, 'websocket')).client, '/topic/pong');
      theirs.client.publish({ destination: '/app/ping', body: '"hi"' });
      expect(JSON.parse((await pongsHere.next()).body)).toEqual({ pong: '"hi"' });
      expect(JSON.parse((await pongsThere.next()).body)).toEqual({ pong: '"hi"' });
    });

    test('a new level given on one instance holds on the other at once; a suspension closes the user’s connections there', async () => {
      const admin = await signedInClient(server, '308', 2, 'Ishizu');
      const user = await signedInClient(server, '309', 0, 'Mako');
      const raw = await openRaw(other.url, { cookie: user.cookieHeader() });
      raw.send('CONNECT\naccept-version:1.2\nhost:x\n\n\0');
      await raw.frame('CONNECTED');
      /** the user's session, on the other instance */
      const hostThere = () => fetch(`${other.url}/api/tournaments/host`, {
        method: 'POST', headers: { cookie: user.cookieHeader(), origin: other.url, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Across' }),
      });
      expect((await hostThere()).status).toBe(403);
      expect((await admin.request('PUT', '/api/users/309/auth', { body: { auth: 1, reason: 'Hosts Tuesdays' } })).status).toBe(200);
      expect((await hostThere()).status).toBe(201);
      expect((await admin.post('/api/users/309/suspension', { reason: 'Abuse' })).status).toBe(200);
      expect((await raw.closed).code).toBeGreaterThan(0);
      expect((await hostThere()).status).toBe(401);
    });

    test('when its LISTEN connection is cut, an instance reconnects and drops its sessions so clients re-sync', async () => {
      const received: unknown[] = [];
      let reconnects = 0;
      const live = createLiveClient({ reconnectDelay: 200, webSocketFactory: socketFactory(other.url, 'raw') });
      liveClients.push(live);
      live.onReconnect(() => { reconnects++; });
      live.subscribe(OPEN, (b) => received.push(b));
      await expect.poll(() => live.status).toBe('connected');

      await server.database.pool!.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'format-hub-live' and datname = current_database()`);
      await expect.poll(() => reconnects, { timeout: 10_000 }).toBe(1);
      await expect.poll(() => live.status).toBe('connected');
      // once both listeners are back, messages flow again
      await expect
        .poll(async () => {
          await server.app.realtime.publish(OPEN, { after: 'cut' });
          return received.length > 0;
        }, { timeout: 10_000, interval: 300 })
        .toBe(true);
      expect(received[0]).toEqual({ after: 'cut' });
    });
  });
}
