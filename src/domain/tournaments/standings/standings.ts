// Standings: 3 points a win, 1 a tie; then wins; then Konami's tie-breakers, opponents' match-win
// percentage (OMW%) and opponents' opponents' (OOMW%). A bye scores as `byeKind` says (decision 014):
// a Swiss bye is a win for points and wins but no match for the percentages (nobody's opponent, no
// part of the team's own MW%); a Round Robin bye is a round off, no match at all. A late entry's
// missed round (decision 016) mirrors the Swiss bye: a loss for W-L-T, no opponent and no part of
// any percentage. Walkovers count as played matches. No floor (Konami).
import { byeKind } from '../engine/byes.ts';
import type { EngineMatch, EngineTeam } from '../types.ts';

export interface StandingRow {
  rank: number;
  teamId: string;
  points: number;
  wins: number;
  losses: number;
  ties: number;
  /** Opponents' match-win percentage, 0..1. */
  omw: number;
  /** Opponents' opponents' match-win percentage, 0..1. */
  oomw: number;
  /** Konami's tie-breaker number 'XX YYY ZZZ': points, OMW% and OOMW% to one decimal (66.7% is 667). */
  tieBreaker: string;
  /** real opponents met so far: with none, OMW% and OOMW% have nothing behind them yet (a bye, no round played) */
  opponents: number;
  /** the team was paired at least once (a bye included; a missed round not): a team that never was did not play */
  played: boolean;
}

export const WIN_POINTS = 3;
export const TIE_POINTS = 1;

interface Tally {
  team: EngineTeam;
  wins: number;
  losses: number;
  ties: number;
  opponents: string[];
  /** Match points in real (not bye) matches, and how many real matches. */
  realPoints: number;
  real: number;
}

/** Konami's tie-breaker number for points and the two percentages (0..1), e.g. '09 667 542'. */
export function tieBreakerNumber(points: number, omw: number, oomw: number): string {
  const pct = (x: number) => String(Math.min(999, Math.max(0, Math.round(x * 1000)))).padStart(3, '0');
  return `${String(points).padStart(2, '0')} ${pct(omw)} ${pct(oomw)}`;
}

// equal percentages computed in a different order must compare equal
const exact = (x: number) => Math.round(x * 1e9);

/** Standings of the given teams from the given matches: rank 1 first. */
export function standings(teams: readonly EngineTeam[], matches: readonly EngineMatch[]): StandingRow[] {
  const tally = new Map<string, Tally>();
  for (const team of teams) tally.set(team.id, { team, wins: 0, losses: 0, ties: 0, opponents: [], realPoints: 0, real: 0 });
  for (const m of matches) {
    if (!m.complete) continue;
    if (m.missed) {
      const t = m.team1 !== null ? tally.get(m.team1) : undefined;
      if (t) t.losses++;
      continue;
    }
    if (m.bye) {
      const t = m.team1 !== null ? tally.get(m.team1) : undefined;
      if (t && byeKind(m.bracket) === 'win') t.wins++;
      continue;
    }
    if (m.team1 === null || m.team2 === null) continue;
    const a = tally.get(m.team1);
    const b = tally.get(m.team2);
    const record = (t: Tally | undefined, opponent: string, result: 'win' | 'loss' | 'tie') => {
      if (!t) return;
      t.opponents.push(opponent);
      t.real++;
      if (result === 'win') {
        t.wins++;
        t.realPoints += WIN_POINTS;
      } else if (result === 'loss') t.losses++;
      else {
        t.ties++;
        t.realPoints += TIE_POINTS;
      }
    };
    if (m.winner === null) {
      record(a, m.team2, 'tie');
      record(b, m.team1, 'tie');
    } else {
      record(a, m.team2, m.winner === m.team1 ? 'win' : 'loss');
      record(b, m.team1, m.winner === m.team2 ? 'win' : 'loss');
    }
  }
  const played = new Set<string>();
  for (const m of matches) if (!m.missed) for (const id of [m.team1, m.team2]) if (id !== null) played.add(id);
  const mw = new Map<string, number>();
  for (const [id, t] of tally) mw.set(id, t.real === 0 ? 0 : t.realPoints / (WIN_POINTS * t.real));
  const average = (xs: string[], of: Map<string, number>) => (xs.length === 0 ? 0 : xs.reduce((s, o) => s + (of.get(o) ?? 0), 0) / xs.length);
  const omw = new Map<string, number>();
  for (const [id, t] of tally) omw.set(id, average(t.opponents, mw));
  const rows = [...tally.values()].map((t) => {
    const points = WIN_POINTS * t.wins + TIE_POINTS * t.ties;
    const o = omw.get(t.team.id)!;
    const oo = average(t.opponents, omw);
    return { t, row: { rank: 0, teamId: t.team.id, points, wins: t.wins, losses: t.losses, ties: t.ties, omw: o, oomw: oo, tieBreaker: tieBreakerNumber(points, o, oo), opponents: t.opponents.length, played: played.has(t.team.id) } };
  });
  // a team dropped before it played (a no-show dropped at the start) ranks below every team with its record (issue 29)
  const neverPlayed = (t: Tally) => (t.team.dropped && !played.has(t.team.id) ? 1 : 0);
  rows.sort(
    (x, y) =>
      y.row.points - x.row.points ||
      neverPlayed(x.t) - neverPlayed(y.t) ||
      y.row.wins - x.row.wins ||
      exact(y.row.omw) - exact(x.row.omw) ||
      exact(y.row.oomw) - exact(x.row.oomw) ||
      x.t.team.seed - y.t.team.seed ||
      (x.t.team.id < y.t.team.id ? -1 : x.t.team.id > y.t.team.id ? 1 : 0),
  );
  return rows.map(({ row }, i) => ({ ...row, rank: i + 1 }));
}
