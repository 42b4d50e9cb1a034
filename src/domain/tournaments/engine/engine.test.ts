import { describe, expect, test } from 'vitest';
import { nextRound, startTournament } from './engine.ts';
import { champion, currentStandings, downstream, finalStandings, reconcile, type EngineState } from './results.ts';
import { applyDiff, makeTeams, simulate } from './properties/simulate.ts';
import { played, swissBye } from './properties/test-matches.ts';
import { matchKey, type EngineMatch, type EngineTeam } from '../types.ts';

const drop = (teams: readonly EngineTeam[], ...ids: string[]) => teams.map((t) => (ids.includes(t.id) ? { ...t, dropped: true } : t));
const settle = (state: EngineState): EngineState => ({ ...state, matches: applyDiff(state.matches, reconcile(state)) });
/** Every open match of the round won by its upper team (team1). */
const playRound = (state: EngineState, round: number): EngineState =>
  settle({
    ...state,
    matches: state.matches.map((m) =>
      m.round === round && !m.complete && m.team1 && m.team2 ? { ...m, complete: true, winner: m.team1, team1Wins: 2, team2Wins: 0 } : m,
    ),
  });

describe('start', () => {
  test.each([
    ['DEFAULT', 10, 5, 5],
    ['ROUND_ROBIN', 5, 5, 3],
    // the reset is created only once the losers-bracket champion wins the first grand final
    ['DOUBLE_ELIM', 8, 7, 14],
  ] as const)('%s with %i teams: %i rounds and %i matches created', (format, n, rounds, created) => {
    const start = startTournament(format, makeTeams(n), 1);
    expect(start.roundCount).toBe(rounds);
    expect(start.matches).toHaveLength(created);
  });

  test('dropped teams do not enter; fewer than 2 active teams cannot start', () => {
    const teams = drop(makeTeams(4), 't1', 't2');
    expect(startTournament('DOUBLE_ELIM', teams, 1).matches.flatMap((m) => [m.team1, m.team2])).not.toContain('t1');
    expect(() => startTournament('DEFAULT', drop(makeTeams(3), 't1', 't2'), 1)).toThrow(/at least 2/);
  });
});

