// Fuzz every route (issue 8): cases generated from the app's own route list and schemas, sent as
// a visitor, a user and an admin: NUL, lone surrogates, megabyte strings, deep JSON, huge and
// negative numbers, wrong types, wrong content types. No answer may be a 5xx, and every refusal
// is { error: sentence }. The demo identity provider's routes (DEMO_PREFIX) are in too: its
// authorize page answers HTML or a redirect to our own callback on success, JSON otherwise.
import http from 'node:http';
import { beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { readFileSync } from 'node:fs';
import type { RouteEntry } from '../app.ts';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_PREFIX } from '../auth/discord-endpoints.ts';
import { signedInClient } from '../test/test-server.ts';
import { apiTest } from '../test/api-test.ts';

const { server } = apiTest();
let port: number;
const identities: Record<string, string> = {};

beforeAll(async () => {
  port = Number(new URL(server.url).port);
  identities.visitor = '';
  identities.user = (await signedInClient(server, '920000000000000001', 0, 'Fuzz User')).cookieHeader();
  const admin = await signedInClient(server, '920000000000000002', 2, 'Fuzz Admin');
  identities.admin = admin.cookieHeader();
  // something to hit: a real list (dates, entries, reasons) and a series
  const list = readFileSync(new URL('../../../../shared/data/lflists/2026.05-TCG.lflist.conf', import.meta.url), 'utf8');
  expect((await admin.request('PUT', '/api/banlists/2026-05-01', { body: list })).status).toBe(200);
  expect((await admin.post('/api/series', { name: 'Fuzz series' })).status).toBe(201);
}, 60_000);

const MB = 'x'.repeat(1024 * 1024);
const MB_BYTES = Buffer.from(MB);
const DEEP_ARRAY = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
const deepObject = (n: number): unknown => (n === 0 ? 'leaf' : { a: deepObject(n - 1) });

/** Percent-encoded path and query values, lone surrogates as their WTF-8 bytes (not valid UTF-8). */
const PATH_VALUES = [
  '%00', 'a%00b', '%ED%A0%80', '%E0%A4%A', '-1', '0', '4294967296', '99999999999999999999999', '1e309', '1.5', 'null',
  '..%2F..%2Fetc%2Fpasswd', '%F0%9F%98%80', 'x'.repeat(300), 'x'.repeat(20_000), '2026-02-30', '1',
];
const QUERY_VALUES = ['%00', '%ED%A0%80', '%E0%A4%A', '-1', '4294967296', '1e309', 'null', 'true', '', 'x'.repeat(5000), '2026-02-30', '1'];
const JSON_VALUES: unknown[] = [
  '\u0000', '\ud800', MB, '', ' ', '-1', -1, 0, 2 ** 32, 2 ** 53 + 2, 1e308, 0.5, null, true, [], {}, deepObject(40), ['\u0000'],
];
const WHOLE_BODIES: { type: string; body: string }[] = [
  { type: 'application/json', body: '{' },
  { type: 'application/json', body: '' },
  { type: 'application/json', body: DEEP_ARRAY },
  { type: 'application/json', body: JSON.stringify(deepObject(2000)) },
  { type: 'application/json', body: '"\\u0000"' },
  { type: 'application/json', body: '[]' },
  { type: 'application/json', body: 'null' },
  { type: 'application/json', body: '12345678901234567890' },
  { type: 'application/json', body: `"${MB}"` },
  { type: 'application/json', body: '{"__proto__":{"admin":true}}' },
  { type: 'text/plain', body: '\u0000' },
  { type: 'text/plain', body: 'x\udfffy' },
  { type: 'text/plain', body: MB },
  { type: 'text/plain', body: '' },
  { type: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="dto"\r\n\r\n{"name":"\\u0000"}\r\n--x--\r\n' },
  { type: 'multipart/form-data; boundary=x', body: '--x\r\nbroken' },
  { type: 'application/x-www-form-urlencoded', body: 'a=%00' },
  { type: 'application/octet-stream', body: '\u0000\u0001' },
];

/**
 * A request. `bytes`, where set, is what is sent as the body (`body` then only names it in a failure):
 * the megabyte bodies, about 800 per run, are encoded once or made when sent, not kept as strings.
 */
interface Case { method: string; path: string; headers: Record<string, string>; body?: string; bytes?: Buffer | (() => Buffer) }

const WHOLE_BODY_BYTES = new Map(WHOLE_BODIES.map((b) => [b, Buffer.from(b.body, 'utf8')]));

/** A JSON body { [key]: value } as a case: as bytes made when sent where the value is the megabyte string. */
function jsonBody(key: string, value: unknown): Pick<Case, 'body' | 'bytes'> {
  if (value !== MB) return { body: JSON.stringify({ [key]: value }) };
  const empty = JSON.stringify({ [key]: '' }); // {"key":""}
  const [head, tail] = [empty.slice(0, -2), empty.slice(-2)];
  return { body: head + MB.slice(0, 60), bytes: () => Buffer.concat([Buffer.from(head), MB_BYTES, Buffer.from(tail)]) };
}

/** Keys of a route's query or JSON body schema, read from the zod schema itself. */
function keysOf(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return [];
  try {
    const json = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown>; anyOf?: { properties?: Record<string, unknown> }[] };
    return Object.keys(json.properties ?? json.anyOf?.find((s) => s.properties)?.properties ?? {});
  } catch {
    return [];
  }
}

