// What the stored results imply: brackets filled from results (a changed result resets what it
// fed, the grand-final reset appears or goes, dropped teams forfeit), what an override would
// disturb, the champion and the standings. Pure and free of the matching library, so the browser
// can import it too; the server loads teams and matches, calls these, and writes back the diff.
import { evaluateBracket, seedingFromStored, type BracketPlan, type EvaluatedBracket } from './bracket-plan.ts';
import { doubleEliminationPlan } from './double-elimination.ts';
import { singleEliminationPlan } from './elimination.ts';
import type { TournamentFormat } from '../formats.ts';
import { placementsOf } from '../standings/placements.ts';
import { swissRoundsOf, topCutOf, type EventChoice } from './round-count.ts';
import { standings, type StandingRow } from '../standings/standings.ts';
import { matchKey, walkover, type EngineMatch, type EngineTeam, type MatchResult } from '../types.ts';

export interface EngineState {
  format: TournamentFormat;
  /** The numeric seed stored at the start: Swiss round 1 is drawn from it. */
  seed: number;
  teams: readonly EngineTeam[];
  /** Every stored match of the tournament. */
  matches: readonly EngineMatch[];
  /** The host's Swiss rounds and top cut (Swiss → Top Cut); absent or null: the rule for the teams at the start. */
  choice?: EventChoice | null;
}

export interface MatchDiff {
  create: EngineMatch[];
  update: EngineMatch[];
  remove: EngineMatch[];
}

/** Seed order (1 first), then id. */
export const bySeed = (a: EngineTeam, b: EngineTeam) => a.seed - b.seed || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const ELIMINATION = new Set(['winners', 'losers', 'grand']);

/**
 * After any change (a result, an override, a drop): the stored matches brought in line with the
 * results. Brackets fill their next slots, a changed result resets the matches it no longer feeds,
 * the grand-final reset appears or goes, and dropped teams forfeit matches they have not played.
 */
export function reconcile(state: EngineState): MatchDiff {
  const dropped = droppedSet(state.teams);
  const bracket = evaluatedBracket(state);
  const inBracket = (m: EngineMatch) => bracket !== null && (m.bracket === 'top' || ELIMINATION.has(m.bracket));
  const diff = bracket ? diffMatches(state.matches.filter(inBracket), bracket.matches) : { create: [], update: [], remove: [] };
  // Swiss and Round Robin rows only change by forfeits: no full comparison needed
  for (const m of state.matches) {
    if (inBracket(m)) continue;
    const f = forfeit(m, dropped);
    if (f !== m) diff.update.push(f);
  }
  return diff;
}

/**
 * Before an override of the match `key`: which later matches would change participants, and which
 * of those were already played. Refuse (409) when `played` is not empty unless forced; when forced,
 * store the result and reconcile: those matches are reset and everything downstream recomputed.
 */
export function downstream(state: EngineState, key: string, result: MatchResult): { changed: EngineMatch[]; played: EngineMatch[] } {
  const next = state.matches.map((m) => (matchKey(m) === key ? { ...m, ...result, complete: true } : m));
  const after = new Map(expectedMatches({ ...state, matches: next }).map((m) => [matchKey(m), m]));
  const changed = state.matches.filter((m) => {
    if (matchKey(m) === key) return false;
    const a = after.get(matchKey(m));
    return !a || a.team1 !== m.team1 || a.team2 !== m.team2;
  });
  return { changed, played: changed.filter((m) => m.complete) };
}

/**
 * The champion: the top-cut or bracket champion (null until decided); for Swiss without a cut and
 * Round Robin the first active team of the standings. `choice`: the host's Swiss rounds and cut.
 */
export function champion(
  format: TournamentFormat, teams: readonly EngineTeam[], matches: readonly EngineMatch[], choice?: EventChoice | null,
): string | null {
  const state: EngineState = { format, seed: 0, teams, matches, choice };
  const bracket = evaluatedBracket(state);
  if (bracket) return bracket.champion;
  if (format === 'DOUBLE_ELIM') return null;
  if (format === 'DEFAULT' && topCutOf(startCount(state), choice) > 0) {
    // a cut that could not be filled (fewer than 2 active teams): the Swiss leader, once Swiss is over
    const last = swissRoundsOf(startCount(state), choice);
    const swissDone = matches.some((m) => m.bracket === 'swiss' && m.round === last) && matches.every((m) => m.complete);
    if (!swissDone || teams.filter((t) => !t.dropped).length >= 2) return null;
  }
  const rows = roundStandings(state);
  const dropped = droppedSet(teams);
  return (rows.find((r) => !dropped.has(r.teamId)) ?? rows[0])?.teamId ?? null;
}

