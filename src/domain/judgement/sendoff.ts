import { STATUS_COUNT } from '../banlists/statuses.ts';
import { combinedOpinion, isRealVote, statusOfVote, votesOfAdmins, type Vote } from './votes.ts';

/** Spec 1 §8: pressing Send Votes before every admin voted a real value on every row. */
export const SENDOFF_NOT_READY_MESSAGE = 'Cannot send votes: all admins must vote on every card first.';
/** An empty board has nothing to publish. */
export const SENDOFF_EMPTY_MESSAGE = 'Cannot send votes: the board is empty.';
/** Every row ended as poll or discussion: a send-off would publish an unchanged list. */
export const SENDOFF_NOTHING_DECIDED_MESSAGE =
  'Cannot send votes: no card has a decided status (every row is a poll or a discussion).';

export type SendoffReadiness = { ready: true } | { ready: false; reason: 'empty' | 'unvoted' | 'undecided'; message: string };

/**
 * Send-off is allowed when the board has rows, every admin voted a real value on each, and at
 * least one row has a decided status (else the banlist would not change). Checked on every press,
 * so no admin presses in vain.
 */
export function sendoffReadiness(
  entries: readonly { votes: Readonly<Record<string, Vote>> }[],
  adminIds: readonly string[],
): SendoffReadiness {
  if (entries.length === 0) return { ready: false, reason: 'empty', message: SENDOFF_EMPTY_MESSAGE };
  const votes = entries.map((e) => votesOfAdmins(e.votes, adminIds));
  if (!votes.every((v) => v.every(isRealVote))) return { ready: false, reason: 'unvoted', message: SENDOFF_NOT_READY_MESSAGE };
  if (!votes.some((v) => statusOfVote(combinedOpinion(v)) !== null)) {
    return { ready: false, reason: 'undecided', message: SENDOFF_NOTHING_DECIDED_MESSAGE };
  }
  return { ready: true };
}

/** True once every current admin is in the pressed list (and there is at least one admin). */
export function everyAdminPressed(pressed: readonly string[], adminIds: readonly string[]): boolean {
  return adminIds.length > 0 && adminIds.every((id) => pressed.includes(id));
}

/** One row of a banlist as stored: EDOPro copy count plus who asked for it and why. */
export interface ListEntry {
  cardId: number;
  count: number;
  reason: string | null;
  posterDiscordId: string | null;
}

export interface JudgedEntry {
  id: number;
  cardId: number;
  opinion: Vote;
  reason: string;
  posterDiscordId: string;
}

export interface PublicationPlan {
  /** the new list, in order: the newest list's rows (decided ones updated in place), then new cards */
  entries: ListEntry[];
  /** board rows whose combined opinion was decided ('0'..'3'): they leave the board */
  publishedEntryIds: number[];
}

/** The banlist a send-off publishes: the newest list with every decided row set to its status. */
export function planPublication(current: readonly ListEntry[], judged: readonly JudgedEntry[]): PublicationPlan {
  const entries = current.map((e) => ({ ...e }));
  const indexOf = new Map(entries.map((e, i) => [e.cardId, i]));
  const publishedEntryIds: number[] = [];
  for (const j of judged) {
    const status = statusOfVote(j.opinion);
    if (status === null) continue;
    const row: ListEntry = { cardId: j.cardId, count: STATUS_COUNT[status], reason: j.reason, posterDiscordId: j.posterDiscordId };
    const at = indexOf.get(j.cardId);
    if (at === undefined) {
      indexOf.set(j.cardId, entries.length);
      entries.push(row);
    } else {
      entries[at] = row;
    }
    publishedEntryIds.push(j.id);
  }
  return { entries, publishedEntryIds };
}
