// An event's Discord webhook over real HTTP on PGlite and PostgreSQL (issue 19): what opening
// check-in, Start, Next Round and Mark Winner post (pairings by table, split for a big event, the
// champion), through a local sink standing in for Discord; the action's reply never waits for
// Discord; an action that rolls back queues nothing; the webhook's address is in no public read.
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Match, Tournament } from '../../../domain/api/tournaments.ts';
import { signedInClient, TestClient, type TestServer } from '../../test/test-server.ts';
import { ok, tournamentKit } from '../tournaments/tournament-test-kit.ts';
import * as Events from '../tournaments/events-repository.ts';
import * as Webhooks from './event-webhooks.ts';
import { HOOK, HOOK_PATH, sharedDatabase, startApp, WebhookSink, type SinkRequest, type WebhookApp } from './webhook-test-kit.ts';
import * as Repo from './webhooks-repository.ts';

const ADMIN = '951000000000000001';
const HOST = '951000000000000002';

let sink: WebhookSink;
let db: Awaited<ReturnType<typeof sharedDatabase>>;
let app: WebhookApp;
let server: TestServer;
let host: TestClient;
let kit: ReturnType<typeof tournamentKit>;

beforeAll(async () => {
  sink = new WebhookSink();
  const relay = await sink.listen();
  db = await sharedDatabase();
  app = await startApp(db.database, relay);
  server = { app: app.app, database: db.database, url: app.url, close: app.close };
  const admin = await signedInClient(server, ADMIN, 2, 'Ada');
  host = await signedInClient(server, HOST, 1, 'Hosta');
  kit = tournamentKit(server, { host, admin });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await sink?.close();
  await db?.close();
});
beforeEach(() => {
  sink.respond = () => ({ status: 204 });
  sink.reset();
});

const description = (r: SinkRequest) => r.body.embeds[0]!.description ?? '';
/** `**Table 3** · A vs B` lines of a pairings message, as [table, team1, team2]. */
const tablesOf = (r: SinkRequest) => [...description(r).matchAll(/\*\*Table (\d+)\*\* · (.+) vs (.+)/g)].map((m) => [Number(m[1]), m[2]!, m[3]!] as const);
const unescape = (s: string) => s.replace(/\\(.)/g, '$1');

/** Pairings of the API's round, as the sink should show them: by table. */
function expectedTables(matches: Match[]) {
  return matches.filter((m) => !m.bye && m.team2Id).map((m) => [m.table!, m.team1Name, m.team2Name] as const).sort((a, b) => a[0] - b[0]);
}

describe('an event with a webhook', () => {
  let uid: string;
  beforeAll(async () => {
    uid = await kit.event('DEFAULT', 8, { discordWebhookUrl: HOOK });
  });

  test('Start posts round 1’s pairings with their tables, Next Round round 2’s, Mark Winner the champion', async () => {
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    await sink.waitFor(1);
    const [first] = sink.delivered;
    expect(first!.path).toBe(HOOK_PATH);
    expect(first!.body.allowed_mentions).toEqual({ parse: [] });
    const embed = first!.body.embeds[0]!;
    expect(embed.title).toBe('Round 1 pairings: DEFAULT 8');
    expect(embed.url).toBe(`${app.url}/tournaments/${uid}`);
    const round1 = await kit.roundMatches(uid, 1);
    expect(tablesOf(first!).map(([n, a, b]) => [n, unescape(a), unescape(b)])).toEqual(expectedTables(round1));
    expect(tablesOf(first!).map(([n]) => n)).toEqual([1, 2, 3, 4]);

    await kit.finishRound(uid);
    await ok(await host.post(`/api/tournaments/${uid}/next-round`));
    await sink.waitFor(2);
    const second = sink.delivered[1]!;
    expect(second.body.embeds[0]!.title).toBe('Round 2 pairings: DEFAULT 8');
    expect(second.body.embeds[0]!.footer).toEqual({ text: 'Round 2' });
    expect(tablesOf(second).map(([n, a, b]) => [n, unescape(a), unescape(b)])).toEqual(expectedTables(await kit.roundMatches(uid, 2)));

    const done = await kit.advanceToEnd(uid);
    await ok(await host.post(`/api/tournaments/${uid}/winner`));
    const rounds = done.currentRound;
    await sink.waitFor(rounds + 1);
    const last = sink.delivered.at(-1)!;
    const champion = (await kit.state(uid)).teams.find((x) => x.uid === done.championTeamUid)!;
    expect(last.body.embeds[0]!.title).toBe(`${champion.name} wins DEFAULT 8`);
    expect(description(last)).toMatch(/^Record \d+-\d+-\d+ · /);
    expect(description(last)).toContain(`[Final standings](${app.url}/tournaments/${uid}) · [Event report](${app.url}/tournaments/${uid}/report)`);
    // the embed's title links to the report, which is public once the winner's transaction commits
    expect(last.body.embeds[0]!.url).toBe(`${app.url}/tournaments/${uid}/report`);
    expect((await fetch(last.body.embeds[0]!.url!.replace('/tournaments/', '/api/tournaments/'))).status).toBe(200);
    // one message per round and the champion: nothing sent twice
    expect(sink.requests).toHaveLength(rounds + 1);
    expect((await Repo.listFor(db.database.db, uid)).map((r) => [r.kind, r.status, r.attempts])).toEqual([
      ...Array.from({ length: rounds }, () => ['pairings', 'sent', 1]), ['champion', 'sent', 1],
    ]);
  });

  test('the webhook’s address is in no public read', async () => {
    const secret = HOOK.split('/').at(-1)!;
    for (const path of [`/api/tournaments/${uid}`, '/api/tournaments', `/api/tournaments/${uid}/scoreboard`, `/api/tournaments/${uid}/matches`]) {
      expect(await (await kit.anonymous.get(path)).text()).not.toContain(secret);
    }
  });
});

