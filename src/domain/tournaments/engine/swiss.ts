// Swiss pairing. Round 1 is a seeded shuffle. Later rounds pair by standings within score groups from
// the top, each group (plus the floaters from above) matched by maximum-weight matching over pairs
// that have not met yet; whoever is left floats down. Pairs are rank neighbours (1 v 2, 3 v 4 by
// tie-breakers within a group); the lowest-ranked team floats.
//
// No avoidable rematch, with group-wise matching: a set of U teams in which nobody has met more than
// r of the others has a rematch-free perfect matching once U >= 2r + 2 (in the graph of allowed
// pairs every team has at least U/2 partners, so by Dirac's theorem it has a Hamiltonian cycle).
// So a group is matched on its own only while at least 2r + 2 teams remain below it: whatever it
// leaves over, the rest can still be paired without a rematch. The last teams (fewer than 2r + 2
// below) are paired together by one maximum-weight matching over all their pairs, rematches
// allowed but weighted so that the fewest are used: none when none is needed.
//
// Large groups are matched in windows of WINDOW teams in rank order (the same argument covers a
// window), and a window whose neighbour pairing has no rematch takes it without a matching: with
// weights favouring neighbours that pairing is the maximum-weight one anyway.
import { hasPerfectMatching, maxWeightMatching, type WeightedEdge } from './matching.ts';
import { mulberry32, shuffle } from './prng.ts';
import { standings } from '../standings/standings.ts';
import type { EngineMatch, EngineTeam } from '../types.ts';

const WINDOW = 32;

export interface SwissRoundInput {
  teams: readonly EngineTeam[];
  /** Earlier matches; only Swiss ones before `round` count. */
  matches: readonly EngineMatch[];
  round: number;
  /** The tournament's stored seed: round 1 is a shuffle drawn from it. */
  seed: number;
  /** Round 1 by the teams' seeds instead (seeding by rating): the top half against the bottom half, 1 v n/2+1. */
  seeded?: boolean;
}

/** The matches of one Swiss round: pairs by table (best first), then the bye (a 2-0 win) if any. */
export function pairSwissRound(input: SwissRoundInput): EngineMatch[] {
  const active = input.teams.filter((t) => !t.dropped);
  const previous = input.matches.filter((m) => m.bracket === 'swiss' && m.round < input.round);
  let order: string[];
  let pairs: Array<[number, number]>;
  let bye: number | null;
  if (previous.length === 0) {
    const bySeed = [...active].sort((a, b) => a.seed - b.seed || (a.id < b.id ? -1 : 1)).map((t) => t.id);
    order = input.seeded ? bySeed : shuffle(bySeed, mulberry32(input.seed));
    pairs = [];
    // seeded: the lowest seed takes the bye, the others fold in halves; else neighbours in the shuffle
    const half = Math.floor(order.length / 2);
    for (let i = 0; i < half; i++) pairs.push(input.seeded ? [i, i + half] : [2 * i, 2 * i + 1]);
    bye = order.length % 2 === 1 ? order.length - 1 : null;
  } else {
    const rank = new Map(standings(input.teams, previous).map((row) => [row.teamId, row]));
    order = active.map((t) => t.id).sort((a, b) => rank.get(a)!.rank - rank.get(b)!.rank);
    const index = new Map(order.map((id, i) => [id, i]));
    const met = order.map(() => new Set<number>());
    const hadBye = new Set<number>();
    for (const m of previous) {
      const a = m.team1 === null ? undefined : index.get(m.team1);
      const b = m.team2 === null ? undefined : index.get(m.team2);
      if (m.bye && a !== undefined) hadBye.add(a);
      if (!m.bye && a !== undefined && b !== undefined && a !== b) {
        met[a]!.add(b);
        met[b]!.add(a);
      }
    }
    const points = order.map((id) => rank.get(id)!.points);
    ({ pairs, bye } = pairRanked(points, met, hadBye));
  }
  const out: EngineMatch[] = pairs
    .map(([a, b]) => (a < b ? [a, b] : [b, a]))
    .sort((p, q) => p[0]! - q[0]!)
    .map(([a, b], i) => ({
      round: input.round,
      bracket: 'swiss',
      position: i + 1,
      team1: order[a!]!,
      team2: order[b!]!,
      bye: false,
      complete: false,
      team1Wins: null,
      team2Wins: null,
      winner: null,
    }));
  if (bye !== null) {
    const team = order[bye]!;
    out.push({ round: input.round, bracket: 'swiss', position: out.length + 1, team1: team, team2: null, bye: true, complete: true, team1Wins: 2, team2Wins: 0, winner: team });
  }
  return out;
}

/**
 * Pairs teams 0..n-1 given in rank order with their points, who met whom, and who had a bye:
 * the bye (odd n) to the lowest-ranked team without one whose absence leaves a rematch-free
 * pairing (else the lowest-ranked without one), then no avoidable rematch, then score groups kept.
 */
