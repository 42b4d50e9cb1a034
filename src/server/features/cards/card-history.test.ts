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
      { month: '2026-01', events: 2, leagues: 0, decks: 4, playing: 2, leagueDecks: 0, leaguePlaying: 0, share: 0.5, averageCopies: 1.5, topCutDecks: 1, topCutPlaying: 1, topCutShare: 1 },
      { month: '2026-03', events: 1, leagues: 0, decks: 1, playing: 0, leagueDecks: 0, leaguePlaying: 0, share: 0, averageCopies: 0, topCutDecks: 1, topCutPlaying: 0, topCutShare: 0 },
    ]);
  });

  test('a league counts with the events of the month it became final, its runs among the decks and apart', () => {
    const months = cardMonths([
      { completedAt: new Date('2026-05-10T20:00:00Z'), tally: tallyOfCopies([deck([7], true), deck([8])]) },
      { completedAt: new Date('2026-05-31T23:00:00Z'), tally: tallyOfCopies([deck([7, 7], true), deck([7]), deck([9])]), league: true },
    ], 7);
    expect(months).toEqual([{
      month: '2026-05', events: 1, leagues: 1, decks: 5, playing: 3, leagueDecks: 3, leaguePlaying: 2, share: 3 / 5, averageCopies: 4 / 3,
      topCutDecks: 2, topCutPlaying: 2, topCutShare: 1,
    }]);
  });
});

test('archetypeNames: a setcode names itself and the archetype it belongs to', () => {
  const setnames = new Map([[0x8, 'HERO'], [0x3008, 'Elemental HERO'], [0x1f, 'Neo-Spacian']]);
  expect(archetypeNames([0x3008, 0x1f, 0x777], setnames)).toEqual(['Elemental HERO', 'HERO', 'Neo-Spacian']);
});
