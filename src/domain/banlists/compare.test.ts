import { describe, expect, test } from 'vitest';
import { cardTimeline, changesAsText, compareLists, type ComparedList } from './compare.ts';

const list = (counts: [number, number][], o: Partial<ComparedList> = {}): ComparedList => ({
  whitelist: false, genesys: false, counts: new Map(counts), ...o,
});

describe('compareLists', () => {
  test('groups each change by its new status; a card leaving a plain list becomes Unlimited', () => {
    const from = list([[1, 0], [2, 1], [3, 2], [4, 3], [5, 1]]);
    const to = list([[1, 1], [2, 0], [3, 2], [6, 2], [5, 3]]);
    expect(compareLists(from, to).map((c) => [c.passcode, c.group, c.from.status, c.to.status])).toEqual([
      [2, 'FORBIDDEN', 'LIMITED', 'FORBIDDEN'],
      [1, 'LIMITED', 'FORBIDDEN', 'LIMITED'],
      [6, 'SEMI_LIMITED', 'UNLIMITED', 'SEMI_LIMITED'],
      [5, 'UNLIMITED', 'LIMITED', 'UNLIMITED'],
    ]);
  });

  test('a whitelist: cards leaving it and joining it have their own groups; listed at 3 equals not on a plain list', () => {
    const from = list([[1, 3], [2, 1]], { whitelist: true });
    const to = list([[2, 1], [3, 2]], { whitelist: true });
    expect(compareLists(from, to).map((c) => [c.passcode, c.group])).toEqual([[1, 'OFF_WHITELIST'], [3, 'ON_WHITELIST']]);
    expect(compareLists(list([[1, 3]], { whitelist: true }), list([]))).toEqual([]);
  });

  test('points lists compare points', () => {
    const from = list([[1, 3], [2, 1]], { genesys: true });
    const to = list([[1, 2], [2, 1]], { genesys: true });
    expect(compareLists(from, to)).toEqual([
      { passcode: 1, group: 'POINTS', from: { status: 'UNLIMITED', points: 3 }, to: { status: 'UNLIMITED', points: 2 } },
    ]);
  });

  test('as text: a Discord announcement with escaped names', () => {
    const from = list([[1, 1]]);
    const to = list([[1, 0], [2, 2]]);
    const named = compareLists(from, to).map((c) => ({ ...c, name: c.passcode === 1 ? 'Raigeki' : 'Pot_of *Greed*' }));
    expect(changesAsText('2026.01 → 2026.04', named)).toBe([
      '**2026.01 → 2026.04**', '', '__Newly Forbidden__', '• Raigeki (Limited → Forbidden)',
      '', '__Newly Semi-Limited__', '• Pot\\_of \\*Greed\\* (Unlimited → Semi-Limited)',
    ].join('\n'));
    expect(changesAsText('Same', [])).toBe('**Same**\nNo changes.');
    // an alternate passcode is named by its card, with its passcode: the card itself may change otherwise
    const norden = compareLists(list([[17412721, 0]]), list([[17412721, 1], [17412731, 0]]))
      .map((c) => ({ ...c, name: 'Elder Entity Norden', alternateOf: c.passcode === 17412731 ? 17412721 : null }));
    expect(changesAsText('T', norden).split('\n').filter((l) => l.startsWith('• '))).toEqual([
      '• Elder Entity Norden, passcode 17412731 (Unlimited → Forbidden)', '• Elder Entity Norden (Forbidden → Limited)',
    ]);
  });
});

describe('cardTimeline', () => {
  test('oldest first, each list with its change from the one before', () => {
    const steps = cardTimeline([
      { date: '2026-03-01', name: 'C', whitelist: false, genesys: false, count: 0 },
      { date: '2026-01-01', name: 'A', whitelist: false, genesys: false, count: undefined },
      { date: '2026-02-01', name: 'B', whitelist: false, genesys: false, count: 3 },
      { date: '2026-04-01', name: 'D', whitelist: true, genesys: false, count: undefined },
    ]);
    expect(steps.map((s) => [s.date, s.state.status, s.change, s.previous?.status ?? null])).toEqual([
      ['2026-01-01', 'UNLIMITED', 'FIRST', null],
      ['2026-02-01', 'UNLIMITED', 'SAME', 'UNLIMITED'],
      ['2026-03-01', 'FORBIDDEN', 'CHANGED', 'UNLIMITED'],
      ['2026-04-01', 'NONE', 'CHANGED', 'FORBIDDEN'],
    ]);
  });
});
