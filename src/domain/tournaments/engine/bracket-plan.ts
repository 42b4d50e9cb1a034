// An elimination bracket as a plan of slots fed by seeds, winners and losers of earlier slots, and
// one evaluator that turns a plan, the entrants and the stored results into matches. Single and
// double elimination only differ in their plans.
import { matchKey, type Bracket, type EngineMatch, type MatchResult } from '../types.ts';

export type Source =
  | { kind: 'seed'; seed: number } // 0-based seed index
  | { kind: 'winner'; node: number }
  | { kind: 'loser'; node: number }
  | { kind: 'none' };

export interface PlanNode {
  bracket: Bracket;
  /** 1-based round within its bracket (the bracket column). */
  bracketRound: number;
  /** 1-based slot within the bracket round: the stored `position`. */
  slot: number;
  a: Source;
  b: Source;
  /** Grand-final reset: exists only once the b side (losers-bracket champion) has won this node. */
  resetOf?: number;
  /** Tournament round; 0 when the slot never holds a real match (a bye or empty). */
  round: number;
  /** Placement stage of a team eliminated here: a later stage places higher. */
  stage: number;
}

export interface BracketPlan {
  /** Entrants (seeds 0..entrants-1 are present; higher seeds are byes). */
  entrants: number;
  nodes: PlanNode[];
  /** Losses that eliminate a team: 1 single, 2 double elimination. */
  lives: number;
  /** The final and, in double elimination, its reset: the champion wins the last that is played. */
  finals: number[];
}

// What depends on the plan alone is worked out once per plan object (plans are built whole and never
// changed after; double elimination's are frozen and shared): the engine evaluates the same plan after
// every result, and these walks were a third of that.
const presenceOf = new WeakMap<BracketPlan, readonly number[]>();
const seedSlotsOf = new WeakMap<BracketPlan, readonly ([number, 'a' | 'b'] | null)[]>();

/** Per node: how many of its two inputs can ever hold a team (2 = a real match, 1 = a bye). */
export function presence(plan: BracketPlan): readonly number[] {
  const known = presenceOf.get(plan);
  if (known) return known;
  const out: number[] = [];
  const present = (s: Source): boolean => {
    if (s.kind === 'seed') return s.seed < plan.entrants;
    if (s.kind === 'none') return false;
    const p = out[s.node]!;
    return s.kind === 'winner' ? p >= 1 : p === 2;
  };
  for (const n of plan.nodes) out.push((present(n.a) ? 1 : 0) + (present(n.b) ? 1 : 0));
  presenceOf.set(plan, out);
  return out;
}

/** Per seed: the [node, side] of the first real match it reaches (through byes), or null when none. */
function seedSlots(plan: BracketPlan): readonly ([number, 'a' | 'b'] | null)[] {
  const known = seedSlotsOf.get(plan);
  if (known) return known;
  const pres = presence(plan);
  // where each node's winner and each seed go: [node, side]
  const consumer = new Map<string, [number, 'a' | 'b']>();
  plan.nodes.forEach((n, i) => {
    for (const side of ['a', 'b'] as const) {
      const s = n[side];
      if (s.kind === 'seed') consumer.set(`s${s.seed}`, [i, side]);
      if (s.kind === 'winner') consumer.set(`w${s.node}`, [i, side]);
    }
  });
  const slots: ([number, 'a' | 'b'] | null)[] = [];
  for (let seed = 0; seed < plan.entrants; seed++) {
    let at = consumer.get(`s${seed}`);
    while (at && pres[at[0]] !== 2) at = consumer.get(`w${at[0]}`);
    slots.push(at ?? null);
  }
  seedSlotsOf.set(plan, slots);
  return slots;
}

export interface EvaluatedBracket {
  /** Every real match that exists now, participants known so far (null = TBD). */
  matches: EngineMatch[];
  champion: string | null;
  /** Stage at which each eliminated team left. */
  eliminatedAt: Map<string, number>;
}

interface NodeState {
  team1: string | null;
  team2: string | null;
  exists: boolean;
  winner: string | null;
  loser: string | null;
}

/** A match row; written out field by field (object spreads here cost more than the rest of evaluation). */
function row(node: PlanNode, team1: string | null, team2: string | null, result: MatchResult & { complete: boolean }): EngineMatch {
  return {
    round: node.round,
    bracket: node.bracket,
    position: node.slot,
    team1,
    team2,
    bye: false,
    complete: result.complete,
    team1Wins: result.team1Wins,
    team2Wins: result.team2Wins,
    winner: result.winner,
  };
}

const FRESH = { complete: false, team1Wins: null, team2Wins: null, winner: null } as const;

/**
 * Evaluates a plan: participants from seeds and decided results, stored results kept only while
 * the stored participants are still the ones the bracket gives (so a changed result resets every
 * match downstream), and walkovers for dropped teams in matches not yet played.
 */