describe('Swiss → Top Cut', () => {
  /** 16 teams through the 4 Swiss rounds, upper team always winning. */
  function afterSwiss(dropIds: string[] = []): EngineState {
    const teams = makeTeams(16);
    let state: EngineState = { format: 'DEFAULT', seed: 3, teams, matches: startTournament('DEFAULT', teams, 3).matches };
    for (let round = 1; round <= 4; round++) {
      state = playRound(state, round);
      if (round < 4) state = { ...state, matches: [...state.matches, ...nextRound(state, round)] };
    }
    return { ...state, teams: drop(state.teams, ...dropIds) };
  }

  test('after the last Swiss round the whole cut is created, seeded by the Swiss standings', () => {
    const state = afterSwiss();
    const top4 = currentStandings('DEFAULT', state.teams, state.matches).slice(0, 4).map((r) => r.teamId);
    const cut = nextRound(state, 4);
    expect(cut.map((m) => [m.bracket, m.round, m.team1, m.team2])).toEqual([
      ['top', 5, top4[0], top4[3]],
      ['top', 5, top4[1], top4[2]],
      ['top', 6, null, null],
    ]);
    expect(nextRound({ ...state, matches: [...state.matches, ...cut] }, 5)).toEqual([]);
  });

  test('a dropped team in the cut is replaced by the next in the standings', () => {
    const rows = currentStandings('DEFAULT', afterSwiss().teams, afterSwiss().matches).map((r) => r.teamId);
    const cut = nextRound(afterSwiss([rows[1]!]), 4);
    expect(cut.flatMap((m) => [m.team1, m.team2]).filter(Boolean).sort()).toEqual([rows[0], rows[2], rows[3], rows[4]].sort());
  });

  test('the cut advances, the champion is its final\'s winner, and final standings place the cut first', () => {
    let state = afterSwiss();
    const swiss = currentStandings('DEFAULT', state.teams, state.matches).map((r) => r.teamId);
    state = { ...state, matches: [...state.matches, ...nextRound(state, 4)] };
    state = playRound(state, 5);
    expect(champion('DEFAULT', state.teams, state.matches)).toBeNull();
    const final = state.matches.find((m) => m.bracket === 'top' && m.round === 6)!;
    expect([final.team1, final.team2]).toEqual([swiss[0], swiss[1]]);
    state = playRound(state, 6);
    expect(champion('DEFAULT', state.teams, state.matches)).toBe(swiss[0]);
    const placed = finalStandings('DEFAULT', state.teams, state.matches).map((r) => r.teamId);
    // champion, finalist, semi-final losers by Swiss standing, then the rest by Swiss standing
    expect(placed).toEqual([swiss[0], swiss[1], swiss[2], swiss[3], ...swiss.slice(4)]);
  });

  test('the cut is seeded once: a later Swiss override does not re-seed it', () => {
    let state = afterSwiss();
    state = { ...state, matches: [...state.matches, ...nextRound(state, 4)] };
    const last = state.matches.find((m) => m.bracket === 'swiss' && m.round === 4 && !m.bye)!;
    const flipped = { ...last, winner: last.team2, team1Wins: 0, team2Wins: 2 };
    const next = { ...state, matches: state.matches.map((m) => (m === last ? flipped : m)) };
    expect(downstream(state, matchKey(last), flipped)).toEqual({ changed: [], played: [] });
    expect(reconcile(next)).toEqual({ create: [], update: [], remove: [] });
  });

  test('fewer than 2 active teams at the cut: no cut, the Swiss leader is champion', () => {
    const teams = makeTeams(8);
    let state: EngineState = { format: 'DEFAULT', seed: 1, teams, matches: startTournament('DEFAULT', teams, 1).matches };
    for (let round = 1; round <= 3; round++) {
      state = playRound(state, round);
      if (round < 3) state = { ...state, matches: [...state.matches, ...nextRound(state, round)] };
    }
    expect(champion('DEFAULT', state.teams, state.matches)).toBeNull();
    const leader = currentStandings('DEFAULT', state.teams, state.matches)[0]!.teamId;
    state = { ...state, teams: drop(state.teams, ...teams.map((t) => t.id).filter((id) => id !== leader)) };
    expect(nextRound(state, 3)).toEqual([]);
    expect(champion('DEFAULT', state.teams, state.matches)).toBe(leader);
  });

  test('without a cut the champion is the leader of the standings', () => {
    const teams = makeTeams(4);
    const matches = [played(1, 't1', 't2', 't2'), played(1, 't3', 't4', 't3', 'swiss', 2)];
    expect(champion('DEFAULT', teams, matches)).toBe('t2');
    expect(champion('DEFAULT', drop(teams, 't2'), matches)).toBe('t3');
  });

  test('a team dropping mid-round forfeits its open Swiss match', () => {
    const open: EngineMatch = { ...played(2, 't1', 't2', null), complete: false, team1Wins: null, team2Wins: null };
    const state: EngineState = { format: 'DEFAULT', seed: 0, teams: drop(makeTeams(3), 't1'), matches: [open, swissBye(2, 't3')] };
    expect(reconcile(state)).toEqual({ create: [], update: [{ ...open, complete: true, winner: 't2' }], remove: [] });
  });

  test('a Swiss override changes no later match', () => {
    const s = simulate('DEFAULT', makeTeams(6), { seed: 4 });
    const first = s.state.matches.find((m) => m.round === 1 && !m.bye)!;
    const d = downstream(s.state, matchKey(first), { winner: first.team2, team1Wins: 0, team2Wins: 2 });
    expect(d).toEqual({ changed: [], played: [] });
  });
});

describe('Round Robin', () => {
  test('next round creates the following round; after the last, nothing', () => {
    const s = simulate('ROUND_ROBIN', makeTeams(4), { seed: 1 });
    expect(s.state.matches).toHaveLength(6);
    expect(nextRound(s.state, 3)).toEqual([]);
  });

  test('a team dropped between rounds forfeits the rest of its matches', () => {
    let state: EngineState = { format: 'ROUND_ROBIN', seed: 0, teams: makeTeams(4), matches: startTournament('ROUND_ROBIN', makeTeams(4), 0).matches };
    state = playRound(state, 1);
    state = { ...state, teams: drop(state.teams, 't4') };
    const r2 = nextRound(state, 1);
    const t4 = r2.find((m) => m.team1 === 't4' || m.team2 === 't4')!;
    expect(t4).toMatchObject({ complete: true, team1Wins: null, team2Wins: null });
    expect(t4.winner).not.toBe('t4');
  });

  test('the champion is the first active team of the standings', () => {
    const s = simulate('ROUND_ROBIN', makeTeams(5), { seed: 2 });
    expect(s.champion).toBe(currentStandings('ROUND_ROBIN', s.state.teams, s.state.matches)[0]!.teamId);
  });
});

