// The permission table of rules.md for every tournament route before the start (issue 10), on PGlite
// and PostgreSQL: each route × {anonymous, the player, another player, a curator who is not the host,
// the host, two admins, the player with spoofed ids}. Every cell runs on a fresh tournament; a refused
// call must leave the tournament exactly as it was (same detail, same audit log).
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Participant } from '../../../domain/api/tournaments.ts';
import type { Deck } from '../../../domain/api/decks.ts';
import { loadDemoCards } from '../../db/seed.ts';
import type { TestClient } from '../../test/test-server.ts';
import { apiTest } from '../../test/api-test.ts';

const DATA = new URL('../../../../../shared/data/', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, DATA), 'utf8');
const TCG = read('lflists/2026.05-TCG.lflist.conf');
const DECK = read('decks/iceygo-windbot/AI_Blackwing.ydk');

const ID = {
  admin: '950000000000000001',
  admin2: '950000000000000002',
  curator: '950000000000000003',
  host: '950000000000000004',
  joey: '950000000000000005',
  mai: '950000000000000006',
};

type Role = 'anonymous' | 'player' | 'otherPlayer' | 'curator' | 'host' | 'admin' | 'admin2' | 'spoofed';
const ROLES: Role[] = ['anonymous', 'player', 'otherPlayer', 'curator', 'host', 'admin', 'admin2', 'spoofed'];

const { server, ...clients } = apiTest({
  player: [ID.joey, 0, 'Joey'], otherPlayer: [ID.mai, 0, 'Mai'], curator: [ID.curator, 1, 'Linus'], host: [ID.host, 1, 'Hosta'],
  admin: [ID.admin, 2, 'Ada'], admin2: [ID.admin2, 2, 'Grace'],
});

beforeAll(async () => {
  await loadDemoCards(server.database.db);
}, 120_000);

/** A tournament hosted by `host` with Joey (one deck) and Mai signed up. */
interface Fixture { uid: string; pid: number; teamUid: string; deckId: number }
async function fixture(): Promise<Fixture> {
  const hosted = await clients.host.post('/api/tournaments/host', { name: 'Permissions', banlist: TCG, decksAllowedPerPlayer: 2 });
  expect(hosted.status).toBe(201);
  const { uid } = (await hosted.json()) as { uid: string };
  expect((await clients.player.post(`/api/tournaments/${uid}/signup`, { name: 'Joey' })).status).toBe(201);
  expect((await clients.otherPlayer.post(`/api/tournaments/${uid}/signup`, { name: 'Mai' })).status).toBe(201);
  const uploaded = await clients.player.request('POST', `/api/tournaments/${uid}/decks`, { body: DECK });
  expect(uploaded.status).toBe(201);
  const deck = (await uploaded.json()) as Deck;
  const joey = ((await (await clients.anonymous.get(`/api/tournaments/${uid}/participants`)).json()) as Participant[]).find((p) => p.discordId === ID.joey)!;
  return { uid, pid: joey.id, teamUid: joey.teamUid, deckId: deck.id };
}

/** What a refused call must not change: the tournament as everyone sees it, its decks and its log. */
async function snapshot(f: Fixture): Promise<string> {
  const parts = await Promise.all([
    clients.admin.get(`/api/tournaments/${f.uid}`).then((r) => r.text()),
    clients.admin.get(`/api/tournaments/${f.uid}/participants/${f.pid}/decks`).then((r) => r.text()),
    clients.admin.get(`/api/tournaments/${f.uid}/audit`).then((r) => r.text()),
  ]);
  return parts.join('\n');
}

interface Route {
  name: string;
  call(client: TestClient, f: Fixture, headers: Record<string, string>): Promise<Response>;
  /** Roles answered 2xx; the others get 401 (anonymous) or 403. */
  allowed: Role[];
  /** How the spoofer claims someone else: X-Discord-Id of an admin (default), or the ids the route's parameters carry. */
  spoof?: 'header' | 'query';
}

const PRIVILEGED: Role[] = ['host', 'admin', 'admin2'];
const SIGNED_IN: Role[] = ['player', 'otherPlayer', 'curator', 'host', 'admin', 'admin2'];
const post = (path: (f: Fixture) => string, body?: unknown) => (client: TestClient, f: Fixture, headers: Record<string, string>) => client.post(path(f), body, headers);