export function evaluateBracket(
  plan: BracketPlan,
  seeded: readonly string[],
  stored: readonly EngineMatch[],
  dropped: ReadonlySet<string> = new Set(),
): EvaluatedBracket {
  const byKey = new Map(stored.map((m) => [matchKey(m), m]));
  const pres = presence(plan);
  const states: NodeState[] = [];
  const matches: EngineMatch[] = [];
  const losses = new Map<string, number>();
  const eliminatedAt = new Map<string, number>();

  const teamOf = (s: Source): string | null => {
    if (s.kind === 'seed') return seeded[s.seed] ?? null;
    if (s.kind === 'none') return null;
    const st = states[s.node]!;
    return s.kind === 'winner' ? st.winner : st.loser;
  };

  plan.nodes.forEach((node, i) => {
    let team1: string | null;
    let team2: string | null;
    let exists: boolean;
    if (node.resetOf !== undefined) {
      const gf = states[node.resetOf]!;
      exists = gf.winner !== null && gf.winner === gf.team2;
      team1 = exists ? gf.team1 : null;
      team2 = exists ? gf.team2 : null;
    } else {
      team1 = teamOf(node.a);
      team2 = teamOf(node.b);
      exists = pres[i] === 2;
    }
    if (!exists) {
      // a bye passes its one team on; an empty slot passes nobody
      const only = pres[i] === 1 && node.resetOf === undefined ? (team1 ?? team2) : null;
      states.push({ team1, team2, exists, winner: only, loser: null });
      return;
    }
    const old = byKey.get(matchKey({ bracket: node.bracket, round: node.round, position: node.slot }));
    let match = row(node, team1, team2, FRESH);
    if (team1 !== null && team2 !== null) {
      const same = old && old.team1 === team1 && old.team2 === team2 && !old.bye;
      if (same && (old.winner === null || old.winner === team1 || old.winner === team2)) match = row(node, team1, team2, old);
      if (!match.complete && (dropped.has(team1) || dropped.has(team2))) {
        // a dropped team forfeits; if both dropped, the upper slot moves on (and forfeits next)
        const winner = dropped.has(team1) && !dropped.has(team2) ? team2 : team1;
        match = row(node, team1, team2, { complete: true, winner, team1Wins: null, team2Wins: null });
      }
    }
    matches.push(match);
    const decided = match.complete && match.winner !== null;
    const winner = decided ? match.winner : null;
    const loser = decided ? (winner === team1 ? team2 : team1) : null;
    if (loser !== null) {
      const n = (losses.get(loser) ?? 0) + 1;
      losses.set(loser, n);
      if (n >= plan.lives) eliminatedAt.set(loser, node.stage);
    }
    states.push({ team1, team2, exists, winner, loser });
  });

  let champion: string | null = null;
  for (const f of plan.finals) {
    const st = states[f]!;
    if (st.exists) champion = st.winner;
  }
  return { matches, champion, eliminatedAt };
}

export interface Downstream {
  /** Stored matches after the changed one whose participants would change (or that would go). */
  changed: EngineMatch[];
  /** Those of them already complete: overriding needs force, and resets them. */
  played: EngineMatch[];
}

/** Which stored matches a new result on `key` would change, and which of those were played. */
export function bracketDownstream(
  plan: BracketPlan,
  seeded: readonly string[],
  stored: readonly EngineMatch[],
  key: string,
  result: MatchResult,
  dropped: ReadonlySet<string> = new Set(),
): Downstream {
  const next = stored.map((m) => (matchKey(m) === key ? { ...m, ...result, complete: true } : m));
  const after = new Map(evaluateBracket(plan, seeded, next, dropped).matches.map((m) => [matchKey(m), m]));
  const changed = stored.filter((m) => {
    if (matchKey(m) === key) return false;
    const a = after.get(matchKey(m));
    return !a || a.team1 !== m.team1 || a.team2 !== m.team2;
  });
  return { changed, played: changed.filter((m) => m.complete) };
}

/**
 * The seeding a stored bracket was created with: each seed's team read from the first real match
 * it reaches (through byes). Null when a seed's match is missing or its slot is empty.
 */
export function seedingFromStored(plan: BracketPlan, stored: readonly EngineMatch[]): string[] | null {
  const byKey = new Map(stored.map((m) => [matchKey(m), m]));
  const slots = seedSlots(plan);
  const seeded: string[] = [];
  for (let seed = 0; seed < plan.entrants; seed++) {
    const at = slots[seed];
    if (!at) return null;
    const node = plan.nodes[at[0]]!;
    const m = byKey.get(matchKey({ bracket: node.bracket, round: node.round, position: node.slot }));
    const team = m ? (at[1] === 'a' ? m.team1 : m.team2) : null;
    if (team === null) return null;
    seeded.push(team);
  }
  return new Set(seeded).size === seeded.length ? seeded : null;
}

/** Standard bracket order of seeds (1-based) for a power-of-two size: 1, 8, 4, 5, 2, 7, 3, 6 for 8. */
export function bracketOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const n = order.length * 2;
    order = order.flatMap((s) => [s, n + 1 - s]);
  }
  return order;
}

/** The smallest power of two at least n (and at least 2). */
export function bracketSize(n: number): number {
  let s = 2;
  while (s < n) s *= 2;
  return s;
}
