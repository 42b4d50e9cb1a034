// Identity claims (issue 8 §7): wherever a write names the acting user, the name must be the
// session's. One table over the routes and every place a claim can ride.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { signedInClient, startTestServer, type TestClient, type TestServer } from '../test/test-server.ts';
import { cards } from '../db/schema.ts';

const ME = '930000000000000001';
const SOMEONE = '930000000000000002';
let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInClient(server, ME, 2, 'Ada');
  await signedInClient(server, SOMEONE, 2, 'Grace');
  await server.database.db.insert(cards).values({ id: 55144522, name: 'Pot of Greed', searchName: 'pot of greed', type: 2, cardType: 'SPELL_NORMAL' });
  const list = readFileSync(new URL('../../../../shared/data/lflists/2026.05-TCG.lflist.conf', import.meta.url), 'utf8');
  expect((await admin.request('PUT', '/api/banlists/2026-05-01', { body: list })).status).toBe(200);
});
afterAll(() => server?.close());

type Claim = (id: string) => { method: string; path: string; body?: unknown; headers?: Record<string, string>; form?: Record<string, string> };

const CASES: [string, Claim][] = [
  ['X-Discord-Id on a banlist import', (id) => ({ method: 'PUT', path: '/api/banlists/2026-06-01', body: '!X\n55144522 0\n', headers: { 'x-discord-id': id } })],
  ['?adminId= on a banlist import', (id) => ({ method: 'PUT', path: `/api/banlists/2026-06-01?adminId=${id}`, body: '!X\n55144522 0\n' })],
  ['?adminId= on a banlist delete', (id) => ({ method: 'DELETE', path: `/api/banlists/2099-01-01?adminId=${id}` })],
  ['discordId in a proposal body', (id) => ({ method: 'POST', path: '/api/judgement', body: { cardId: 55144522, reason: 'x', discordId: id } })],
  ['poster in a proposal body', (id) => ({ method: 'POST', path: '/api/judgement', body: { cardId: 55144522, reason: 'x', poster: { discordId: id } } })],
  ['poster as an id in a proposal body', (id) => ({ method: 'POST', path: '/api/judgement', body: { cardId: 55144522, reason: 'x', poster: id } })],
  ['?requesterId= on a vote', (id) => ({ method: 'POST', path: `/api/judgement/1/vote?vote=0&requesterId=${id}` })],
  ['?adminId= on a send-off toggle', (id) => ({ method: 'POST', path: `/api/judgement/sendoff-toggle?adminId=${id}` })],
  ['discordId in a series body', (id) => ({ method: 'POST', path: '/api/series', body: { name: 'S', discordId: id } })],
  ['?discordId= on a series delete', (id) => ({ method: 'DELETE', path: `/api/series/none?discordId=${id}` })],
  ['a multipart discordId on an image upload', (id) => ({ method: 'POST', path: '/api/images/api/upload', form: { discordId: id } })],
  ['discordId inside a multipart series dto', (id) => ({ method: 'PUT', path: '/api/series/upload', form: { dto: JSON.stringify({ name: 'S', discordId: id }) } })],
  ['reviewerDiscordId, reporterDiscordId, captainDiscordId, participantDiscordId on any write', (id) => ({
    method: 'PUT', path: `/api/judgement/sendoff-date?reviewerDiscordId=${id}&reporterDiscordId=${id}&captainDiscordId=${id}&participantDiscordId=${id}`, body: '',
  })],
];

async function send(client: TestClient, c: ReturnType<Claim>) {
  if (c.form) {
    const form = new FormData();
    for (const [k, v] of Object.entries(c.form)) form.append(k, v);
    return fetch(new URL(c.path, server.url), { method: c.method, body: form, headers: { cookie: client.cookieHeader(), origin: server.url } });
  }
  return client.request(c.method, c.path, { body: c.body, headers: c.headers });
}

describe('a claim naming someone else is 403, whatever the route and wherever it rides', () => {
  test.each(CASES)('%s', async (_label, claim) => {
    const res = await send(admin, claim(SOMEONE));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'The acting user must be the signed-in user' });
  });
});

describe('a claim naming the session user is accepted (the route then decides)', () => {
  test.each(CASES)('%s', async (_label, claim) => {
    const res = await send(admin, claim(ME));
    expect(res.status).not.toBe(403);
    expect(res.status).toBeLessThan(500);
  });
});
