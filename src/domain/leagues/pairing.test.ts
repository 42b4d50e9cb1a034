import { describe, expect, test } from 'vitest';
import { LEAGUE_MESSAGES } from '../api/leagues.ts';
import { firstOpponent, mayMeet, queueRefusal, type QueueRun } from './pairing.ts';

const now = new Date('2026-05-10T12:00:00Z');
const minutesAgo = (n: number) => new Date(now.getTime() - n * 60_000);
const run = (id: number, over: Partial<QueueRun> = {}): QueueRun => ({
  id, discordId: `p${id}`, status: 'active', currentMatchId: null, matchCount: 0, queuedAt: minutesAgo(1), queuedUntil: minutesAgo(-14), ...over,
});

describe('mayMeet: who a run may be paired with', () => {
  const me = run(1);
  test.each([
    ['another player waiting', run(2), new Set<number>(), true],
    ['the same run', me, new Set<number>(), false],
    ['another run of the same player', run(2, { discordId: 'p1' }), new Set<number>(), false],
    ['a run met before', run(2), new Set([2]), false],
    ['a run met before by another of my runs only (runs meet once, not players)', run(2), new Set([9]), true],
    ['a run whose entry lapsed', run(2, { queuedUntil: minutesAgo(0) }), new Set<number>(), false],
    ['a run not in the queue', run(2, { queuedAt: null, queuedUntil: null }), new Set<number>(), false],
    ['a run playing a match', run(2, { currentMatchId: 7 }), new Set<number>(), false],
    ['a retired run', run(2, { status: 'retired' }), new Set<number>(), false],
    ['a complete run', run(2, { status: 'complete' }), new Set<number>(), false],
  ])('%s', (_label, other, met, expected) => {
    expect(mayMeet(me, other, met, now)).toBe(expected);
  });
});

describe('firstOpponent', () => {
  test('the first to enter the queue of those it may meet', () => {
    const waiting = [run(4, { queuedAt: minutesAgo(2) }), run(3, { queuedAt: minutesAgo(5) }), run(2, { queuedAt: minutesAgo(9) })];
    expect(firstOpponent(run(1), waiting, new Set([2]), now)?.id).toBe(3);
  });

  test('equal entry times: the lower id', () => {
    expect(firstOpponent(run(1), [run(6), run(5)], new Set(), now)?.id).toBe(5);
  });

  test('nobody it may meet: it waits', () => {
    expect(firstOpponent(run(1), [run(2, { discordId: 'p1' }), run(3)], new Set([3]), now)).toBeUndefined();
    expect(firstOpponent(run(1), [], new Set(), now)).toBeUndefined();
  });
});

describe('queueRefusal', () => {
  test.each([
    ['an active run between matches', run(1, { matchCount: 2 }), null],
    ['a run playing a match', run(1, { currentMatchId: 12 }), LEAGUE_MESSAGES.unreported(12)],
    ['a run that played all its matches', run(1, { matchCount: 5 }), LEAGUE_MESSAGES.runEnded],
    ['a retired run', run(1, { status: 'retired' }), LEAGUE_MESSAGES.runEnded],
    ['a run closed by the end', run(1, { status: 'closed' }), LEAGUE_MESSAGES.runEnded],
  ])('%s', (_label, r, refusal) => {
    expect(queueRefusal(r, 5)).toBe(refusal);
  });
});
