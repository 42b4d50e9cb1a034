import { describe, expect, test } from 'vitest';
import { tallyOfCopies } from '../../../domain/meta/meta-tally.ts';
import { archetypeNames } from './card-history.ts';
import { cardMonths } from './card-history-meta.ts';

describe('cardMonths', () => {
  const deck = (copies: number[], topCut = false) => ({ archetype: 'X', topCut, copies });
  test('month by month: share of published decks, copies per deck that plays it, top-cut share', () => {
    const months = cardMonths([
      { completedAt: new Date('2026-01-03T20:00:00Z'), tally: tallyOfCopies([deck([7, 7, 8], true), deck([8])]) },
      { completedAt: new Date('2026-01-31T23:59:00Z'), tally: tallyOfCopies([deck([7]), deck([9])]) },
      { completedAt: new Date('2026-03-01T00:00:00Z'), tally: tallyOfCopies([deck([8], true)]) },
    ], 7);
    expect(months).toEqual([
      { month: '2026-01', events: 2, decks: 4, playing: 2, share: 0.5, averageCopies: 1.5, topCutDecks: 1, topCutPlaying: 1, topCutShare: 1 },
      { month: '2026-03', events: 1, decks: 1, playing: 0, share: 0, averageCopies: 0, topCutDecks: 1, topCutPlaying: 0, topCutShare: 0 },
    ]);
  });
});

test('archetypeNames: a setcode names itself and the archetype it belongs to', () => {
  const setnames = new Map([[0x8, 'HERO'], [0x3008, 'Elemental HERO'], [0x1f, 'Neo-Spacian']]);
  expect(archetypeNames([0x3008, 0x1f, 0x777], setnames)).toEqual(['Elemental HERO', 'HERO', 'Neo-Spacian']);
});