const ROUTES: Route[] = [
  ...[
    'lock-signups', 'lock-deck-submission', 'toggle-signups?open=false', 'toggle-deck-submission?open=false',
    'format?format=ROUND_ROBIN', 'seed-test?count=2', 'cancel',
  ].map((action): Route => ({ name: `POST ${action}`, call: post((f) => `/api/tournaments/${f.uid}/${action}`), allowed: PRIVILEGED })),
  { name: 'POST validate (approve)', call: post((f) => `/api/tournaments/${f.uid}/participants/${f.pid}/decks/${f.deckId}/validate?approved=true`), allowed: PRIVILEGED },
  { name: 'POST decks/approve-passing', call: post((f) => `/api/tournaments/${f.uid}/decks/approve-passing`), allowed: PRIVILEGED },
  { name: 'POST validate (reject)', call: post((f) => `/api/tournaments/${f.uid}/participants/${f.pid}/decks/${f.deckId}/validate?approved=false&reason=Side%20deck`), allowed: PRIVILEGED },
  { name: 'POST validate with reviewerDiscordId of the host', call: post((f) => `/api/tournaments/${f.uid}/participants/${f.pid}/decks/${f.deckId}/validate?approved=true&reviewerDiscordId=${ID.host}`), allowed: ['host'], spoof: 'query' },
  { name: 'POST teams/{tid}/drop (captain or privileged)', call: post((f) => `/api/tournaments/${f.uid}/teams/${f.teamUid}/drop`), allowed: ['player', ...PRIVILEGED] },
  { name: 'POST participants/{pid}/drop (self or privileged)', call: post((f) => `/api/tournaments/${f.uid}/participants/${f.pid}/drop`), allowed: ['player', ...PRIVILEGED] },
  {
    name: 'DELETE decks/{deckId} (owner or privileged)', allowed: ['player', ...PRIVILEGED],
    call: (client, f, headers) => client.request('DELETE', `/api/tournaments/${f.uid}/decks/${f.deckId}`, { headers }),
  },
  {
    name: 'DELETE decks/{deckId}?participantDiscordId= the player', allowed: ['player'], spoof: 'query',
    call: (client, f, headers) => client.request('DELETE', `/api/tournaments/${f.uid}/decks/${f.deckId}?participantDiscordId=${ID.joey}`, { headers }),
  },
  {
    name: 'POST decks?participantDiscordId= the player (for yourself only)', allowed: ['player'], spoof: 'query',
    call: (client, f, headers) => client.request('POST', `/api/tournaments/${f.uid}/decks?participantDiscordId=${ID.joey}`, { body: DECK, headers }),
  },
  { name: 'POST signup with captainDiscordId of the curator', call: post((f) => `/api/tournaments/${f.uid}/signup`, { name: 'New team', captainDiscordId: ID.curator }), allowed: ['curator'], spoof: 'query' },
  { name: 'POST host', call: (client, _f, headers) => client.post('/api/tournaments/host', { name: 'Another' }, headers), allowed: ['curator', 'host', 'admin', 'admin2'] },
  { name: 'GET audit', call: (client, f, headers) => client.get(`/api/tournaments/${f.uid}/audit`, headers), allowed: PRIVILEGED },
  { name: 'GET participants/{pid}/decks', call: (client, f, headers) => client.get(`/api/tournaments/${f.uid}/participants/${f.pid}/decks`, headers), allowed: ['player', ...PRIVILEGED], spoof: 'query' },
  { name: 'GET participants/decks?participantIds=', call: (client, f, headers) => client.get(`/api/tournaments/${f.uid}/participants/decks?participantIds=${f.pid}`, headers), allowed: ['player', ...PRIVILEGED], spoof: 'query' },
  { name: 'GET teams', call: (client, f, headers) => client.get(`/api/tournaments/${f.uid}/teams`, headers), allowed: ['anonymous', ...SIGNED_IN, 'spoofed'] },
  { name: 'GET teams/{tid}', call: (client, f, headers) => client.get(`/api/tournaments/${f.uid}/teams/${f.teamUid}`, headers), allowed: ['anonymous', ...SIGNED_IN, 'spoofed'] },
];

const cells = ROUTES.flatMap((route) => ROLES.map((role) => ({ route, role, expected: route.allowed.includes(role) ? '2xx' : role === 'anonymous' ? '401' : '403' })));