test('opening check-in posts that check-in is open, with the start time and the page', async () => {
  const startsAt = '2026-12-05T19:00:00.000Z';
  const uid = await kit.event('DEFAULT', 4, { discordWebhookUrl: HOOK, checkIn: true, startsAt });
  await ok(await host.post(`/api/tournaments/${uid}/check-in/open`));
  await sink.waitFor(1);
  const embed = sink.delivered[0]!.body.embeds[0]!;
  expect(embed.title).toBe('Check-in is open: DEFAULT 4');
  expect(embed.description).toContain(`<t:${Date.parse(startsAt) / 1000}:F>`);
  expect(embed.url).toBe(`${app.url}/tournaments/${uid}`);
  // opening what is open changes nothing and posts nothing
  await ok(await host.post(`/api/tournaments/${uid}/check-in/open`));
  expect((await Repo.listFor(db.database.db, uid)).map((r) => r.kind)).toEqual(['check-in']);
});

test('a 300-team event’s pairings come in several messages, in order, every table once', async () => {
  const { uid } = await ok<{ uid: string }>(await host.post('/api/tournaments/host', { name: 'Big Night', format: 'DEFAULT', manualDeckChecking: false, discordWebhookUrl: HOOK }));
  await ok(await host.post(`/api/tournaments/${uid}/seed-test?count=300`));
  await ok(await host.post(`/api/tournaments/${uid}/start`));
  const queued = await Repo.listFor(db.database.db, uid);
  expect(queued.length).toBeGreaterThan(1);
  await sink.waitFor(queued.length);
  expect(sink.requests).toHaveLength(queued.length);
  const titles = sink.delivered.map((r) => r.body.embeds[0]!.title);
  expect(titles).toEqual(queued.map((_, i) => `Round 1 pairings (${i + 1} of ${queued.length}): Big Night`));
  for (const r of sink.delivered) expect(description(r).length).toBeLessThanOrEqual(4096);
  const tables = sink.delivered.flatMap((r) => tablesOf(r).map(([n]) => n));
  expect(tables).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
});

test('the action’s reply does not wait for a slow Discord', async () => {
  let release!: () => void;
  const held = new Promise<void>((r) => { release = r; });
  sink.respond = () => ({ status: 204, hold: held });
  const uid = await kit.event('DEFAULT', 4, { discordWebhookUrl: HOOK });
  const started = await ok<Tournament>(await host.post(`/api/tournaments/${uid}/start`));
  expect(started.currentRound).toBe(1);
  // Discord has the message and has not answered: the reply above came first
  await sink.waitFor(1, 'requests');
  expect(sink.delivered).toHaveLength(0);
  release();
  await sink.waitFor(1);
  expect(sink.requests).toHaveLength(1);
});

test('an event without a webhook queues nothing; an action that rolls back queues nothing', async () => {
  const uid = await kit.event('DEFAULT', 4);
  await ok(await host.post(`/api/tournaments/${uid}/start`));
  expect(await Repo.listFor(db.database.db, uid)).toEqual([]);

  const hooked = await kit.event('DEFAULT', 4, { discordWebhookUrl: HOOK });
  await ok(await host.post(`/api/tournaments/${hooked}/start`));
  await sink.waitFor(1);
  // (ids: the worker may still be marking the first one sent)
  const queued = async () => (await Repo.listFor(db.database.db, hooked)).map((r) => r.id);
  const before = await queued();
  const req = { server: app.app, protocol: 'http', host: 'localhost', log: app.app.log, webhooksQueued: false } as unknown as FastifyRequest;
  await expect(db.database.db.transaction(async (tx) => {
    const t = await Events.lockTournament(tx, hooked);
    await Webhooks.pairings(tx, req, t);
    expect(await Repo.listFor(tx, hooked)).toHaveLength(before.length + 1);
    throw new Error('the action failed after queueing');
  })).rejects.toThrow('the action failed after queueing');
  expect(await queued()).toEqual(before);
  // a refused action (Next Round with open matches) queues nothing either
  expect((await host.post(`/api/tournaments/${hooked}/next-round`)).status).toBe(409);
  expect(await queued()).toEqual(before);
  expect(sink.requests).toHaveLength(1);
});
