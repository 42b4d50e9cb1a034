// The property tests of whole events (engine-*.property.test.ts, one file per format so that they
// run side by side): events of 2..300 teams with random results (ties where allowed) and random
// drops between rounds, played through the engine as the server drives it, and every rule of the
// format checked against an oracle written the plain way (here and in oracles.ts). Sizes are drawn uniformly (no
// small-value bias) within buckets; small and medium events are cheap and get most of the runs,
// large ones (Round Robin grows with n^3) fewer, so that every format still plays over a thousand
// events. The counts are printed (and asserted) after the run. PROPERTY_RUNS=k multiplies every run
// count (k = 10 for a deep local run); fractions below 1 give a quick smoke run.
import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { currentStandings, finalStandings, type EngineState } from '../results.ts';
import type { TournamentFormat } from '../../formats.ts';
import { mulberry32 } from '../prng.ts';
import { roundRobinRounds, swissRounds, topCutSize } from '../round-count.ts';
import { makeTeams, simulate } from './simulate.ts';
import { pairSwissRound } from '../swiss.ts';
import { matchKey, type EngineMatch, type EngineTeam } from '../../types.ts';
import { byeCounts, checkSwissRound, plainStandings } from './oracles.ts';

/** What the run covered, printed at the end. */
const counts = {
  events: new Map<TournamentFormat, number>(),
  sizes: new Map<TournamentFormat, Set<number>>(),
};

/** Failed rules of one event, collected in the hot loops (an expect per match costs more than the event) and asserted once. */
type Check = (ok: boolean, what: () => string) => void;

function checkStandings(format: TournamentFormat, state: EngineState, check: Check) {
  const counted = format === 'DEFAULT' ? state.matches.filter((m) => m.bracket === 'swiss') : state.matches;
  const ours = currentStandings(format, state.teams, state.matches);
  const plain = plainStandings(state.teams, counted);
  expect(ours.map((r) => r.teamId)).toEqual(plain.map((r) => r.teamId));
  ours.forEach((r, i) => {
    const p = plain[i]!;
    const same =
      r.points === p.points &&
      r.wins === p.wins &&
      r.losses === p.losses &&
      r.ties === p.ties &&
      Math.abs(r.omw - p.omw) < 1e-9 &&
      Math.abs(r.oomw - p.oomw) < 1e-9;
    check(same, () => `standings row ${r.teamId}: ${JSON.stringify(r)} but recomputed ${JSON.stringify(p)}`);
  });
}

