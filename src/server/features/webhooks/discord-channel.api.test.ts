// POST …/discord/test's refusals over real HTTP on PGlite and PostgreSQL, in their order: who asks (401, 403)
// and which event (404) before what the event is (409): no webhook, over. Nothing is queued by a refusal.
import { describe, expect, test } from 'vitest';
import { TestClient } from '../../test/test-server.ts';
import { apiTest } from '../../test/api-test.ts';
import { errorOf, ok } from '../tournaments/tournament-test-kit.ts';
import { EVENT_OVER, NO_WEBHOOK } from './discord-channel-routes.ts';

const HOOK = 'https://discord.com/api/webhooks/123456789012345678/abcDEF-token_1';
const { server, host, stranger } = apiTest({ host: ['962100000000000001', 1, 'Hosta'], stranger: ['962100000000000002', 0, 'Stranger'] });

const hosted = async (hook: string | null) =>
  (await ok<{ uid: string }>(await host.post('/api/tournaments/host', { name: 'Probe', format: 'DEFAULT', discordWebhookUrl: hook }))).uid;
const post = (c: TestClient, uid: string) => c.post(`/api/tournaments/${uid}/discord/test`);
const answer = async (res: Response) => [res.status, await errorOf(res)];

describe('POST /api/tournaments/{id}/discord/test refused', () => {
  test('a stranger is a 403 even where the event has no webhook; no event is a 404; a visitor a 401', async () => {
    const bare = await hosted(null);
    expect(await answer(await post(stranger, bare))).toEqual([403, 'Only an admin or the host of this tournament can send a test message to its Discord channel']);
    expect(await answer(await post(stranger, 'no-such-event'))).toEqual([404, 'Tournament not found']);
    expect(await answer(await post(host, 'no-such-event'))).toEqual([404, 'Tournament not found']);
    expect((await post(new TestClient(server.url), bare)).status).toBe(401);
  });

  test('the host: 409 without a webhook, and once the event is over', async () => {
    expect(await answer(await post(host, await hosted(null)))).toEqual([409, NO_WEBHOOK]);
    const over = await hosted(HOOK);
    await ok(await host.post(`/api/tournaments/${over}/cancel`));
    expect(await answer(await post(host, over))).toEqual([409, EVENT_OVER]);
    expect(await answer(await post(stranger, over))).toEqual([403, 'Only an admin or the host of this tournament can send a test message to its Discord channel']);
  });
});
