// The outbox's delivery over real HTTP on PGlite and PostgreSQL (decision 018): a 5xx retried and
// delivered once, a 429's retry_after obeyed, a 404 given up at once and audited (without the
// token), the per-webhook window, a restart delivering what was pending, a restored backup's
// messages held until released, and two instances on one database sending each message exactly once. Time is the test's: a movable clock and short
// delays, never a wait.
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { DiscordChannel } from '../../../domain/api/discord-channel.ts';
import type { AuditEntry, Tournament } from '../../../domain/api/tournaments.ts';
import { signedInClient, TestClient, type TestServer } from '../../test/test-server.ts';
import { errorOf, ok, tournamentKit } from '../tournaments/tournament-test-kit.ts';
import { NO_WEBHOOK, TEST_ACTION, TEST_WAITING } from './discord-channel-routes.ts';
import { FAST, HOOK, HOOK_PATH, sharedDatabase, startApp, testClock, WebhookSink } from './webhook-test-kit.ts';
import { DROPPED_ACTION, FAILED_ACTION, SYSTEM_ACTOR, type DroppedEntry, type FailureEntry } from './webhook-outbox.ts';
import type { WebhookTuning } from './event-webhooks.ts';
import * as Outboxes from '../../discord/outbox-repository.ts';
import * as Repo from './webhooks-repository.ts';
import type { Tx } from '../../db/client.ts';
import { sql } from 'drizzle-orm';

const HOST = '952000000000000002';
const HOOK2 = 'https://discordapp.com/api/webhooks/223456789012345678/other-Token';

// each test builds its own app (and closes it): more than a plain API test on a busy machine
vi.setConfig({ testTimeout: 60_000 });

let db: Awaited<ReturnType<typeof sharedDatabase>>;
beforeAll(async () => {
  db = await sharedDatabase();
});
afterAll(() => db?.close());

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

/** A sink and an app on the shared database whose webhooks go to the sink. */
async function setup(tuning: WebhookTuning = FAST) {
  const sink = new WebhookSink();
  const relay = await sink.listen();
  cleanup.push(() => sink.close());
  const app = await startApp(db.database, relay, tuning);
  let closed = false;
  cleanup.push(async () => { if (!closed) await app.close(); });
  const server: TestServer = { app: app.app, database: db.database, url: app.url, close: app.close };
  const host = await signedInClient(server, HOST, 1, 'Hosta');
  /** An event of `teams` seeded teams with the webhook, started (its round 1 pairings queued). */
  const started = async (teams: number, hook = HOOK) => {
    const { uid } = await ok<{ uid: string }>(await host.post('/api/tournaments/host', { name: `Night ${teams}`, format: 'DEFAULT', manualDeckChecking: false, discordWebhookUrl: hook }));
    await ok(await host.post(`/api/tournaments/${uid}/seed-test?count=${teams}`));
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    return uid;
  };
  const rows = (uid: string) => Repo.listFor(db.database.db, uid);
  const audit = async (uid: string) => (await ok<AuditEntry[]>(await host.get(`/api/tournaments/${uid}/audit`))).filter((e) => e.action === FAILED_ACTION);
  const closeApp = async () => { closed = true; await app.close(); };
  return { sink, relay, db, app, host, started, rows, audit, closeApp };
}

/** Polls the database until `check` holds (the test's own timeout bounds it). */
async function until(check: () => Promise<boolean>) {
  while (!(await check())) await new Promise((r) => setTimeout(r, 10));
}

