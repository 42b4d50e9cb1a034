// Whether a queued Discord message still says something true (issue 30 §7): the pairings of a round
// once the next round is paired, or a check-in call once the event has started, would mislead the
// channel if sent late, so the outbox drops them instead. The champion is always worth sending.
import type { TournamentRow } from '../tournaments/events-repository.ts';

export type EventNow = Pick<TournamentRow, 'currentRound' | 'completed' | 'cancelled'>;

/** Why the message is no longer worth sending, or null while it is. */
export function overReason(kind: string, round: number | undefined, t: EventNow | undefined): string | null {
  if (!t) return 'the event no longer exists';
  if (kind === 'champion') return null;
  if (t.cancelled) return 'the event was cancelled';
  if (t.completed) return 'the event is over';
  if (kind === 'check-in' && t.currentRound >= 1) return 'check-in is over: the event has started';
  if (kind === 'pairings' && round !== undefined && t.currentRound > round) return `round ${round} is over: round ${t.currentRound} has been paired`;
  return null;
}
