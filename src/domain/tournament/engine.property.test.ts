// Property tests: whole events of every format, 2..300 teams, random results (ties where allowed)
// and random drops between rounds, played through the engine as the server drives it. Fewer runs
// for larger events keep the file to a few seconds.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { currentStandings, finalStandings, type EngineState } from './results.ts';
import type { TournamentFormat } from './formats.ts';
import { mulberry32 } from './prng.ts';
import { roundRobinRounds, swissRounds, topCutSize } from './round-count.ts';
import { makeTeams, simulate } from './simulate.ts';
import { pairSwissRound } from './swiss.ts';
import { pairKey, type EngineMatch, type EngineTeam } from './types.ts';

/** Whether the teams can all be paired (but for one bye from `byeCandidates`) without a rematch: a plain search. */
function rematchFreeExists(teams: readonly string[], met: ReadonlySet<string>, byeCandidates: readonly string[]): boolean {
  const perfect = (rest: string[]): boolean => {
    const failed = new Set<string>();
    const go = (left: string[]): boolean => {
      if (left.length === 0) return true;
      const key = left.join(',');
      if (failed.has(key)) return false;
      const [first, ...others] = left;
      for (let i = 0; i < others.length; i++) {
        if (met.has(pairKey(first!, others[i]!))) continue;
        if (go([...others.slice(0, i), ...others.slice(i + 1)])) return true;
      }
      failed.add(key);
      return false;
    };
    return go(rest);
  };
  if (teams.length % 2 === 0) return perfect([...teams]);
  return byeCandidates.some((c) => perfect(teams.filter((t) => t !== c)));
}

/** Checks one Swiss round against the rounds before it: everyone once, no dropped team, fair bye, no avoidable rematch. */
function checkSwissRound(teams: readonly EngineTeam[], before: readonly EngineMatch[], round: readonly EngineMatch[]) {
  const active = teams.filter((t) => !t.dropped).map((t) => t.id);
  const inRound = round.flatMap((m) => [m.team1, m.team2]).filter((t): t is string => t !== null);
  expect([...inRound].sort()).toEqual([...active].sort());
  const met = new Set(before.filter((m) => !m.bye && m.team1 && m.team2).map((m) => pairKey(m.team1!, m.team2!)));
  const hadBye = new Set(before.filter((m) => m.bye).map((m) => m.team1!));
  const byes = round.filter((m) => m.bye);
  expect(byes.length).toBe(active.length % 2);
  for (const b of byes) {
    expect(b).toMatchObject({ complete: true, winner: b.team1, team1Wins: 2, team2Wins: 0 });
    // nobody gets a second bye while an active team without one exists
    if (hadBye.has(b.team1!)) expect(active.every((t) => hadBye.has(t))).toBe(true);
  }
  const rematches = round.filter((m) => !m.bye && met.has(pairKey(m.team1!, m.team2!)));
  if (rematches.length > 0) {
    const fresh = active.filter((t) => !hadBye.has(t));
    expect(rematchFreeExists(active, met, fresh.length > 0 ? fresh : active)).toBe(false);
  }
}

/** Standings recomputed the plain way: every team, every match. */
function plainStandings(teams: readonly EngineTeam[], matches: readonly EngineMatch[]) {
  const done = matches.filter((m) => m.complete);
  const real = (id: string) => done.filter((m) => !m.bye && (m.team1 === id || m.team2 === id));
  const record = (id: string) => {
    let wins = done.filter((m) => m.bye && m.bracket === 'swiss' && m.team1 === id).length;
    let losses = 0;
    let ties = 0;
    for (const m of real(id)) {
      if (m.winner === null) ties++;
      else if (m.winner === id) wins++;
      else losses++;
    }
    return { wins, losses, ties };
  };
  const memo = <T,>(f: (id: string) => T) => {
    const cache = new Map<string, T>();
    return (id: string) => (cache.has(id) ? cache.get(id)! : (cache.set(id, f(id)), cache.get(id)!));
  };
  const mwp = memo((id: string) => {
    const ms = real(id);
    if (ms.length === 0) return 0;
    const pts = ms.reduce((s, m) => s + (m.winner === id ? 3 : m.winner === null ? 1 : 0), 0);
    return pts / (3 * ms.length);
  });
  const opponents = (id: string) => real(id).map((m) => (m.team1 === id ? m.team2! : m.team1!));
  const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  const omw = memo((id: string) => avg(opponents(id).map(mwp)));
  const rows = teams.map((t) => {
    const r = record(t.id);
    return { teamId: t.id, seed: t.seed, points: 3 * r.wins + r.ties, ...r, omw: omw(t.id), oomw: avg(opponents(t.id).map(omw)) };
  });
  const e = (x: number) => Math.round(x * 1e9);
  rows.sort((a, b) => b.points - a.points || b.wins - a.wins || e(b.omw) - e(a.omw) || e(b.oomw) - e(a.oomw) || a.seed - b.seed || (a.teamId < b.teamId ? -1 : 1));
  return rows;
}

