import { describe, expect, test } from 'vitest';
import {
  SENDOFF_EMPTY_MESSAGE, SENDOFF_NOT_READY_MESSAGE, SENDOFF_NOTHING_DECIDED_MESSAGE, everyAdminPressed, planPublication, sendoffReadiness,
  type JudgedEntry, type ListEntry,
} from './sendoff.ts';
import type { Vote } from './votes.ts';

describe('send-off readiness', () => {
  const admins = ['a', 'b'];
  const row = (votes: Record<string, Vote>) => ({ votes });
  test.each<[string, { votes: Record<string, Vote> }[], boolean]>([
    ['every admin voted a status on every row', [row({ a: '0', b: '1' }), row({ a: '3', b: '3' })], true],
    ['poll and discussion are real values (another row decided)', [row({ a: 'poll', b: 'discussion' }), row({ a: '2', b: '2' })], true],
    ['one row lacks a vote', [row({ a: '0', b: '1' }), row({ a: '0' })], false],
    ['no opinion is not a real value', [row({ a: '0', b: 'no opinion' })], false],
    ['a former admin’s vote does not stand in for a current one', [row({ a: '0', c: '1' })], false],
  ])('%s → ready %s', (_l, entries, ready) => {
    const r = sendoffReadiness(entries, admins);
    expect(r.ready).toBe(ready);
    if (!r.ready) expect(r.message).toBe(SENDOFF_NOT_READY_MESSAGE);
  });

  test('every row voted but none decided (polls, discussions): not ready, said before anyone presses', () => {
    expect(sendoffReadiness([row({ a: 'poll', b: 'discussion' }), row({ a: '0', b: '1' })], admins)).toEqual({
      ready: false, reason: 'undecided', message: SENDOFF_NOTHING_DECIDED_MESSAGE,
    });
  });

  test('an empty board cannot be sent', () => {
    expect(sendoffReadiness([], admins)).toEqual({ ready: false, reason: 'empty', message: SENDOFF_EMPTY_MESSAGE });
  });

  test.each([
    ['everyone pressed', ['a', 'b'], ['a', 'b'], true],
    ['pressed in another order, plus a former admin', ['c', 'b', 'a'], ['a', 'b'], true],
    ['one admin still to press', ['a'], ['a', 'b'], false],
    ['no admins at all', [], [], false],
  ])('every admin pressed: %s → %s', (_l, pressed, adminIds, expected) =>
    expect(everyAdminPressed(pressed, adminIds)).toBe(expected));
});

describe('publication plan', () => {
  const current: ListEntry[] = [
    { cardId: 10, count: 0, reason: 'old reason', posterDiscordId: 'p0' },
    { cardId: 20, count: 1, reason: null, posterDiscordId: null },
    { cardId: 30, count: 2, reason: null, posterDiscordId: null },
  ];
  const judged = (id: number, cardId: number, opinion: Vote): JudgedEntry => ({
    id, cardId, opinion, reason: `reason ${id}`, posterDiscordId: `p${id}`,
  });

  test('decided rows change the listed card in place and add new cards at the end', () => {
    const plan = planPublication(current, [judged(1, 20, '3'), judged(2, 99, '0'), judged(3, 30, '1')]);
    expect(plan.entries).toEqual([
      { cardId: 10, count: 0, reason: 'old reason', posterDiscordId: 'p0' },
      { cardId: 20, count: 3, reason: 'reason 1', posterDiscordId: 'p1' },
      { cardId: 30, count: 1, reason: 'reason 3', posterDiscordId: 'p3' },
      { cardId: 99, count: 0, reason: 'reason 2', posterDiscordId: 'p2' },
    ]);
    expect(plan.publishedEntryIds).toEqual([1, 2, 3]);
  });

  test.each<[string, Vote]>([
    ['poll', 'poll'], ['discussion', 'discussion'], ['no opinion', 'no opinion'],
  ])('a %s row stays on the board and leaves the list unchanged', (_l, opinion) => {
    const plan = planPublication(current, [judged(1, 10, opinion), judged(2, 99, '2')]);
    expect(plan.entries.slice(0, 3)).toEqual(current);
    expect(plan.entries[3]).toEqual({ cardId: 99, count: 2, reason: 'reason 2', posterDiscordId: 'p2' });
    expect(plan.publishedEntryIds).toEqual([2]);
  });

  test('the newest list is not modified', () => {
    const before = structuredClone(current);
    planPublication(current, [judged(1, 10, '3')]);
    expect(current).toEqual(before);
  });

  test('without a previous list the decided rows make the list', () => {
    expect(planPublication([], [judged(1, 5, '1')]).entries).toEqual([{ cardId: 5, count: 1, reason: 'reason 1', posterDiscordId: 'p1' }]);
  });
});
