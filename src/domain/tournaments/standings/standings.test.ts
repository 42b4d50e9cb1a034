import { describe, expect, test } from 'vitest';
import { standings, tieBreakerNumber } from './standings.ts';
import { played, swissBye, teamsOf } from '../engine/properties/test-matches.ts';
import type { EngineMatch } from '../types.ts';

describe('tie-breaker number', () => {
  test.each([
    ['points two digits, percentages to one decimal', 9, 2 / 3, 0.5, '09 667 500'],
    ['zeros padded', 0, 0, 0.054, '00 000 054'],
    ['100% kept to three digits', 12, 1, 1, '12 999 999'],
    ['more than 99 points as they are', 120, 0.5, 0.5, '120 500 500'],
  ])('%s', (_label, points, omw, oomw, expected) => expect(tieBreakerNumber(points, omw, oomw)).toBe(expected));
});

describe('standings', () => {
  test('3 points a win, 1 a tie, none a loss', () => {
    const rows = standings(teamsOf('a', 'b', 'c'), [played(1, 'a', 'b', 'a'), played(2, 'a', 'c', null), played(3, 'b', 'c', 'b')]);
    const byId = Object.fromEntries(rows.map((r) => [r.teamId, r]));
    expect(byId.a).toMatchObject({ points: 4, wins: 1, losses: 0, ties: 1 });
    expect(byId.b).toMatchObject({ points: 3, wins: 1, losses: 1, ties: 0 });
    expect(byId.c).toMatchObject({ points: 1, wins: 0, losses: 1, ties: 1 });
    expect(rows.map((r) => r.teamId)).toEqual(['a', 'b', 'c']);
  });

  test('a team dropped before it played ranks below every team with its record, whatever its seed', () => {
    // 'n' (seed 1) was dropped at the start as a no-show; 'l' and 'm' lost their only match
    const teams = teamsOf('n', 'w', 'l', 'v', 'm').map((t) => (t.id === 'n' ? { ...t, dropped: true } : t));
    const rows = standings(teams, [played(1, 'w', 'l', 'w'), played(1, 'v', 'm', 'v')]);
    expect(rows.map((r) => r.teamId)).toEqual(['w', 'v', 'l', 'm', 'n']);
    // and below a late entry with nothing but a missed round (0 points, no opponents: only the seed told them apart)
    const late: EngineMatch = { ...played(1, 'x', 'w', null), team2: null, missed: true, team1Wins: 0, team2Wins: 2 };
    const withLate = [...teams, { id: 'x', seed: 6, dropped: false }];
    expect(standings(withLate, [played(1, 'w', 'l', 'w'), played(1, 'v', 'm', 'v'), late]).map((r) => r.teamId).slice(-2)).toEqual(['x', 'n']);
    // a team that played and then dropped keeps its place by record
    const dropped = teamsOf('d', 'w', 'l').map((t) => (t.id === 'd' ? { ...t, dropped: true } : t));
    expect(standings(dropped, [played(1, 'd', 'w', 'w'), played(1, 'l', 'w', 'w')]).map((r) => r.teamId)).toEqual(['w', 'd', 'l']);
  });

  test('points, then wins: a win and a loss beat three ties', () => {
    const matches = [played(1, 'w', 'x', 'w'), played(2, 'w', 'y', 'y'), played(1, 't', 'u', null), played(2, 't', 'v', null), played(3, 't', 'z', null)];
    const rows = standings(teamsOf('t', 'w', 'u', 'v', 'x', 'y', 'z'), matches);
    expect(rows.find((r) => r.teamId === 't')!.points).toBe(3);
    expect(rows.find((r) => r.teamId === 'w')!.points).toBe(3);
    expect(rows.findIndex((r) => r.teamId === 'w')).toBeLessThan(rows.findIndex((r) => r.teamId === 't'));
  });

  test('OMW% is the average of the opponents match-win percentages, OOMW% of theirs', () => {
    // a beat b and c; b beat c; c beat d
    const matches = [played(1, 'a', 'b', 'a'), played(2, 'a', 'c', 'a'), played(1, 'b', 'c', 'b', 'swiss', 2), played(2, 'c', 'd', 'c', 'swiss', 2)];
    const rows = Object.fromEntries(standings(teamsOf('a', 'b', 'c', 'd'), matches).map((r) => [r.teamId, r]));
    // MW%: a 1, b 1/2, c 1/3, d 0
    expect(rows.a!.omw).toBeCloseTo((1 / 2 + 1 / 3) / 2);
    expect(rows.b!.omw).toBeCloseTo((1 + 1 / 3) / 2);
    expect(rows.c!.omw).toBeCloseTo((1 + 1 / 2 + 0) / 3);
    expect(rows.d!.omw).toBeCloseTo(1 / 3);
    expect(rows.a!.oomw).toBeCloseTo((rows.b!.omw + rows.c!.omw) / 2);
    expect(rows.a!.tieBreaker).toBe('06 417 583');
  });

  test('equal points and wins are ordered by OMW%, then OOMW%, then seed', () => {
    // a and b both 1-1; a lost to s (2-0), b to w (1-1)
    const matches = [played(1, 's', 'a', 's'), played(2, 's', 'x', 's'), played(1, 'w', 'b', 'w'), played(2, 'a', 'y', 'a'), played(2, 'b', 'z', 'b', 'swiss', 3), played(3, 'w', 'x', 'x')];
    const rows = standings(teamsOf('b', 'a', 's', 'w', 'x', 'y', 'z'), matches);
    const order = rows.map((r) => r.teamId);
    expect(order.indexOf('a')).toBeLessThan(order.indexOf('b'));
    const tied = standings(teamsOf('p', 'q'), []);
    expect(tied.map((r) => r.teamId)).toEqual(['p', 'q']);
  });

  test('a Swiss bye is a 2-0 win for points but no opponent in anyone\'s OMW%', () => {
    const rows = Object.fromEntries(standings(teamsOf('a', 'b', 'c'), [swissBye(1, 'a'), played(1, 'b', 'c', 'b'), played(2, 'a', 'b', 'b')]).map((r) => [r.teamId, r]));
    expect(rows.a).toMatchObject({ points: 3, wins: 1, losses: 1 });
    // a's only opponent is b (MW% 1/2), not the bye; a's own MW% (0 of 1 real match) is what b sees
    expect(rows.a!.omw).toBeCloseTo(1);
    expect(rows.b!.omw).toBeCloseTo((0 + 0) / 2);
  });

  test('a Round Robin bye row and incomplete matches count for nothing', () => {
    const rrBye: EngineMatch = { round: 1, bracket: 'rr', position: 2, team1: 'c', team2: null, bye: true, complete: true, team1Wins: null, team2Wins: null, winner: null };
    const open: EngineMatch = { ...played(2, 'a', 'c', 'a'), complete: false, winner: null };
    const rows = Object.fromEntries(standings(teamsOf('a', 'b', 'c'), [played(1, 'a', 'b', 'a', 'rr'), rrBye, open]).map((r) => [r.teamId, r]));
    expect(rows.c).toMatchObject({ points: 0, wins: 0, losses: 0, ties: 0, omw: 0 });
  });

  test('a walkover (no games) counts as a played win and loss', () => {
    const w: EngineMatch = { ...played(1, 'a', 'b', 'a'), team1Wins: null, team2Wins: null };
    const rows = Object.fromEntries(standings(teamsOf('a', 'b'), [w]).map((r) => [r.teamId, r]));
    expect(rows.a).toMatchObject({ wins: 1, points: 3, omw: 0 });
    expect(rows.b).toMatchObject({ losses: 1, points: 0, omw: 1 });
  });

  test('ranks run 1..n and dropped teams keep their place', () => {
    const teams = teamsOf('a', 'b', 'c', 'd').map((t) => (t.id === 'a' ? { ...t, dropped: true } : t));
    const rows = standings(teams, [played(1, 'a', 'b', 'a'), played(1, 'c', 'd', 'c', 'swiss', 2)]);
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
    expect(rows[0]!.teamId).toBe('a');
  });
});
