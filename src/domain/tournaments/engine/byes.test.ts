import { describe, expect, test } from 'vitest';
import { byeKind, byeSentence } from './byes.ts';
import { doubleElimination } from './double-elimination.ts';
import { singleElimination } from './elimination.ts';
import { roundRobinRound } from './round-robin.ts';
import { standings } from '../standings/standings.ts';
import { played, swissBye, teamsOf } from './properties/test-matches.ts';
import type { Bracket, EngineMatch } from '../types.ts';

// What players read about a bye and what the standings give it agree, format by format (decision 014).
describe('a bye scores what its sentence says', () => {
  // a has the bye; b and c play
  const swiss: EngineMatch[] = [swissBye(1, 'a'), played(1, 'b', 'c', 'b')];
  const roundRobin: EngineMatch[] = roundRobinRound(['a', 'b', 'c'], 1); // three teams: the first sits out round 1

  test.each([
    ['Swiss: a 2-0 win (rules.md), 3 points, no opponent in any percentage', 'swiss', swiss, 'win', /counts as a 2-0 win/, { wins: 1, losses: 0, ties: 0, points: 3, omw: 0 }],
    ['round robin: a round off, no game and no points, as every team sits out once', 'rr', roundRobin, 'rest', /round off: no game and no points/, { wins: 0, losses: 0, ties: 0, points: 0, omw: 0 }],
  ] as const)('%s', (_why, bracket, matches, kind, sentence, row) => {
    expect(matches.find((m) => m.bye)).toMatchObject({ bracket, team1: 'a', complete: true });
    expect(byeKind(bracket)).toBe(kind);
    expect(byeSentence(bracket)).toMatch(sentence);
    expect(standings(teamsOf('a', 'b', 'c'), matches).find((r) => r.teamId === 'a')).toMatchObject(row);
  });

  test.each([
    ['double elimination: the top seed of 3 moves on to winners round 2 without a game', 'winners', doubleElimination(['a', 'b', 'c'], []).matches],
    ['the top cut: the top seed of 3 moves on to the final without a game', 'top', singleElimination(['a', 'b', 'c'], []).matches],
  ] as const)('%s', (_why, bracket, matches) => {
    expect(byeKind(bracket)).toBe('advance');
    expect(byeSentence(bracket)).toMatch(/moves the team on to its next match without a game/);
    // no row, so nothing to score: a meets its first opponent in round 2
    expect(matches.some((m) => m.bye)).toBe(false);
    expect(matches.filter((m) => m.round === 1).flatMap((m) => [m.team1, m.team2])).not.toContain('a');
    expect(standings(teamsOf('a', 'b', 'c'), matches.filter((m) => m.complete)).find((r) => r.teamId === 'a')).toMatchObject({ wins: 0, points: 0 });
  });

  test.each(['losers', 'grand'] satisfies Bracket[])('the other bracket parts (%s) advance too', (bracket) => {
    expect(byeKind(bracket)).toBe('advance');
  });
});
