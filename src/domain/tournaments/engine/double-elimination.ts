// Double elimination: a winners bracket in standard seeding (top seeds get the byes), a losers bracket
// that alternates major rounds (its own survivors) and minor rounds (survivors against the next
// winners-bracket losers, crossed so teams do not meet again early), and a grand final with a reset
// when the losers-bracket champion wins the first set. Byes are not matches: they pass their team on.
import {
  bracketOrder,
  bracketSize,
  evaluateBracket,
  presence,
  type BracketPlan,
  type EvaluatedBracket,
  type PlanNode,
  type Source,
} from './bracket-plan.ts';
import type { EngineMatch } from '../types.ts';

type Ordering = 'natural' | 'reverse' | 'half_shift' | 'reverse_half_shift' | 'pair_flip';

const ORDER: Record<Ordering, <T>(xs: T[]) => T[]> = {
  natural: (xs) => [...xs],
  reverse: (xs) => [...xs].reverse(),
  half_shift: (xs) => [...xs.slice(xs.length / 2), ...xs.slice(0, xs.length / 2)],
  reverse_half_shift: (xs) => [...xs.slice(0, xs.length / 2).reverse(), ...xs.slice(xs.length / 2).reverse()],
  pair_flip: (xs) => xs.flatMap((_, i) => (i % 2 === 0 ? [xs[i + 1]!, xs[i]!] : [])),
};

// Where winners-bracket losers drop, by bracket size: [WB round 1 losers, then each minor round].
// The same table as brackets-manager (after tl.net's "superior double elimination losers bracket
// seeding"), so its brackets serve as a test oracle.
const DROP_ORDER: Record<number, Ordering[]> = {
  4: ['natural', 'reverse'],
  8: ['natural', 'reverse', 'natural'],
  16: ['natural', 'reverse_half_shift', 'reverse', 'natural'],
  32: ['natural', 'reverse', 'half_shift', 'natural', 'natural'],
  64: ['natural', 'reverse', 'half_shift', 'reverse', 'natural', 'natural'],
  128: ['natural', 'reverse', 'half_shift', 'pair_flip', 'pair_flip', 'pair_flip', 'natural'],
};

function dropOrder(size: number, index: number): Ordering {
  const table = DROP_ORDER[size];
  if (table) return table[index] ?? 'natural';
  // larger brackets: alternate so each wave of droppers meets the other half of the losers bracket
  return index === 0 ? 'natural' : index % 2 === 1 ? 'reverse' : 'half_shift';
}

const plans = new Map<number, BracketPlan>();
const PLANS_KEPT = 64;

/**
 * The double-elimination plan for n entrants, rounds packed as tightly as the dependencies allow.
 * Built once per n (reconcile asks for it after every result; the last PLANS_KEPT sizes are kept)
 * and frozen: callers only read it.
 */
export function doubleEliminationPlan(n: number): BracketPlan {
  let plan = plans.get(n);
  if (!plan) {
    plan = deepFreeze(buildPlan(n));
    if (plans.size >= PLANS_KEPT) plans.delete(plans.keys().next().value!);
    plans.set(n, plan);
  }
  return plan;
}

function deepFreeze(plan: BracketPlan): BracketPlan {
  for (const node of plan.nodes) {
    Object.freeze(node.a);
    Object.freeze(node.b);
    Object.freeze(node);
  }
  Object.freeze(plan.nodes);
  Object.freeze(plan.finals);
  return Object.freeze(plan);
}