describe('the permission table of the tournament routes before the start', () => {
  test.each(cells)('$route.name as $role: $expected', async ({ route, role, expected }) => {
    const f = await fixture();
    // the spoofer: Joey claiming to be an admin in X-Discord-Id, or, on routes whose parameters name a user,
    // Mai sending Joey's request with the ids in it unchanged and X-Discord-Id of Joey
    const client = role !== 'spoofed' ? clients[role] : route.spoof === 'query' ? clients.otherPlayer : clients.player;
    const headers: Record<string, string> = role !== 'spoofed' ? {} : { 'X-Discord-Id': route.spoof === 'query' ? ID.joey : ID.admin };
    const before = expected === '2xx' ? '' : await snapshot(f);
    const res = await route.call(client, f, headers);
    const body = await res.text();
    if (expected === '2xx') {
      expect(res.status, body).toBeGreaterThanOrEqual(200);
      expect(res.status, body).toBeLessThan(300);
    } else {
      expect(res.status, body).toBe(Number(expected));
      expect(JSON.parse(body)).toEqual({ error: expect.stringMatching(/\w+/) });
      expect(await snapshot(f)).toBe(before);
    }
  });
});

describe('writes to a cancelled or unknown tournament', () => {
  const writes: [string, (f: Fixture, uid: string) => Promise<Response>][] = [
    ['a sign-up', (_f, uid) => clients.curator.post(`/api/tournaments/${uid}/signup`, { name: 'Late' })],
    ['a deck', (_f, uid) => clients.player.request('POST', `/api/tournaments/${uid}/decks`, { body: DECK })],
    ['a deck deletion', (f, uid) => clients.player.request('DELETE', `/api/tournaments/${uid}/decks/${f.deckId}`)],
    ['a drop', (f, uid) => clients.player.post(`/api/tournaments/${uid}/participants/${f.pid}/drop`)],
    ['a team drop', (f, uid) => clients.host.post(`/api/tournaments/${uid}/teams/${f.teamUid}/drop`)],
    ['a deck review', (f, uid) => clients.host.post(`/api/tournaments/${uid}/participants/${f.pid}/decks/${f.deckId}/validate?approved=true`)],
    ['a settings change', (_f, uid) => clients.host.post(`/api/tournaments/${uid}/format?format=DOUBLE_ELIM`)],
  ];

  test.each(writes)('%s on a cancelled tournament is a 409 with a sentence and changes nothing', async (_name, write) => {
    const f = await fixture();
    expect((await clients.host.post(`/api/tournaments/${f.uid}/cancel`)).status).toBe(200);
    const before = await snapshot(f);
    const res = await write(f, f.uid);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'This tournament was cancelled' });
    expect(await snapshot(f)).toBe(before);
  });

  test.each(writes)('%s on an unknown tournament is a 404 with a sentence', async (_name, write) => {
    const f = await fixture();
    const res = await write(f, '00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: expect.stringMatching(/not found/i) });
  });
});

