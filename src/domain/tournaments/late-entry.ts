// Late entries (issue 19, decision 016): with lateEntryRounds n, a Swiss → Top Cut event keeps its
// sign-ups open through round n. A team that signs up during round r is paired from round r + 1
// and has a loss with no opponent recorded for each round 1..r (standings.ts scores it).
import type { TournamentFormat } from './formats.ts';
import type { EngineMatch } from './types.ts';

/** The games of a missed round, as a bye's 2-0 mirrored: the late team 0, nobody 2. */
export const MISSED_SCORE = { team1Wins: 0, team2Wins: 2 } as const;

/**
 * The missed rounds of a team signing up during `round`: one row per round 1..round, each after the
 * positions its round already holds (`taken(r)`: the highest position of Swiss round r, 0 if none).
 */
export function missedRounds(teamId: string, round: number, taken: (round: number) => number): EngineMatch[] {
  return Array.from({ length: Math.max(0, round) }, (_, i) => ({
    round: i + 1,
    bracket: 'swiss' as const,
    position: taken(i + 1) + 1,
    team1: teamId,
    team2: null,
    bye: false,
    complete: true,
    ...MISSED_SCORE,
    winner: null,
    missed: true,
  }));
}

/**
 * The late entry an event really has once it starts: Swiss → Top Cut only; none when the host had
 * locked sign-ups before the start; and at most the Swiss rounds but the last (a team signing up
 * during the last Swiss round would have nothing left to play but losses).
 */
export function lateEntryAtStart(format: TournamentFormat, lateEntryRounds: number, signupsOpen: boolean, swissRounds: number): number {
  if (format !== 'DEFAULT' || !signupsOpen) return 0;
  return Math.max(0, Math.min(lateEntryRounds, swissRounds - 1));
}

/** Why a late sign-up is refused now (null: it is taken), for an event that has started. */
export function lateSignupProblem(t: { format: TournamentFormat; lateEntryRounds: number; currentRound: number }): string | null {
  if (t.format !== 'DEFAULT' || t.lateEntryRounds === 0) return 'Sign-ups are closed: the tournament has started';
  if (t.currentRound > t.lateEntryRounds) {
    return `Sign-ups are closed for good: late entry ran through round ${t.lateEntryRounds}`;
  }
  return null;
}

/** A late sign-up by someone whose team was paired in this event and dropped (a no-show dropped at the start may enter late). */
export const REENTRY_REFUSED = 'You have already played in this tournament and dropped: a player who drops cannot enter again';

/**
 * Whether this person was in a team of the event that played (or missed a round) and has left it:
 * the page does not offer them late entry (the server refuses it). Seen from the teams' records: a
 * team dropped at the start for not checking in has none.
 */
export function droppedAfterPlaying(teams: readonly { dropped: boolean; wins: number; losses: number; ties: number; members: readonly { discordId: string; dropped: boolean }[] }[], discordId: string): boolean {
  return teams.some((t) => t.wins + t.losses + t.ties > 0 && t.members.some((m) => m.discordId === discordId && (m.dropped || t.dropped)));
}