function buildPlan(n: number): BracketPlan {
  const size = bracketSize(n);
  const k = Math.log2(size);
  const nodes: PlanNode[] = [];
  const add = (node: Omit<PlanNode, 'round' | 'stage'>, stage: number) => nodes.push({ ...node, round: 0, stage }) - 1;

  const order = bracketOrder(size);
  const wb: number[][] = [];
  for (let r = 1; r <= k; r++) {
    const ids: number[] = [];
    for (let i = 0; i < size / 2 ** r; i++) {
      const a: Source = r === 1 ? { kind: 'seed', seed: order[2 * i]! - 1 } : { kind: 'winner', node: wb[r - 2]![2 * i]! };
      const b: Source = r === 1 ? { kind: 'seed', seed: order[2 * i + 1]! - 1 } : { kind: 'winner', node: wb[r - 2]![2 * i + 1]! };
      ids.push(add({ bracket: 'winners', bracketRound: r, slot: i + 1, a, b }, 0));
    }
    wb.push(ids);
  }

  const losersOf = (ids: number[]): Source[] => ids.map((node) => ({ kind: 'loser', node }));
  let lbChampion: Source = { kind: 'loser', node: wb[0]![0]! }; // two entrants: no losers bracket
  if (k >= 2) {
    let lbRound = 0;
    let prev: number[] = [];
    for (let i = 0; i <= k - 2; i++) {
      // major round: WB round 1 losers first, later the survivors of the previous minor round
      lbRound++;
      const major: number[] = [];
      const count = size / 2 ** (i + 2);
      const inputs: Source[] =
        i === 0 ? ORDER[dropOrder(size, 0)](losersOf(wb[0]!)) : prev.map((node) => ({ kind: 'winner', node }));
      for (let s = 0; s < count; s++) {
        major.push(add({ bracket: 'losers', bracketRound: lbRound, slot: s + 1, a: inputs[2 * s]!, b: inputs[2 * s + 1]! }, lbRound));
      }
      // minor round: the next wave of WB losers (team1) against the survivors (team2)
      lbRound++;
      const wave = losersOf(wb[i + 1]!);
      const dropped = i === k - 2 ? wave : ORDER[dropOrder(size, i + 1)](wave);
      prev = major.map((node, s) =>
        add({ bracket: 'losers', bracketRound: lbRound, slot: s + 1, a: dropped[s]!, b: { kind: 'winner', node } }, lbRound),
      );
    }
    lbChampion = { kind: 'winner', node: prev[0]! };
  }
  const gfStage = 2 * (k - 1) + 1;
  const gf1 = add({ bracket: 'grand', bracketRound: 1, slot: 1, a: { kind: 'winner', node: wb[k - 1]![0]! }, b: lbChampion }, gfStage);
  const gf2 = add(
    { bracket: 'grand', bracketRound: 2, slot: 1, a: { kind: 'winner', node: gf1 }, b: { kind: 'loser', node: gf1 }, resetOf: gf1 },
    gfStage,
  );
  const plan: BracketPlan = { entrants: n, nodes, lives: 2, finals: [gf1, gf2] };
  schedule(plan);
  return plan;
}

/**
 * Tournament rounds, per bracket round: one after the latest real match feeding it (a bye passes on
 * the time its team got there), and after the bracket's previous round. So winners round r and the
 * losers round it feeds share a tournament round, and rounds that are all byes take none.
 */
function schedule(plan: BracketPlan): void {
  const pres = presence(plan);
  const live = (s: Source): boolean =>
    s.kind === 'seed' ? s.seed < plan.entrants : s.kind !== 'none' && (s.kind === 'winner' ? pres[s.node]! >= 1 : pres[s.node] === 2);
  const ready = (s: Source): number => {
    if (!live(s) || s.kind === 'seed' || s.kind === 'none') return 0;
    const node = plan.nodes[s.node]!;
    return pres[s.node] === 2 ? node.round : Math.max(ready(node.a), ready(node.b));
  };
  const last = new Map<string, number>();
  for (let i = 0; i < plan.nodes.length; ) {
    const first = plan.nodes[i]!;
    let j = i;
    while (j < plan.nodes.length && plan.nodes[j]!.bracket === first.bracket && plan.nodes[j]!.bracketRound === first.bracketRound) j++;
    let t = 0;
    for (let x = i; x < j; x++) {
      const node = plan.nodes[x]!;
      if (pres[x] === 2) t = Math.max(t, 1 + ready(node.a), 1 + ready(node.b));
    }
    if (t > 0) {
      t = Math.max(t, (last.get(first.bracket) ?? 0) + 1);
      last.set(first.bracket, t);
      for (let x = i; x < j; x++) if (pres[x] === 2) plan.nodes[x]!.round = t;
    }
    i = j;
  }
}

/** Tournament rounds of a double-elimination event of n teams, the grand-final reset counted. */
export function doubleEliminationRounds(n: number): number {
  return Math.max(...doubleEliminationPlan(n).nodes.map((node) => node.round));
}

/**
 * The whole double-elimination bracket from the seeding (best first) and the stored results (keyed
 * by bracket, round and position): every match with its participants known so far (null = TBD).
 * Dropped teams forfeit the matches they have not played.
 */
export function doubleElimination(
  seededTeamIds: readonly string[],
  stored: readonly EngineMatch[],
  opts: { dropped?: ReadonlySet<string> } = {},
): EvaluatedBracket {
  return evaluateBracket(doubleEliminationPlan(seededTeamIds.length), seededTeamIds, stored, opts.dropped);
}
