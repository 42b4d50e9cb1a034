import type { APIInteractionResponse } from 'discord-api-types/v10';
import { expect, test } from 'vitest';
import { hostRequestApprovedDm, hostRequestDeclinedDm, levelChangedDm, suspendedAnswer, suspendedDm, suspensionLiftedDm } from './people-messages.ts';

const site = { name: 'Format *Hub*', url: 'https://hub.test' };
const labels = (b: { components?: unknown }) => ((b.components ?? []) as { components: { label: string; url?: string }[] }[]).flatMap((r) => r.components);

test.each([
  ['a promotion to curator', levelChangedDm(site, { from: 0, to: 1, reason: 'runs **Tuesdays** <@1>' }), /made you a curator .*host tournaments.*Reason: runs \\\*\\\*Tuesdays\\\*\\\* \\<\\@1\\>/],
  ['a promotion to admin', levelChangedDm(site, { from: 1, to: 2, reason: 'new judge' }), /made you an admin .*judgement board/],
  ['a demotion to player', levelChangedDm(site, { from: 1, to: 0, reason: 'stepped down' }), /changed your level to a player .*Reason: stepped down/],
  ['a suspension with an end', suspendedDm(site, { reason: 'abuse', until: '2026-05-12T18:00:00Z' }), /suspended until <t:1778608800:f>\. Reason: abuse/],
  ['a suspension until lifted', suspendedDm(site, { reason: 'abuse', until: null }), /suspended until an admin lifts it\. Reason: abuse/],
  ['the end of a suspension', suspensionLiftedDm(site), /lifted: you can sign in/],
  ['an approved request', hostRequestApprovedDm(site), /approved: you are a curator/],
  ['a declined request', hostRequestDeclinedDm(site, 'too new'), /declined\. Reason: too new/],
])('%s: its words, the site’s name escaped, nobody pinged', (_label, body, words) => {
  expect(body.content).toMatch(words);
  expect(body.content).toContain('Format \\*Hub\\*');
  expect(body.allowed_mentions).toEqual({ parse: [] });
});

test('a new curator’s and an approved request’s button opens the host form; a player’s, the site', () => {
  expect(labels(levelChangedDm(site, { from: 0, to: 1, reason: 'x' }))).toEqual([expect.objectContaining({ label: 'Host a tournament', url: 'https://hub.test/tournaments/new' })]);
  expect(labels(hostRequestApprovedDm(site))[0]!.url).toBe('https://hub.test/tournaments/new');
  expect(labels(levelChangedDm(site, { from: 1, to: 0, reason: 'x' }))[0]!.url).toBe('https://hub.test');
});

test('a suspended user’s command is answered privately with the end in their time zone and the reason escaped', () => {
  const data = (r: APIInteractionResponse) => ('data' in r ? r.data : undefined) as { content: string; flags: number };
  const a = data(suspendedAnswer({ reason: '[spam](http://x)', until: '2026-05-12T18:00:00Z' }));
  expect(a.content).toBe('Your account is suspended until <t:1778608800:f>: nothing was done. Reason: \\[spam\\]\\(http\\://x\\)');
  expect(a.flags).toBe(64);
  expect(data(suspendedAnswer({ reason: 'x', until: null })).content).toMatch(/until an admin lifts it/);
});
