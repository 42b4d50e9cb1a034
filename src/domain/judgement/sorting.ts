import type { CardStatus } from '../banlists/statuses.ts';
import { NO_OPINION, STATUS_SORT_RANK, VOTE_SORT_RANK, type Vote } from './votes.ts';

/** The sortable columns of the board (spec 1 §2); a vote column is one admin's. */
export type BoardSortKey =
  | { column: 'cardName' }
  | { column: 'vote'; adminId: string }
  | { column: 'status' }
  | { column: 'opinion' }
  | { column: 'poster' }
  | { column: 'reason' };

export type SortDirection = 'asc' | 'desc';

export interface SortableRow {
  id: number;
  cardName: string;
  votes: Readonly<Record<string, Vote>>;
  currentStatus: CardStatus;
  currentOpinion: Vote;
  posterName: string;
  reason: string;
}

const text = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });

function compareBy(key: BoardSortKey, a: SortableRow, b: SortableRow): number {
  switch (key.column) {
    case 'cardName':
      return text(a.cardName, b.cardName);
    case 'vote':
      return VOTE_SORT_RANK[a.votes[key.adminId] ?? NO_OPINION] - VOTE_SORT_RANK[b.votes[key.adminId] ?? NO_OPINION];
    case 'status':
      return STATUS_SORT_RANK[a.currentStatus] - STATUS_SORT_RANK[b.currentStatus];
    case 'opinion':
      return VOTE_SORT_RANK[a.currentOpinion] - VOTE_SORT_RANK[b.currentOpinion];
    case 'poster':
      return text(a.posterName, b.posterName);
    case 'reason':
      return text(a.reason, b.reason);
  }
}

/** Rows sorted by one column; ties keep card-name order (then id) whichever the direction. */
export function sortBoard<T extends SortableRow>(rows: readonly T[], key: BoardSortKey, direction: SortDirection): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compareBy(key, a, b) || text(a.cardName, b.cardName) || a.id - b.id);
}
