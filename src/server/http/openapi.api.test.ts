// The API documents itself: every route of the app is in /api/openapi.json with its request and
// reply schemas, and /api/docs is a page a person can read.
import { beforeAll, expect, test } from 'vitest';
import { apiTest } from '../test/api-test.ts';

interface Operation {
  operationId?: string;
  parameters?: { in: string; name: string; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }>; description?: string }>;
  summary?: string;
}
const { server } = apiTest();
let doc: { openapi: string; paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  const res = await fetch(`${server.url}/api/openapi.json`);
  expect(res.status).toBe(200);
  doc = await res.json();
});

/** Fastify's /a/:id is OpenAPI's /a/{id}. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const documented = () =>
  server.app.routeList.filter((r) => r.url.startsWith('/api/') && !r.schema?.hide && r.method !== 'HEAD' && !r.url.startsWith('/api/docs'));

test('is OpenAPI 3 with every API route of the app, each with a summary', () => {
  expect(doc.openapi).toMatch(/^3\./);
  const routes = documented();
  expect(routes.length).toBeGreaterThan(25);
  for (const r of routes) {
    const op = doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()];
    expect(op, `${r.method} ${r.url}`).toBeDefined();
    expect(op!.summary, `${r.method} ${r.url}`).toBeTruthy();
  }
});

test('every route declares its replies, and its path parameters, query and body when it has them', () => {
  for (const r of documented()) {
    const where = `${r.method} ${r.url}`;
    const op = doc.paths[openApiPath(r.url)]![r.method.toLowerCase()]!;
    const success = Object.entries(op.responses).filter(([code]) => /^[23]/.test(code));
    // PUT /api/series only ever says 'Series id required for update' (spec 2 §5)
    if (where !== 'PUT /api/series') expect(success.length, `${where}: a success reply`).toBeGreaterThan(0);
    expect(r.schema?.response, `${where}: reply schemas`).toBeDefined();
    for (const name of [...r.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1])) {
      expect(op.parameters?.some((p) => p.in === 'path' && p.name === name), `${where}: path parameter ${name}`).toBe(true);
    }
    if (r.schema?.querystring) expect(op.parameters?.some((p) => p.in === 'query'), `${where}: query`).toBe(true);
    if (r.schema?.body) expect(op.requestBody, `${where}: body`).toBeDefined();
    if (['POST', 'PUT', 'DELETE'].includes(r.method)) {
      expect(Object.keys(op.responses).some((c) => c.startsWith('4')), `${where}: its refusals`).toBe(true);
    }
  }
});

test('every operation has an operationId, unique, made from its method and path', () => {
  const seen = new Map<string, string>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(op.operationId, where).toMatch(/^[a-z]+[A-Z][A-Za-z0-9]*$/);
      expect(seen.get(op.operationId!), `${where} has the operationId of another`).toBeUndefined();
      seen.set(op.operationId!, where);
    }
  }
  expect(doc.paths['/api/tournaments/{id}/matches/{mid}']!.get!.operationId).toBe('getTournamentsByIdMatchesByMid');
  expect(doc.paths['/api/tournaments.ics']!.get!.operationId).toBe('getTournamentsIcs');
});

test('errors are documented as { error }', () => {
  const op = doc.paths['/api/judgement/{id}/vote']!.post!;
  const schema = op.responses['403']!.content!['application/json']!.schema as { properties: Record<string, unknown>; required: string[] };
  expect(Object.keys(schema.properties)).toEqual(['error']);
});

test('/api/docs is a browsable page under our content security policy', async () => {
  const res = await fetch(`${server.url}/api/docs`, { redirect: 'follow' });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/text\/html/);
  expect(await res.text()).toContain('swagger-ui');
  const js = await fetch(`${server.url}/api/docs/static/swagger-initializer.js`);
  expect(js.status).toBe(200);
});

test('the document (an answer made per request) is still compressed by @fastify/compress when asked', async () => {
  const plain = await (await fetch(`${server.url}/api/openapi.json`, { headers: { 'accept-encoding': 'identity' } })).text();
  const gz = await fetch(`${server.url}/api/openapi.json`, { headers: { 'accept-encoding': 'gzip' } });
  expect(gz.headers.get('content-encoding')).toBe('gzip');
  expect(await gz.text()).toBe(plain);
});
