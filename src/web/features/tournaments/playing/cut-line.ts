// The top cut seen from the Swiss rounds (issue 30 §5): where the standings draw the cut line, and
// who makes the cut and whom they meet when Next Round creates it. The pairings come from the same
// domain functions the server's Next Round runs (engine.ts nextRound), on the standings already
// loaded: during Swiss the leaderboard is the Swiss standings the engine seeds the cut from.
import type { Tournament } from '../../../../domain/api/tournaments.ts';
import { evaluateBracket } from '../../../../domain/tournaments/engine/bracket-plan.ts';
import { singleEliminationPlan } from '../../../../domain/tournaments/engine/elimination.ts';
import { swissPlan } from '../../../../domain/tournaments/round-name.ts';

type CutEvent = Pick<Tournament, 'format' | 'roundCount' | 'currentRound' | 'inProgress' | 'completed' | 'topCut' | 'swissRounds'>;

/** The cut an event plays during its Swiss rounds: its size and the last Swiss round; null outside Swiss or without a cut. */
export function swissCut(t: CutEvent): { size: number; swiss: number } | null {
  if (t.format !== 'DEFAULT' || !t.inProgress || t.completed || t.currentRound < 1) return null;
  const { swiss, cut } = swissPlan(t.roundCount, t);
  if (cut < 2 || t.currentRound > swiss) return null;
  return { size: cut, swiss };
}

/**
 * The team after whose row the cut line falls: the size-th team that has not dropped (dropped teams
 * cannot make the cut). Null when fewer teams are active than the cut holds: everyone makes it.
 */
export function cutLineAfter<R extends { teamId: string; dropped: boolean }>(rows: readonly R[], size: number): string | null {
  const active = rows.filter((r) => !r.dropped);
  return active.length > size ? active[size - 1]!.teamId : null;
}

export interface CutPairing<R> {
  /** seeds 1-based, by Swiss rank among the teams that make the cut; a bye is no pairing */
  seed1: number;
  team1: R;
  seed2: number;
  team2: R;
}

/** Who makes the cut (seeded by Swiss rank) and the first cut round's pairings: what Next Round will create. */
export function cutPreview<R extends { teamId: string; dropped: boolean }>(
  rows: readonly R[], cut: { size: number; swiss: number },
): { qualifiers: R[]; pairings: CutPairing<R>[]; byes: R[] } {
  const qualifiers = rows.filter((r) => !r.dropped).slice(0, cut.size);
  if (qualifiers.length < 2) return { qualifiers, pairings: [], byes: [] };
  const ids = qualifiers.map((r) => r.teamId);
  const seedOf = (id: string | null) => (id === null ? -1 : ids.indexOf(id));
  const first = evaluateBracket(singleEliminationPlan(cut.size, ids.length, cut.swiss + 1), ids, [])
    .matches.filter((m) => m.round === cut.swiss + 1)
    .sort((a, b) => a.position - b.position);
  const pairings: CutPairing<R>[] = [];
  for (const m of first) {
    const a = seedOf(m.team1);
    const b = seedOf(m.team2);
    if (a < 0 || b < 0) continue;
    pairings.push({ seed1: a + 1, team1: qualifiers[a]!, seed2: b + 1, team2: qualifiers[b]! });
  }
  // fewer teams than the cut holds: the best seeds wait for the next cut round
  const paired = new Set(pairings.flatMap((p) => [p.team1.teamId, p.team2.teamId]));
  return { qualifiers, pairings, byes: qualifiers.filter((r) => !paired.has(r.teamId)) };
}

/** The leaderboard's cut line for this event now (null: not during Swiss, no cut, or everyone makes it). */
export function standingsCutLine(t: CutEvent, rows: readonly { teamId: string; dropped: boolean }[]): { afterTeamId: string; size: number } | null {
  const cut = swissCut(t);
  const after = cut && cutLineAfter(rows, cut.size);
  return cut && after ? { afterTeamId: after, size: cut.size } : null;
}
