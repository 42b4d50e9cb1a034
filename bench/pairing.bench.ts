// Swiss pairing of one round from mid-event standings (after 5 simulated rounds with 5% ties and 1%
// drops a round), at 1,024 and 4,096 teams: the engine (score groups, floaters, windows, one
// matching for the last teams) beside a naive maximum-weight matching over all pairs of the same
// standings. Also the avoidable rematches (must be 0) and the standings recompute of a 4,096-team
// event after 12 rounds. Figures, not assertions; medians of RUNS runs after a warm-up.
//
// The naive matching is cubic: it runs up to NAIVE_MAX teams (default 1,024, ~17 s here) and is
// extrapolated beyond from its own growth between the two largest sizes it ran.
import os from 'node:os';
import { currentStandings } from '../src/domain/tournament/results.ts';
import { hasPerfectMatching, maxWeightMatching, type WeightedEdge } from '../src/domain/tournament/matching.ts';
import { makeTeams, simulate } from '../src/domain/tournament/simulate.ts';
import { standings } from '../src/domain/tournament/standings.ts';
import { pairSwissRound } from '../src/domain/tournament/swiss.ts';
import { pairKey, type EngineMatch, type EngineTeam } from '../src/domain/tournament/types.ts';
import { fmt } from './lib.ts';

const RUNS = Number(process.env.RUNS ?? 7);
const NAIVE_MAX = Number(process.env.NAIVE_MAX ?? 1024);
const SIZES = [1024, 4096];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function time<T>(f: () => T): [number, T] {
  const t = performance.now();
  const out = f();
  return [performance.now() - t, out];
}

interface Event {
  teams: EngineTeam[];
  matches: EngineMatch[];
}

function midEvent(n: number, rounds: number): Event {
  const { state } = simulate('DEFAULT', makeTeams(n), { seed: n + rounds, tieRate: 0.05, dropRate: 0.01, rounds });
  return { teams: [...state.teams], matches: [...state.matches] };
}

/** Pairs of a round as team ids (the bye left out). */
type Pairs = Array<[string, string]>;

/** One maximum-weight matching over every pair of active teams: fewest rematches, then score gaps, then rank distance. */
function naivePairing(e: Event): Pairs {
  const rows = standings(e.teams, e.matches);
  const dropped = new Set(e.teams.filter((t) => t.dropped).map((t) => t.id));
  const active = rows.filter((r) => !dropped.has(r.teamId));
  // the engine's bye rule, so both pair the same teams
  if (active.length % 2 === 1) {
    const hadBye = new Set(e.matches.filter((m) => m.bye).map((m) => m.team1));
    const i = active.map((r) => hadBye.has(r.teamId)).lastIndexOf(false);
    active.splice(i >= 0 ? i : active.length - 1, 1);
  }
  const met = metPairs(e.matches);
  const edges: WeightedEdge[] = [];
  for (let i = 0; i < active.length; i++) {
    for (let j = i + 1; j < active.length; j++) {
      const a = active[i]!;
      const b = active[j]!;
      edges.push([i, j, 1e9 - (met.has(pairKey(a.teamId, b.teamId)) ? 1e8 : 0) - 1e4 * (a.points - b.points) ** 2 - (j - i)]);
    }
  }
  const mate = maxWeightMatching(active.length, edges, true);
  const pairs: Pairs = [];
  mate.forEach((m, i) => m > i && pairs.push([active[i]!.teamId, active[m]!.teamId]));
  return pairs;
}

function metPairs(matches: readonly EngineMatch[]): Set<string> {
  return new Set(matches.filter((m) => !m.bye && m.team1 && m.team2).map((m) => pairKey(m.team1!, m.team2!)));
}

function quality(e: Event, pairs: Pairs) {
  const points = new Map(standings(e.teams, e.matches).map((r) => [r.teamId, r.points]));
  const met = metPairs(e.matches);
  let rematches = 0;
  let floated = 0;
  let gap = 0;
  for (const [a, b] of pairs) {
    if (met.has(pairKey(a, b))) rematches++;
    const d = Math.abs(points.get(a)! - points.get(b)!);
    if (d > 0) floated++;
    gap += d;
  }
  return { rematches, floated, gap };
}

/** Rematches that a rematch-free pairing of the same teams would have avoided. */
function avoidable(e: Event, pairs: Pairs): number {
  const { rematches } = quality(e, pairs);
  if (rematches === 0) return 0;
  const teams = pairs.flat();
  const met = metPairs(e.matches);
  return hasPerfectMatching(teams.length, (i, j) => !met.has(pairKey(teams[i]!, teams[j]!))) ? rematches : 0;
}

console.log(`Swiss pairing, one round after 5 rounds; ${os.cpus().length} CPUs, Node ${process.version}, median of ${RUNS}`);
const naiveTimes = new Map<number, number>();
for (const n of [256, 512].filter((x) => x < Math.min(...SIZES) && x <= NAIVE_MAX)) {
  naiveTimes.set(n, time(() => naivePairing(midEvent(n, 5)))[0]);
}
for (const n of SIZES) {
  const e = midEvent(n, 5);
  const round = { teams: e.teams, matches: e.matches, round: 6, seed: 1 };
  pairSwissRound(round); // warm-up
  const runs = Array.from({ length: RUNS }, () => time(() => pairSwissRound(round)));
  const ours = median(runs.map(([ms]) => ms));
  const pairs: Pairs = runs[0]![1].filter((m) => !m.bye).map((m) => [m.team1!, m.team2!]);
  const q = quality(e, pairs);
  let naiveMs: number;
  let naiveNote = '';
  let nq: ReturnType<typeof quality> | null = null;
  if (n <= NAIVE_MAX) {
    const [ms, naive] = time(() => naivePairing(e));
    naiveMs = ms;
    naiveTimes.set(n, ms);
    nq = quality(e, naive);
  } else {
    const sizes = [...naiveTimes.keys()].sort((a, b) => a - b);
    const [a, b] = sizes.slice(-2) as [number, number];
    const exponent = Math.log(naiveTimes.get(b)! / naiveTimes.get(a)!) / Math.log(b / a);
    naiveMs = naiveTimes.get(b)! * (n / b) ** exponent;
    naiveNote = ` (extrapolated as n^${fmt(exponent, 1)} from ${fmt(b)}, not run)`;
  }
  console.log(`\n${fmt(n)} teams (${fmt(pairs.length)} pairs)`);
  console.log(`  engine:           ${fmt(ours, 1)} ms   rematches ${q.rematches}, avoidable rematches ${avoidable(e, pairs)}, pairs across score groups ${q.floated}, total score gap ${q.gap}`);
  console.log(
    `  naive all-pairs:  ${fmt(naiveMs, 0)} ms${naiveNote}` +
      (nq ? `   rematches ${nq.rematches}, pairs across score groups ${nq.floated}, total score gap ${nq.gap}` : ''),
  );
  console.log(`  ratio naive/engine: ${fmt(naiveMs / ours, 0)}x`);
}

const big = midEvent(4096, 12);
currentStandings('DEFAULT', big.teams, big.matches); // warm-up
const recompute = median(Array.from({ length: RUNS }, () => time(() => currentStandings('DEFAULT', big.teams, big.matches))[0]));
console.log(`\nStandings recompute, 4,096 teams after 12 rounds (${fmt(big.matches.length)} matches): ${fmt(recompute, 1)} ms`);
