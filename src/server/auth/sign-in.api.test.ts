import { describe, expect, test } from 'vitest';
import { TestClient, startTestServer } from '../test/test-server.ts';
import { apiTest } from '../test/api-test.ts';
import { setAuth } from '../features/users/users-repository.ts';

const { server } = apiTest();

/** A sign-in `client` began, approved at the provider as `login`: where the provider sends the browser back. */
async function approvedBy(client: TestClient, login: string): Promise<URL> {
  const authorize = await client.beginLogin();
  authorize.searchParams.set('login', login);
  return new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
}

describe('sign-in through the demo identity provider', () => {
  test('the whole flow gives a session, me and logout end it', async () => {
    const client = new TestClient(server.url);
    const authorize = await client.beginLogin();
    expect(authorize.pathname).toBe('/demo-discord/oauth2/authorize');
    expect(authorize.searchParams.get('scope')).toBe('identify email');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${server.url}/api/oauth/callback`);
    expect(authorize.searchParams.get('state')).toBeTruthy();

    const user = await client.signIn('123456789012345678', 'Kaiba');
    expect(user).toMatchObject({ discordId: '123456789012345678', displayName: 'Kaiba', auth: 0 });
    expect(user.avatarUrl).toMatch(/^https:\/\/cdn\.discordapp\.com\/embed\/avatars\/\d\.png$/);

    const me = await client.get('/api/oauth/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ discordId: '123456789012345678', username: 'kaiba' });

    expect((await client.post('/api/oauth/logout')).status).toBe(200);
    expect(await (await client.get('/api/oauth/me')).json()).toBeNull(); // a visitor is not an error
  });

  test('the session cookie is HttpOnly and SameSite=Lax and the database keeps only its hash', async () => {
    const client = new TestClient(server.url);
    const authorize = await client.beginLogin();
    authorize.searchParams.set('login', '222');
    const approved = await fetch(authorize, { redirect: 'manual' });
    const cb = new URL(approved.headers.get('location')!);
    const res = await client.post('/api/oauth/handle-callback', { code: cb.searchParams.get('code'), state: cb.searchParams.get('state') });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('fh_session='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const token = setCookie.split(';')[0]!.split('=')[1]!;
    const { sessions } = await import('../db/schema.ts');
    const rows = await server.database.db.select().from(sessions);
    expect(rows.some((r) => r.idHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.idHash))).toBe(true);
  });

  test('a session slides: after a day of use the expiry and the cookie move 30 days on; an expired one is gone', async () => {
    const { sessions } = await import('../db/schema.ts');
    const { eq } = await import('drizzle-orm');
    const client = new TestClient(server.url);
    await client.signIn('1212', 'Slider');
    const db = server.database.db;
    const rowOf = async () => (await db.select().from(sessions).where(eq(sessions.discordId, '1212')))[0]!;
    const fiveDays = new Date(Date.now() + 5 * 24 * 3600 * 1000);
    await db.update(sessions).set({ expiresAt: fiveDays }).where(eq(sessions.discordId, '1212'));

    const res = await client.get('/api/oauth/me');
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('fh_session='));
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect((await rowOf()).expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);

    // a fresh session is not rewritten on every request
    expect((await client.get('/api/oauth/me')).headers.getSetCookie()).toEqual([]);

    await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.discordId, '1212'));
    expect(await (await client.get('/api/oauth/me')).json()).toBeNull(); // a visitor is not an error
  });

  test('a replayed code is refused', async () => {
    const client = new TestClient(server.url);
    const cb = await approvedBy(client, '333');
    const body = { code: cb.searchParams.get('code'), state: cb.searchParams.get('state') };
    expect((await client.post('/api/oauth/handle-callback', body)).status).toBe(200);
    // a second attempt, with a fresh flow cookie so that only the code is stale
    const again = await client.beginLogin();
    const replay = await client.post('/api/oauth/handle-callback', { code: body.code, state: again.searchParams.get('state') });
    expect(replay.status).toBe(400);
    expect((await replay.json()).error).toMatch(/Authentication failed/);
  });

  test('a wrong state is refused', async () => {
    const client = new TestClient(server.url);
    const cb = await approvedBy(client, '444');
    const res = await client.post('/api/oauth/handle-callback', { code: cb.searchParams.get('code'), state: 'forged' });
    expect(res.status).toBe(400);
    expect(await (await client.get('/api/oauth/me')).json()).toBeNull(); // a visitor is not an error
  });

  test('a callback without the flow cookie (started elsewhere) is refused', async () => {
    const starter = new TestClient(server.url);
    const cb = await approvedBy(starter, '555');
    const victim = new TestClient(server.url);
    const res = await victim.post('/api/oauth/handle-callback', { code: cb.searchParams.get('code'), state: cb.searchParams.get('state') });
    expect(res.status).toBe(400);
  });

  test('a callback without a code is a 400 with the spec message', async () => {
    const client = new TestClient(server.url);
    await client.beginLogin();
    const res = await client.post('/api/oauth/handle-callback', { state: 'x' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'code: No authorization code was received' });
  });

  test('the demo authorize page lists demo users and refuses a bad client', async () => {
    const client = new TestClient(server.url);
    const authorize = await client.beginLogin();
    const page = await fetch(authorize);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Demo sign-in');
    authorize.searchParams.set('client_id', 'someone-else');
    expect((await fetch(authorize)).status).toBe(400);
  });

  test('the token endpoint refuses a wrong PKCE verifier', async () => {
    const client = new TestClient(server.url);
    const authorize = await client.beginLogin();
    authorize.searchParams.set('login', '666');
    const cb = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
    const res = await fetch(`${server.url}/demo-discord/api/oauth2/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('format-hub-demo:format-hub-demo-secret').toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code', code: cb.searchParams.get('code')!,
        redirect_uri: authorize.searchParams.get('redirect_uri')!, code_verifier: 'not-the-verifier',
      }),
    });
    expect(res.status).toBe(400);
  });

  test('a request carrying only X-Discord-Id is not signed in', async () => {
    await setAuth(server.database.db, '777', 2);
    const res = await fetch(`${server.url}/api/oauth/me`, { headers: { 'X-Discord-Id': '777' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toBeNull();
    const logout = await fetch(`${server.url}/api/oauth/logout`, { method: 'POST', headers: { 'X-Discord-Id': '777', origin: server.url } });
    expect(logout.status).toBe(200); // logout without a session is harmless
  });

  test('a cross-site write is refused', async () => {
    const client = new TestClient(server.url);
    await client.signIn('888');
    const res = await client.post('/api/oauth/logout', undefined, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await client.get('/api/oauth/me')).status).toBe(200);
  });

  test('signing in again keeps the auth level set by an operator', async () => {
    const client = new TestClient(server.url);
    await client.signIn('999', 'Ishizu');
    await setAuth(server.database.db, '999', 2);
    const again = new TestClient(server.url);
    expect(await again.signIn('999', 'Ishizu Renamed')).toMatchObject({ auth: 2, displayName: 'Ishizu Renamed' });
  });
});

describe('the demo provider', () => {
  test('refuses a request relayed by a proxy, even from loopback', async () => {
    const res = await fetch(`${server.url}/demo-discord/oauth2/authorize?client_id=format-hub-demo`, {
      headers: { 'X-Forwarded-For': '203.0.113.9' },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toMatch(/answers only this machine/);
  });


  test('is not served once DISCORD_CLIENT_ID is set', async () => {
    const real = await startTestServer({ DISCORD_CLIENT_ID: 'abc', DISCORD_CLIENT_SECRET: 'def' });
    try {
      const res = await fetch(`${real.url}/demo-discord/oauth2/authorize?client_id=format-hub-demo`);
      expect(res.status).toBe(404);
      const login = await fetch(`${real.url}/api/oauth/login`, { redirect: 'manual' });
      expect(new URL(login.headers.get('location')!).origin).toBe('https://discord.com');
    } finally {
      await real.close();
    }
  });
});
