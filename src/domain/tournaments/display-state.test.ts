import { describe, expect, test } from 'vitest';
import { displayState, sortForHome } from './display-state.ts';

describe('tournament display state', () => {
  test.each([
    ['in progress, not completed', { inProgress: true, completed: false }, 'Live'],
    ['neither', { inProgress: false, completed: false }, 'Upcoming'],
    ['completed', { inProgress: true, completed: true }, 'Completed'],
    ['completed without the in-progress flag', { inProgress: false, completed: true }, 'Completed'],
  ])('%s is %s', (_l, t, expected) => expect(displayState(t)).toBe(expected));
});

describe('home sort order', () => {
  const t = (name: string, state: 'live' | 'upcoming' | 'completed', createdAt: string, updatedAt?: string) => ({
    name,
    inProgress: state !== 'upcoming',
    completed: state === 'completed',
    createdAt,
    updatedAt: updatedAt ?? createdAt,
  });

  test('Live, then Upcoming, then Completed', () => {
    const sorted = sortForHome([
      t('done', 'completed', '2026-11-20T00:00:00Z'),
      t('soon', 'upcoming', '2026-11-01T00:00:00Z'),
      t('now', 'live', '2026-01-01T00:00:00Z'),
    ]);
    expect(sorted.map((x) => x.name)).toEqual(['now', 'soon', 'done']);
  });

  test('within a group the most recent of updatedAt or createdAt first', () => {
    const sorted = sortForHome([
      t('old', 'upcoming', '2026-01-01T00:00:00Z'),
      t('recently updated', 'upcoming', '2025-01-01T00:00:00Z', '2026-06-01T00:00:00Z'),
      t('new', 'upcoming', '2026-03-01T00:00:00Z'),
    ]);
    expect(sorted.map((x) => x.name)).toEqual(['recently updated', 'new', 'old']);
  });

  test('equal times fall back to the name, and missing times sort last', () => {
    const sorted = sortForHome([
      { name: 'b', inProgress: false, completed: false, createdAt: '2026-01-01T00:00:00Z' },
      { name: 'z no dates', inProgress: false, completed: false },
      { name: 'a', inProgress: false, completed: false, createdAt: '2026-01-01T00:00:00Z' },
      { name: 'y no dates', inProgress: false, completed: false, createdAt: null, updatedAt: null },
    ]);
    expect(sorted.map((x) => x.name)).toEqual(['a', 'b', 'y no dates', 'z no dates']);
  });

  test('upcoming events with a start come first, soonest first; the rest as before (decision 016)', () => {
    const sorted = sortForHome([
      { ...t('no start, newest', 'upcoming', '2026-09-01T00:00:00Z'), startsAt: null },
      { ...t('later', 'upcoming', '2026-01-01T00:00:00Z'), startsAt: '2026-12-20T18:00:00Z' },
      { ...t('sooner', 'upcoming', '2026-01-02T00:00:00Z'), startsAt: '2026-12-05T18:00:00Z' },
      { ...t('live', 'live', '2026-01-01T00:00:00Z'), startsAt: '2027-01-01T00:00:00Z' },
      t('no start, older', 'upcoming', '2026-08-01T00:00:00Z'),
    ]);
    expect(sorted.map((x) => x.name)).toEqual(['live', 'sooner', 'later', 'no start, newest', 'no start, older']);
  });

  test('does not change its input', () => {
    const input = [t('b', 'completed', '2026-01-01T00:00:00Z'), t('a', 'live', '2026-01-01T00:00:00Z')];
    sortForHome(input);
    expect(input.map((x) => x.name)).toEqual(['b', 'a']);
  });
});