function checkStandings(format: TournamentFormat, state: EngineState) {
  const counted = format === 'DEFAULT' ? state.matches.filter((m) => m.bracket === 'swiss') : state.matches;
  const ours = currentStandings(format, state.teams, state.matches);
  const plain = plainStandings(state.teams, counted);
  expect(ours.map((r) => r.teamId)).toEqual(plain.map((r) => r.teamId));
  ours.forEach((r, i) => {
    const p = plain[i]!;
    expect([r.points, r.wins, r.losses, r.ties]).toEqual([p.points, p.wins, p.losses, p.ties]);
    expect(r.omw).toBeCloseTo(p.omw, 9);
    expect(r.oomw).toBeCloseTo(p.oomw, 9);
  });
}

/** Plays one event and checks every rule of its format. */
function checkEvent(format: TournamentFormat, n: number, seed: number, tieRate: number, dropRate: number) {
  const droppedBy = new Map<number, Set<string>>(); // teams dropped before round r was played
  const sim = simulate(format, makeTeams(n), {
    seed,
    tieRate,
    dropRate,
    onRound: (state, round) => {
      const dropped = new Set(state.teams.filter((t) => t.dropped).map((t) => t.id));
      droppedBy.set(round, dropped);
      const ms = state.matches.filter((m) => m.round === round);
      // every team at most once per round, never against itself
      const seen = ms.flatMap((m) => [m.team1, m.team2]).filter((t) => t !== null);
      expect(new Set(seen).size).toBe(seen.length);
      for (const m of ms) {
        expect(m.team1 === null || m.team1 !== m.team2).toBe(true);
        // a team that had dropped before the round forfeits (or is not paired at all)
        for (const t of [m.team1, m.team2]) {
          if (t === null || !dropped.has(t) || m.bye) continue;
          expect(m.bracket).not.toBe('swiss');
          const other = t === m.team1 ? m.team2 : m.team1;
          if (other !== null && !dropped.has(other)) expect(m.winner).toBe(other);
        }
      }
      if (format === 'DEFAULT' && round <= swissRounds(n) && round > 1) {
        const before = state.matches.filter((m) => m.bracket === 'swiss' && m.round < round);
        const teamsThen = state.teams.map((t) => ({ ...t, dropped: dropped.has(t.id) }));
        checkSwissRound(teamsThen, before, ms);
      }
    },
  });
  const { state } = sim;
  expect(sim.rounds).toBeLessThanOrEqual(sim.roundCount);
  checkStandings(format, state);
  const final = finalStandings(format, state.teams, state.matches);
  expect(final.map((r) => r.rank)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  if (sim.champion !== null) expect(final[0]!.teamId).toBe(sim.champion);

  if (format === 'DOUBLE_ELIM') {
    expect(sim.champion).not.toBeNull();
    const losses = new Map<string, number>();
    for (const m of state.matches) {
      expect(m.complete).toBe(true);
      const loser = m.winner === m.team1 ? m.team2! : m.team1!;
      losses.set(loser, (losses.get(loser) ?? 0) + 1);
    }
    for (const t of state.teams) expect(losses.get(t.id) ?? 0).toBe(t.id === sim.champion ? (losses.get(t.id) ?? 0) : 2);
    expect(losses.get(sim.champion!) ?? 0).toBeLessThanOrEqual(1);
    expect([2 * n - 2, 2 * n - 1]).toContain(state.matches.length);
  }
  if (format === 'ROUND_ROBIN') {
    expect(sim.rounds).toBe(roundRobinRounds(n));
    const count = new Map<string, number>();
    for (const m of state.matches) {
      if (m.bye) {
        expect(m).toMatchObject({ complete: true, winner: null, team2: null });
        continue;
      }
      count.set(pairKey(m.team1!, m.team2!), (count.get(pairKey(m.team1!, m.team2!)) ?? 0) + 1);
    }
    const dropped = new Set(state.teams.filter((t) => t.dropped).map((t) => t.id));
    for (let i = 1; i <= n; i++) {
      for (let j = i + 1; j <= n; j++) {
        const c = count.get(pairKey(`t${i}`, `t${j}`)) ?? 0;
        // exactly once, unless both had dropped before their round
        expect(c === 1 || (c === 0 && dropped.has(`t${i}`) && dropped.has(`t${j}`))).toBe(true);
      }
    }
  }
  if (format === 'DEFAULT') {
    const cut = topCutSize(n);
    const swiss = swissRounds(n);
    expect(sim.rounds).toBe(sim.roundCount);
    const top = state.matches.filter((m) => m.bracket === 'top');
    const droppedAtCut = droppedBy.get(swiss + 1) ?? new Set();
    if (cut > 0 && top.length > 0) {
      // the cut is the best of the Swiss standings that had not dropped when it was made
      const expected = currentStandings('DEFAULT', state.teams, state.matches)
        .map((r) => r.teamId)
        .filter((id) => !droppedAtCut.has(id))
        .slice(0, cut);
      const entrants = new Set(top.flatMap((m) => [m.team1, m.team2]).filter((t) => t !== null));
      expect([...entrants].sort()).toEqual([...expected].sort());
      const final = top.find((m) => m.round === sim.roundCount)!;
      expect(sim.champion).toBe(final.winner);
    }
    if (cut === 0) expect(top).toHaveLength(0);
  }
}

const event = (min: number, max: number) =>
  fc.record({
    n: fc.integer({ min, max }),
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    tieRate: fc.constantFrom(0, 0.1, 0.3),
    dropRate: fc.constantFrom(0, 0.03, 0.15),
  });

const SIZES: Array<[string, number, number, number]> = [
  ['2..16', 2, 16, 250],
  ['17..64', 17, 64, 50],
  ['65..300', 65, 300, 10],
];

describe.each(['DEFAULT', 'ROUND_ROBIN', 'DOUBLE_ELIM'] as const)('%s events', (format) => {
  test.each(SIZES)('%s teams with random results and drops keep every rule', (_label, min, max, runs) => {
    // Round Robin's rounds grow with n: fewer large ones
    const numRuns = format === 'ROUND_ROBIN' && min > 64 ? 3 : runs;
    fc.assert(
      fc.property(event(min, max), ({ n, seed, tieRate, dropRate }) => checkEvent(format, n, seed, tieRate, dropRate)),
      { numRuns },
    );
  }, 30_000);
});

/** Pairs `rounds` Swiss rounds with random results (10% ties) and drops, checking each round. */
function playSwiss(n: number, rounds: number, seed: number, dropRate: number) {
  const random = mulberry32(seed);
  let teams: EngineTeam[] = makeTeams(n);
  let matches: EngineMatch[] = [];
  for (let round = 1; round <= rounds; round++) {
    if (teams.filter((t) => !t.dropped).length < 2) break;
    const ms = pairSwissRound({ teams, matches, round, seed });
    if (round > 1) checkSwissRound(teams, matches, ms);
    matches = [
      ...matches,
      ...ms.map((m) => {
        if (m.bye) return m;
        const x = random();
        const winner = x < 0.1 ? null : x < 0.55 ? m.team1 : m.team2;
        return { ...m, complete: true, winner, team1Wins: winner === m.team1 ? 2 : 1, team2Wins: winner === m.team2 ? 2 : 1 };
      }),
    ];
    teams = teams.map((t) => (!t.dropped && random() < dropRate ? { ...t, dropped: true } : t));
  }
}

describe('Swiss beyond its planned rounds', () => {
  test('small events paired until nearly everyone has met: still no avoidable rematch, byes fair', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 14 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.constantFrom(0, 0.1), (n, seed, dropRate) =>
        playSwiss(n, n + 2, seed, dropRate),
      ),
      { numRuns: 400 },
    );
  });

  test('larger events over many rounds, where groups are matched on their own above the last teams', () => {
    fc.assert(
      fc.property(fc.integer({ min: 30, max: 120 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.constantFrom(0, 0.02), (n, seed, dropRate) =>
        playSwiss(n, 24, seed, dropRate),
      ),
      { numRuns: 25 },
    );
  });
});
