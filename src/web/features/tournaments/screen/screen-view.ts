// The big screen of the hall (issue 30 §6), its pure parts: what it shows when (the round's pairings
// while it is played, the standings between rounds), the rows of each, and how the pairings page
// through a screen too small for them. Kept apart from React so tests read them as tables.
import type { Match, TournamentState } from '../../../../domain/api/tournaments.ts';
import type { StandingRowBody } from '../../../../domain/api/standings.ts';
import { allResultsIn } from '../playing/clock-view.ts';
import { sideName, winnerSide } from '../playing/match-view.ts';

/** How long each page of pairings stays up before the next. */
export const PAGE_MS = 10_000;

type State = Pick<TournamentState, 'inProgress' | 'completed' | 'cancelled' | 'closed' | 'currentRound' | 'roundComplete'>;

/**
 * What the screen shows: the current round's pairings while any result is missing; the standings
 * once every result is in (until Next Round pairs the next) and at the end; before the start (or
 * for a cancelled event) a line that says so.
 */
export type ScreenMode =
  | { kind: 'pairings' }
  | { kind: 'standings'; final: boolean }
  | { kind: 'waiting'; message: string };

export function screenMode(s: State, matches: readonly Pick<Match, 'roundNumber' | 'complete'>[]): ScreenMode {
  if (s.cancelled) return { kind: 'waiting', message: 'This event was cancelled.' };
  if (s.completed || s.closed) return { kind: 'standings', final: true };
  if (!s.inProgress || s.currentRound < 1) return { kind: 'waiting', message: 'Pairings show here when round 1 starts.' };
  if (s.roundComplete || allResultsIn(matches, s.currentRound)) return { kind: 'standings', final: false };
  return { kind: 'pairings' };
}

/** One line of the pairings: a table and its two teams, or a team's bye. */
export interface ScreenPairing {
  key: number;
  /** null: a bye */
  table: number | null;
  team1: string;
  team2: string | null;
  /** '2–1', '1–1 draw', 'Disputed', or '' while being played */
  result: string;
  /** the side that won (for a mark beside it) */
  winner: 1 | 2 | null;
  /** minutes the host added to this table */
  extraMinutes: number;
  /** this table's own clock end when it runs past the round's (extended, still being played) */
  endsAt: string | null;
  complete: boolean;
}

/** The result of a match as the hall reads it. */
function resultOf(m: Match): string {
  if (m.disputed) return 'Disputed';
  if (!m.complete || m.bye) return '';
  const score = m.finalScore ? `${m.finalScore.team1Wins}–${m.finalScore.team2Wins}` : '';
  if (winnerSide(m) === null) return score ? `${score} draw` : 'Draw';
  return score || 'Done';
}

/**
 * The round's pairings by table, then its byes; a late entry's missed round is no pairing, and a
 * match still waiting for a team (a bracket's later slot) is left off.
 */
export function screenPairings(matches: readonly Match[], round: number): ScreenPairing[] {
  const ofRound = matches.filter((m) => m.roundNumber === round && !m.missed);
  const tables = ofRound
    .filter((m) => !m.bye && m.table !== null && m.team1Id !== null && m.team2Id !== null)
    .sort((a, b) => a.table! - b.table!)
    .map((m): ScreenPairing => ({
      key: m.id,
      table: m.table,
      team1: sideName(m, 1),
      team2: sideName(m, 2),
      result: resultOf(m),
      winner: winnerSide(m),
      extraMinutes: m.extraMinutes,
      endsAt: m.extraMinutes > 0 && !m.complete ? m.endsAt : null,
      complete: m.complete,
    }));
  const byes = ofRound
    .filter((m) => m.bye && (m.team1Id ?? m.team2Id) !== null)
    .sort((a, b) => a.position - b.position)
    .map((m): ScreenPairing => ({
      key: m.id, table: null, team1: sideName(m, m.team1Id ? 1 : 2), team2: null, result: 'Bye', winner: null, extraMinutes: 0, endsAt: null, complete: true,
    }));
  return [...tables, ...byes];
}

/** How many rows of `rowHeight` px fit in `available` px: at least one, so a tiny screen still shows something. */
export function rowsThatFit(available: number, rowHeight: number): number {
  if (!(rowHeight > 0) || !(available > 0)) return 1;
  return Math.max(1, Math.floor(available / rowHeight));
}

/**
 * The pages `count` rows take at up to `fit` a page, as even as they go (13 rows, 12 a page: 7 and 6,
 * not 12 and 1): the size of each page.
 */
export function pageSize(count: number, fit: number): number {
  if (count <= 0) return 1;
  const pages = Math.ceil(count / Math.max(1, fit));
  return Math.ceil(count / pages);
}

/**
 * The page shown at `now` (server time, ms) of `pages`: every screen of the hall on the same page at
 * the same time, turning every PAGE_MS, whatever loaded when.
 */
export function pageAt(now: number, pages: number): number {
  if (pages <= 1) return 0;
  return Math.floor(now / PAGE_MS) % pages;
}

/** The rows of one page, and the words of its indicator ('Page 1 of 3', or null for a single page). */
export function pageOf<T>(rows: readonly T[], fit: number, now: number): { rows: T[]; page: number; pages: number; label: string | null } {
  const size = pageSize(rows.length, fit);
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const page = pageAt(now, pages);
  return { rows: rows.slice(page * size, (page + 1) * size), page, pages, label: pages > 1 ? `Page ${page + 1} of ${pages}` : null };
}

/** The standings the screen shows: the first `fit` rows (ties at the edge are cut; the full list is on the event page). */
export function topStandings(rows: readonly StandingRowBody[], fit: number): StandingRowBody[] {
  // a team that never played is not placed (issue 39): the footer names it apart
  return rows.filter((r) => !r.didNotPlay).sort((a, b) => a.rank - b.rank).slice(0, Math.max(1, fit));
}

/** The standings' heading: 'Final standings', or after which round ('Standings after Swiss round 2 of 3', 'after the final'). */
export function standingsTitle(final: boolean, roundName: string): string {
  if (final) return 'Final standings';
  return `Standings after ${/^(Final|Grand final)/.test(roundName) ? `the ${roundName.toLowerCase()}` : roundName}`;
}

/** W-L-T as the hall reads it: '3-1-0'. */
export const record = (r: Pick<StandingRowBody, 'wins' | 'losses' | 'ties'>) => `${r.wins}-${r.losses}-${r.ties}`;
