// The results a match may have (issue 18 §3): a table of the cases the admin panel met, and
// properties over every small result; then what a report, an override and a correction decide.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  championRefusal, CORRECTION_MOVES_BRACKET, CORRECTION_MOVES_CHAMPION, decideReport, followRefusal, inPlayRefusal, isRefusal, overRefusal,
  overrideMatchRefusal, overrideResult, reportMatch, reportProblem, resolveFlagRefusal, resultProblem, sideOf, winnerOfGames,
  type EventStage, type FollowInput, type Games, type MatchReport, type OverrideInput, type ProposedResult, type Refusal, type ReportedMatch, type ReportInput,
} from './result-rules.ts';

const swiss = (team1Wins: number, team2Wins: number, winner: 1 | 2 | null, bestOf = 3): ProposedResult => ({ team1Wins, team2Wins, winner, bestOf, tieAllowed: true });
const bracket = (team1Wins: number, team2Wins: number, winner: 1 | 2 | null, bestOf = 3): ProposedResult => ({ team1Wins, team2Wins, winner, bestOf, tieAllowed: false });

describe('resultProblem: the table', () => {
  test.each([
    ['team 1 wins 2–0', swiss(2, 0, 1), null],
    ['team 1 wins 2–1', swiss(2, 1, 1), null],
    ['team 2 wins 1–2', swiss(1, 2, 2), null],
    ['a tie 1–1', swiss(1, 1, null), null],
    ['a tie by agreement 0–0', swiss(0, 0, null), null],
    ['a best of 1 won 1–0', swiss(1, 0, 1, 1), null],
    ['a best of 5 won 3–2', swiss(3, 2, 1, 5), null],
    ['a bracket match won 0–2 by team 2', bracket(0, 2, 2), null],
    ['a tie stored with 3–0', swiss(3, 0, null), 'team1Wins: a tie has as many games on each side (3–0 is not a tie)'],
    ['a tie 0–2', swiss(0, 2, null), 'team2Wins: a tie has as many games on each side (0–2 is not a tie)'],
    ['a winner with 0–0', swiss(0, 0, 1), 'team1Wins: the winner must have won more games than the loser (0–0)'],
    ['team 2 the winner with 0–0', swiss(0, 0, 2), 'team2Wins: the winner must have won more games than the loser (0–0)'],
    ['a winner with fewer games', swiss(0, 2, 1), 'team1Wins: the winner must have won more games than the loser (0–2)'],
    ['a winner with as many games', swiss(1, 1, 2), 'team2Wins: the winner must have won more games than the loser (1–1)'],
    ['more than best-of in all', swiss(2, 2, null), 'team1Wins: a best of 3 has at most 3 games in all (2–2 is 4)'],
    ['more than best-of for the loser', swiss(1, 3, 2), 'team2Wins: a best of 3 has at most 3 games in all (1–3 is 4)'],
    ['a best of 1 won 2–0', swiss(2, 0, 1, 1), 'team1Wins: a best of 1 has at most 1 games in all (2–0 is 2)'],
    ['a tie in a bracket', bracket(1, 1, null), 'winner: a bracket match needs a winner'],
    ['negative games', swiss(-1, 0, 2), 'team1Wins: must be a whole number from 0'],
    ['half a game', swiss(1, 0.5, 1), 'team2Wins: must be a whole number from 0'],
  ])('%s', (_name, result, expected) => {
    const problem = resultProblem(result);
    expect(problem && `${problem.field}: ${problem.message}`).toBe(expected);
  });
});

