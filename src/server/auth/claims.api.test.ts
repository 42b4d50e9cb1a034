// Identity claims (issue 8 §7): wherever a write names the acting user, the name must be the
// session's. One table over the routes and every place a claim can ride, and one generated from
// the app's own route list, so that a route added later cannot skip the check.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { signedInClient, startTestServer, type TestClient, type TestServer } from '../test/test-server.ts';
import { cards } from '../db/schema.ts';

const ME = '930000000000000001';
const SOMEONE = '930000000000000002';
const PLAIN = '930000000000000003';
const CLAIM_REFUSED = { error: 'The acting user must be the signed-in user' };
// started while the file is collected: the generated table below is made from its route list
const server: TestServer = await startTestServer();
let admin: TestClient;
let plain: TestClient;

beforeAll(async () => {
  admin = await signedInClient(server, ME, 2, 'Ada');
  await signedInClient(server, SOMEONE, 2, 'Grace');
  plain = await signedInClient(server, PLAIN, 0, 'Linus');
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
    expect(await res.json()).toEqual(CLAIM_REFUSED);
  });
});

describe('a claim naming the session user is accepted (the route then decides)', () => {
  test.each(CASES)('%s', async (_label, claim) => {
    const res = await send(admin, claim(ME));
    expect(res.status).not.toBe(403);
    expect(res.status).toBeLessThan(500);
  });
});

// The generated table: every write route of the app (POST, PUT, PATCH, DELETE under /api), as
// registered, with a claim naming someone else in the header, the query and a JSON body.
//
// What the order of the app's hooks guarantees (app.ts): onRequest (Host, Origin, session, rate
// limits) -> body parsing (an unreadable body is a 400/413/415) -> the app's preValidation hook
// (auth level 401/403, text/plain on a JSON route 415, unstorable text 400, then
// assertRequestClaims 403) -> schema validation of path, query and body (400) -> the route's own
// hooks (multipart's 415) and handler (404 for an unknown id, 409, ...). So for a signed-in
// admin (no auth level refuses them) whose request carries no body or a readable JSON one, the
// claim's 403 comes before any 400 or 404 about the path: the placeholder ids below are not real
// (nor valid for most parameters), and the answer must still be exactly the claim's 403.
// A plain user may be refused earlier by the route's auth level, which is a 403 too.
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const writeRoutes = server.app.routeList.filter((r) => r.url.startsWith('/api/') && WRITE_METHODS.has(r.method));
const PLACEHOLDER = 'placeholder-0';
const concretePath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, PLACEHOLDER);
const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

type Carrier = [where: string, claim: (path: string, id: string) => { path: string; headers?: Record<string, string>; body?: unknown }];
const CARRIERS: Carrier[] = [
  ['X-Discord-Id header', (path, id) => ({ path, headers: { 'x-discord-id': id } })],
  ['?discordId= in the query', (path, id) => ({ path: withQuery(path, `discordId=${id}`) })],
  ['discordId in a JSON body', (path, id) => ({ path, body: { discordId: id } })],
];
const CELLS = writeRoutes.flatMap((r) => CARRIERS.map(([where, claim]) => [`${r.method} ${r.url}, ${where}`, r.method, concretePath(r.url), claim] as const));

describe('generated from the route list: every write route refuses a claim naming someone else', () => {
  test('the list holds every kind of write route, and the placeholder ids reach the route they stand in for', () => {
    expect(writeRoutes.length).toBeGreaterThanOrEqual(40);
    const methods = new Set(writeRoutes.map((r) => r.method));
    for (const m of ['POST', 'PUT', 'DELETE']) expect(methods).toContain(m);
    // multipart uploads, text/plain bodies, the OAuth flow: the routes with their own parsing are in
    for (const url of ['/api/images/api/upload', '/api/series/upload', '/api/banlists/:date', '/api/oauth/logout', '/api/oauth/handle-callback']) {
      expect(writeRoutes.map((r) => r.url)).toContain(url);
    }
    // a placeholder equal to a static segment would route to another handler
    expect(server.app.routeList.some((r) => r.url.split('/').includes(PLACEHOLDER))).toBe(false);
  });

  test.each(CELLS)('%s: 403 { error } for a signed-in admin, before the path is checked', async (_label, method, path, claim) => {
    const c = claim(path, SOMEONE);
    const res = await admin.request(method, c.path, { headers: c.headers, body: c.body });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(CLAIM_REFUSED);
  });

  test.each(CELLS)('%s: 403 { error } for a signed-in plain user', async (_label, method, path, claim) => {
    const c = claim(path, SOMEONE);
    const res = await plain.request(method, c.path, { headers: c.headers, body: c.body });
    expect(res.status).toBe(403);
    const body = (await res.json()) as { error?: unknown };
    expect(typeof body.error).toBe('string');
  });

  test.each([
    ['DELETE', '/api/banlists/placeholder-0', 400, 'date: A banlist date is YYYY-MM-DD'],
    ['POST', '/api/judgement/placeholder-0/vote', 400, 'id: must be a judgement entry id'],
    ['DELETE', '/api/series/placeholder-0', 404, 'Series not found'],
  ])('the order is the guarantee: %s %s is %i without a claim, 403 with one', async (method, path, status, error) => {
    const unclaimed = await admin.request(method, path);
    expect([unclaimed.status, await unclaimed.json()]).toEqual([status, { error }]);
    const claimed = await admin.request(method, path, { headers: { 'x-discord-id': SOMEONE } });
    expect([claimed.status, await claimed.json()]).toEqual([403, CLAIM_REFUSED]);
  });

  test('both sessions are still signed in (no refused write ran its handler: logout included)', async () => {
    for (const [client, id] of [[admin, ME], [plain, PLAIN]] as const) {
      const res = await client.get('/api/oauth/me');
      expect(res.status).toBe(200);
      expect(((await res.json()) as { discordId: string }).discordId).toBe(id);
    }
  });
});
