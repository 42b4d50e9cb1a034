// Swiss pairing of one round from mid-event standings (after 5 simulated rounds with 5% ties and 1%
// drops a round), at 1,024 and 4,096 teams: the engine (score groups, floaters, windows, one
// matching for the last teams) beside a naive maximum-weight matching over all pairs of the same
// standings. Also the avoidable rematches (must be 0) and the standings recompute of a 4,096-team
// event after 12 rounds. Figures, not assertions; engine figures are medians of RUNS runs after a
// warm-up, naive ones a single run.
//
// The naive matching is cubic. It is measured at 256, 512 and 1,024 teams; at 4,096 it is measured
// only when the fit of those three times says it ends within NAIVE_BUDGET_S seconds (default 60)
// or NAIVE_MAX is at least 4,096 (NAIVE_MAX=4096 forces the real run; give Node
// --max-old-space-size=8192, it holds ~5 GB). Otherwise the 4,096 figure is an estimate, printed as
// one: t(1,024) x 4^e, e the slope of log(time) against log(n) fitted by least squares to the three
// measured sizes. On the 2-CPU machine of issue 11 the forced run took 472 s against an estimate of
// ~380 s: the estimate runs low (the blossom's growth steepens with n), so read it as a lower bound.
import os from 'node:os';
import { currentStandings } from '../src/domain/tournaments/engine/results.ts';
import { hasPerfectMatching, maxWeightMatching, type WeightedEdge } from '../src/domain/tournaments/engine/matching.ts';
import { makeTeams, simulate } from '../src/domain/tournaments/engine/properties/simulate.ts';
import { standings } from '../src/domain/tournaments/standings/standings.ts';
import { pairSwissRound } from '../src/domain/tournaments/engine/swiss.ts';
import { pairKey, type EngineMatch, type EngineTeam } from '../src/domain/tournaments/types.ts';
import { fmt } from './lib.ts';

const RUNS = Number(process.env.RUNS ?? 7);
const NAIVE_MAX = Number(process.env.NAIVE_MAX ?? 1024);
const NAIVE_BUDGET_MS = 1000 * Number(process.env.NAIVE_BUDGET_S ?? 60);
const NAIVE_FIT = [256, 512, 1024];
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

/** Least-squares slope and intercept of log(ms) against log(n). */
function fitPower(points: ReadonlyArray<[number, number]>): { exponent: number; at: (n: number) => number } {
  const xs = points.map(([n]) => Math.log(n));
  const ys = points.map(([, ms]) => Math.log(ms));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const exponent = xs.reduce((s, x, i) => s + (x - mx) * (ys[i]! - my), 0) / xs.reduce((s, x) => s + (x - mx) ** 2, 0);
  return { exponent, at: (n) => Math.exp(my + exponent * (Math.log(n) - mx)) };
}

console.log(`Swiss pairing, one round after 5 rounds; ${os.cpus().length} CPUs, Node ${process.version}, engine median of ${RUNS}, naive one run`);
const naiveTimes = new Map<number, number>();
for (const n of NAIVE_FIT.filter((x) => x < Math.min(...SIZES))) {
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
  let estimate: string | null = null;
  let nq: ReturnType<typeof quality> | null = null;
  const measured = [...naiveTimes].filter(([size]) => size < n);
  const fit = measured.length >= 2 ? fitPower(measured) : null;
  if (n <= NAIVE_MAX || (fit !== null && fit.at(n) <= NAIVE_BUDGET_MS)) {
    const [ms, naive] = time(() => naivePairing(e));
    naiveMs = ms;
    naiveTimes.set(n, ms);
    nq = quality(e, naive);
  } else {
    const [base, baseMs] = measured.at(-1)!;
    naiveMs = baseMs * (n / base) ** fit!.exponent;
    const points = measured.map(([size, ms]) => `${fmt(size)}: ${fmt(ms, 0)} ms`).join(', ');
    estimate =
      `ESTIMATE, not measured: t(${fmt(base)}) x (${fmt(n)}/${fmt(base)})^${fmt(fit!.exponent, 2)}, the exponent fitted by least squares to the measured ` +
      `naive times (${points}), likely low (see the file header); a real run would exceed NAIVE_BUDGET_S=${fmt(NAIVE_BUDGET_MS / 1000)} s ` +
      `(NAIVE_MAX=${n} runs it)`;
  }
  console.log(`\n${fmt(n)} teams (${fmt(pairs.length)} pairs)`);
  console.log(`  engine:           ${fmt(ours, 1)} ms   rematches ${q.rematches}, avoidable rematches ${avoidable(e, pairs)}, pairs across score groups ${q.floated}, total score gap ${q.gap}`);
  if (estimate) {
    console.log(`  naive all-pairs:  ~${fmt(naiveMs / 1000, 0)} s  (${estimate})`);
    console.log(`  ratio naive/engine: ~${fmt(naiveMs / ours, 0)}x (estimated)`);
  } else {
    console.log(`  naive all-pairs:  ${fmt(naiveMs, 0)} ms (measured)   rematches ${nq!.rematches}, pairs across score groups ${nq!.floated}, total score gap ${nq!.gap}`);
    console.log(`  ratio naive/engine: ${fmt(naiveMs / ours, 0)}x (measured)`);
  }
}

const big = midEvent(4096, 12);
currentStandings('DEFAULT', big.teams, big.matches); // warm-up
const recompute = median(Array.from({ length: RUNS }, () => time(() => currentStandings('DEFAULT', big.teams, big.matches))[0]));
console.log(`\nStandings recompute, 4,096 teams after 12 rounds (${fmt(big.matches.length)} matches): ${fmt(recompute, 1)} ms`);
