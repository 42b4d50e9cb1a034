// A slow command is deferred and finished on the interaction's webhook; a quick one is answered at once.
import { InteractionResponseType, type APIInteractionResponse } from 'discord-api-types/v10';
import { expect, test } from 'vitest';
import { privateMessage, updateMessage } from '../../../domain/discord/responses.ts';
import { DiscordClient } from '../../discord/discord-client.ts';
import { answerInTime, type Deferrable, type FinishLate } from './deferral.ts';
import { finishInteraction } from './discord-rest.ts';

const command: Deferrable = { kind: 'command', applicationId: '1', token: 'tok' };
const button: Deferrable = { kind: 'button', applicationId: '1', token: 'tok' };
const autocomplete: Deferrable = { kind: 'autocomplete', applicationId: '1', token: 'tok' };
const after = <T>(ms: number, value: T) => new Promise<T>((r) => setTimeout(() => r(value), ms));

function recorder() {
  const calls: [string, APIInteractionResponse][] = [];
  let done!: () => void;
  const finished = new Promise<void>((r) => (done = r));
  const finish: FinishLate = async (_i, how, response) => {
    calls.push([how, response]);
    done();
  };
  return { calls, finished, finish, onLateError: (e: unknown) => { throw e; } };
}

test('in time: the answer itself; late: deferred (ephemeral or not, as decided), then the answer edits it', async () => {
  const r = recorder();
  expect(await answerInTime(command, Promise.resolve(privateMessage('now')), { ...r, ephemeral: true, afterMs: 50 })).toEqual(privateMessage('now'));
  expect(await answerInTime(command, after(40, privateMessage('late')), { ...r, ephemeral: true, afterMs: 5 }))
    .toEqual({ type: InteractionResponseType.DeferredChannelMessageWithSource, data: { flags: 64 } });
  await r.finished;
  expect(r.calls).toEqual([['edit', privateMessage('late')]]);
  expect(await answerInTime(command, after(40, privateMessage('x')), { ...recorder(), ephemeral: false, afterMs: 5 }))
    .toEqual({ type: InteractionResponseType.DeferredChannelMessageWithSource });
});

test('a late button: deferred update; its update edits the message, a refusal follows up; autocomplete gives no choices', async () => {
  const r = recorder();
  expect(await answerInTime(button, after(30, privateMessage('not yours')), { ...r, ephemeral: true, afterMs: 5 })).toEqual({ type: InteractionResponseType.DeferredMessageUpdate });
  await r.finished;
  const u = recorder();
  await answerInTime(button, after(30, updateMessage('Dropped')), { ...u, ephemeral: true, afterMs: 5 });
  await u.finished;
  expect([r.calls[0]![0], u.calls[0]![0]]).toEqual(['follow-up', 'edit']);
  expect(await answerInTime(autocomplete, after(30, privateMessage('x')), { ...recorder(), ephemeral: true, afterMs: 5 }))
    .toEqual({ type: InteractionResponseType.ApplicationCommandAutocompleteResult, data: { choices: [] } });
});

test('the late answer goes to the interaction webhook under DISCORD_API_URL, without the bot token', async () => {
  const seen: [string, RequestInit][] = [];
  const fake = (async (url: string, init: RequestInit) => {
    seen.push([url, init]);
    return new Response('{}', { status: 200 });
  }) as unknown as typeof fetch;
  const client = new DiscordClient({ apiUrl: 'http://fake/api/v10', token: 'bot-secret', fetch: fake });
  await finishInteraction(client, { applicationId: '1', token: 'tok' }, 'edit', { content: 'a', flags: 64 });
  await finishInteraction(client, { applicationId: '1', token: 'tok' }, 'follow-up', { content: 'b', flags: 64 });
  expect(seen.map(([url, init]) => [init.method, url, JSON.parse(init.body as string), 'authorization' in (init.headers as object)])).toEqual([
    ['PATCH', 'http://fake/api/v10/webhooks/1/tok/messages/%40original', { content: 'a' }, false],
    ['POST', 'http://fake/api/v10/webhooks/1/tok', { content: 'b', flags: 64 }, false],
  ]);
});
