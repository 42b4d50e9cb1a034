import { describe, expect, test } from 'vitest';
import { nextRound, startTournament } from './engine/engine.ts';
import { droppedAfterPlaying, lateEntryAtStart, lateSignupProblem, missedRounds, MISSED_SCORE } from './late-entry.ts';
import { currentStandings, finalStandings, reconcile, startCount, type EngineState } from './engine/results.ts';
import { applyDiff, makeTeams } from './engine/properties/simulate.ts';
import { standings } from './standings/standings.ts';
import { played, teamsOf } from './engine/properties/test-matches.ts';
import type { EngineMatch } from './types.ts';

const missed = (round: number, team: string, position = 9): EngineMatch => ({
  round, bracket: 'swiss', position, team1: team, team2: null, bye: false, complete: true, ...MISSED_SCORE, winner: null, missed: true,
});

describe('missed rounds', () => {
  test('one complete row per round up to the current one, after the positions each round holds', () => {
    const rows = missedRounds('late', 2, (r) => (r === 1 ? 4 : 3));
    expect(rows).toEqual([
      { round: 1, bracket: 'swiss', position: 5, team1: 'late', team2: null, bye: false, complete: true, team1Wins: 0, team2Wins: 2, winner: null, missed: true },
      { round: 2, bracket: 'swiss', position: 4, team1: 'late', team2: null, bye: false, complete: true, team1Wins: 0, team2Wins: 2, winner: null, missed: true },
    ]);
  });

  test('a missed round is a loss with no opponent: in W-L-T and points, in nobody’s percentages', () => {
    // a beat b; the late team c missed round 1, then beat b in round 2; a beat d
    const matches = [played(1, 'a', 'b', 'a'), missed(1, 'c'), played(2, 'c', 'b', 'c'), played(2, 'a', 'd', 'a', 'swiss', 2), played(1, 'd', 'e', 'd', 'swiss', 3)];
    const rows = Object.fromEntries(standings(teamsOf('a', 'b', 'c', 'd', 'e'), matches).map((r) => [r.teamId, r]));
    expect(rows.c).toMatchObject({ wins: 1, losses: 1, ties: 0, points: 3 });
    // c's own MW% counts its one real match (1/1); b's opponents are a and c only
    expect(rows.b!.omw).toBeCloseTo((1 + 1) / 2);
    expect(rows.c!.omw).toBeCloseTo(0); // b: 0 of 2
    const without = Object.fromEntries(standings(teamsOf('a', 'b', 'c', 'd', 'e'), matches.filter((m) => !m.missed)).map((r) => [r.teamId, r]));
    for (const id of ['a', 'b', 'c', 'd', 'e']) {
      expect(rows[id]!.omw).toBeCloseTo(without[id]!.omw);
      expect(rows[id]!.oomw).toBeCloseTo(without[id]!.oomw);
    }
  });

  test('a late team is not counted among the teams at the start', () => {
    const state: EngineState = { format: 'DEFAULT', seed: 1, teams: teamsOf('a', 'b', 'c'), matches: [played(1, 'a', 'b', 'a'), missed(1, 'c')] };
    expect(startCount(state)).toBe(2);
  });

  test('through the engine: a team entering during round 1 is paired in round 2, its Swiss rounds fixed at the start', () => {
    const teams = makeTeams(6);
    const start = startTournament('DEFAULT', teams, 5);
    expect(start.roundCount).toBe(3);
    let state: EngineState = { format: 'DEFAULT', seed: 5, teams, matches: start.matches };
    state = { ...state, matches: state.matches.map((m) => (m.complete ? m : { ...m, complete: true, winner: m.team1, team1Wins: 2, team2Wins: 0 })) };
    const late = { id: 'late', seed: 7, dropped: false };
    state = { ...state, teams: [...state.teams, late], matches: [...state.matches, ...missedRounds('late', 1, () => 3)] };
    state = { ...state, matches: applyDiff(state.matches, reconcile(state)) };
    const round2 = nextRound(state, 1);
    expect(round2.filter((m) => m.team1 === 'late' || m.team2 === 'late')).toHaveLength(1);
    // 7 teams now: 3 pairs and a bye, the bye not to the late team's missed round
    expect(round2).toHaveLength(4);
    expect(currentStandings('DEFAULT', state.teams, state.matches).find((r) => r.teamId === 'late')).toMatchObject({ wins: 0, losses: 1, points: 0 });
    // the engine still plays the 3 Swiss rounds of 6 teams, no cut (fewer than 8 at the start)
    state = { ...state, matches: [...state.matches, ...round2] };
    expect(nextRound(state, 3)).toEqual([]);
    expect(finalStandings('DEFAULT', state.teams, state.matches).map((r) => r.teamId)).toContain('late');
  });
});

describe('late entry at the start', () => {
  test.each([
    ['DEFAULT', 2, true, 4, 2],
    ['DEFAULT', 3, true, 3, 2],
    ['DEFAULT', 3, true, 1, 0],
    ['DEFAULT', 2, false, 4, 0],
    ['ROUND_ROBIN', 2, true, 4, 0],
    ['DOUBLE_ELIM', 1, true, 4, 0],
    ['DEFAULT', 0, true, 4, 0],
  ] as const)('%s, %i rounds asked, sign-ups open %s, %i Swiss rounds: %i', (format, asked, open, swiss, kept) =>
    expect(lateEntryAtStart(format, asked, open, swiss)).toBe(kept));

  test.each([
    [{ format: 'DEFAULT', lateEntryRounds: 2, currentRound: 1 }, null],
    [{ format: 'DEFAULT', lateEntryRounds: 2, currentRound: 2 }, null],
    [{ format: 'DEFAULT', lateEntryRounds: 2, currentRound: 3 }, 'Sign-ups are closed for good: late entry ran through round 2'],
    [{ format: 'DEFAULT', lateEntryRounds: 0, currentRound: 1 }, 'Sign-ups are closed: the tournament has started'],
    [{ format: 'ROUND_ROBIN', lateEntryRounds: 2, currentRound: 1 }, 'Sign-ups are closed: the tournament has started'],
  ] as const)('%o: %s', (t, problem) => expect(lateSignupProblem(t)).toBe(problem));
});

describe('who the page offers late entry', () => {
  const team = (dropped: boolean, record: [number, number, number], member: { discordId: string; dropped: boolean }) =>
    ({ dropped, wins: record[0], losses: record[1], ties: record[2], members: [member] });
  test('not someone whose team played and who left it (their own drop or the team’s); a no-show dropped at the start, yes', () => {
    expect(droppedAfterPlaying([team(true, [1, 0, 0], { discordId: 'a', dropped: false })], 'a')).toBe(true);
    expect(droppedAfterPlaying([team(false, [0, 1, 0], { discordId: 'a', dropped: true })], 'a')).toBe(true);
    expect(droppedAfterPlaying([team(true, [0, 0, 1], { discordId: 'a', dropped: true })], 'a')).toBe(true);
    // dropped at the start, never paired: no record
    expect(droppedAfterPlaying([team(true, [0, 0, 0], { discordId: 'a', dropped: false })], 'a')).toBe(false);
    // still playing, or someone else
    expect(droppedAfterPlaying([team(false, [2, 0, 0], { discordId: 'a', dropped: false })], 'a')).toBe(false);
    expect(droppedAfterPlaying([team(true, [1, 0, 0], { discordId: 'b', dropped: false })], 'a')).toBe(false);
  });
});
