import { beforeAll, describe, expect, test } from 'vitest';
import { TestClient, signedInClient } from '../../test/test-server.ts';
import { apiTest } from '../../test/api-test.ts';
import { setAuth } from './users-repository.ts';

const { server } = apiTest();
beforeAll(async () => {
  await signedInClient(server, '101', 2, 'Admin One');
  await signedInClient(server, '102', 0, 'Plain');
  await setAuth(server.database.db, '103', 2); // an admin made by the CLI, never signed in
});

describe('users endpoints', () => {
  test('admin-discord-ids lists every auth 2 user, and only them', async () => {
    const ids = await (await fetch(`${server.url}/api/users/admin-discord-ids`)).json();
    expect([...ids].sort()).toEqual(['101', '103']);
  });

  test('username returns the display name', async () => {
    const res = await fetch(`${server.url}/api/users/username?discordId=101`);
    expect(await res.json()).toEqual({ discordId: '101', username: 'Admin One' });
  });

  test('user returns the public profile without the email', async () => {
    const user = await (await fetch(`${server.url}/api/users/user?discordId=102`)).json();
    expect(user).toMatchObject({ discordId: '102', displayName: 'Plain', auth: 0 });
    expect(user).not.toHaveProperty('email');
  });

  test('a user made by the CLI has fallback names until first sign-in', async () => {
    const user = await (await fetch(`${server.url}/api/users/user?discordId=103`)).json();
    expect(user).toMatchObject({ discordId: '103', auth: 2, username: 'user-103' });
  });

  test.each([
    ['unknown id', '/api/users/user?discordId=999', 404, 'User not found'],
    ['missing id', '/api/users/user', 400, /discordId/],
    ['non-numeric id', '/api/users/username?discordId=abc', 400, /discordId/],
  ])('%s gives %s', async (_l, path, status, message) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(status);
    expect((await res.json()).error).toMatch(message);
  });

  test('me reflects a new auth level on the next request', async () => {
    const client = new TestClient(server.url);
    await client.signIn('104');
    expect((await (await client.get('/api/oauth/me')).json()).auth).toBe(0);
    await setAuth(server.database.db, '104', 1);
    expect((await (await client.get('/api/oauth/me')).json()).auth).toBe(1);
  });
});
