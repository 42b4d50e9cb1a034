// Who 'Find a match' pairs with (issue 41): the first waiting run that may meet it. Two runs meet at
// most once, a player never meets their own runs, and a run plays one match at a time. The
// repository loads the waiting runs under the league's lock; this decides.
import { LEAGUE_MESSAGES, type RunStatus } from '../api/leagues.ts';

export interface QueueRun {
  id: number;
  discordId: string;
  status: RunStatus;
  /** the match it is playing (not reported yet) */
  currentMatchId: number | null;
  /** matches paired so far */
  matchCount: number;
  queuedAt: Date | null;
  queuedUntil: Date | null;
}

/** In the queue at `now`: entered, and the entry has not lapsed. */
export const isWaiting = (r: Pick<QueueRun, 'queuedUntil'>, now: Date): boolean => r.queuedUntil !== null && r.queuedUntil > now;

/** Why this run may not look for a match (null: it may). */
export function queueRefusal(r: QueueRun, matchesPerRun: number): string | null {
  if (r.status !== 'active' || r.matchCount >= matchesPerRun) return LEAGUE_MESSAGES.runEnded;
  if (r.currentMatchId !== null) return LEAGUE_MESSAGES.unreported(r.currentMatchId);
  return null;
}

/**
 * `other` may be paired with `run` at `now`: another player's run, waiting, active, playing no match,
 * and not one `run` has met (`met`: the ids of the runs `run` has played or is playing).
 */
export function mayMeet(run: QueueRun, other: QueueRun, met: ReadonlySet<number>, now: Date): boolean {
  return other.id !== run.id && other.discordId !== run.discordId && isWaiting(other, now) && other.status === 'active'
    && other.currentMatchId === null && !met.has(other.id);
}

/** The first waiting run (by when it entered the queue, then id) that may meet `run`; undefined: none, so `run` waits. */
export function firstOpponent(run: QueueRun, waiting: readonly QueueRun[], met: ReadonlySet<number>, now: Date): QueueRun | undefined {
  const at = (r: QueueRun) => r.queuedAt?.getTime() ?? 0;
  let best: QueueRun | undefined;
  for (const other of waiting) {
    if (!mayMeet(run, other, met, now)) continue;
    if (!best || at(other) < at(best) || (at(other) === at(best) && other.id < best.id)) best = other;
  }
  return best;
}