/**
 * A query or body that passes the demo provider's first checks, so that one changed key reaches
 * the checks behind them (login, name, PKCE, the redirect) instead of stopping at client_id.
 */
const validQuery = (url: string): Record<string, string> | undefined =>
  url === `${DEMO_PREFIX}/oauth2/authorize`
    ? {
        response_type: 'code', client_id: DEMO_CLIENT_ID, redirect_uri: `http://127.0.0.1:${port}/api/oauth/callback`,
        code_challenge: 'x'.repeat(43), code_challenge_method: 'S256', state: 's',
      }
    : undefined;
const validForm = (url: string): Record<string, string> | undefined =>
  url === `${DEMO_PREFIX}/api/oauth2/token`
    ? { grant_type: 'authorization_code', code: 'unknown', code_verifier: 'x'.repeat(43), redirect_uri: `http://127.0.0.1:${port}/api/oauth/callback` }
    : undefined;
const basic = (s: string) => `Basic ${Buffer.from(s, 'latin1').toString('base64')}`;
/** Authorization headers for the demo provider's token and users/@me (client credentials, tokens). */
const AUTHORIZATION_VALUES = [
  basic(`${DEMO_CLIENT_ID}:${DEMO_CLIENT_SECRET}`), basic('%E0%A4%A:x'), basic(`${DEMO_CLIENT_ID}:%`), basic('%00:%ff'), basic(':'), basic(''),
  basic('x'.repeat(5000)), 'Basic !!!', 'Basic', 'Bearer ', 'Bearer x', `Bearer ${'x'.repeat(5000)}`, 'Bearer \u00ff', 'x',
];
const encode = (query: Record<string, string>) => Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
/** `query` with `key` set to `raw`, a value already percent-encoded (or deliberately not valid). */
const withRaw = (query: Record<string, string>, key: string, raw: string) =>
  [...Object.entries(query).filter(([k]) => k !== key).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`), `${encodeURIComponent(key)}=${raw}`].join('&');

/** A path with every parameter a plain valid-looking value, except `param`, which gets `value`. */
function pathWith(url: string, param?: string, value?: string) {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => (name === param ? value! : name === 'date' ? '2026-05-01' : '1'));
}

function casesOf(route: RouteEntry): Case[] {
  const cases: Case[] = [];
  const params = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  const queryKeys = [...new Set([...keysOf(route.schema?.querystring), 'discordId'])];
  const bodyKeys = keysOf(route.schema?.body);
  const writes = route.method !== 'GET';
  const demo = route.url.startsWith(DEMO_PREFIX);
  for (const [who, cookie] of Object.entries(identities)) {
    // a signed-in logout would end the session every later case relies on
    if (route.url === '/api/oauth/logout' && who !== 'visitor') continue;
    const headers: Record<string, string> = { host: `127.0.0.1:${port}`, ...(cookie ? { cookie } : {}), ...(writes ? { origin: `http://127.0.0.1:${port}` } : {}) };
    const base = pathWith(route.url);
    if (demo) {
      // the provider never reads our session: the identities differ only in the cookie they send
      const query = validQuery(route.url);
      const form = validForm(route.url);
      if (query) {
        for (const k of new Set([...queryKeys, 'login', 'name', 'deny'])) {
          for (const v of QUERY_VALUES) cases.push({ method: route.method, path: `${base}?${withRaw(query, k, v)}`, headers });
        }
        for (const uri of ['https://evil.example/steal', `http://127.0.0.1:${port}/api/oauth/callback?x=1`, `http://user@127.0.0.1:${port}/api/oauth/callback`, 'not a url', `//127.0.0.1:${port}/api/oauth/callback`, 'javascript:alert(1)']) {
          for (const extra of [{}, { login: '1' }, { deny: '1' }] as Record<string, string>[]) cases.push({ method: route.method, path: `${base}?${encode({ ...query, ...extra, redirect_uri: uri })}`, headers });
        }
        cases.push({ method: route.method, path: `${base}?${encode(query)}`, headers });
        cases.push({ method: route.method, path: `${base}?${encode({ ...query, login: '1', name: 'Fuzz' })}`, headers });
      }
      const formHeaders = { ...headers, 'content-type': 'application/x-www-form-urlencoded' };
      for (const a of AUTHORIZATION_VALUES) {
        cases.push(form ? { method: route.method, path: base, headers: { ...formHeaders, authorization: a }, body: encode(form) } : { method: route.method, path: base, headers: { ...headers, authorization: a } });
      }
      if (form) {
        for (const k of Object.keys(form)) {
          for (const v of QUERY_VALUES) cases.push({ method: route.method, path: base, headers: { ...formHeaders, authorization: AUTHORIZATION_VALUES[0]! }, body: withRaw(form, k, v) });
        }
      }
    }
    // a visitor's write to the API stops at the 401 before its input is read: one probe is enough
    if (writes && who === 'visitor' && !demo) {
      cases.push({ method: route.method, path: `${base}?discordId=%00`, headers: { ...headers, 'content-type': 'application/json' }, body: '{"name":"\u0000"}' });
      continue;
    }
    for (const p of params) for (const v of PATH_VALUES) cases.push({ method: route.method, path: pathWith(route.url, p, v), headers });
    for (const k of queryKeys) for (const v of QUERY_VALUES) cases.push({ method: route.method, path: `${base}?${k}=${v}`, headers });
    cases.push({ method: route.method, path: `${base}?${queryKeys[0] ?? 'q'}=a&${queryKeys[0] ?? 'q'}=b`, headers });
    cases.push({ method: route.method, path: base, headers: { ...headers, 'x-discord-id': who === 'admin' ? '1' : 'not-a-number' } });
    if (!writes) continue;
    for (const b of WHOLE_BODIES) cases.push({ method: route.method, path: base, headers: { ...headers, 'content-type': b.type }, body: b.body, bytes: WHOLE_BODY_BYTES.get(b) });
    for (const k of [...bodyKeys, 'discordId', 'poster']) {
      for (const v of JSON_VALUES) cases.push({ method: route.method, path: base, headers: { ...headers, 'content-type': 'application/json' }, ...jsonBody(k, v) });
    }
  }
  return cases;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
