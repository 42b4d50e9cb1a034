// Issue 8, point by point over real HTTP: forged Host names, cross-site writes, security headers,
// the error shape of Fastify's and Node's own refusals, rate limits, and the demo provider's redirects.
import http from 'node:http';
import net from 'node:net';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { TestClient, signedInClient, startTestServer, type TestServer } from '../test/test-server.ts';
import { apiTest } from '../test/api-test.ts';
import sharp from 'sharp';
import { setAuth } from '../features/users/users-repository.ts';
import { ADDRESS_RATE_LIMITS, RATE_LIMITS } from './rate-limits.ts';

const { server } = apiTest({}, { CARD_IMAGE_BASE_URL: 'https://images.example.net/cards/' });
let port: number;

beforeAll(async () => {
  port = Number(new URL(server.url).port);
});

/** A request with any Host header (fetch would not let us forge it). */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Bytes straight onto the socket, for what no HTTP client will send. */
function rawBytes(bytes: string) {
  return new Promise<string>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => socket.write(bytes));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (c) => (text += c));
    socket.on('close', () => resolve(text));
    socket.on('error', () => resolve(text));
  });
}

const errorBody = (text: string) => {
  const body = JSON.parse(text) as { error?: unknown };
  expect(Object.keys(body)).toEqual(['error']);
  expect(typeof body.error).toBe('string');
  return body.error as string;
};

describe('Host names (DNS rebinding)', () => {
  test('a forged Host is refused before any route, with { error }', async () => {
    for (const path of ['/api/health', '/api/oauth/login', '/demo-discord/oauth2/authorize', '/', '/banlist']) {
      const res = await raw('GET', path, { host: `rebind.example:${port}` });
      expect(res.status, path).toBe(421);
      expect(errorBody(res.body)).toMatch(/does not answer to that host name/);
    }
  });

  test('the rebinding attack of the report fails: no session, no write', async () => {
    const origin = `http://rebind.example:${port}`;
    const login = await raw('GET', '/api/oauth/login', { host: `rebind.example:${port}` });
    expect(login.status).toBe(421);
    const write = await raw('POST', '/api/judgement', { host: `rebind.example:${port}`, origin, 'content-type': 'application/json' }, '{"cardId":1,"reason":"x"}');
    expect(write.status).toBe(421);
  });

  test('loopback names on any port pass; a Host header that is not a host name is refused', async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'localhost']) {
      expect((await raw('GET', '/api/health', { host })).status, host).toBe(200);
    }
    expect((await raw('GET', '/api/health', { host: 'a b' })).status).toBe(421);
  });

  test('PUBLIC_URL and ALLOWED_HOSTS add their names, and only those', async () => {
    const other = await startTestServer({ PUBLIC_URL: 'https://hub.example.org', ALLOWED_HOSTS: 'lan-box, 192.168.1.20' });
    try {
      const p = Number(new URL(other.url).port);
      const get = (host: string) => new Promise<number>((resolve) => {
        http.get({ host: '127.0.0.1', port: p, path: '/api/health', headers: { host } }, (res) => { res.resume(); resolve(res.statusCode ?? 0); });
      });
      expect(await get('hub.example.org')).toBe(200);
      expect(await get('lan-box:8080')).toBe(200);
      expect(await get('192.168.1.20:8080')).toBe(200);
      expect(await get('127.0.0.1')).toBe(200);
      expect(await get('evil.example.org')).toBe(421);
    } finally {
      await other.close();
    }
  });
});

