import { describe, expect, test } from 'vitest';
import { nextRound, startTournament } from '../engine/engine.ts';
import type { TournamentFormat } from '../formats.ts';
import { ordinal, placeLabel, placementsOf } from './placements.ts';
import { finalStandings, reconcile, type EngineState, type FinalStandingRow } from '../engine/results.ts';
import { applyDiff, makeTeams } from '../engine/properties/simulate.ts';
import type { EngineMatch } from '../types.ts';

describe('place labels', () => {
  test.each([
    ['st, nd, rd for 1, 2, 3', [1, 2, 3, 4], ['1st', '2nd', '3rd', '4th']],
    ['the teens are all th', [11, 12, 13, 111, 112], ['11th', '12th', '13th', '111th', '112th']],
    ['the last digit counts above the teens', [21, 22, 23, 101, 1002], ['21st', '22nd', '23rd', '101st', '1002nd']],
  ])('%s', (_why, ns, expected) => expect(ns.map(ordinal)).toEqual(expected));

  test.each([
    ['one team holds one place', 9, 9, '9th'],
    ['a shared range has an en dash', 5, 8, '5th–8th'],
  ])('%s', (_why, first, last, expected) => expect(placeLabel(first, last)).toBe(expected));

  test.each([
    ['neighbours out in the same round share their places', [9, 8, 7, 7, 6, 6, 6, 6], ['1st', '2nd', '3rd–4th', '3rd–4th', '5th–8th', '5th–8th', '5th–8th', '5th–8th']],
    ['a null group stands alone, even beside another null', [3, 2, null, null], ['1st', '2nd', '3rd', '4th']],
    ['a group of byes-thinned size covers only its teams', [5, 4, 3, 3, 3], ['1st', '2nd', '3rd–5th', '3rd–5th', '3rd–5th']],
  ])('%s', (_why, groups, expected) => expect(placementsOf(groups)).toEqual(expected));
});

const seedOf = (id: string) => Number(id.slice(1));
/** The better seed wins, except where `upset` says the worse one does. */
const favourite = (upset: (m: EngineMatch) => boolean = () => false) => (m: EngineMatch) =>
  (seedOf(m.team1!) < seedOf(m.team2!)) !== upset(m) ? m.team1! : m.team2!;

/**
 * An event played to its end through the engine as the server drives it: every open match decided by
 * `winner` (2-0), `drops` teams dropped after the round they name.
 */
function playOut(format: TournamentFormat, n: number, winner: (m: EngineMatch) => string, drops: Readonly<Record<number, readonly string[]>> = {}): EngineState {
  const teams = makeTeams(n);
  const start = startTournament(format, teams, 7);
  let state: EngineState = { format, seed: 7, teams, matches: start.matches };
  const settle = (s: EngineState): EngineState => ({ ...s, matches: applyDiff(s.matches, reconcile(s)) });
  for (let round = 1; round <= start.roundCount; round++) {
    for (;;) {
      const open = new Set(state.matches.filter((m) => m.round === round && !m.complete && m.team1 && m.team2));
      if (open.size === 0) break;
      const decided = state.matches.map((m) => {
        if (!open.has(m)) return m;
        const w = winner(m);
        return { ...m, complete: true, winner: w, team1Wins: w === m.team1 ? 2 : 0, team2Wins: w === m.team2 ? 2 : 0 };
      });
      state = settle({ ...state, matches: decided });
    }
    const leaving = drops[round] ?? [];
    if (leaving.length) state = settle({ ...state, teams: state.teams.map((t) => (leaving.includes(t.id) ? { ...t, dropped: true } : t)) });
    state = settle({ ...state, matches: [...state.matches, ...nextRound(state, round)] });
  }
  return state;
}

const final = (s: EngineState, winner: string | null = null) => finalStandings(s.format, s.teams, s.matches, winner);
const places = (rows: FinalStandingRow[]) => rows.map((r) => r.placement);
const record = (r: { wins: number; losses: number; ties: number }) => `${r.wins}-${r.losses}-${r.ties}`;
const row = (rows: FinalStandingRow[], id: string) => rows.find((r) => r.teamId === id)!;
/** W-L-T of a team over every match it played, counted from the matches themselves (a Swiss bye a win). */
function recordOf(s: EngineState, id: string): string {
  let w = 0, l = 0, t = 0;
  for (const m of s.matches) {
    if (!m.complete || (m.team1 !== id && m.team2 !== id)) continue;
    if (m.bye) w += m.winner === id ? 1 : 0;
    else if (m.winner === null) t++;
    else if (m.winner === id) w++;
    else l++;
  }
  return `${w}-${l}-${t}`;
}
const ordinals = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ordinal(from + i));