describe('resultProblem: properties', () => {
  const games = fc.integer({ min: 0, max: 12 });
  const result = fc.record({
    team1Wins: games, team2Wins: games, winner: fc.constantFrom<1 | 2 | null>(1, 2, null),
    bestOf: fc.integer({ min: 1, max: 9 }), tieAllowed: fc.boolean(),
  });

  test('a result is accepted exactly when its games name its winner and fit in the best-of', () => {
    fc.assert(fc.property(result, (r) => {
      const possible = r.team1Wins + r.team2Wins <= r.bestOf && winnerOfGames(r.team1Wins, r.team2Wins) === r.winner && (r.winner !== null || r.tieAllowed);
      expect(resultProblem(r) === null).toBe(possible);
    }), { numRuns: 2000 });
  });

  test('the two sides are alike: swapping the teams (and the winner) keeps the verdict and, for unequal games, mirrors the field', () => {
    fc.assert(fc.property(result, (r) => {
      const swapped = { ...r, team1Wins: r.team2Wins, team2Wins: r.team1Wins, winner: r.winner === null ? null : r.winner === 1 ? 2 as const : 1 as const };
      const a = resultProblem(r);
      const b = resultProblem(swapped);
      expect(b === null).toBe(a === null);
      if (a && b && a.field !== 'winner' && r.team1Wins !== r.team2Wins) expect(b.field).not.toBe(a.field);
    }), { numRuns: 2000 });
  });

  test('a refusal names a field and says a sentence; an accepted result stays accepted with a longer best-of', () => {
    fc.assert(fc.property(result, (r) => {
      const problem = resultProblem(r);
      if (problem) {
        expect(['team1Wins', 'team2Wins', 'winner']).toContain(problem.field);
        expect(problem.message).toMatch(/^[a-z].*\w\)?$/);
      } else {
        expect(resultProblem({ ...r, bestOf: r.bestOf + 2 })).toBeNull();
      }
    }), { numRuns: 2000 });
  });

  test('a report (its winner read from its games) fails only for the best-of or a bracket tie', () => {
    fc.assert(fc.property(result, (r) => {
      const problem = resultProblem({ ...r, winner: winnerOfGames(r.team1Wins, r.team2Wins) });
      const expected = r.team1Wins + r.team2Wins > r.bestOf || (r.team1Wins === r.team2Wins && !r.tieAllowed);
      expect(problem !== null).toBe(expected);
    }), { numRuns: 2000 });
  });
});

// ---- what a report, an override and a correction decide ----------------------------------------

const said = (x: Refusal | object | null) => (x && isRefusal(x) ? `${x.refused}: ${x.message}` : x);

describe('inPlayRefusal: the event must be under way', () => {
  const stage = (s: Partial<EventStage>): EventStage => ({ closed: false, cancelled: false, completed: false, inProgress: true, ...s });
  test.each([
    ['a running event takes a report', stage({}), null],
    ['a closed event takes nothing (closed wins over complete)', stage({ closed: true, completed: true }), 'conflict: This tournament was closed'],
    ['a cancelled event takes nothing', stage({ cancelled: true }), 'conflict: This tournament was cancelled'],
    ['a completed event is over', stage({ completed: true }), 'conflict: The tournament is over'],
    ['an event not started has nothing to play', stage({ inProgress: false }), 'conflict: The tournament has not started'],
  ])('%s', (_why, t, expected) => {
    expect(said(inPlayRefusal(t))).toBe(expected);
  });

  test.each([
    ['an event before its start may change', { closed: false, cancelled: false }, null],
    ['closed', { closed: true, cancelled: false }, 'conflict: This tournament was closed'],
    ['cancelled', { closed: false, cancelled: true }, 'conflict: This tournament was cancelled'],
  ])('overRefusal: %s', (_why, t, expected) => {
    expect(said(overRefusal(t))).toBe(expected);
  });
});

describe('decideReport: two sides, plain inputs (a league match passes the same)', () => {
  const games = (gamesWon: number, gamesLost: number): Games => ({ gamesWon, gamesLost });
  const report = (side: 1 | 2, g: Games, other: Games | null, over: Partial<ReportInput> = {}): ReportInput => ({ games: g, side, bestOf: 3, tieAllowed: true, other, ...over });
  test.each([
    ['the first report sets the score from team 1', report(1, games(2, 1), null), { outcome: 'reported', team1Wins: 2, team2Wins: 1 }],
    ['the first report from team 2 is turned to team 1 first', report(2, games(2, 0), null), { outcome: 'reported', team1Wins: 0, team2Wins: 2 }],
    ['the other side saw the same score: complete, team 1 won', report(2, games(1, 2), games(2, 1)), { outcome: 'agreed', team1Wins: 2, team2Wins: 1, winner: 1 }],
    ['agreement from team 1 on team 2’s win', report(1, games(0, 2), games(2, 0)), { outcome: 'agreed', team1Wins: 0, team2Wins: 2, winner: 2 }],
    ['an agreed tie has no winner', report(1, games(1, 1), games(1, 1)), { outcome: 'agreed', team1Wins: 1, team2Wins: 1, winner: null }],
    ['both sides claim the win: disputed', report(2, games(2, 0), games(2, 0)), { outcome: 'disputed', message: 'Score reports disagree' }],
    ['the same winner, other games: disputed', report(2, games(0, 2), games(2, 1)), { outcome: 'disputed', message: 'Score reports disagree' }],
    ['a report that repeats the other side’s own numbers is not agreement', report(1, games(2, 1), games(2, 1)), { outcome: 'disputed', message: 'Score reports disagree' }],
    ['a best of 1 agreed', report(1, games(1, 0), games(0, 1), { bestOf: 1 }), { outcome: 'agreed', team1Wins: 1, team2Wins: 0, winner: 1 }],
    ['more games than the best-of names gamesWon', report(1, games(3, 1), null), 'invalid: gamesWon: a best of 3 has at most 3 games in all (3–1 is 4)'],
    ['the loser’s games past the best-of name gamesLost', report(1, games(1, 3), null), 'invalid: gamesLost: a best of 3 has at most 3 games in all (1–3 is 4)'],
    ['a tie where none may be (a bracket)', report(1, games(1, 1), null, { tieAllowed: false }), 'invalid: gamesWon: a bracket match needs a winner'],
    ['a refusal comes before the other side’s report is read', report(1, games(2, 2), games(2, 2)), 'invalid: gamesWon: a best of 3 has at most 3 games in all (2–2 is 4)'],
  ])('%s', (_why, input, expected) => {
    const out = decideReport(input);
    expect(isRefusal(out) ? said(out) : out).toEqual(expected);
  });

  test('reportProblem is decideReport’s refusal alone', () => {
    expect(reportProblem(games(2, 0), 3, true)).toBeNull();
    expect(said(reportProblem(games(0, 4), 3, true))).toBe('invalid: gamesLost: a best of 3 has at most 3 games in all (0–4 is 4)');
  });
});