describe('who plays in the event reviews none of its decks and sees only their own while it runs (decision 013)', () => {
  /** The fixture with Joey's second deck labelled, the host playing and Ada (an admin) having played and dropped; Grace (an admin) does not play. */
  async function playing(): Promise<Fixture> {
    const f = await fixture();
    expect((await clients.player.request('POST', `/api/tournaments/${f.uid}/decks?label=AI_Blackwing`, { body: DECK })).status).toBe(201);
    expect((await clients.host.post(`/api/tournaments/${f.uid}/signup`, { name: 'Hosta' })).status).toBe(201);
    expect((await clients.admin.post(`/api/tournaments/${f.uid}/signup`, { name: 'Ada' })).status).toBe(201);
    const ada = ((await (await clients.anonymous.get(`/api/tournaments/${f.uid}/participants`)).json()) as Participant[]).find((p) => p.discordId === ID.admin)!;
    expect((await clients.admin.post(`/api/tournaments/${f.uid}/participants/${ada.id}/drop`)).status).toBe(200);
    return f;
  }
  /** As the admin who does not play sees it. */
  const seen = (f: Fixture) => Promise.all([
    clients.admin2.get(`/api/tournaments/${f.uid}/teams`).then((r) => r.text()),
    clients.admin2.get(`/api/tournaments/${f.uid}/participants/${f.pid}/decks`).then((r) => r.text()),
    clients.admin2.get(`/api/tournaments/${f.uid}/audit`).then((r) => r.text()),
  ]).then((parts) => parts.join('\n'));

  const REVIEW = 'You play in this event: an admin who does not play reviews its decks.';
  const OWN_ONLY = 'You play in this event: until it has a winner you see only your own decks';
  const rows: [string, (client: TestClient, f: Fixture) => Promise<Response>, string][] = [
    ['POST validate (approve)', (client, f) => client.post(`/api/tournaments/${f.uid}/participants/${f.pid}/decks/${f.deckId}/validate?approved=true`), REVIEW],
    ['POST validate (reject)', (client, f) => client.post(`/api/tournaments/${f.uid}/participants/${f.pid}/decks/${f.deckId}/validate?approved=false&reason=Side%20deck`), REVIEW],
    ['GET participants/{pid}/decks', (client, f) => client.get(`/api/tournaments/${f.uid}/participants/${f.pid}/decks`), OWN_ONLY],
    ['GET participants/decks?participantIds=', (client, f) => client.get(`/api/tournaments/${f.uid}/participants/decks?participantIds=${f.pid}`), OWN_ONLY],
  ];

  test.each(rows)('%s: 403 for the host who plays and the admin who played (dropped), 2xx for the admin who does not', async (_name, call, sentence) => {
    const f = await playing();
    const before = await seen(f);
    for (const role of ['host', 'admin'] as const) {
      const res = await call(clients[role], f);
      expect(res.status, role).toBe(403);
      expect(await res.json()).toEqual({ error: sentence });
    }
    expect(await seen(f)).toBe(before);
    expect((await call(clients.admin2, f)).status).toBe(200);
  });

  test('team reads: the deck labels for the admin who does not play, "Deck n" for the host who plays', async () => {
    const f = await playing();
    const labels = async (client: TestClient) => {
      const teams = (await (await client.get(`/api/tournaments/${f.uid}/teams`)).json()) as { uid: string; members: { submittedDecks: { label: string }[] }[] }[];
      return teams.find((t) => t.uid === f.teamUid)!.members[0]!.submittedDecks.map((d) => d.label);
    };
    expect(await labels(clients.admin2)).toEqual(['Deck 1', 'AI_Blackwing']);
    expect(await labels(clients.host)).toEqual(['Deck 1', 'Deck 2']);
    expect(await labels(clients.admin)).toEqual(['Deck 1', 'Deck 2']);
  });

  test('once the event has a winner, the host who played reads every deck and downloads them all', async () => {
    const f = await playing();
    const read = () => clients.host.get(`/api/tournaments/${f.uid}/participants/${f.pid}/decks`);
    expect((await clients.admin2.post(`/api/tournaments/${f.uid}/start`)).status).toBe(200);
    expect((await read()).status).toBe(403);
    // Grace, who does not play, decides every match
    for (let guard = 0; guard < 10; guard++) {
      const t = (await (await clients.anonymous.get(`/api/tournaments/${f.uid}`)).json()) as { currentRound: number; roundCount: number; championTeamUid: string | null };
      const round = (await (await clients.admin2.get(`/api/tournaments/${f.uid}/matches?round=${t.currentRound}`)).json()) as { id: number; team1Id: string | null; team2Id: string | null; complete: boolean }[];
      for (const m of round.filter((x) => !x.complete && x.team1Id && x.team2Id)) {
        expect((await clients.admin2.post(`/api/tournaments/${f.uid}/matches/${m.id}/override-winner?winnerTeamId=${m.team1Id}`, { team1Wins: 2, team2Wins: 0 })).status).toBe(200);
      }
      if (t.currentRound >= t.roundCount) break;
      expect((await clients.admin2.post(`/api/tournaments/${f.uid}/next-round`)).status).toBe(200);
    }
    expect((await clients.admin2.post(`/api/tournaments/${f.uid}/winner`)).status).toBe(200);
    const after = await read();
    expect(after.status).toBe(200);
    expect(((await after.json()) as Deck[]).map((d) => d.label)).toEqual(['Deck 1', 'AI_Blackwing']);
    expect((await clients.host.get(`/api/tournaments/${f.uid}/decks.zip`)).status).toBe(200);
  });
});
