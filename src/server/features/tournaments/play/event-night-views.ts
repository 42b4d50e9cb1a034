// The event night's part of the tournament, team and match reads (issue 19): check-in, the round
// clock, late entry, tables. Kept apart from tournament-views.ts, which is long enough.
import type { Match, Team, Tournament } from '../../../../domain/api/tournaments.ts';
import type { MatchRow } from './matches-repository.ts';
import type { TeamRow } from '../teams/teams-repository.ts';
import type { TournamentRow } from '../events-repository.ts';

type Reply<T, K extends keyof T> = Pick<T, K>;
type TournamentNight = Reply<Tournament, 'startsAt' | 'checkIn' | 'checkInStatus' | 'topCut' | 'swissRounds' | 'roundMinutes' | 'topCutRoundMinutes' | 'lateEntryRounds' | 'lateEntryOpen' | 'roundEndsAt' | 'deckPrivacy' | 'seedByRating'>;

/** What a match's clock reads of its event. */
type ClockEvent = Pick<TournamentRow, 'inProgress' | 'completed' | 'currentRound' | 'roundMinutes' | 'topCutRoundMinutes' | 'roundStartDates'>;

/** The current round is a top-cut (or bracket) round: its clock is topCutRoundMinutes. */
function isTopCutRound(t: ClockEvent, matches: readonly Pick<MatchRow, 'roundNumber' | 'bracket'>[]): boolean {
  return matches.some((m) => m.roundNumber === t.currentRound && m.bracket === 'top');
}

/** When the current round's clock reaches zero: its start plus its minutes (null: untimed or not running). */
export function roundEndsAt(t: ClockEvent, matches: readonly Pick<MatchRow, 'roundNumber' | 'bracket'>[]): string | null {
  if (!t.inProgress || t.completed || t.currentRound < 1) return null;
  const minutes = isTopCutRound(t, matches) ? t.topCutRoundMinutes : t.roundMinutes;
  const started = t.roundStartDates[t.currentRound - 1];
  if (!minutes || !started) return null;
  return new Date(new Date(started).getTime() + minutes * 60_000).toISOString();
}

/**
 * The clock of each of these matches: the round's end for a match of the current round, none for an
 * earlier or later one. `matches` must hold the current round's matches when any of them is asked
 * about (it says whether the round is a top-cut round).
 */
export function clockOf(t: ClockEvent, matches: readonly Pick<MatchRow, 'roundNumber' | 'bracket'>[]): (m: Pick<MatchRow, 'roundNumber'>) => string | null {
  const end = roundEndsAt(t, matches);
  return (m) => (m.roundNumber === t.currentRound ? end : null);
}

/** Sign-ups are open as late entries: a Swiss event that started, through round lateEntryRounds. */
export function lateEntryOpen(t: TournamentRow): boolean {
  return t.format === 'DEFAULT' && t.inProgress && !t.completed && !t.closed && !t.cancelled && t.currentRound >= 1 && t.currentRound <= t.lateEntryRounds;
}

export function tournamentNight(t: TournamentRow, teams: readonly Pick<TeamRow, 'dropped' | 'checkedInAt'>[], matches: readonly Pick<MatchRow, 'roundNumber' | 'bracket'>[]): TournamentNight {
  const active = teams.filter((x) => !x.dropped);
  return {
    startsAt: t.startsAt?.toISOString() ?? null,
    checkIn: t.checkIn,
    checkInStatus: { open: t.checkInOpen, checkedIn: active.filter((x) => x.checkedInAt).length, total: active.length },
    topCut: t.topCut, swissRounds: t.swissRounds,
    roundMinutes: t.roundMinutes, topCutRoundMinutes: t.topCutRoundMinutes, lateEntryRounds: t.lateEntryRounds,
    lateEntryOpen: lateEntryOpen(t),
    deckPrivacy: t.deckPrivacy, seedByRating: t.seedByRating,
    roundEndsAt: roundEndsAt(t, matches),
  };
}

export function teamNight(t: TeamRow): Pick<Team, 'checkedIn' | 'lateEntryRound'> {
  return { checkedIn: !!t.checkedInAt, lateEntryRound: t.lateEntryRound };
}

/**
 * A match's table, clock and kind. `roundEnd` is when its round's clock reaches zero (null:
 * untimed); a match of an earlier round has no clock any more. The room is never here: only
 * GET .../matches/{mid} adds it, for its players, the host and admins.
 */
export function matchNight(m: MatchRow, roundEnd: string | null): Pick<Match, 'table' | 'extraMinutes' | 'endsAt' | 'missed'> {
  const endsAt = roundEnd && !m.bye && !m.missed ? new Date(new Date(roundEnd).getTime() + m.extraMinutes * 60_000).toISOString() : null;
  return { table: m.tableNumber, extraMinutes: m.extraMinutes, endsAt, missed: m.missed };
}
