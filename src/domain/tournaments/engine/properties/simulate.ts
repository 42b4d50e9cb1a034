// A whole event played through the engine the way the server drives it (start, results, reconcile,
// drops, next round), with random results: for property tests, benchmarks and rehearsal data.
import { nextRound, startTournament } from '../engine.ts';
import { champion, reconcile, type EngineState, type MatchDiff } from '../results.ts';
import type { TournamentFormat } from '../../formats.ts';
import { mulberry32 } from '../prng.ts';
import type { EventChoice } from '../round-count.ts';
import { allowsTie, matchKey, type EngineMatch, type EngineTeam } from '../../types.ts';

export interface SimulationOptions {
  /** Seed of the random results and drops (the event's own seed is derived from it). */
  seed: number;
  /** Chance that a match allowing ties ends in one. */
  tieRate?: number;
  /** Chance that an active team drops between two rounds. */
  dropRate?: number;
  /** Stop after this many rounds (default: the event's round count). */
  rounds?: number;
  /** The host's Swiss rounds and top cut (Swiss → Top Cut). */
  choice?: EventChoice;
  /** Called after each round is complete, before the next is created. */
  onRound?: (state: EngineState, round: number) => void;
}

export interface Simulation {
  state: EngineState;
  roundCount: number;
  /** Rounds played. */
  rounds: number;
  champion: string | null;
}

/** Teams t1..tn with seeds 1..n, none dropped. */
export function makeTeams(n: number): EngineTeam[] {
  return Array.from({ length: n }, (_, i) => ({ id: `t${i + 1}`, seed: i + 1, dropped: false }));
}

/** Applies a diff to stored matches (what the server writes). */
export function applyDiff(matches: readonly EngineMatch[], diff: MatchDiff): EngineMatch[] {
  if (diff.create.length + diff.update.length + diff.remove.length === 0) return [...matches];
  const removed = new Set(diff.remove.map(matchKey));
  const updated = new Map(diff.update.map((m) => [matchKey(m), m]));
  const kept = matches.flatMap((m) => {
    const key = matchKey(m);
    return removed.has(key) ? [] : [updated.get(key) ?? m];
  });
  return [...kept, ...diff.create];
}

/** A random result for a match of two known teams (best of 3). */
export function randomResult(m: EngineMatch, random: () => number, tieRate: number): EngineMatch {
  if (allowsTie(m.bracket) && random() < tieRate) return { ...m, complete: true, winner: null, team1Wins: 1, team2Wins: 1 };
  const first = random() < 0.5;
  const loserWins = random() < 0.5 ? 0 : 1;
  return { ...m, complete: true, winner: first ? m.team1 : m.team2, team1Wins: first ? 2 : loserWins, team2Wins: first ? loserWins : 2 };
}

/** Plays an event of `teams` through the engine with random results and drops. */
export function simulate(format: TournamentFormat, teams: readonly EngineTeam[], opts: SimulationOptions): Simulation {
  const random = mulberry32(opts.seed);
  const tieRate = opts.tieRate ?? 0;
  const dropRate = opts.dropRate ?? 0;
  const eventSeed = Math.floor(random() * 2 ** 32);
  const start = startTournament(format, teams, eventSeed, opts.choice);
  let state: EngineState = { format, seed: eventSeed, teams: teams.map((t) => ({ ...t })), matches: start.matches, choice: opts.choice };
  const last = Math.min(opts.rounds ?? start.roundCount, start.roundCount);
  let round = 1;
  for (;;) {
    // results of one round never feed each other (a match's inputs are in earlier rounds), so the
    // round is played and then reconciled once; the server reconciles after every result
    for (;;) {
      // one pass, no key strings: a 300-team round robin has 44,850 matches, looked at every round
      let played = false;
      const matches = state.matches.map((m) => {
        if (m.round !== round || m.complete || m.team1 === null || m.team2 === null) return m;
        played = true;
        return randomResult(m, random, tieRate);
      });
      if (!played) break;
      state = { ...state, matches };
      state = { ...state, matches: applyDiff(state.matches, reconcile(state)) };
    }
    if (state.matches.some((m) => m.round === round && !m.complete)) throw new Error(`round ${round} cannot complete`);
    opts.onRound?.(state, round);
    if (round >= last || (format === 'DOUBLE_ELIM' && champion(format, state.teams, state.matches, opts.choice) !== null)) break;
    if (dropRate > 0) {
      const teamsNow = state.teams.map((t) => (!t.dropped && random() < dropRate ? { ...t, dropped: true } : t));
      state = { ...state, teams: teamsNow };
      state = { ...state, matches: applyDiff(state.matches, reconcile(state)) };
    }
    state = { ...state, matches: [...state.matches, ...nextRound(state, round)] };
    state = { ...state, matches: applyDiff(state.matches, reconcile(state)) };
    round++;
  }
  return { state, roundCount: start.roundCount, rounds: round, champion: champion(format, state.teams, state.matches, opts.choice) };
}
