// The site's setting behind /notifications (issue 31), as the settings page reads and writes it:
// on until the user turns it off, each user's own, for signed-in users only. The server runs
// without a bot token: the setting is the site's, whether the bot is on or not.
import { describe, expect, test } from 'vitest';
import { TestClient } from '../../test/test-server.ts';
import { apiTest } from '../../test/api-test.ts';
import { ok } from '../tournaments/tournament-test-kit.ts';

const PLAYER = '961931000000000101';
const OTHER = '961931000000000102';
const PATH = '/api/discord/notifications';

const { server, player, other } = apiTest({ player: [PLAYER, 0], other: [OTHER, 0] });


const read = async (client: TestClient) => ok<{ directMessages: boolean }>(await client.get(PATH));
const write = (client: TestClient, body: unknown) => client.request('PUT', PATH, { body });

describe('GET and PUT /api/discord/notifications', () => {
  test('direct messages are on for a user who never chose', async () => {
    expect(await read(player)).toEqual({ directMessages: true });
  });

  test('turned off, they read back off, for that user only; turned on again, on', async () => {
    expect(await ok(await write(player, { directMessages: false }))).toEqual({ directMessages: false });
    expect(await read(player)).toEqual({ directMessages: false });
    expect(await read(other)).toEqual({ directMessages: true });
    expect(await ok(await write(player, { directMessages: true }))).toEqual({ directMessages: true });
    expect(await read(player)).toEqual({ directMessages: true });
  });

  test('a visitor gets a 401 for both, and changes nothing', async () => {
    const visitor = new TestClient(server.url);
    for (const res of [await visitor.get(PATH), await write(visitor, { directMessages: false })]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: expect.any(String) });
    }
    expect(await read(player)).toEqual({ directMessages: true });
  });

  test.each([
    ['a string for the boolean', { directMessages: 'off' }, 'directMessages: must be true or false'],
    ['a missing field', {}, 'directMessages: must be true or false'],
    ['an unknown field', { directMessages: false, email: true }, expect.stringMatching(/\bemail\b/)],
    ['a list for the object', [false], 'body: The body must be a JSON object'],
  ])('a bad body (%s) is a 400 with a sentence, and changes nothing', async (_label, body, error) => {
    const res = await write(player, body);
    expect([res.status, await res.json()]).toEqual([400, { error }]);
    expect(await read(player)).toEqual({ directMessages: true });
  });
});
