// A slow command is deferred and finished on the interaction's webhook; a quick one is answered at once.
import { InteractionResponseType, InteractionType, type APIInteraction, type APIInteractionResponse } from 'discord-api-types/v10';
import { expect, test } from 'vitest';
import { answerInTime, type FinishLate } from './deferral.ts';
import { finishInteraction } from './discord-rest.ts';
import { privateMessage, updateMessage } from './responses.ts';

const command = { type: InteractionType.ApplicationCommand, application_id: '1', token: 'tok' } as APIInteraction;
const button = { type: InteractionType.MessageComponent, application_id: '1', token: 'tok' } as APIInteraction;
const autocomplete = { type: InteractionType.ApplicationCommandAutocomplete } as APIInteraction;
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
  await finishInteraction('http://fake/api/v10', { application_id: '1', token: 'tok' }, 'edit', { content: 'a', flags: 64 }, fake);
  await finishInteraction('http://fake/api/v10', { application_id: '1', token: 'tok' }, 'follow-up', { content: 'b', flags: 64 }, fake);
  expect(seen.map(([url, init]) => [init.method, url, JSON.parse(init.body as string), 'Authorization' in (init.headers as object)])).toEqual([
    ['PATCH', 'http://fake/api/v10/webhooks/1/tok/messages/%40original', { content: 'a' }, false],
    ['POST', 'http://fake/api/v10/webhooks/1/tok', { content: 'b', flags: 64 }, false],
  ]);
});