describe('reportMatch: a tournament match’s report', () => {
  const match = (m: Partial<ReportedMatch> = {}): ReportedMatch => ({
    bye: false, team1: 'A', team2: 'B', round: 2, complete: false, tieAllowed: true, reportFromTeam1: null, reportFromTeam2: null, ...m,
  });
  const report = (m: Partial<ReportedMatch>, over: Partial<MatchReport> = {}): MatchReport => ({
    match: match(m), currentRound: 2, bestOf: 3, reporterTeam: 'A', fromTeam1: undefined, games: { gamesWon: 2, gamesLost: 0 }, ...over,
  });
  test.each([
    ['team 1’s first report', report({}), { outcome: 'reported', team1Wins: 2, team2Wins: 0, side: 1 }],
    ['team 2 agrees with team 1’s report', report({ reportFromTeam1: { gamesWon: 0, gamesLost: 2 } }, { reporterTeam: 'B', games: { gamesWon: 2, gamesLost: 0 } }), { outcome: 'agreed', team1Wins: 0, team2Wins: 2, winner: 2, side: 2 }],
    ['team 2 differs from team 1', report({ reportFromTeam1: { gamesWon: 2, gamesLost: 0 } }, { reporterTeam: 'B' }), { outcome: 'disputed', message: 'Score reports disagree', side: 2 }],
    ['an earlier round still open takes reports', report({ round: 1 }), { outcome: 'reported', team1Wins: 2, team2Wins: 0, side: 1 }],
    ['fromTeam1 saying the reporter’s own side', report({}, { fromTeam1: true }), { outcome: 'reported', team1Wins: 2, team2Wins: 0, side: 1 }],
    ['a bye has no score', report({ bye: true, team2: null }), 'conflict: A bye has no score to report'],
    ['a bracket match waiting for its opponent', report({ team2: null }), 'conflict: This match has no opponent yet'],
    ['a match of a later round', report({ round: 3 }), 'conflict: This match is not in the current round yet'],
    ['a complete match (a report agreed, or an override)', report({ complete: true }), 'conflict: This match is complete: ask an admin to change its result'],
    ['a walkover (the opponent dropped) is complete too', report({ complete: true }, { reporterTeam: 'B' }), 'conflict: This match is complete: ask an admin to change its result'],
    ['a reporter in no team of the event', report({}, { reporterTeam: null }), 'forbidden: Only players of this match can report its score'],
    ['a reporter of another match', report({}, { reporterTeam: 'C' }), 'forbidden: Only players of this match can report its score'],
    ['fromTeam1 naming the other side', report({}, { fromTeam1: false }), 'forbidden: You can only report for your own team'],
    ['a tie in a bracket, found once the match is known', report({ tieAllowed: false }, { games: { gamesWon: 1, gamesLost: 1 } }), 'invalid: gamesWon: a bracket match needs a winner'],
    ['the match is refused before the reporter is', report({ bye: true }, { reporterTeam: null }), 'conflict: A bye has no score to report'],
  ])('%s', (_why, input, expected) => {
    const out = reportMatch(input);
    expect(isRefusal(out) ? said(out) : out).toEqual(expected);
  });

  test.each([
    ['team 1', 'A', 1], ['team 2', 'B', 2], ['no team', null, 0], ['another team', 'C', 0],
  ] as const)('sideOf: %s', (_why, team, side) => {
    expect(sideOf(team, { team1: 'A', team2: 'B' })).toBe(side);
  });
});