function send(c: Case): Promise<{ status: number; type: string; body: string; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: c.method, path: c.path, headers: c.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8'), location: res.headers.location }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(c.bytes !== undefined ? (typeof c.bytes === 'function' ? c.bytes() : c.bytes) : c.body === undefined ? undefined : Buffer.from(c.body, 'utf8'));
  });
}

test('at least 10,000 generated requests to every route: no 5xx, every error is { error }', async () => {
  // /api/oauth/callback is a page of the web app (spec 1 §2), not the API
  const routes = server.app.routeList.filter((r) => (r.url.startsWith('/api/') || r.url.startsWith(`${DEMO_PREFIX}/`)) && r.method !== 'HEAD' && !r.url.startsWith('/api/docs') && r.url !== '/api/oauth/callback');
  const demoRoutes = routes.filter((r) => r.url.startsWith(DEMO_PREFIX)).map((r) => `${r.method} ${r.url}`);
  expect(demoRoutes.sort()).toEqual([`GET ${DEMO_PREFIX}/api/v10/users/@me`, `GET ${DEMO_PREFIX}/oauth2/authorize`, `POST ${DEMO_PREFIX}/api/oauth2/token`]);
  const cases = routes.flatMap(casesOf);
  expect(cases.length).toBeGreaterThanOrEqual(10_000);
  const demoCases = cases.filter((c) => c.path.startsWith(DEMO_PREFIX)).length;
  const demoAnswers = new Map<string, number>();
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++]!;
      const label = `${c.method} ${c.path.slice(0, 120)} ${c.headers.authorization ? `(Authorization: ${c.headers.authorization.slice(0, 60)}) ` : ''}${c.body === undefined ? '' : `[${c.headers['content-type']}] ${c.body.slice(0, 60)}`}`;
      let res;
      try {
        res = await send(c);
      } catch (e) {
        // Node closes the connection after answering a request it could not parse: retried once, fresh
        res = await send(c).catch(() => undefined);
        if (!res) {
          failures.push(`${label}: ${(e as Error).message}`);
          continue;
        }
      }
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (c.path.startsWith(DEMO_PREFIX)) {
        const kind = `${c.path.split('?')[0]} ${res.status}`;
        demoAnswers.set(kind, (demoAnswers.get(kind) ?? 0) + 1);
        // success: the authorize page (HTML), a redirect to our own callback only (issue 8 §10), or JSON
        if (res.status < 300 && !(c.path.startsWith(`${DEMO_PREFIX}/oauth2/authorize`) ? res.type.startsWith('text/html') : res.type.includes('application/json'))) {
          failures.push(`${label}: ${res.status} answered ${res.type}`);
        }
        if (res.status >= 300 && res.status < 400 && !res.location?.startsWith(`http://127.0.0.1:${port}/api/oauth/callback?`)) {
          failures.push(`${label}: ${res.status} redirects to ${res.location}`);
        }
      }
      if (res.status >= 500) failures.push(`${label}: ${res.status} ${res.body.slice(0, 200)}`);
      else if (res.status >= 400) {
        let ok = false;
        try {
          const body = JSON.parse(res.body) as Record<string, unknown>;
          ok = res.type.includes('application/json') && typeof body.error === 'string' && body.error.length > 0;
        } catch {
          ok = false;
        }
        if (!ok) failures.push(`${label}: ${res.status} not { error }: ${res.body.slice(0, 200)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  console.log(`fuzz: ${cases.length} cases over ${routes.length} routes; statuses ${[...statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`).join(' ')}`);
  console.log(`fuzz: ${demoCases} of them to the demo provider: ${[...demoAnswers].sort().map(([k, n]) => `${k}×${n}`).join(', ')}`);
  expect(failures.length, failures.slice(0, 40).join("\n")).toBe(0);
  // the demo cases reached past the first checks: the page, a code for our callback, a token refusal
  for (const answer of [`${DEMO_PREFIX}/oauth2/authorize 200`, `${DEMO_PREFIX}/oauth2/authorize 302`, `${DEMO_PREFIX}/oauth2/authorize 400`, `${DEMO_PREFIX}/api/oauth2/token 400`, `${DEMO_PREFIX}/api/oauth2/token 401`, `${DEMO_PREFIX}/api/v10/users/@me 401`]) {
    expect(demoAnswers.get(answer), answer).toBeGreaterThan(0);
  }
}, 300_000);