describe('cross-site writes', () => {
  let admin: TestClient;
  beforeAll(async () => {
    admin = await signedInClient(server, '900000000000000001', 2, 'Admin');
  });

  test.each([
    ['Origin: null', { origin: 'null' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a foreign Referer and no Origin', { origin: '', referer: 'https://evil.example/page' }],
    ['a Referer that is no URL and no Origin', { origin: '', referer: 'not a url' }],
    ['Sec-Fetch-Site: cross-site and no Origin', { origin: '', 'sec-fetch-site': 'cross-site' }],
  ])('%s is refused with 403', async (_label, headers) => {
    const h: Record<string, string> = { cookie: admin.cookieHeader(), 'content-type': 'application/json', host: `127.0.0.1:${port}` };
    for (const [k, v] of Object.entries(headers)) if (v) h[k] = v;
    const res = await raw('POST', '/api/judgement/sendoff-toggle', h);
    expect(res.status).toBe(403);
    expect(errorBody(res.body)).toBe('Cross-site request refused');
  });

  test('our Origin, our Referer, or neither (a bot) may write', async () => {
    for (const extra of [{ origin: server.url }, { referer: `${server.url}/judgement` }, {}] as Record<string, string>[]) {
      const res = await raw('PUT', '/api/judgement/sendoff-date', { cookie: admin.cookieHeader(), 'content-type': 'text/plain', host: `127.0.0.1:${port}`, ...extra }, '');
      expect(res.status, JSON.stringify(extra)).toBe(200);
    }
  });
});

describe('security headers', () => {
  test('pages and API answers carry CSP, nosniff, frame-ancestors none and a referrer policy', async () => {
    for (const path of ['/api/health', '/api/banlists/dates', '/', '/api/nothing-here']) {
      const res = await fetch(`${server.url}${path}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toMatch(/img-src [^;]*'self'[^;]*https:\/\/images\.example\.net/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  test('per-user answers are never cached: /api/oauth/me and the board say no-store', async () => {
    const user = await signedInClient(server, '900000000000000002', 0, 'Someone');
    for (const path of ['/api/oauth/me', '/api/judgement', '/api/judgement/sendoff-status']) {
      expect((await user.get(path)).headers.get('cache-control'), path).toBe('no-store');
    }
    // revalidated shared reads keep their own policy
    expect((await fetch(`${server.url}/api/banlists/dates`)).headers.get('cache-control')).toBe('no-cache');
  });
});

describe('every API error is { error: sentence }', () => {
  test('bad percent-encoding in the path (Fastify\'s own 400)', async () => {
    const res = await raw('GET', '/api/series/%E0%A4%A', { host: 'localhost' });
    expect(res.status).toBe(400);
    expect(errorBody(res.body)).toMatch(/percent-encoding/);
  });

  test('a path parameter over the length limit (Fastify\'s own 414)', async () => {
    const res = await raw('GET', `/api/series/${'x'.repeat(500)}`, { host: 'localhost' });
    expect(res.status).toBe(414);
    expect(errorBody(res.body)).toBe('The address is too long');
  });

  test("Fastify's and Node's own refusals carry the security headers too", async () => {
    for (const path of ['/api/series/%E0%A4%A', `/api/series/${'x'.repeat(500)}`]) {
      const res = await raw('GET', path, { host: 'localhost' });
      expect(res.headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const text = await rawBytes(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    const head = text.split('\r\n\r\n')[0]!.toLowerCase();
    expect(head).toMatch(/^http\/1\.1 431 /);
    expect(head).toContain('x-content-type-options: nosniff');
    expect(head).toContain("content-security-policy: default-src 'self'");
  });

  test('an unknown route, and a known path with an unknown method', async () => {
    expect(errorBody((await raw('GET', '/api/nope', { host: 'localhost' })).body)).toBe('Not found');
    const res = await raw('PROPFIND', '/api/series/summaries', { host: 'localhost' });
    expect(res.status).toBe(404);
    errorBody(res.body);
  });

  test('what Node refuses before Fastify sees it: a made-up method, oversized headers, garbage', async () => {
    for (const bytes of [
      'BREW /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n',
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      'this is not http\r\n\r\n',
    ]) {
      const text = await rawBytes(bytes);
      const [head = '', body = ''] = text.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 4\d\d /);
      expect(head.toLowerCase()).toContain('content-type: application/json');
      errorBody(body);
    }
  });

  test('malformed JSON, and a JSON body where text is expected', async () => {
    const user = await signedInClient(server, '900000000000000003', 0, 'J');
    const res = await user.request('POST', '/api/judgement', { body: '{"cardId":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(errorBody(await res.text())).toBe('body: is not valid JSON');
  });
});

describe('the demo provider sends codes only to our own callback', () => {
  const authorize = (redirect: string, extra = '') =>
    fetch(`${server.url}/demo-discord/oauth2/authorize?response_type=code&client_id=format-hub-demo&code_challenge=x&code_challenge_method=S256&redirect_uri=${encodeURIComponent(redirect)}${extra}`, { redirect: 'manual' });

  test.each([
    ['another site', 'https://evil.example/steal'],
    ['another path of ours', 'http://127.0.0.1:1/api/oauth/me'],
    ['not a URL', 'not a url at all'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['our callback with credentials in it', 'http://user:pw@localhost/api/oauth/callback'],
    ['our callback on another port of this machine (another program listening there)', 'http://127.0.0.1:1/api/oauth/callback'],
    ['our callback under another of our host names than the sign-in used', 'http://localhost:PORT/api/oauth/callback'],
  ])('%s: 400 with { error } naming redirect_uri, for a grant and for a denial', async (_label, uri) => {
    for (const extra of ['&login=123&name=x', '&deny=1', '']) {
      const res = await authorize(uri.replace('PORT', String(port)), extra);
      expect(res.status).toBe(400);
      expect(errorBody(await res.text())).toMatch(/^redirect_uri: /);
    }
  });

  test.each([
    ['a NUL', '%00'],
    ['a line break', 'a%0Ab'],
  ])('a demo name with %s is 400 naming the field, and no user is stored', async (_label, name) => {
    const res = await authorize(`${server.url}/api/oauth/callback`, `&login=777000777&name=${name}&state=s`);
    expect(res.status).toBe(400);
    expect(errorBody(await res.text())).toMatch(/^name: /);
    expect((await fetch(`${server.url}/api/users/user?discordId=777000777`)).status).toBe(404);
  });

  test('our callback gets the code', async () => {
    const res = await authorize(`${server.url}/api/oauth/callback`, '&login=123&name=x&state=s');
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location')!).searchParams.get('code')).toBeTruthy();
  });
});

describe('rate limits (at the real limits)', () => {
  // a fresh server per test: limits count per instance and per address, and every test here is
  // 127.0.0.1; started by the tests at the real limits only (the scaled ones start their own)
  let current: TestServer | undefined;
  const startLimited = async () => (current = await startTestServer({}, { rateLimitScale: 1 }));
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });

  test('writes count per user: one user at the limit does not stop another', async () => {
    const limited = await startLimited();
    const a = await signedInClient(limited, '900000000000000010', 2, 'A');
    const b = await signedInClient(limited, '900000000000000011', 2, 'B');
    await setAuth(limited.database.db, '900000000000000011', 2);
    const hits = await Promise.all(Array.from({ length: 301 }, () => a.request('PUT', '/api/judgement/sendoff-date', { body: '' })));
    expect(hits.filter((r) => r.status === 429)).toHaveLength(1);
    expect((await b.request('PUT', '/api/judgement/sendoff-date', { body: '' })).status).toBe(200);
  }, 60_000);

  test('sign-in: the 301st start of a sign-in within a minute from one address is 429 with Retry-After and { error }', async () => {
    const limited = await startLimited();
    const client = new TestClient(limited.url);
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.signin; i++) statuses.push((await client.get('/api/oauth/login')).status);
    expect(statuses.every((s) => s === 302)).toBe(true);
    const res = await client.get('/api/oauth/login');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(errorBody(await res.text())).toMatch(/^Too many requests: try again in \d+ s$/);
  });

  test('writes count per address too: many accounts from one address stop at its limit, each under its own', async () => {
    const scaled = await startTestServer({}, { rateLimitScale: 0.2 }); // 60 writes a minute per user, 600 per address
    try {
      const users = await Promise.all(Array.from({ length: 11 }, (_, i) => signedInClient(scaled, `9000000000000002${String(i).padStart(2, '0')}`, 2, `U${i}`)));
      const hits = await Promise.all(users.flatMap((u) => Array.from({ length: 55 }, () => u.request('PUT', '/api/judgement/sendoff-date', { body: '' }))));
      const refused = hits.filter((r) => r.status === 429);
      expect(refused).toHaveLength(11 * 55 - 600);
      expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(errorBody(await refused[0]!.text())).toMatch(/^Too many requests: try again in \d+ s$/);
    } finally {
      await scaled.close();
    }
  }, 60_000);

  test('uploads: the 7th image a minute from one user is 429 (scaled to a fifth: 6 a minute)', async () => {
    const scaled = await startTestServer({}, { rateLimitScale: 0.2 });
    try {
      const user = await signedInClient(scaled, '900000000000000020', 0, 'Uploader');
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } }).png().toBuffer();
      const upload = () => {
        const form = new FormData();
        form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
        return fetch(`${scaled.url}/api/images/api/upload`, { method: 'POST', body: form, headers: { cookie: user.cookieHeader(), origin: scaled.url } });
      };
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await upload()).status);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
    } finally {
      await scaled.close();
    }
  });

  test('uploads count per address too: eleven users, each under their own 30 a minute, stop at the address\'s 300 with 429, Retry-After and { error }', async () => {
    const limited = await startLimited();
    const perUser = RATE_LIMITS.upload;
    const users = await Promise.all(Array.from({ length: 11 }, (_, i) => signedInClient(limited, `9000000000000003${String(i).padStart(2, '0')}`, 0, `Uploader ${i}`)));
    expect(users.length * perUser).toBeGreaterThan(ADDRESS_RATE_LIMITS.upload);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#654321' } }).png().toBuffer();
    const upload = (user: TestClient) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
      return fetch(`${limited.url}/api/images/api/upload`, { method: 'POST', body: form, headers: { cookie: user.cookieHeader(), origin: limited.url } });
    };
    const hits = await Promise.all(users.flatMap((u) => Array.from({ length: perUser }, () => upload(u))));
    const statuses = hits.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(ADDRESS_RATE_LIMITS.upload);
    expect(statuses.filter((s) => s === 429)).toHaveLength(users.length * perUser - ADDRESS_RATE_LIMITS.upload);
    const refused = hits.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(errorBody(await refused.text())).toMatch(/^Too many requests: try again in \d+ s$/);
    await Promise.all(hits.filter((r) => !r.bodyUsed).map((r) => r.body?.cancel()));
    // the address is spent, not the user: one who has not uploaded yet is refused as well,
    // while writes of another kind keep their own budget
    const fresh = await signedInClient(limited, '900000000000000399', 2, 'Fresh');
    const late = await upload(fresh);
    expect(late.status).toBe(429);
    expect(Number(late.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(errorBody(await late.text())).toMatch(/^Too many requests: try again in \d+ s$/);
    expect((await fresh.request('PUT', '/api/judgement/sendoff-date', { body: '' })).status).toBe(200);
  }, 60_000);

  test('behind a trusted proxy each visitor has their own sign-in budget; without TRUST_PROXY a forged X-Forwarded-For changes nothing', async () => {
    const budget = (srv: TestServer, forwardedFor: string) => {
      const client = new TestClient(srv.url);
      return Promise.all(Array.from({ length: 61 }, () => client.get('/api/oauth/login', { 'x-forwarded-for': forwardedFor }).then((r) => r.status)));
    };
    const proxied = await startTestServer({ TRUST_PROXY: 'loopback' }, { rateLimitScale: 0.2 }); // 60 sign-in requests a minute
    try {
      expect((await budget(proxied, '203.0.113.1')).filter((s) => s === 429)).toHaveLength(1);
      expect((await budget(proxied, '203.0.113.2')).filter((s) => s === 429)).toHaveLength(1);
    } finally {
      await proxied.close();
    }
    const direct = await startTestServer({}, { rateLimitScale: 0.2 });
    try {
      expect((await budget(direct, '203.0.113.1')).filter((s) => s === 429)).toHaveLength(1);
      expect((await budget(direct, '203.0.113.2')).filter((s) => s === 429)).toHaveLength(61);
    } finally {
      await direct.close();
    }
  });

  test('reads are not limited', async () => {
    const limited = await startLimited();
    const statuses = await Promise.all(Array.from({ length: 400 }, () => fetch(`${limited.url}/api/health`).then((r) => r.status)));
    expect(new Set(statuses)).toEqual(new Set([200]));
  });
});
