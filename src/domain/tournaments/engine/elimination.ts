// Single elimination, used for the top cut after the Swiss rounds: seeded 1 v 8, 4 v 5, 2 v 7, 3 v 6
// (1 v 4, 2 v 3 for four; 1 v 2 for two), winners advance, one tournament round per bracket round.
import { bracketOrder, bracketSize, evaluateBracket, type BracketPlan, type EvaluatedBracket, type PlanNode } from './bracket-plan.ts';
import type { Bracket, EngineMatch } from '../types.ts';

/** The plan of a single-elimination bracket of `size` slots (a power of two) for `entrants` teams. */
export function singleEliminationPlan(size: number, entrants: number, firstRound: number, bracket: Bracket = 'top'): BracketPlan {
  const s = bracketSize(Math.max(size, entrants));
  const order = bracketOrder(s);
  const nodes: PlanNode[] = [];
  const rounds = Math.log2(s);
  let prev: number[] = [];
  for (let r = 1; r <= rounds; r++) {
    const count = s / 2 ** r;
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const a = r === 1 ? { kind: 'seed' as const, seed: order[2 * i]! - 1 } : { kind: 'winner' as const, node: prev[2 * i]! };
      const b = r === 1 ? { kind: 'seed' as const, seed: order[2 * i + 1]! - 1 } : { kind: 'winner' as const, node: prev[2 * i + 1]! };
      ids.push(nodes.length);
      // the cut keeps its fixed rounds (roundCount counts them), byes included
      nodes.push({ bracket, bracketRound: r, slot: i + 1, a, b, round: firstRound + r - 1, stage: r });
    }
    prev = ids;
  }
  return { entrants, nodes, lives: 1, finals: [prev[0]!] };
}

/** The whole single-elimination bracket from the seeding (best first) and the stored results. */
export function singleElimination(
  seededTeamIds: readonly string[],
  stored: readonly EngineMatch[],
  opts: { size?: number; firstRound?: number; dropped?: ReadonlySet<string> } = {},
): EvaluatedBracket {
  const plan = singleEliminationPlan(opts.size ?? seededTeamIds.length, seededTeamIds.length, opts.firstRound ?? 1);
  return evaluateBracket(plan, seededTeamIds, stored, opts.dropped);
}
