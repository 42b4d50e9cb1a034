import { describe, expect, test } from 'vitest';
import { eventFacts } from './event-facts.ts';

const base = {
  format: 'DEFAULT' as const, inProgress: false, completed: false, cancelled: false, topCut: null, swissRounds: null,
  roundMinutes: 50, topCutRoundMinutes: 0, lateEntryRounds: 0,
};
const shown = (...args: Parameters<typeof eventFacts>) => Object.fromEntries(eventFacts(...args).map((f) => [f.label, f.value]));

describe('the event plan in the details', () => {
  test('before the start, the rule’s Swiss rounds and cut for the teams so far; the host’s own as chosen', () => {
    expect(shown(base, 12)).toEqual({ 'Swiss rounds': '4 (for 12 teams so far)', 'Top cut': 'Top 2 (for 12 teams so far)', 'Round time': '50 minutes', 'Top cut rounds': 'Untimed' });
    expect(shown(base, 1)).toMatchObject({ 'Swiss rounds': '3 (for 1 team so far)', 'Top cut': 'None (for 1 team so far)' });
    expect(shown({ ...base, topCut: 4, swissRounds: 5, topCutRoundMinutes: 30, lateEntryRounds: 2 }, 12)).toEqual({
      'Swiss rounds': '5', 'Top cut': 'Top 4', 'Round time': '50 minutes', 'Top cut rounds': '30 minutes', 'Late entry': 'Through round 2',
    });
    // no cut: no cut's clock
    expect(shown({ ...base, topCut: 0, roundMinutes: 0 }, 40)).toEqual({ 'Swiss rounds': '6 (for 40 teams so far)', 'Top cut': 'None', 'Round time': 'Untimed' });
  });

  test('after the start the clocks only (the banner counts the rounds); other formats have no Swiss or cut; nothing once over', () => {
    expect(shown({ ...base, inProgress: true, topCut: 4, lateEntryRounds: 1 }, 12)).toEqual({ 'Round time': '50 minutes', 'Top cut rounds': 'Untimed' });
    expect(shown({ ...base, format: 'ROUND_ROBIN', lateEntryRounds: 2 }, 6)).toEqual({ 'Round time': '50 minutes' });
    expect(eventFacts({ ...base, completed: true }, 8)).toEqual([]);
    expect(eventFacts({ ...base, cancelled: true }, 8)).toEqual([]);
  });
});
