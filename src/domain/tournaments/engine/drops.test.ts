import { expect, test } from 'vitest';
import { dropWaitSentence, ownDropWait, type DropMatch } from './drops.ts';

const live = { inProgress: true, completed: false, currentRound: 2 };
const match = (o: Partial<DropMatch> = {}): DropMatch => ({ roundNumber: 2, bye: false, missed: false, complete: false, paired: true, ...o });

test.each([
  ['an open match of the current round', live, [match()], true],
  ['the match complete', live, [match({ complete: true })], false],
  ['a bye', live, [match({ bye: true })], false],
  ['a missed round (late entry)', live, [match({ missed: true })], false],
  ['no opponent yet (a bracket slot waiting)', live, [match({ paired: false })], false],
  ['an open match of an earlier round only', live, [match({ roundNumber: 1 })], false],
  ['between rounds: no match of the round yet', live, [match({ roundNumber: 1, complete: true })], false],
  ['before the start', { ...live, inProgress: false, currentRound: 0 }, [], false],
  ['after the end', { ...live, completed: true }, [match()], false],
] as const)('%s: waits %s', (_what, t, matches, waits) => {
  expect(ownDropWait(t, matches)).toBe(waits ? dropWaitSentence(2) : null);
});

test('the sentence names the round and what to do', () => {
  expect(dropWaitSentence(3)).toBe('You can drop once your match of round 3 is complete: report its score first, or ask the host.');
});