describe('an admin’s result: override and correction', () => {
  const override = (o: Partial<OverrideInput>): OverrideInput => ({ match: { team1: 'A', team2: 'B', tieAllowed: true }, winnerTeamId: 'A', team1Wins: 2, team2Wins: 1, bestOf: 3, ...o });
  test.each([
    ['team 1 wins', override({}), { winner: 'A' }],
    ['team 2 wins', override({ winnerTeamId: 'B', team1Wins: 0, team2Wins: 2 }), { winner: 'B' }],
    ['no winner is a tie', override({ winnerTeamId: undefined, team1Wins: 1, team2Wins: 1 }), { winner: null }],
    ['a winner who is not in the match', override({ winnerTeamId: 'C' }), 'invalid: winnerTeamId: not a team of this match'],
    ['the winner with fewer games', override({ winnerTeamId: 'B' }), 'invalid: team2Wins: the winner must have won more games than the loser (2–1)'],
    ['a tie in a bracket names the winner field', override({ winnerTeamId: undefined, team1Wins: 1, team2Wins: 1, match: { team1: 'A', team2: 'B', tieAllowed: false } }), 'invalid: winnerTeamId: a bracket match needs a winner'],
    ['past the best-of', override({ team1Wins: 3, team2Wins: 1 }), 'invalid: team1Wins: a best of 3 has at most 3 games in all (3–1 is 4)'],
  ])('overrideResult: %s', (_why, input, expected) => {
    const out = overrideResult(input);
    expect(isRefusal(out) ? said(out) : out).toEqual(expected);
  });

  test.each([
    ['a match of two teams', { bye: false, team1: 'A', team2: 'B' }, null],
    ['a bye', { bye: true, team1: 'A', team2: null }, 'conflict: A bye has no result to change'],
    ['no opponent yet', { bye: false, team1: null, team2: 'B' }, 'conflict: This match has no opponent yet'],
  ])('overrideMatchRefusal: %s', (_why, m, expected) => {
    expect(said(overrideMatchRefusal(m))).toBe(expected);
  });

  const follow = (f: Partial<FollowInput>): FollowInput => ({ completed: false, swissUnderCut: false, followed: [], force: false, ...f });
  test.each([
    ['nothing followed: the override stands', follow({}), null],
    ['one match followed, not forced', follow({ followed: [{ id: 7, round: 2 }] }), 'conflict: Match #7 (round 2) was already played with the result this changes: send force=true to reset it'],
    ['two followed, not forced', follow({ followed: [{ id: 7, round: 2 }, { id: 9, round: 3 }] }), 'conflict: Match #7 (round 2), Match #9 (round 3) were already played with the result this changes: send force=true to reset them'],
    ['forced: the followers are reset', follow({ followed: [{ id: 7, round: 2 }], force: true }), null],
    ['a correction of a Swiss result the cut was seeded from', follow({ completed: true, swissUnderCut: true }), `conflict: ${CORRECTION_MOVES_BRACKET} (the top cut was seeded from the Swiss results)`],
    ['a correction with a match after it, even forced', follow({ completed: true, followed: [{ id: 7, round: 2 }], force: true }), `conflict: ${CORRECTION_MOVES_BRACKET} (1 match followed from it)`],
    ['a correction with two after it', follow({ completed: true, followed: [{ id: 7, round: 2 }, { id: 8, round: 3 }] }), `conflict: ${CORRECTION_MOVES_BRACKET} (2 matches followed from it)`],
    ['a correction where nothing followed', follow({ completed: true }), null],
  ])('followRefusal: %s', (_why, f, expected) => {
    expect(said(followRefusal(f))).toBe(expected);
  });

  test.each([
    ['the champion stays', 'A', 'A', null],
    ['the champion would change', 'B', 'A', `conflict: ${CORRECTION_MOVES_CHAMPION}`],
    ['no champion any more', null, 'A', `conflict: ${CORRECTION_MOVES_CHAMPION}`],
  ])('championRefusal: %s', (_why, after, winner, expected) => {
    expect(said(championRefusal(after, winner))).toBe(expected);
  });

  test.each([
    ['a flagged match', true, null],
    ['a match without a flag', false, 'conflict: This match is not flagged'],
  ])('resolveFlagRefusal: %s', (_why, flagged, expected) => {
    expect(said(resolveFlagRefusal({ flagged }))).toBe(expected);
  });
});