/** Plays one event and checks every rule of its format. */
function checkEvent(format: TournamentFormat, n: number, seed: number, tieRate: number, dropRate: number) {
  const droppedBy = new Map<number, Set<string>>(); // teams dropped before round r was played
  const problems: string[] = [];
  const check: Check = (ok, what) => {
    if (!ok && problems.length < 20) problems.push(what());
  };
  const sim = simulate(format, makeTeams(n), {
    seed,
    tieRate,
    dropRate,
    onRound: (state, round) => {
      const dropped = new Set(state.teams.filter((t) => t.dropped).map((t) => t.id));
      droppedBy.set(round, dropped);
      if (format === 'DEFAULT' && round <= swissRounds(n) && round > 1) {
        const before = state.matches.filter((m) => m.bracket === 'swiss' && m.round < round);
        const teamsThen = state.teams.map((t) => ({ ...t, dropped: dropped.has(t.id) }));
        checkSwissRound(teamsThen, before, state.matches.filter((m) => m.round === round));
      }
    },
  });
  const { state } = sim;
  // Each played round's matches as the event stored them, grouped in one pass: not a pass over the
  // whole event after every round (a 300-team round robin is 299 rounds of 44,850 matches). A round
  // is complete when it is reported, and nothing rewrites a finished match, so these are its rows.
  const roundsPlayed = new Map<number, EngineMatch[]>([...droppedBy.keys()].map((r) => [r, []]));
  for (const m of state.matches) roundsPlayed.get(m.round)?.push(m);
  for (const [round, ms] of roundsPlayed) {
    const dropped = droppedBy.get(round)!;
    // every team at most once per round, never against itself
    const seen = new Set<string>();
    for (const m of ms) {
      // (plain ifs before each check: no message closure made for every match of the event)
      for (const t of [m.team1, m.team2]) {
        if (t === null) continue;
        if (seen.has(t)) check(false, () => `round ${round}: ${t} plays twice`);
        seen.add(t);
      }
      if (m.team1 !== null && m.team1 === m.team2) check(false, () => `round ${round}: ${m.team1} plays itself`);
      // a team that had dropped before the round forfeits (or is not paired at all)
      if (m.bye || !(dropped.has(m.team1!) || dropped.has(m.team2!))) continue;
      for (const t of [m.team1, m.team2]) {
        if (t === null || !dropped.has(t)) continue;
        check(m.bracket !== 'swiss', () => `round ${round}: dropped ${t} paired in Swiss`);
        const other = t === m.team1 ? m.team2 : m.team1;
        if (other !== null && !dropped.has(other)) check(m.winner === other, () => `round ${round}: dropped ${t} did not forfeit to ${other}`);
      }
    }
  }
  expect(sim.rounds).toBeLessThanOrEqual(sim.roundCount);
  checkStandings(format, state, check);
  const final = finalStandings(format, state.teams, state.matches);
  expect(final.map((r) => r.rank)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  if (sim.champion !== null) expect(final[0]!.teamId).toBe(sim.champion);

  if (format === 'DOUBLE_ELIM') {
    expect(sim.champion).not.toBeNull();
    const losses = new Map<string, number>();
    for (const m of state.matches) {
      check(m.complete, () => `${matchKey(m)} not complete`);
      const loser = m.winner === m.team1 ? m.team2! : m.team1!;
      losses.set(loser, (losses.get(loser) ?? 0) + 1);
    }
    // everyone but the champion leaves after exactly two losses
    for (const t of state.teams) if (t.id !== sim.champion) check(losses.get(t.id) === 2, () => `${t.id} lost ${losses.get(t.id) ?? 0} times`);
    expect(losses.get(sim.champion!) ?? 0).toBeLessThanOrEqual(1);
    expect([2 * n - 2, 2 * n - 1]).toContain(state.matches.length);
    // byes fair: the teams without a first-round match are the top seeds, one per missing entrant
    const size = 2 ** Math.ceil(Math.log2(Math.max(n, 2)));
    const playedFirst = new Set(state.matches.filter((m) => m.bracket === 'winners' && m.round === 1).flatMap((m) => [m.team1, m.team2]));
    const byes = state.teams.filter((t) => !playedFirst.has(t.id)).map((t) => t.seed);
    expect(byes).toEqual(Array.from({ length: size - n }, (_, i) => i + 1));
  }
  if (format === 'ROUND_ROBIN') {
    expect(sim.rounds).toBe(roundRobinRounds(n));
    // meetings counted by team index in one pass (a pairKey string per match and per pair of a
    // 300-team field cost more than the rest of the check)
    const index = new Map(state.teams.map((t, i) => [t.id, i]));
    const met = new Uint16Array(n * n);
    const byes = new Uint16Array(n);
    for (const m of state.matches) {
      const a = index.get(m.team1!);
      if (m.bye) {
        check(m.complete && m.winner === null && m.team2 === null && a !== undefined, () => `bad bye row ${JSON.stringify(m)}`);
        if (a !== undefined) byes[a]!++;
        continue;
      }
      const b = index.get(m.team2!);
      if (a !== undefined && b !== undefined) met[Math.min(a, b) * n + Math.max(a, b)]!++;
      else check(false, () => `a match of unknown teams: ${JSON.stringify(m)}`);
    }
    const dropped = state.teams.map((t) => t.dropped);
    // byes fair: with an odd count each team sits out once (a team that dropped may miss its turn)
    state.teams.forEach((t, i) => {
      const b = byes[i]!;
      check(dropped[i] ? b <= n % 2 : b === n % 2, () => `${t.id} sat out ${b} times with ${n} teams`);
    });
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const c = met[i * n + j]!;
        // exactly once, unless both had dropped before their round
        if (!(c === 1 || (c === 0 && dropped[i]! && dropped[j]!))) check(false, () => `${state.teams[i]!.id} and ${state.teams[j]!.id} met ${c} times`);
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
  expect(problems).toEqual([]);
}

const event = (min: number, max: number) =>
  fc.record({
    // uniform over the bucket: fast-check's default bias would favour its smallest sizes
    n: fc.noBias(fc.integer({ min, max })),
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    tieRate: fc.constantFrom(0, 0.1, 0.3),
    dropRate: fc.constantFrom(0, 0.03, 0.15),
  });

const SCALE = Number(process.env.PROPERTY_RUNS ?? 1);
const runs = (base: number) => Math.max(1, Math.round(base * SCALE));

/** Events per format and size bucket: [first size, last size, runs]. Costs grow with n (Round Robin with n^3). */
const PLAN: Record<TournamentFormat, Array<[number, number, number]>> = {
  DEFAULT: [
    [2, 16, 400],
    [17, 64, 350],
    [65, 150, 180],
    [151, 300, 120],
  ],
  ROUND_ROBIN: [
    [2, 16, 500],
    [17, 64, 350],
    [65, 150, 120],
    [151, 300, 40],
  ],
  DOUBLE_ELIM: [
    [2, 16, 400],
    [17, 64, 350],
    [65, 150, 180],
    [151, 300, 100],
  ],
};
const MIN_EVENTS = 1000;


/**
 * The tests of one format: its plan reaches MIN_EVENTS over sizes 2..300, then each size bucket plays
 * its events; what was played is printed after the file.
 */
export function describeEvents(format: TournamentFormat) {
  test(`the plan gives ${format} at least ${MIN_EVENTS} events over sizes 2..300`, () => {
    const buckets = PLAN[format];
    expect(buckets[0]![0]).toBe(2);
    expect(buckets.at(-1)![1]).toBe(300);
    buckets.slice(1).forEach(([min], i) => expect(min).toBe(buckets[i]![1] + 1));
    if (SCALE >= 1) expect(buckets.reduce((s, [, , base]) => s + runs(base), 0)).toBeGreaterThanOrEqual(MIN_EVENTS);
  });

  describe(`${format} events`, () => {
    test.each(PLAN[format].map(([min, max, base]) => [`${min}..${max}`, min, max, runs(base)] as const))(
      '%s teams with random results and drops keep every rule (%i..%i, %i events)',
      async (_label, min, max, numRuns) => {
        let played = 0;
        await fc.assert(
          fc.asyncProperty(event(min, max), async ({ n, seed, tieRate, dropRate }) => {
            // a turn of the event loop between events: a bucket takes many seconds on a busy machine, and a
            // worker that blocks its loop for a minute misses Vitest's own calls ("Timeout calling onTaskUpdate")
            await new Promise((r) => setTimeout(r, 0));
            checkEvent(format, n, seed, tieRate, dropRate);
            played++;
            if (!counts.sizes.has(format)) counts.sizes.set(format, new Set());
            counts.sizes.get(format)!.add(n);
          }),
          { numRuns },
        );
        expect(played).toBe(numRuns);
        counts.events.set(format, (counts.events.get(format) ?? 0) + played);
      },
      120_000 * Math.max(1, SCALE),
    );
  });

  afterAll(() => {
    const sizes = [...(counts.sizes.get(format) ?? [])];
    if (sizes.length === 0) return;
    const byes = format === 'DEFAULT' ? `\n  Swiss byes checked against the bye oracle: ${byeCounts.byesChecked} (${byeCounts.byesMovedUp} moved above the lowest team to avoid a rematch)` : '';
    console.log(`Property events played (PROPERTY_RUNS=${SCALE}):\n  ${format.padEnd(12)} ${String(counts.events.get(format)).padStart(6)} events, ${sizes.length} distinct sizes in ${Math.min(...sizes)}..${Math.max(...sizes)}${byes}`);
  });
}

/** Pairs `rounds` Swiss rounds with random results (10% ties) and drops, checking each round. */
export function playSwiss(n: number, rounds: number, seed: number, dropRate: number) {
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

