// The one Discord client (issue 38 §1): what an answer says (status, Discord's code, JSON, a
// sentence without secrets), the only reading of a 429, the limits it keeps per route and global,
// where each call goes, and attachment downloads that are bounded in size and time.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DiscordClient, download, routeKey } from './discord-client.ts';

const TOKEN = 'bot-s3cret.token';
const answering = (res: Response | (() => never), seen: [string, RequestInit][] = []) =>
  (async (url: string, init: RequestInit) => {
    seen.push([url, init]);
    return typeof res === 'function' ? res() : res;
  }) as unknown as typeof fetch;

function client(res: Response | (() => never), seen?: [string, RequestInit][], now = () => 1_000_000) {
  return new DiscordClient({ apiUrl: 'https://discord.test/api/v10', relayUrl: 'http://relay.test/base', token: TOKEN, timeoutMs: 1000, now, fetch: answering(res, seen) });
}
const post = (c: DiscordClient, path = '/channels/42/messages') => c.call({ method: 'POST', path, body: { content: 'x' } });

describe('what an answer says', () => {
  test('2xx: its JSON and its window; a window used up holds that route until it resets', async () => {
    const c = client(Response.json({ id: '7' }, { headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1470173023.123', 'x-ratelimit-reset-after': '1.5', 'x-ratelimit-bucket': 'abc', 'x-ratelimit-scope': 'user' } }));
    const a = await post(c);
    expect(a).toEqual({
      status: 200, ok: true, code: null, json: { id: '7' }, error: null,
      limits: { bucket: 'abc', remaining: 0, resetAt: 1470173023123, resetAfterMs: 1500, retryAfterMs: null, global: false, scope: 'user' },
    });
    expect(c.waitMs('POST', '/channels/42/messages')).toBe(1500);
    expect(c.waitMs('POST', '/channels/42/messages/9')).toBe(1500); // the same channel: the same limit
    expect(c.waitMs('POST', '/channels/43/messages')).toBe(0);
  });

  test('429: the body’s exact retry_after, else Retry-After; global holds every route', async () => {
    const body = await post(client(Response.json({ message: 'You are being rate limited.', retry_after: 0.25, global: false }, { status: 429, headers: { 'retry-after': '1' } })));
    expect(body).toMatchObject({ status: 429, ok: false, limits: { retryAfterMs: 250, global: false } });
    const header = await post(client(new Response('slow down', { status: 429, headers: { 'retry-after': '4' } })));
    expect(header.limits.retryAfterMs).toBe(4000);
    const c = client(Response.json({ message: 'You are being rate limited.', retry_after: 2, global: true }, { status: 429 }));
    await post(c);
    expect([c.globalWaitMs(), c.waitMs('POST', '/users/@me/channels'), c.waitMs('PUT', '/applications/1/commands')]).toEqual([2000, 2000, 2000]);
    // the bot's global limit is its token's: a webhook post (no token) goes on
    expect([c.globalWaitMs('none'), c.waitMs('POST', '/webhooks/1/t', 'none')]).toEqual([0, 0]);
  });

  test('a refusal: Discord’s message and code; a redirect is not followed; a 5xx keeps the start of its answer', async () => {
    expect(await post(client(Response.json({ message: 'Cannot send messages to this user', code: 50007 }, { status: 403 }))))
      .toMatchObject({ status: 403, ok: false, code: 50007, error: 'HTTP 403: Cannot send messages to this user (50007)' });
    expect((await post(client(new Response(null, { status: 302, headers: { location: 'https://elsewhere.test' } })))).error).toBe('HTTP 302: redirected (not followed)');
    expect((await post(client(new Response('<html>bad gateway</html>', { status: 502 })))).error).toBe('HTTP 502: <html>bad gateway</html>');
  });

  test('no answer: a timeout or a refused connection, named without a secret', async () => {
    const timeout = () => { throw Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' }); };
    expect(await post(client(timeout))).toMatchObject({ status: null, ok: false, error: 'no answer within 1 s' });
    const refused = () => { throw Object.assign(new TypeError(`fetch failed for ${TOKEN}`), { cause: { code: 'ECONNREFUSED' } }); };
    expect((await post(client(refused))).error).toBe('could not reach Discord (ECONNREFUSED)');
    const leaky = () => { throw new TypeError(`bad header Bot ${TOKEN} and webhook hook-secret`); };
    const c = client(leaky);
    const error = (await c.call({ method: 'POST', path: '/webhooks/1/hook-secret', auth: 'none', secrets: ['hook-secret'] })).error!;
    expect(error).not.toContain('hook-secret');
    expect((await post(client(leaky))).error).not.toContain(TOKEN);
  });

  test('an answer is read only up to a bound', async () => {
    const out = await post(client(new Response('x'.repeat(5_000_000), { status: 500 })));
    expect(out.error!.length).toBeLessThanOrEqual(220);
  });
});

describe('where a call goes', () => {
  test('under DISCORD_API_URL with the bot token; a webhook post without it, to the relay when one is set', async () => {
    const seen: [string, RequestInit][] = [];
    const c = client(new Response(null, { status: 204 }), seen);
    await post(c);
    await c.call({ method: 'POST', path: '/webhooks/1/tok', body: {}, auth: 'none', relay: true });
    await c.call({ method: 'PATCH', path: '/webhooks/2/itok/messages/%40original', body: {}, auth: 'none' });
    expect(seen.map(([url, init]) => [url, (init.headers as Record<string, string>).authorization ?? null, init.redirect])).toEqual([
      ['https://discord.test/api/v10/channels/42/messages', `Bot ${TOKEN}`, 'manual'],
      ['http://relay.test/base/api/webhooks/1/tok', null, 'manual'],
      ['https://discord.test/api/v10/webhooks/2/itok/messages/%40original', null, 'manual'],
    ]);
  });

  test('a call as the bot without a token is not made', async () => {
    const seen: [string, RequestInit][] = [];
    const c = new DiscordClient({ apiUrl: 'https://discord.test/api/v10', fetch: answering(new Response(null, { status: 204 }), seen) });
    expect(await post(c)).toMatchObject({ ok: false, status: null, error: 'the bot has no token (DISCORD_BOT_TOKEN)' });
    expect(seen).toEqual([]);
  });

  test('route keys: the top-level resource, else the route', () => {
    expect(routeKey('POST', '/channels/42/messages')).toBe('channels/42');
    expect(routeKey('POST', '/webhooks/1/tok')).toBe('webhooks/1/tok');
    expect(routeKey('PATCH', '/webhooks/1/tok/messages/%40original')).toBe('webhooks/1/tok');
    expect(routeKey('POST', '/users/@me/channels')).toBe('POST /users/@me/channels');
    expect(routeKey('PUT', '/applications/123/guilds/456/commands')).toBe('PUT /applications/:id/guilds/:id/commands');
  });

  test('a limit lasts as long as Discord said, on the client’s clock', async () => {
    let now = 0;
    const c = client(Response.json({ retry_after: 3 }, { status: 429 }), undefined, () => now);
    await post(c);
    expect(c.waitMs('POST', '/channels/42/messages')).toBe(3000);
    now = 2500;
    expect(c.waitMs('POST', '/channels/42/messages')).toBe(500);
    now = 3000;
    expect(c.waitMs('POST', '/channels/42/messages')).toBe(0);
  });
});

describe('an attachment from the CDN', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/small') return res.end('hello');
      if (req.url === '/big') return res.end(Buffer.alloc(5000, 0x31));
      if (req.url === '/moved') return res.writeHead(302, { location: '/small' }).end();
      if (req.url === '/missing') return res.writeHead(404).end();
      // the body trickles: its first bytes, then nothing until after the time limit
      if (req.url === '/slow') {
        res.writeHead(200, { 'content-length': '10' });
        res.write('12345');
        setTimeout(() => res.end('67890'), 1500).unref();
        return;
      }
      // cut short: fewer bytes than announced, then the connection closes
      res.writeHead(200, { 'content-length': '100' });
      res.write('only part');
      setTimeout(() => req.socket.destroy(), 20);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }));
  const get = (path: string) => download(new URL(`${base}${path}`), { maxBytes: 1024, timeoutMs: 300 });

  test('read whole within its bounds; past the size, read no further', async () => {
    expect(await get('/small')).toEqual({ kind: 'ok', bytes: Buffer.from('hello') });
    expect(await get('/big')).toEqual({ kind: 'too-big' });
  });

  test('a redirect, a 404, a body slower than the time limit or cut short: not sent', async () => {
    expect(await get('/moved')).toEqual({ kind: 'failed', status: null });
    expect(await get('/missing')).toEqual({ kind: 'failed', status: 404 });
    expect(await get('/slow')).toEqual({ kind: 'failed', status: 200 });
    expect(await get('/cut')).toEqual({ kind: 'failed', status: 200 });
  });
});