describe('final standings: Swiss → Top Cut', () => {
  // issue 18: 12 teams play 4 Swiss rounds and a cut of 2 (rules.md); the Swiss leader loses the final
  const issue = playOut('DEFAULT', 12, favourite((m) => m.bracket === 'top'));
  const rows = final(issue);
  const [champion, runnerUp] = rows;

  test('the issue\'s event: the champion\'s row counts the final it won, as the Champion block does', () => {
    expect(champion).toMatchObject({ placement: '1st', swiss: { rank: 2, wins: 3, losses: 1, ties: 0 } });
    expect(record(champion!)).toBe('4-1-0');
    expect(champion!.points).toBe(12);
    expect(record(champion!)).toBe(recordOf(issue, champion!.teamId));
  });

  test('the issue\'s event: the runner-up, unbeaten in Swiss, shows the final it lost', () => {
    expect(runnerUp).toMatchObject({ placement: '2nd', swiss: { rank: 1, wins: 4, losses: 0, ties: 0 } });
    expect(record(runnerUp!)).toBe('4-1-0');
  });

  test('the issue\'s event: the rest by their Swiss rank as an ordinal, their record the Swiss one', () => {
    expect(places(rows)).toEqual(ordinals(1, 12));
    for (const r of rows.slice(2)) {
      expect(r.placement).toBe(ordinal(r.swiss!.rank));
      expect(record(r)).toBe(record(r.swiss!));
    }
  });

  test.each([
    ['16 teams, a cut of 4: the semi-final losers share 3rd–4th', 16, {}, ['1st', '2nd', '3rd–4th', '3rd–4th', ...ordinals(5, 16)]],
    ['32 teams, a cut of 8: quarter-final losers share 5th–8th', 32, {}, ['1st', '2nd', '3rd–4th', '3rd–4th', ...Array(4).fill('5th–8th'), ...ordinals(9, 32)]],
  ])('%s', (_why, n, drops, expected) => {
    const s = playOut('DEFAULT', n, favourite((m) => m.bracket === 'top' && m.round % 2 === 0), drops);
    const r = final(s);
    expect(places(r)).toEqual(expected);
    for (const x of r) expect(record(x)).toBe(recordOf(s, x.teamId));
  });

  test('a team that dropped before the cut is placed by its Swiss record, first after the cut', () => {
    // 16 teams, 4 Swiss rounds: t1 leaves unbeaten after the last one, so the cut takes the next four
    const s = playOut('DEFAULT', 16, favourite(), { 4: ['t1'] });
    const r = final(s);
    expect(r.slice(0, 4).map((x) => x.teamId)).not.toContain('t1');
    expect(row(r, 't1')).toMatchObject({ placement: '5th', swiss: { rank: 1 } });
  });

  test('a team that drops during the cut forfeits there and is placed with that round\'s losers', () => {
    const s = playOut('DEFAULT', 16, favourite(), { 5: ['t1'] }); // t1 won its semi-final, then left
    const r = final(s);
    expect(row(r, 't1').placement).toBe('2nd');
    expect(record(row(r, 't1'))).toBe(recordOf(s, 't1'));
  });

  test('a declared winner other than the engine\'s champion is 1st; everyone else keeps their order below', () => {
    const r = final(issue, 't5');
    expect(r.slice(0, 3).map((x) => [x.teamId, x.placement])).toEqual([['t5', '1st'], [champion!.teamId, '2nd'], [runnerUp!.teamId, '3rd']]);
  });
});

describe('final standings without a bracket: the rank as an ordinal', () => {
  test.each([
    ['Swiss without a cut (6 teams): no Swiss column, the record is the Swiss one', 'DEFAULT', 6, {}],
    ['round robin with an even count', 'ROUND_ROBIN', 6, {}],
    ['round robin with an odd count (byes, which score nothing)', 'ROUND_ROBIN', 5, {}],
    ['Swiss without a cut, a team dropped: placed by its record, not after everyone', 'DEFAULT', 7, { 2: ['t1'] }],
    ['round robin, a team dropped: its record (walkovers lost) places it', 'ROUND_ROBIN', 6, { 3: ['t1'] }],
  ] as const)('%s', (_why, format, n, drops) => {
    const s = playOut(format, n, favourite(), drops);
    const r = final(s);
    expect(places(r)).toEqual(ordinals(1, n));
    expect(r.map((x) => x.rank)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    for (const x of r) {
      expect(x.swiss).toBeNull();
      expect(record(x)).toBe(recordOf(s, x.teamId));
    }
    const left = r.find((x) => s.teams.find((t) => t.id === x.teamId)!.dropped);
    if (left) expect(left.rank).toBeLessThan(n); // not pushed below every team that finished
  });

  test('the champion (first active team) is 1st even when a dropped team ranks above it', () => {
    // 4 teams, 3 Swiss rounds: t1 wins two rounds and leaves, 6 points and the better OMW%; t2 ends 2-1
    const s = playOut('DEFAULT', 4, favourite(), { 2: ['t1'] });
    const r = final(s);
    expect(r.slice(0, 2).map((x) => [x.teamId, x.placement])).toEqual([['t2', '1st'], ['t1', '2nd']]);
  });
});

describe('final standings: double elimination', () => {
  test.each([
    ['2 teams: the grand final decides', 2, ['1st', '2nd']],
    ['6 teams: byes leave the first losers round empty', 6, ['1st', '2nd', '3rd', '4th', '5th–6th', '5th–6th']],
    ['8 teams: 3rd and 4th from the last losers rounds, then pairs', 8, ['1st', '2nd', '3rd', '4th', '5th–6th', '5th–6th', '7th–8th', '7th–8th']],
    [
      '16 teams: ranges double every second losers round',
      16,
      ['1st', '2nd', '3rd', '4th', '5th–6th', '5th–6th', '7th–8th', '7th–8th', ...Array(4).fill('9th–12th'), ...Array(4).fill('13th–16th')],
    ],
  ])('%s', (_why, n, expected) => {
    const s = playOut('DOUBLE_ELIM', n, favourite((m) => m.bracket === 'losers' && m.position === 1));
    const r = final(s);
    expect(places(r)).toEqual(expected);
    for (const x of r) expect(record(x)).toBe(recordOf(s, x.teamId));
  });

  test('a team that drops forfeits its next match and is placed with the round it left in', () => {
    // 8 teams: t1 wins round 1, then leaves; it forfeits winners round 2 and losers round 4
    const s = playOut('DOUBLE_ELIM', 8, favourite(), { 1: ['t1'] });
    const r = final(s);
    expect(row(r, 't1').placement).toBe('5th–6th');
  });
});
