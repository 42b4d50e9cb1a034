// The league's leaderboard (issue 41): one row per player, every run of theirs counted. 1 point per
// match won and 1 more for each run that won every one of its matches; ties by match wins, then
// game-win share, then who reached their points first.
import { LEAGUE_TOP, type LeaderboardRow } from '../api/leagues.ts';

/** A run's counts from its complete matches. */
export interface RunTotals {
  /** the run's id: the leaderboard links a player's runs */
  id: number;
  discordId: string;
  displayName: string;
  wins: number;
  losses: number;
  gamesWon: number;
  gamesLost: number;
  /** the time of the result that gave the run its last point (null: no point yet) */
  pointsAt: Date | null;
  startedAt: Date;
}

/** A run that won all of its matchesPerRun matches (a run never plays more). */
export const isPerfect = (wins: number, matchesPerRun: number): boolean => wins >= matchesPerRun;

/** 1 per match won, 1 more for a perfect run. */
export const runPoints = (wins: number, matchesPerRun: number): number => wins + (isPerfect(wins, matchesPerRun) ? 1 : 0);

interface Player {
  discordId: string;
  displayName: string;
  points: number;
  matchWins: number;
  matchLosses: number;
  runs: number;
  perfectRuns: number;
  gamesWon: number;
  gamesLost: number;
  reachedAt: number | null;
  firstStart: number;
  /** the player's runs, the first started first */
  runResults: { id: number; wins: number; losses: number; at: number }[];
}

const winRate = (p: Pick<Player, 'gamesWon' | 'gamesLost'>) => {
  const played = p.gamesWon + p.gamesLost;
  return played === 0 ? null : p.gamesWon / played;
};

/**
 * Better first: more points, more match wins, a higher game-win share, then who got there first (the
 * time of their last point; without a point, the start of their first run).
 */
function standing(a: Player, b: Player): number {
  return b.points - a.points
    || b.matchWins - a.matchWins
    || (winRate(b) ?? 0) - (winRate(a) ?? 0)
    || (a.reachedAt ?? a.firstStart) - (b.reachedAt ?? b.firstStart);
}

/** The order of the rows: the standing, then the Discord id, so that it never depends on the order of the runs. */
const compare = (a: Player, b: Player) => standing(a, b) || (a.discordId < b.discordId ? -1 : a.discordId > b.discordId ? 1 : 0);

/** The leaderboard of these runs: places shared only by players equal on every tie-break; the top 8 marked once final. */
export function leaderboard(runs: readonly RunTotals[], { matchesPerRun, final }: { matchesPerRun: number; final: boolean }): LeaderboardRow[] {
  const players = new Map<string, Player>();
  for (const r of runs) {
    let p = players.get(r.discordId);
    if (!p) {
      p = { discordId: r.discordId, displayName: r.displayName, points: 0, matchWins: 0, matchLosses: 0, runs: 0, perfectRuns: 0, gamesWon: 0, gamesLost: 0, reachedAt: null, firstStart: r.startedAt.getTime(), runResults: [] };
      players.set(r.discordId, p);
    }
    const perfect = isPerfect(r.wins, matchesPerRun);
    p.points += runPoints(r.wins, matchesPerRun);
    p.matchWins += r.wins;
    p.matchLosses += r.losses;
    p.runs += 1;
    p.perfectRuns += perfect ? 1 : 0;
    p.gamesWon += r.gamesWon;
    p.gamesLost += r.gamesLost;
    p.firstStart = Math.min(p.firstStart, r.startedAt.getTime());
    if (r.pointsAt && r.wins > 0) p.reachedAt = Math.max(p.reachedAt ?? 0, r.pointsAt.getTime());
    p.runResults.push({ id: r.id, wins: r.wins, losses: r.losses, at: r.startedAt.getTime() });
  }
  const sorted = [...players.values()].sort(compare);
  const rows: LeaderboardRow[] = [];
  sorted.forEach((p, i) => {
    const place = i > 0 && standing(sorted[i - 1]!, p) === 0 ? rows[i - 1]!.place : i + 1;
    rows.push({
      place, discordId: p.discordId, displayName: p.displayName, points: p.points, matchWins: p.matchWins, matchLosses: p.matchLosses,
      runs: p.runs, perfectRuns: p.perfectRuns, gamesWon: p.gamesWon, gamesLost: p.gamesLost, gameWinRate: winRate(p),
      reachedAt: p.reachedAt === null ? null : new Date(p.reachedAt).toISOString(), top8: final && i < LEAGUE_TOP,
      runResults: p.runResults.sort((a, b) => a.at - b.at || a.id - b.id).map(({ id, wins, losses }) => ({ id, wins, losses })),
    });
  });
  return rows;
}