/** Standings during the event: Swiss matches for Swiss → Top Cut, else every match of the event. */
export function currentStandings(format: TournamentFormat, teams: readonly EngineTeam[], matches: readonly EngineMatch[]): StandingRow[] {
  return roundStandings({ format, seed: 0, teams, matches });
}

/** The Swiss rounds' part of a Swiss → Top Cut final row. */
export type SwissRecord = Pick<StandingRow, 'rank' | 'wins' | 'losses' | 'ties' | 'points'>;

export interface FinalStandingRow extends StandingRow {
  /** '1st', '2nd', '3rd–4th'…: the places the team holds, shared with those out in the same bracket round; null: it did not play (issue 39) */
  placement: string | null;
  /** Swiss → Top Cut once a cut was played: the Swiss rounds alone (the row counts the cut too); else null */
  swiss: SwissRecord | null;
}

/**
 * Final standings (decision 014): the winner first; then bracket teams by how far they went (the
 * finalist, then by the round they went out in, those out together sharing their places, ordered by
 * standings); then everyone else by standings, a dropped team where its record left it. Points and
 * W-L-T count every match played; OMW%, OOMW% and the tie-breaker stay the ones that ranked the
 * rounds (Swiss's, for a cut). `winner`: the declared one (Mark Winner may name another team).
 */
export function finalStandings(
  format: TournamentFormat,
  teams: readonly EngineTeam[],
  matches: readonly EngineMatch[],
  winner: string | null = null,
  choice?: EventChoice | null,
): FinalStandingRow[] {
  const state: EngineState = { format, seed: 0, teams, matches, choice };
  const rows = roundStandings(state);
  const bracket = evaluatedBracket(state);
  const first = winner ?? champion(format, teams, matches, choice);
  const entrants = new Set(bracket?.matches.flatMap((m) => [m.team1, m.team2]).filter((t): t is string => t !== null));
  const stillIn = bracket ? Math.max(0, ...bracket.eliminatedAt.values()) + 1 : 0;
  // bracket teams are grouped by the stage they went out at (a later stage places higher); null: a place of its own
  const group = (id: string): number | null =>
    id === first ? stillIn + 1 : entrants.has(id) ? (bracket!.eliminatedAt.get(id) ?? stillIn) : null;
  // a team that was never paired (a no-show dropped at the start) is not placed: it comes last, apart
  const sorted = [...rows].sort((a, b) => Number(!a.played) - Number(!b.played) || (group(b.teamId) ?? -1) - (group(a.teamId) ?? -1) || a.rank - b.rank);
  const placed = sorted.filter((r) => r.played);
  const places = placementsOf(placed.map((r) => group(r.teamId)));
  // a Swiss → Top Cut row counts the cut as well; its Swiss part is kept beside it
  const all = format === 'DEFAULT' && bracket ? new Map(standings(teams, matches).map((r) => [r.teamId, r])) : null;
  return sorted.map((r, i) => {
    const full = all?.get(r.teamId);
    const swiss = full ? { rank: r.rank, wins: r.wins, losses: r.losses, ties: r.ties, points: r.points } : null;
    const record = full ? { points: full.points, wins: full.wins, losses: full.losses, ties: full.ties } : {};
    return { ...r, ...record, rank: i + 1, placement: r.played ? places[i]! : null, swiss };
  });
}

/** Stored versus expected matches, by (bracket, round, position). */
export function diffMatches(stored: readonly EngineMatch[], expected: readonly EngineMatch[]): MatchDiff {
  const before = new Map(stored.map((m) => [matchKey(m), m]));
  const after = new Map(expected.map((m) => [matchKey(m), m]));
  const diff: MatchDiff = { create: [], update: [], remove: [] };
  for (const [key, m] of after) {
    const old = before.get(key);
    if (!old) diff.create.push(m);
    else if (!sameMatch(old, m)) diff.update.push(m);
  }
  for (const [key, m] of before) if (!after.has(key)) diff.remove.push(m);
  return diff;
}

function sameMatch(a: EngineMatch, b: EngineMatch): boolean {
  return (
    a.team1 === b.team1 &&
    a.team2 === b.team2 &&
    a.bye === b.bye &&
    a.complete === b.complete &&
    a.team1Wins === b.team1Wins &&
    a.team2Wins === b.team2Wins &&
    a.winner === b.winner
  );
}

