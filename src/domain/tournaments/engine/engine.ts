// The tournament engine's moves: what to create at the start and at each next round (Swiss pairing,
// the top cut, Round Robin rounds). Everything that follows from results is in results.ts.
import { evaluateBracket } from './bracket-plan.ts';
import { doubleEliminationPlan } from './double-elimination.ts';
import { singleEliminationPlan } from './elimination.ts';
import type { TournamentFormat } from '../formats.ts';
import { bySeed, droppedSet, roundRobinEntrants, startCount, swissStandings, type EngineState } from './results.ts';
import { roundCount, roundRobinRounds, swissRoundsOf, topCutOf, type EventChoice } from './round-count.ts';
import { roundRobinRound } from './round-robin.ts';
import { pairSwissRound } from './swiss.ts';
import type { EngineMatch, EngineTeam } from '../types.ts';

/**
 * Start: the round count to store and the matches to create (round 1; the whole bracket for DE).
 * `choice`: the host's Swiss rounds and top cut (Swiss → Top Cut only); roundCount counts both;
 * with `seededRound1`, Swiss round 1 pairs by the teams' seeds (top half v bottom half), not a shuffle.
 */
export function startTournament(
  format: TournamentFormat, teams: readonly EngineTeam[], seed: number, choice?: EventChoice | null,
): { roundCount: number; matches: EngineMatch[] } {
  const entrants = teams.filter((t) => !t.dropped).sort(bySeed);
  if (entrants.length < 2) throw new Error('A tournament needs at least 2 active teams to start');
  const ids = entrants.map((t) => t.id);
  const matches =
    format === 'DEFAULT'
      ? pairSwissRound({ teams: entrants, matches: [], round: 1, seed, seeded: choice?.seededRound1 === true })
      : format === 'ROUND_ROBIN'
        ? roundRobinRound(ids, 1)
        : evaluateBracket(doubleEliminationPlan(ids.length), ids, []).matches;
  return { roundCount: roundCount(format, ids.length, choice), matches };
}

/**
 * Next Round: the matches to create for round currentRound + 1 (call it once every match of the
 * current round is complete). Swiss pairs; after the last Swiss round the whole top cut is created;
 * Round Robin creates its next round. Brackets already hold their later rounds: nothing to create.
 */
export function nextRound(state: EngineState, currentRound: number): EngineMatch[] {
  const dropped = droppedSet(state.teams);
  if (state.format === 'ROUND_ROBIN') {
    const entrants = roundRobinEntrants(state);
    return currentRound < roundRobinRounds(entrants.length) ? roundRobinRound(entrants, currentRound + 1, dropped) : [];
  }
  if (state.format === 'DOUBLE_ELIM') return [];
  const started = startCount(state);
  const swiss = swissRoundsOf(started, state.choice);
  if (currentRound < swiss) return pairSwissRound({ teams: state.teams, matches: state.matches, round: currentRound + 1, seed: state.seed });
  if (currentRound !== swiss || state.matches.some((m) => m.bracket === 'top')) return [];
  const cut = topCutOf(started, state.choice);
  if (cut === 0) return [];
  // the cut is seeded once, here: the best teams of the Swiss standings that have not dropped
  const seeded = swissStandings(state)
    .map((row) => row.teamId)
    .filter((id) => !dropped.has(id))
    .slice(0, cut);
  if (seeded.length < 2) return [];
  return evaluateBracket(singleEliminationPlan(cut, seeded.length, swiss + 1), seeded, []).matches;
}