describe('Double elimination', () => {
  const start = (n: number): EngineState => ({ format: 'DOUBLE_ELIM', seed: 0, teams: makeTeams(n), matches: startTournament('DOUBLE_ELIM', makeTeams(n), 0).matches });

  test('results fill the next slots; next round creates nothing', () => {
    const state = playRound(start(4), 1);
    const r2 = state.matches.filter((m) => m.round === 2);
    expect(r2.map((m) => `${m.bracket} ${m.team1} v ${m.team2}`)).toEqual(['winners t1 v t2', 'losers t4 v t3']);
    expect(nextRound(state, 1)).toEqual([]);
    expect(reconcile(state)).toEqual({ create: [], update: [], remove: [] });
  });

  test('an override after later matches were played names them; forced, they are reset', () => {
    let state = playRound(playRound(start(4), 1), 2);
    const key = 'winners:1:1'; // t1 beat t4
    const d = downstream(state, key, { winner: 't4', team1Wins: 0, team2Wins: 2 });
    expect(d.played.map(matchKey)).toEqual(['winners:2:1', 'losers:2:1']);
    state = settle({ ...state, matches: state.matches.map((m) => (matchKey(m) === key ? { ...m, winner: 't4', team1Wins: 0, team2Wins: 2 } : m)) });
    expect(state.matches.find((m) => matchKey(m) === 'winners:2:1')).toMatchObject({ team1: 't4', team2: 't2', complete: false, winner: null });
  });

  test('the reset is removed when an override gives the first grand final to the winners-bracket champion', () => {
    let state = start(2);
    state = playRound(state, 1); // t1 wins
    state = settle({ ...state, matches: state.matches.map((m) => (m.bracket === 'grand' ? { ...m, complete: true, winner: 't2', team1Wins: 0, team2Wins: 2 } : m)) });
    expect(state.matches.filter((m) => m.bracket === 'grand')).toHaveLength(2);
    expect(champion('DOUBLE_ELIM', state.teams, state.matches)).toBeNull();
    const gf1 = 'grand:2:1';
    const d = downstream(state, gf1, { winner: 't1', team1Wins: 2, team2Wins: 0 });
    expect(d.changed.map(matchKey)).toEqual(['grand:3:1']);
    expect(d.played).toEqual([]);
    const next = { ...state, matches: state.matches.map((m) => (matchKey(m) === gf1 ? { ...m, winner: 't1', team1Wins: 2, team2Wins: 0 } : m)) };
    expect(reconcile(next).remove.map(matchKey)).toEqual(['grand:3:1']);
    expect(champion('DOUBLE_ELIM', next.teams, applyDiff(next.matches, reconcile(next)))).toBe('t1');
  });

  test('the bracket keeps its seeding when a team drops: the dropped team forfeits', () => {
    let state = start(4);
    state = settle({ ...state, teams: drop(state.teams, 't1') });
    expect(state.matches.find((m) => matchKey(m) === 'winners:1:1')).toMatchObject({ team1: 't1', team2: 't4', winner: 't4', complete: true });
  });

  test('final standings: champion, runner-up, then by the losers round a team went out in', () => {
    const s = simulate('DOUBLE_ELIM', makeTeams(8), { seed: 11 });
    const rows = finalStandings('DOUBLE_ELIM', s.state.teams, s.state.matches);
    expect(rows[0]!.teamId).toBe(s.champion);
    const gf = s.state.matches.filter((m) => m.bracket === 'grand').at(-1)!;
    expect(rows[1]!.teamId).toBe(gf.winner === gf.team1 ? gf.team2 : gf.team1);
    const lbFinal = s.state.matches.filter((m) => m.bracket === 'losers').at(-1)!;
    expect(rows[2]!.teamId).toBe(lbFinal.winner === lbFinal.team1 ? lbFinal.team2 : lbFinal.team1);
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
