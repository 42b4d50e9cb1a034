import { describe, expect, test } from 'vitest';
import { sortBoard, type BoardSortKey, type SortableRow } from './sorting.ts';

const row = (id: number, o: Partial<SortableRow>): SortableRow => ({
  id, cardName: `Card ${id}`, votes: {}, currentStatus: 'NONE', currentOpinion: 'no opinion', posterName: 'P', reason: '', ...o,
});

const rows: SortableRow[] = [
  row(1, { cardName: 'Raigeki', votes: { a: 'poll' }, currentStatus: 'LIMITED', currentOpinion: 'poll', posterName: 'joey', reason: 'b' }),
  row(2, { cardName: 'ash Blossom', votes: { a: '0' }, currentStatus: 'NONE', currentOpinion: '0', posterName: 'Ada', reason: 'c' }),
  row(3, { cardName: 'Pot of Greed', votes: {}, currentStatus: 'FORBIDDEN', currentOpinion: 'no opinion', posterName: 'Mai', reason: 'a' }),
  row(4, { cardName: 'Dark Hole', votes: { a: 'discussion' }, currentStatus: 'UNLIMITED', currentOpinion: 'discussion', posterName: 'ada', reason: 'd' }),
];
const names = (key: BoardSortKey, dir: 'asc' | 'desc') => sortBoard(rows, key, dir).map((r) => r.cardName);

describe('board sorting', () => {
  test.each<[string, BoardSortKey, string[]]>([
    ['card name, case-insensitive', { column: 'cardName' }, ['ash Blossom', 'Dark Hole', 'Pot of Greed', 'Raigeki']],
    ['an admin’s vote by rank; a missing vote is no opinion', { column: 'vote', adminId: 'a' }, ['ash Blossom', 'Dark Hole', 'Raigeki', 'Pot of Greed']],
    ['status: Forbidden, Limited, Unlimited, then cards on no list', { column: 'status' }, ['Pot of Greed', 'Raigeki', 'Dark Hole', 'ash Blossom']],
    ['opinion: status values, discussion, poll, no opinion', { column: 'opinion' }, ['ash Blossom', 'Dark Hole', 'Raigeki', 'Pot of Greed']],
    ['poster name, ties by card name', { column: 'poster' }, ['ash Blossom', 'Dark Hole', 'Raigeki', 'Pot of Greed']],
    ['reason', { column: 'reason' }, ['Pot of Greed', 'Raigeki', 'ash Blossom', 'Dark Hole']],
  ])('ascending %s', (_l, key, expected) => expect(names(key, 'asc')).toEqual(expected));

  test('descending reverses the order but keeps ties by card name', () => {
    expect(names({ column: 'poster' }, 'desc')).toEqual(['Pot of Greed', 'Raigeki', 'ash Blossom', 'Dark Hole']);
    expect(names({ column: 'opinion' }, 'desc')).toEqual(['Pot of Greed', 'Raigeki', 'Dark Hole', 'ash Blossom']);
  });

  test('the input is not reordered', () => {
    const before = rows.map((r) => r.id);
    sortBoard(rows, { column: 'cardName' }, 'desc');
    expect(rows.map((r) => r.id)).toEqual(before);
  });
});