test('a 500 is retried with backoff, then the 200 delivers the message once; the failure is audited', async () => {
  const s = await setup();
  s.sink.respond = (_r, n) => (n === 1 ? { status: 500, body: { message: 'Internal Server Error', code: 0 } } : { status: 204 });
  const uid = await s.started(4);
  await s.sink.waitFor(1);
  await until(async () => (await s.rows(uid))[0]!.status === 'sent');
  expect(s.sink.requests).toHaveLength(2);
  expect(s.sink.delivered).toHaveLength(1);
  expect((await s.rows(uid)).map((r) => [r.status, r.attempts])).toEqual([['sent', 2]]);
  const [entry, ...more] = await s.audit(uid);
  expect(more).toEqual([]);
  expect(entry!.actorDiscordId).toBe(SYSTEM_ACTOR);
  expect(entry!.after).toMatchObject({ kind: 'pairings', status: 500, attempt: 1, final: false, error: 'HTTP 500: Internal Server Error (0)' } satisfies Partial<FailureEntry>);
});

test('a 429 waits the retry_after Discord asks for, and does not count as a failure', async () => {
  const clock = testClock();
  const s = await setup({ ...FAST, now: clock.now });
  s.sink.respond = (_r, n) => (n === 1
    ? { status: 429, headers: { 'retry-after': '30', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset-after': '30' }, body: { message: 'You are being rate limited.', retry_after: 30, global: false } }
    : { status: 204 });
  const uid = await s.started(4);
  await s.sink.waitFor(1, 'requests');
  await until(async () => (await s.rows(uid))[0]!.lastError?.startsWith('HTTP 429') ?? false);
  const [row] = await s.rows(uid);
  expect(row!.status).toBe('pending');
  expect(row!.attempts).toBe(0);
  // told to wait 30 s: not due before then (the worker keeps polling meanwhile)
  expect(row!.nextAttemptAt.getTime() - clock.now().getTime()).toBeGreaterThan(25_000);
  expect(s.sink.requests).toHaveLength(1);
  clock.advance(31_000);
  await s.sink.waitFor(1);
  expect(s.sink.requests).toHaveLength(2);
  expect(await s.audit(uid)).toEqual([]);
});

test('a 404 (webhook deleted) gives up at once every message waiting for it, audited without the token', async () => {
  const s = await setup();
  s.sink.respond = () => ({ status: 404, body: { message: 'Unknown Webhook', code: 10015 } });
  const uid = await s.started(300);
  const queued = (await s.rows(uid)).length;
  expect(queued).toBeGreaterThan(1);
  await until(async () => (await s.rows(uid)).every((r) => r.status === 'failed'));
  expect(s.sink.requests).toHaveLength(1);
  const entries = await s.audit(uid);
  expect(entries).toHaveLength(1);
  expect(entries[0]!.after).toMatchObject({ kind: 'pairings', status: 404, attempt: 1, final: true, messages: queued });
  expect((entries[0]!.after as FailureEntry).error).toMatch(/^HTTP 404: Unknown Webhook \(10015\): the webhook was deleted/);
  const text = JSON.stringify(await ok(await s.host.get(`/api/tournaments/${uid}/audit`)));
  for (const secret of ['s3cr3t-T0ken_abc', '123456789012345678']) expect(text).not.toContain(secret);
});

test('a 400 is not retried; an unreachable webhook is retried, then given up after the last attempt', async () => {
  const s = await setup({ ...FAST, retry: { ...FAST.retry, maxAttempts: 3 } });
  s.sink.respond = () => ({ status: 400, body: { message: 'Cannot send an empty message', code: 50006 } });
  const refused = await s.started(4);
  await until(async () => (await s.rows(refused))[0]!.status === 'failed');
  expect(s.sink.requests).toHaveLength(1);
  expect((await s.audit(refused)).map((e) => e.after)).toEqual([expect.objectContaining({ status: 400, final: true, attempt: 1 })]);

  await s.sink.close(); // nothing listens: the connection is refused
  const down = await s.started(4);
  await until(async () => (await s.rows(down))[0]!.status === 'failed');
  const after = (await s.audit(down)).map((e) => e.after as FailureEntry);
  expect(after.map((e) => [e.attempt, e.final, e.status])).toEqual([[1, false, null], [2, false, null], [3, true, null]]);
  expect(after[2]!.error).toMatch(/^could not reach Discord \(.+\); gave up after 3 attempts$/);
});

test('one webhook gets at most 5 requests in its window; the 6th waits for a slot', async () => {
  const clock = testClock();
  const s = await setup({ ...FAST, now: clock.now, requests: 5, windowMs: 60_000 });
  const uid = await s.started(2);
  await s.sink.waitFor(1);
  const bodies = Array.from({ length: 6 }, (_, i) => ({ embeds: [{ title: `part ${i + 1}` }], allowed_mentions: { parse: [] } }));
  await s.db.database.db.transaction((tx) => Repo.enqueue(tx, bodies.map((body) => ({ tournamentUid: uid, kind: 'pairings', url: HOOK, body })), clock.now()));
  s.app.app.eventWebhooks.outbox.loop.kick();
  await s.sink.waitFor(5);
  // the 6th request within the minute: back in the queue, not counted, due when the first leaves the window
  await until(async () => (await s.rows(uid))[5]!.nextAttemptAt.getTime() > clock.now().getTime() + 30_000);
  expect((await s.rows(uid)).map((r) => [r.status, r.attempts])).toEqual([...Array(5).fill(['sent', 1]), ['pending', 0], ['pending', 0]]);
  expect(s.sink.requests).toHaveLength(5);
  clock.advance(61_000);
  await s.sink.waitFor(7);
  expect(s.sink.requests.map((r) => r.body.embeds[0]!.title)).toEqual(['Round 1 pairings: Night 2', ...bodies.map((b) => b.embeds[0]!.title)]);
});

test('a restart delivers what was waiting', async () => {
  const s = await setup({ ...FAST, retry: { baseDelayMs: 3_600_000, maxDelayMs: 3_600_000 } });
  s.sink.respond = () => ({ status: 503 });
  const uid = await s.started(4);
  await until(async () => (await s.rows(uid))[0]!.attempts === 1 && (await s.rows(uid))[0]!.lastError === 'HTTP 503');
  await s.closeApp();
  expect((await s.rows(uid))[0]!.status).toBe('pending');

  // the same database an hour later: a new app sends it
  s.sink.respond = () => ({ status: 204 });
  const again = await startApp(s.db.database, s.relay, { ...FAST, now: () => new Date(Date.now() + 3_660_000) });
  cleanup.push(() => again.close());
  await s.sink.waitFor(1);
  await until(async () => (await s.rows(uid))[0]!.status === 'sent');
  expect(s.sink.requests).toHaveLength(2);
  expect((await s.rows(uid))[0]!.attempts).toBe(2);
});

test('held messages (a restored backup\'s) are never sent; released, they go out even past the age limit; discarded, they are gone', async () => {
  const clock = testClock();
  const s = await setup({ ...FAST, now: clock.now });
  const uid = await s.started(2);
  await until(async () => (await s.rows(uid))[0]!.status === 'sent');
  const queue = (tx: Tx, ...titles: string[]) =>
    Repo.enqueue(tx, titles.map((title) => ({ tournamentUid: uid, kind: 'pairings', url: HOOK, body: { embeds: [{ title }], allowed_mentions: { parse: [] } } })), clock.now());
  const sent = () => s.sink.requests.map((r) => r.body.embeds[0]!.title);
  // as a restore leaves them: queued on the old site, then held
  await s.db.database.db.transaction(async (tx) => {
    await queue(tx, 'old 1', 'old 2');
    expect(await Outboxes.holdPending(tx)).toEqual({ webhook_deliveries: 2, discord_dms: 0 });
  });
  // a newer message for the same webhook is not kept waiting behind them, and they are not sent
  await queue(s.db.database.db, 'new');
  s.app.app.eventWebhooks.outbox.loop.kick();
  await s.sink.waitFor(2);
  await until(async () => (await s.rows(uid))[3]!.status === 'sent');
  expect(sent()).toEqual(['Round 1 pairings: Night 2', 'new']);
  expect((await s.rows(uid)).map((r) => r.status)).toEqual(['sent', 'held', 'held', 'sent']);

  // released three hours on (the outbox gives up what waited two): queued as of the release
  clock.advance(3 * 3_600_000);
  expect(await Outboxes.releaseHeld(s.db.database.db, clock.now())).toEqual({ webhook_deliveries: 2, discord_dms: 0 });
  s.app.app.eventWebhooks.outbox.loop.kick();
  await until(async () => (await s.rows(uid)).every((r) => r.status !== 'pending'));
  expect((await s.rows(uid)).map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
  expect(sent()).toEqual(['Round 1 pairings: Night 2', 'new', 'old 1', 'old 2']);
  expect(await s.audit(uid)).toEqual([]);

  await s.db.database.db.transaction(async (tx) => {
    await queue(tx, 'stale');
    await Outboxes.holdPending(tx);
  });
  expect(await Outboxes.discardHeld(s.db.database.db)).toEqual({ webhook_deliveries: 1, discord_dms: 0 });
  expect((await s.rows(uid)).map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
  expect(await Outboxes.releaseHeld(s.db.database.db, clock.now())).toEqual({ webhook_deliveries: 0, discord_dms: 0 });
});

describe('two instances on one database', () => {
  test('each message is sent exactly once, in order for each webhook', async () => {
    const s = await setup({ ...FAST, pollMs: 5 });
    const second = await startApp(await s.db.another(), s.relay, { ...FAST, pollMs: 5 });
    cleanup.push(() => second.close());
    // many messages for two webhooks, queued in one transaction, both instances kicked at once
    const one = await s.started(2);
    const two = await s.started(2, HOOK2);
    const bodies = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ embeds: [{ title: `${tag} ${i + 1}` }], allowed_mentions: { parse: [] } }));
    await s.db.database.db.transaction(async (tx) => {
      await Repo.enqueue(tx, bodies(30, 'one').map((body) => ({ tournamentUid: one, kind: 'pairings', url: HOOK, body })), new Date());
      await Repo.enqueue(tx, bodies(30, 'two').map((body) => ({ tournamentUid: two, kind: 'pairings', url: HOOK2, body })), new Date());
    });
    s.app.app.eventWebhooks.outbox.loop.kick();
    second.app.eventWebhooks.outbox.loop.kick();
    await s.sink.waitFor(62);
    await until(async () => [...(await s.rows(one)), ...(await s.rows(two))].every((r) => r.status === 'sent'));
    // every row claimed once: no instance took a row the other had
    expect([...(await s.rows(one)), ...(await s.rows(two))].every((r) => r.attempts === 1)).toBe(true);
    expect(s.sink.requests).toHaveLength(62);
    const titles = (path: string) => s.sink.requests.filter((r) => r.path === path).map((r) => r.body.embeds[0]!.title);
    expect(titles(HOOK_PATH)).toEqual(['Round 1 pairings: Night 2', ...bodies(30, 'one').map((b) => b.embeds[0]!.title)]);
    expect(titles('/api/webhooks/223456789012345678/other-Token')).toEqual(['Round 1 pairings: Night 2', ...bodies(30, 'two').map((b) => b.embeds[0]!.title)]);
  });
});

// Issue 30 §7: each message has its own retry schedule; Discord's rate limit holds the whole
// webhook; a message about a round that is over is dropped; the channel's state for the host.
describe('deliveries that do not stall', () => {
  /** A minute between tries: a failed message waits for the test to move the clock on. */
  const SLOW_RETRY: WebhookTuning = { ...FAST, retry: { baseDelayMs: 60_000, maxDelayMs: 60_000 } };
  const dropped = async (s: Awaited<ReturnType<typeof setup>>, uid: string) =>
    (await ok<AuditEntry[]>(await s.host.get(`/api/tournaments/${uid}/audit`))).filter((e) => e.action === DROPPED_ACTION).map((e) => e.after as DroppedEntry);
  const titles = (s: Awaited<ReturnType<typeof setup>>, list: 'requests' | 'delivered' = 'requests') => s.sink[list].map((r) => r.body.embeds[0]!.title);

  test('a message failing with a 5xx keeps no later one waiting; past its round, its retry drops it with an audit line', async () => {
    const clock = testClock();
    const s = await setup({ ...SLOW_RETRY, now: clock.now });
    s.sink.respond = (r) => (r.body.embeds[0]!.title.startsWith('Check-in') ? { status: 502 } : { status: 204 });
    const { uid } = await ok<{ uid: string }>(await s.host.post('/api/tournaments/host', { name: 'Stall', format: 'DEFAULT', manualDeckChecking: false, discordWebhookUrl: HOOK, checkIn: true, startsAt: '2026-12-05T19:00:00.000Z' }));
    await ok(await s.host.post(`/api/tournaments/${uid}/seed-test?count=4`));
    await ok(await s.host.post(`/api/tournaments/${uid}/check-in/open`));
    await until(async () => (await s.rows(uid))[0]!.lastError === 'HTTP 502');
    // the check-in call waits a minute for its retry; the teams check in and the event starts meanwhile
    const { teams } = await ok<Tournament>(await s.host.get(`/api/tournaments/${uid}`));
    for (const team of teams) await ok(await s.host.post(`/api/tournaments/${uid}/teams/${team.uid}/check-in`));
    await ok(await s.host.post(`/api/tournaments/${uid}/start`));
    await s.sink.waitFor(1);
    await until(async () => (await s.rows(uid))[1]?.status === 'sent');
    expect(titles(s, 'delivered')).toEqual(['Round 1 pairings: Stall']);
    expect((await s.rows(uid)).map((r) => [r.kind, r.status, r.attempts])).toEqual([['check-in', 'pending', 1], ['pairings', 'sent', 1]]);
    // its retry comes after the start: check-in is over, so it is dropped rather than posted late
    clock.advance(61_000);
    await until(async () => (await s.rows(uid))[0]!.status === 'dropped');
    expect(titles(s)).toEqual(['Check-in is open: Stall', 'Round 1 pairings: Stall']);
    expect(await dropped(s, uid)).toEqual([{ kind: 'check-in', reason: 'check-in is over: the event has started', attempts: 1 }]);
  });

  test('pairings of round 1 still failing when round 2 is paired are dropped, with an audit line; the host reads the channel’s state', async () => {
    const clock = testClock();
    const s = await setup({ ...SLOW_RETRY, now: clock.now });
    s.sink.respond = (r) => (r.body.embeds[0]!.title.startsWith('Round 1') ? { status: 500, body: { message: 'Internal Server Error', code: 0 } } : { status: 204 });
    const uid = await s.started(4);
    await until(async () => (await s.rows(uid))[0]!.attempts === 1 && (await s.rows(uid))[0]!.lastError !== null);
    const kit = tournamentKit({ app: s.app.app, database: db.database, url: s.app.url, close: s.app.close }, { host: s.host, admin: s.host });
    await kit.finishRound(uid);
    await ok(await s.host.post(`/api/tournaments/${uid}/next-round`));
    // round 2 goes out at once, though round 1 waits for its retry
    await s.sink.waitFor(1);
    await until(async () => (await s.rows(uid))[1]?.status === 'sent');
    expect(titles(s, 'delivered')).toEqual(['Round 2 pairings: Night 4']);
    clock.advance(61_000);
    await until(async () => (await s.rows(uid))[0]!.status === 'dropped');
    expect(titles(s)).toEqual(['Round 1 pairings: Night 4', 'Round 2 pairings: Night 4']);
    expect(await dropped(s, uid)).toEqual([{ kind: 'pairings', round: 1, reason: 'round 1 is over: round 2 has been paired', attempts: 1 }]);
    expect((await s.rows(uid))[0]!.lastError).toBe('dropped: round 1 is over: round 2 has been paired');

    // the channel's state: for the host, not for a player (nor anonymously)
    const state = await ok<DiscordChannel>(await s.host.get(`/api/tournaments/${uid}/discord`));
    expect(state).toEqual({
      configured: true, lastDeliveredAt: (await s.rows(uid))[1]!.sentAt!.toISOString(),
      lastError: { at: expect.any(String), kind: 'pairings', message: 'HTTP 500: Internal Server Error (0)', final: false }, waiting: 0, held: 0,
    });
    const player = await signedInClient({ app: s.app.app, database: db.database, url: s.app.url, close: s.app.close }, '952000000000000077', 0, 'Pat');
    expect((await player.get(`/api/tournaments/${uid}/discord`)).status).toBe(403);
    expect((await new TestClient(s.app.url).get(`/api/tournaments/${uid}/discord`)).status).toBe(401);
  });

  test('a 429 holds the whole webhook for its retry_after, a message queued meanwhile included; then both go out in order', async () => {
    const clock = testClock();
    const s = await setup({ ...SLOW_RETRY, now: clock.now });
    s.sink.respond = (_r, n) => (n === 1
      ? { status: 429, headers: { 'retry-after': '30' }, body: { message: 'You are being rate limited.', retry_after: 30, global: false } }
      : { status: 204 });
    const uid = await s.started(2);
    await until(async () => (await s.rows(uid))[0]!.lastError?.startsWith('HTTP 429') ?? false);
    // queued during the pause: a message for this webhook, then another webhook's (the same pass claims both when both may go)
    await Repo.enqueue(s.db.database.db, [{ tournamentUid: uid, kind: 'champion', url: HOOK, body: { embeds: [{ title: 'later' }], allowed_mentions: { parse: [] } } }], clock.now());
    const other = await s.started(2, HOOK2);
    await until(async () => (await s.rows(other))[0]!.status === 'sent');
    expect((await s.rows(uid)).map((r) => [r.status, r.attempts])).toEqual([['pending', 0], ['pending', 0]]);
    expect(s.sink.requests.filter((r) => r.path === HOOK_PATH)).toHaveLength(1);
    clock.advance(31_000);
    await until(async () => (await s.rows(uid)).every((r) => r.status === 'sent'));
    expect(s.sink.requests.filter((r) => r.path === HOOK_PATH).map((r) => r.body.embeds[0]!.title)).toEqual(['Round 1 pairings: Night 2', 'Round 1 pairings: Night 2', 'later']);
    expect(await s.audit(uid)).toEqual([]);
  });
});

// Issue 30 §1: 'Send a test message' from the attention panel.
describe('a test message', () => {
  const post = (c: TestClient, uid: string) => c.post(`/api/tournaments/${uid}/discord/test`);
  const channel = async (s: Awaited<ReturnType<typeof setup>>, uid: string) => ok<DiscordChannel>(await s.host.get(`/api/tournaments/${uid}/discord`));
  const hosted = async (s: Awaited<ReturnType<typeof setup>>, hook: string | null) =>
    (await ok<{ uid: string }>(await s.host.post('/api/tournaments/host', { name: 'Probe', format: 'DEFAULT', manualDeckChecking: false, discordWebhookUrl: hook }))).uid;

  test('goes out once and shows as the last delivery; a second waits for the first; the host and admins only', async () => {
    const s = await setup();
    const uid = await hosted(s, HOOK);
    let answer!: () => void;
    s.sink.respond = () => ({ status: 204, hold: new Promise<void>((r) => { answer = r; }) });
    const first = await post(s.host, uid);
    expect(first.status).toBe(202);
    expect(await first.json()).toMatchObject({ configured: true, waiting: 1, lastDeliveredAt: null });
    await s.sink.waitFor(1, 'requests');
    // Discord has not answered: a second click is refused, not queued
    const second = await post(s.host, uid);
    expect(second.status).toBe(409);
    expect(await errorOf(second)).toBe(TEST_WAITING);
    answer();
    await until(async () => (await s.rows(uid))[0]!.status === 'sent');
    expect(s.sink.delivered.map((r) => r.body.embeds[0]!.title)).toEqual(['Test message: Probe']);
    expect(s.sink.delivered[0]!.body.embeds[0]!.description).toContain('Hosta checked that this channel gets the event');
    expect(await channel(s, uid)).toMatchObject({ lastDeliveredAt: (await s.rows(uid))[0]!.sentAt!.toISOString(), lastError: null, waiting: 0 });
    const log = await ok<AuditEntry[]>(await s.host.get(`/api/tournaments/${uid}/audit`));
    expect(log.filter((e) => e.action === TEST_ACTION).map((e) => e.actorDiscordId)).toEqual([HOST]);

    const server: TestServer = { app: s.app.app, database: db.database, url: s.app.url, close: s.app.close };
    const player = await signedInClient(server, '952000000000000078', 0, 'Pat');
    expect((await post(player, uid)).status).toBe(403);
    expect((await post(new TestClient(s.app.url), uid)).status).toBe(401);
    expect(s.sink.requests).toHaveLength(1);
  });

  test('at most one every 10 seconds and 5 a minute per event: the next is a 429 that says when', async () => {
    const s = await setup();
    const uid = await hosted(s, HOOK);
    expect((await post(s.host, uid)).status).toBe(202);
    await until(async () => (await s.rows(uid))[0]!.status === 'sent');
    const soon = await post(s.host, uid);
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(soon.headers.get('retry-after'))).toBeLessThanOrEqual(10);
    expect(await errorOf(soon)).toMatch(/^A test message went out \d s ago: send the next one in \d+ s \(at most one every 10 seconds and 5 a minute\)\.$/);
    // four more within the minute, the last 12 s ago (as the audit log records sent tests): the sixth waits for the first to be a minute old
    await db.database.db.execute(sql`delete from audit_log where tournament_uid = ${uid}`);
    for (const ago of [58, 45, 30, 12, 11]) {
      await db.database.db.execute(sql`insert into audit_log (tournament_uid, actor_discord_id, action, created_at) values (${uid}, ${HOST}, ${TEST_ACTION}, now() - make_interval(secs => ${ago}))`);
    }
    const sixth = await post(s.host, uid);
    expect(sixth.status).toBe(429);
    expect(await errorOf(sixth)).toMatch(/^5 test messages went out in the last minute: send the next one in [1-3] s /);
    // nothing more was queued or sent
    expect((await s.rows(uid)).map((r) => r.kind)).toEqual(['test']);
    expect(s.sink.requests).toHaveLength(1);
  });

  test('failing, it is given up at once and shows as the channel’s error; no webhook is a 409 with a sentence', async () => {
    const s = await setup();
    const uid = await hosted(s, HOOK);
    s.sink.respond = () => ({ status: 502 });
    expect((await post(s.host, uid)).status).toBe(202);
    await until(async () => (await s.rows(uid))[0]!.status === 'failed');
    expect((await s.rows(uid)).map((r) => [r.kind, r.status, r.attempts])).toEqual([['test', 'failed', 1]]);
    expect(await channel(s, uid)).toMatchObject({ lastDeliveredAt: null, waiting: 0, lastError: { kind: 'test', final: true, message: 'HTTP 502; a test message is tried once' } });

    const bare = await hosted(s, null);
    const refused = await post(s.host, bare);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe(NO_WEBHOOK);
    expect(await s.rows(bare)).toEqual([]);
  });
});