/** Ids of the teams that dropped. */
export function droppedSet(teams: readonly EngineTeam[]): Set<string> {
  return new Set(teams.filter((t) => t.dropped).map((t) => t.id));
}

/** Every match as the results say it should be. */
function expectedMatches(state: EngineState): EngineMatch[] {
  const dropped = droppedSet(state.teams);
  const bracket = evaluatedBracket(state);
  const rest = state.matches.filter((m) => !(bracket && (m.bracket === 'top' || ELIMINATION.has(m.bracket)))).map((m) => forfeit(m, dropped));
  return bracket ? [...rest, ...bracket.matches] : rest;
}

/** A Swiss or Round Robin match a dropped team has not played: a walkover for the other team. */
function forfeit(m: EngineMatch, dropped: ReadonlySet<string>): EngineMatch {
  if (m.complete || m.bye || m.team1 === null || m.team2 === null) return m;
  if (dropped.has(m.team1)) return walkover(m, dropped.has(m.team2) ? m.team1 : m.team2);
  if (dropped.has(m.team2)) return walkover(m, m.team1);
  return m;
}

/** The elimination bracket of the event (DE, or a created top cut), evaluated; null if none. */
function evaluatedBracket(state: EngineState): EvaluatedBracket | null {
  const dropped = droppedSet(state.teams);
  if (state.format === 'DOUBLE_ELIM') {
    const rows = state.matches.filter((m) => ELIMINATION.has(m.bracket));
    const entrants = teamsIn(rows, state.teams);
    if (entrants.length < 2) return null;
    const plan = doubleEliminationPlan(entrants.length);
    return evaluateBracket(plan, seeding(plan, rows, entrants), rows, dropped);
  }
  if (state.format !== 'DEFAULT') return null;
  const rows = state.matches.filter((m) => m.bracket === 'top');
  const entrants = teamsIn(rows, state.teams);
  if (entrants.length < 2) return null;
  // the cut as created (engine.ts): right after the last Swiss round, its final always a real match
  // (seeds 1 and 2 sit in opposite halves), so its size is read from the rounds it spans and a
  // host's choice needs no passing around
  let swissLast = 0;
  let topLast = 0;
  for (const m of state.matches) {
    if (m.bracket === 'swiss' && m.round > swissLast) swissLast = m.round;
    if (m.bracket === 'top' && m.round > topLast) topLast = m.round;
  }
  const plan = singleEliminationPlan(2 ** Math.max(1, topLast - swissLast), entrants.length, swissLast + 1);
  const rank = new Map(swissStandings(state).map((r) => [r.teamId, r.rank]));
  const fallback = [...entrants].sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
  return evaluateBracket(plan, seeding(plan, rows, fallback), rows, dropped);
}

/** The seeding the stored bracket was built with; the given order if it cannot be read back. */
function seeding(plan: BracketPlan, rows: readonly EngineMatch[], fallback: readonly EngineTeam[]): string[] {
  return seedingFromStored(plan, rows) ?? fallback.map((t) => t.id);
}

/** Teams that appear in these matches, in seed order. */
function teamsIn(rows: readonly EngineMatch[], teams: readonly EngineTeam[]): EngineTeam[] {
  const ids = new Set(rows.flatMap((m) => [m.team1, m.team2]));
  return teams.filter((t) => ids.has(t.id)).sort(bySeed);
}

/** Teams at the start: everyone in Swiss round 1 (paired or given the bye, not a late entry); else the active teams. */
export function startCount(state: EngineState): number {
  const first = state.matches.filter((m) => m.bracket === 'swiss' && m.round === 1 && !m.missed);
  if (first.length === 0) return state.teams.filter((t) => !t.dropped).length;
  return new Set(first.flatMap((m) => [m.team1, m.team2]).filter((t) => t !== null)).size;
}

/** Round Robin entrants in seed order: every team in round 1 (a bye row included). */
export function roundRobinEntrants(state: EngineState): string[] {
  const first = state.matches.filter((m) => m.bracket === 'rr' && m.round === 1);
  const teams = first.length ? teamsIn(first, state.teams) : state.teams.filter((t) => !t.dropped).sort(bySeed);
  return teams.map((t) => t.id);
}

/** Standings from the Swiss matches only. */
export function swissStandings(state: EngineState): StandingRow[] {
  return standings(state.teams, state.matches.filter((m) => m.bracket === 'swiss'));
}

function roundStandings(state: EngineState): StandingRow[] {
  if (state.format === 'DEFAULT') return swissStandings(state);
  return standings(state.teams, state.matches);
}