export function pairRanked(
  points: readonly number[],
  met: ReadonlyArray<ReadonlySet<number>>,
  hadBye: ReadonlySet<number>,
): { pairs: Array<[number, number]>; bye: number | null } {
  const n = points.length;
  const r = met.reduce((mx, s) => Math.max(mx, s.size), 0);
  const all = Array.from({ length: n }, (_, i) => i);
  let bye: number | null = null;
  if (n % 2 === 1) {
    const fresh = all.filter((i) => !hadBye.has(i));
    const candidates = (fresh.length > 0 ? fresh : all).reverse();
    bye = candidates.find((c) => rematchFree(all.filter((i) => i !== c), met, r)) ?? candidates[0]!;
  }
  const ranked = bye === null ? all : all.filter((i) => i !== bye);
  return { pairs: pairGroups(ranked, points, met, r), bye };
}

/** Whether these teams have a pairing without a rematch (Dirac's bound first, exact when small). */
function rematchFree(teams: readonly number[], met: ReadonlyArray<ReadonlySet<number>>, r: number): boolean {
  if (teams.length >= 2 * r + 2) return true;
  return hasPerfectMatching(teams.length, (i, j) => !met[teams[i]!]!.has(teams[j]!));
}

function pairGroups(ranked: readonly number[], points: readonly number[], met: ReadonlyArray<ReadonlySet<number>>, r: number): Array<[number, number]> {
  const m = ranked.length;
  const pairs: Array<[number, number]> = [];
  let carry: number[] = [];
  let pos = 0;
  while (pos < m || carry.length > 0) {
    let groupEnd = pos;
    while (groupEnd < m && points[ranked[groupEnd]!] === points[ranked[pos]!]) groupEnd++;
    let end = Math.min(groupEnd, pos + WINDOW);
    if (groupEnd - end < WINDOW / 2) end = groupEnd; // no sliver of a group left alone
    if (m - end < 2 * r + 2) {
      pairs.push(...pairTail([...carry, ...ranked.slice(pos)], points, met));
      break;
    }
    const window = [...carry, ...ranked.slice(pos, end)];
    const { matched, left } = pairWindow(window, met);
    pairs.push(...matched);
    carry = left;
    pos = end;
  }
  return pairs;
}

/** Neighbour pairs of a window (carry first), or its maximum-weight matching without rematches. */
function pairWindow(window: readonly number[], met: ReadonlyArray<ReadonlySet<number>>): { matched: Array<[number, number]>; left: number[] } {
  const L = window.length;
  let clean = true;
  for (let i = 0; i + 1 < L && clean; i += 2) clean = !met[window[i]!]!.has(window[i + 1]!);
  if (clean) {
    const matched: Array<[number, number]> = [];
    for (let i = 0; i + 1 < L; i += 2) matched.push([window[i]!, window[i + 1]!]);
    return { matched, left: L % 2 === 1 ? [window[L - 1]!] : [] };
  }
  // weights: most pairs (maxCardinality), then who is left over (the lowest ranked, by a bonus per
  // matched team that dominates), then neighbours (squared rank distance)
  const distanceBound = Math.floor(L / 2) * (L - 1) ** 2 + 1;
  const base = (2 * L + 2) * distanceBound;
  const edges: WeightedEdge[] = [];
  for (let i = 0; i < L; i++) {
    for (let j = i + 1; j < L; j++) {
      if (met[window[i]!]!.has(window[j]!)) continue;
      edges.push([i, j, base + (2 * L - i - j) * distanceBound - (j - i) ** 2]);
    }
  }
  const mate = maxWeightMatching(L, edges, true);
  const matched: Array<[number, number]> = [];
  const left: number[] = [];
  for (let i = 0; i < L; i++) {
    if (mate[i]! < 0) left.push(window[i]!);
    else if (mate[i]! > i) matched.push([window[i]!, window[mate[i]!]!]);
  }
  return { matched, left };
}

/** The last teams, all pairs allowed: fewest rematches, then least score difference, then neighbours. */
function pairTail(teams: readonly number[], points: readonly number[], met: ReadonlyArray<ReadonlySet<number>>): Array<[number, number]> {
  const L = teams.length;
  if (L < 2) return [];
  const half = Math.floor(L / 2);
  let maxGap = 0;
  for (const t of teams) for (const u of teams) maxGap = Math.max(maxGap, (points[t]! - points[u]!) ** 2);
  const rankUnit = half * (L - 1) ** 2 + 1; // above any sum of squared rank distances
  const scoreUnit = rankUnit;
  const rematchUnit = half * (maxGap * scoreUnit + (L - 1) ** 2) + 1; // above any sum of the rest
  const base = rematchUnit + maxGap * scoreUnit + (L - 1) ** 2 + 1;
  const edges: WeightedEdge[] = [];
  for (let i = 0; i < L; i++) {
    for (let j = i + 1; j < L; j++) {
      const a = teams[i]!;
      const b = teams[j]!;
      const w = base - (met[a]!.has(b) ? rematchUnit : 0) - (points[a]! - points[b]!) ** 2 * scoreUnit - (j - i) ** 2;
      edges.push([i, j, w]);
    }
  }
  const mate = maxWeightMatching(L, edges, true);
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < L; i++) if (mate[i]! > i) pairs.push([teams[i]!, teams[mate[i]!]!]);
  return pairs;
}
