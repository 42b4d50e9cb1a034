// Fuzz every route (issue 8): cases generated from the app's own route list and schemas, sent as
// a visitor, a user and an admin: NUL, lone surrogates, megabyte strings, deep JSON, huge and
// negative numbers, wrong types, wrong content types. No answer may be a 5xx, and every refusal
// is { error: sentence }.
import http from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { readFileSync } from 'node:fs';
import type { RouteEntry } from '../app.ts';
import { signedInClient, startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
let port: number;
const identities: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
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
afterAll(() => server?.close());

const MB = 'x'.repeat(1024 * 1024);
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

interface Case { method: string; path: string; headers: Record<string, string>; body?: string }

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
  for (const [who, cookie] of Object.entries(identities)) {
    // a signed-in logout would end the session every later case relies on
    if (route.url === '/api/oauth/logout' && who !== 'visitor') continue;
    const headers: Record<string, string> = { host: `127.0.0.1:${port}`, ...(cookie ? { cookie } : {}), ...(writes ? { origin: `http://127.0.0.1:${port}` } : {}) };
    const base = pathWith(route.url);
    // a visitor's write stops at the 401 before its input is read: one probe is enough
    if (writes && who === 'visitor') {
      cases.push({ method: route.method, path: `${base}?discordId=%00`, headers: { ...headers, 'content-type': 'application/json' }, body: '{"name":"\u0000"}' });
      continue;
    }
    for (const p of params) for (const v of PATH_VALUES) cases.push({ method: route.method, path: pathWith(route.url, p, v), headers });
    for (const k of queryKeys) for (const v of QUERY_VALUES) cases.push({ method: route.method, path: `${base}?${k}=${v}`, headers });
    cases.push({ method: route.method, path: `${base}?${queryKeys[0] ?? 'q'}=a&${queryKeys[0] ?? 'q'}=b`, headers });
    cases.push({ method: route.method, path: base, headers: { ...headers, 'x-discord-id': who === 'admin' ? '1' : 'not-a-number' } });
    if (!writes) continue;
    for (const b of WHOLE_BODIES) cases.push({ method: route.method, path: base, headers: { ...headers, 'content-type': b.type }, body: b.body });
    for (const k of [...bodyKeys, 'discordId', 'poster']) {
      for (const v of JSON_VALUES) cases.push({ method: route.method, path: base, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ [k]: v }) });
    }
  }
  return cases;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
function send(c: Case): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: c.method, path: c.path, headers: c.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(c.body === undefined ? undefined : Buffer.from(c.body, 'utf8'));
  });
}

test('at least 10,000 generated requests to every route: no 5xx, every error is { error }', async () => {
  // /api/oauth/callback is a page of the web app (spec 1 §2), not the API
  const routes = server.app.routeList.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !r.url.startsWith('/api/docs') && r.url !== '/api/oauth/callback');
  const cases = routes.flatMap(casesOf);
  expect(cases.length).toBeGreaterThanOrEqual(10_000);
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++]!;
      const label = `${c.method} ${c.path.slice(0, 120)} ${c.body === undefined ? '' : `[${c.headers['content-type']}] ${c.body.slice(0, 60)}`}`;
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
  expect(failures.length, failures.slice(0, 40).join("\n")).toBe(0);
}, 300_000);
