import { describe, expect, test } from 'vitest';
import { matchFactory } from '../match-fixture.ts';
import type { Bracket } from '../../../../domain/tournaments/types.ts';
import {
  ALL_ROUNDS, bracketSections, defaultRound, forceQuestion, roundsToLoad, selectableRounds, type RoundChoice, matchPlace, matchRights, matchesSearch, ownMatch, resetRound, scoreProblem, sideName, sideOf, typedScoreProblem, choiceWords, BOTH_SCORES,
  pastRoundQuestion, reportLine, reportMark, shownWins, statusBadge,
} from './match-view.ts';
import { mergeMatches } from '../tournaments-api.ts';

const match = matchFactory();
const slot = (bracket: Bracket, roundNumber: number, position: number, team1Id: string | null = null, team2Id: string | null = null) =>
  match({ bracket, roundNumber, position, team1Id, team2Id, team1Name: team1Id, team2Name: team2Id });

describe('names in a match (spec 2 §2)', () => {
  test.each([
    ['a team', match(), 1, 'Alpha'],
    ['a blank name', match({ team2Name: ' ' }), 2, 'Unnamed Team'],
    ['no team yet', match({ team2Id: null, team2Name: null }), 2, 'TBD'],
    ['a bye', match({ team2Id: null, team2Name: null, bye: true }), 2, 'Bye'],
    ['a late entry’s missed round', match({ team2Id: null, team2Name: null, missed: true, complete: true }), 2, 'Missed round'],
  ])('%s', (_why, m, side, name) => expect(sideName(m, side as 1 | 2)).toBe(name));

  test('a late entry’s missed round is not its match of the round', () => {
    const m = match({ team2Id: null, team2Name: null, missed: true, complete: true });
    expect(ownMatch([m], 1, 'a')).toBeUndefined();
  });

  test('a missed round shows as Missed, and nobody flags it', () => {
    const m = match({ team2Id: null, team2Name: null, missed: true, complete: true, status: 'Completed' });
    expect(statusBadge(m)).toEqual({ label: 'Missed', tone: 'neutral' });
    expect(matchRights({ hostDiscordId: 'host', inProgress: true, completed: false, currentRound: 1 }, m, { discordId: 'p', auth: 0 }, 'a').canFlag).toBe(false);
  });

  test('a team plays side 1, side 2, or not at all', () => {
    expect([sideOf(match(), 'a'), sideOf(match(), 'b'), sideOf(match(), 'c'), sideOf(match(), undefined)]).toEqual([1, 2, null, null]);
  });

  test.each([
    [{ roundNumber: 2, bracket: 'swiss' as const, position: 1 }, undefined, 'Round 2'],
    [{ roundNumber: 3, bracket: 'losers' as const, position: 1 }, undefined, 'Round 3 · Losers Bracket'],
    [{ roundNumber: 6, bracket: 'grand' as const, position: 1 }, 7, 'Round 6 · Grand Final'],
    [{ roundNumber: 7, bracket: 'grand' as const, position: 1 }, 7, 'Round 7 · Grand Final Reset'],
  ])('%o is at %s', (m, reset, place) => expect(matchPlace(m, reset)).toBe(place));

  test.each([
    ['empty search', '', true],
    ['part of a name, any case', 'alp', true],
    ['the other team', 'RAV', true],
    ['nobody', 'zulu', false],
  ])('search: %s', (_why, q, hit) => expect(matchesSearch(match(), q)).toBe(hit));
});

describe('who may do what in the match modal (spec 2 §6)', () => {
  const t = { hostDiscordId: 'host', inProgress: true, completed: false, currentRound: 1 };
  const player = { discordId: 'p', auth: 0 };
  test.each([
    ['a visitor', null, undefined, { side: null, canReport: false, canModerate: false, canFlag: false, canToggle: false }],
    ['a player of the match', player, 'a', { side: 1, canReport: true, canModerate: false, canFlag: true, canToggle: false }],
    ['a player of another match', player, 'c', { side: null, canReport: false, canModerate: false, canFlag: false, canToggle: false }],
    ['a curator (auth 1)', { discordId: 'u', auth: 1 }, undefined, { side: null, canReport: false, canModerate: true, canFlag: true, canToggle: false }],
    ['the host', { discordId: 'host', auth: 0 }, undefined, { side: null, canReport: false, canModerate: true, canFlag: true, canToggle: false }],
    ['an admin who plays it', { discordId: 'ad', auth: 2 }, 'b', { side: 2, canReport: true, canModerate: true, canFlag: true, canToggle: true }],
  ])('%s', (_why, viewer, team, rights) => expect(matchRights(t, match(), viewer, team)).toMatchObject(rights));

  test.each([
    ['a completed match takes no report', match({ complete: true }), { open: true, canReport: false }],
    ['a bye is not open', match({ bye: true, team2Id: null }), { open: false, canReport: false, canFlag: false }],
    ['a TBD side is not open', match({ team2Id: null }), { open: false, canReport: false }],
    ['a later round is not open', match({ roundNumber: 2 }), { open: false, canReport: false }],
    ['no tie in a bracket', match({ bracket: 'top' }), { tieAllowed: false }],
    ['a tie in round robin', match({ bracket: 'rr' }), { tieAllowed: true }],
  ])('%s', (_why, m, rights) => expect(matchRights(t, m, player, 'a')).toMatchObject(rights));

  test('nothing is open once the tournament is completed', () =>
    expect(matchRights({ ...t, completed: true }, match(), { discordId: 'x', auth: 2 }, 'a')).toMatchObject({ open: false, canReport: false, canFlag: false }));
});

test.each([
  ['a fine score', 2, 1, 3, false, null],
  ['a tie where ties are allowed', 1, 1, 3, true, null],
  ['a tie in a bracket', 1, 1, 3, false, 'A bracket match needs a winner.'],
  ['a negative number', -1, 2, 3, true, 'Wins must be whole numbers of at least 0.'],
  ['an empty input', Number.NaN, 2, 3, true, 'Wins must be whole numbers of at least 0.'],
  ['more games than best of', 4, 0, 3, true, 'A best of 3 has at most 3 games.'],
  ['too many in all', 2, 2, 3, true, 'A best of 3 has at most 3 games in all.'],
])('score check: %s', (_why, a, b, bestOf, tie, problem) => expect(scoreProblem(a, b, bestOf, tie)).toBe(problem));

test.each([
  ['both boxes empty', ['', ''], BOTH_SCORES],
  ['one box empty', ['2', ' '], BOTH_SCORES],
  ['a typed 0–0 in Swiss: a draw by agreement', ['0', '0'], null],
  ['a typed 2–1', ['2', '1'], null],
  ['too many games', ['3', '1'], 'A best of 3 has at most 3 games in all.'],
] as const)('typed score: %s', (_why, raw, problem) => expect(typedScoreProblem(raw, 3, true)).toBe(problem));

test('a typed 0–0 in a bracket is refused', () => expect(typedScoreProblem(['0', '0'], 3, false)).toBe('A bracket match needs a winner.'));

test.each([
  ['a player’s win', { own: 2, other: 1, outcome: 'win' }, 2, { score: '2–1', note: 'You win' }],
  ['a player’s loss', { own: 0, other: 2, outcome: 'loss' }, 1, { score: '0–2', note: 'You lose' }],
  ['team 1’s win for the host', { own: 2, other: 0, outcome: 'win' }, null, { score: '2–0', note: 'for Alpha' }],
  ['team 2’s win for the host', { own: 1, other: 2, outcome: 'loss' }, null, { score: '1–2', note: 'for Bravo' }],
  ['a draw', { own: 1, other: 1, outcome: 'draw' }, null, { score: '1–1', note: 'Draw' }],
] as const)('result button words: %s', (_why, c, side, words) => expect(choiceWords(match(), c, side)).toEqual(words));

test.each([
  ['Match #7 (round 2) was already played with the result this changes: send force=true to reset it', 'Match #7 (round 2) was already played with the result this changes'],
  ['Round 1 has 2 matches still to finish', null],
])('the override refusal %s asks %s', (message, question) => expect(forceQuestion(message)).toBe(question));

describe('the viewer’s own match', () => {
  const matches = [
    slot('winners', 1, 1, 'a', 'b'),
    slot('winners', 2, 1, 'c', null),
    slot('losers', 3, 1, 'd', 'e'),
  ];
  test.each([
    ['this round', 'a', 1, matches[0]],
    ['a later bracket match while waiting', 'c', 1, matches[1]],
    ['none', 'z', 1, undefined],
    ['nobody signed in', undefined, 1, undefined],
  ])('%s', (_why, team, round, expected) => expect(ownMatch(matches, round, team)).toBe(expected));
});

describe('bracket layout (spec 2 §2, §9)', () => {
  // six teams, as the engine stores them: byes for seeds 1 and 2, the losers bracket from round 3
  const de = [
    slot('winners', 1, 2, 't4', 't5'), slot('winners', 1, 4, 't3', 't6'), slot('winners', 2, 1, 't1', null), slot('winners', 2, 2, 't2', null),
    slot('losers', 3, 1), slot('losers', 3, 2), slot('winners', 3, 1), slot('losers', 4, 1), slot('losers', 5, 1), slot('grand', 6, 1),
  ];
  const shape = (sections: ReturnType<typeof bracketSections>) =>
    sections.map((s) => [s.title, s.columns.map((c) => [c.title, c.slots.map((m) => (m ? `${m.bracket[0]}${m.roundNumber}.${m.position}` : '-'))])]);

  test('double elimination: winners, losers and grand final, byes keeping their slots', () => {
    expect(shape(bracketSections('DOUBLE_ELIM', de))).toEqual([
      ['Winners Bracket', [['Round 1', ['-', 'w1.2', '-', 'w1.4']], ['Round 2', ['w2.1', 'w2.2']], ['Round 3', ['w3.1']]]],
      ['Losers Bracket', [['Round 3', ['l3.1', 'l3.2']], ['Round 4', ['l4.1']], ['Round 5', ['l5.1']]]],
      ['Grand Final', [['Grand Final · Round 6', ['g6.1']]]],
    ]);
  });

  test('the grand-final reset gets its column once it exists', () => {
    const withReset = [...de, slot('grand', 7, 1, 't1', 't2')];
    expect(shape(bracketSections('DOUBLE_ELIM', withReset)).at(-1)).toEqual(['Grand Final', [['Grand Final · Round 6', ['g6.1']], ['Reset · Round 7', ['g7.1']]]]);
    expect(resetRound(withReset)).toBe(7);
    expect(resetRound(de)).toBeUndefined();
  });

  test('Swiss → Top Cut: only the cut is a bracket, halving to the final', () => {
    const matches = [slot('swiss', 1, 1, 'a', 'b'), slot('top', 5, 2, 'c', 'd'), slot('top', 5, 1, 'a', 'b'), slot('top', 6, 1)];
    expect(shape(bracketSections('DEFAULT', matches))).toEqual([
      ['Top Cut', [['Semifinals · Round 5', ['t5.1', 't5.2']], ['Final · Round 6', ['t6.1']]]],
    ]);
    expect(bracketSections('DEFAULT', [slot('swiss', 1, 1, 'a', 'b')])).toEqual([]);
  });

  test('round robin: one column per round, byes included', () => {
    const matches = [slot('rr', 1, 2, 'a', 'b'), slot('rr', 1, 1, 'c', null), slot('rr', 2, 1, 'a', 'c')];
    expect(shape(bracketSections('ROUND_ROBIN', matches))).toEqual([['Round Robin', [['Round 1', ['r1.1', 'r1.2']], ['Round 2', ['r2.1']]]]]);
  });
});

test('live matches replace older ones by id and add new ones', () => {
  const a = match({ id: 100, updatedAt: '2026-01-01T00:00:01.000Z' });
  const b = match({ id: 101 });
  const newerA = { ...a, status: 'In Progress' as const, updatedAt: '2026-01-01T00:00:02.000Z' };
  const staleB = { ...b, status: 'Completed' as const, updatedAt: '2025-12-31T00:00:00.000Z' };
  const c = match({ id: 102 });
  expect(mergeMatches([a, b], [newerA, staleB, c])).toEqual([newerA, b, c]);
  expect(mergeMatches(undefined, [c])).toBeUndefined();
});

describe('which rounds the page loads', () => {
  test.each([
    ['double elimination: all of it', { format: 'DOUBLE_ELIM' as const, currentRound: 2, roundCount: 7 }, 2, ALL_ROUNDS],
    ['round robin: all of it', { format: 'ROUND_ROBIN' as const, currentRound: 2, roundCount: 5 }, 1, ALL_ROUNDS],
    ['Swiss, early: the chosen and the current round', { format: 'DEFAULT' as const, currentRound: 3, roundCount: 15 }, 1, [1, 3]],
    ['Swiss, near the cut: the last three rounds too', { format: 'DEFAULT' as const, currentRound: 13, roundCount: 15 }, 2, [2, 13, 14, 15]],
    ['a small event: no round before the first', { format: 'DEFAULT' as const, currentRound: 2, roundCount: 4 }, 2, [2, 3, 4]],
    ['All rounds chosen', { format: 'DEFAULT' as const, currentRound: 3, roundCount: 15 }, ALL_ROUNDS, ALL_ROUNDS],
  ])('%s', (_why, t, choice, rounds) => expect(roundsToLoad(t, choice as RoundChoice)).toEqual(rounds));

  test.each([
    ['in progress: the current round', { completed: false, currentRound: 3, teams: [] }, 3],
    ['a small finished event: every round', { completed: true, currentRound: 4, teams: [] }, ALL_ROUNDS],
    ['a large finished event: the last round', { completed: true, currentRound: 15, teams: Array.from({ length: 65 }) }, 15],
  ])('the selector starts on %s', (_why, t, round) => expect(defaultRound(t as never)).toEqual(round));

  test('the selector offers every round so far and later rounds with matches', () =>
    expect(selectableRounds(2, [slot('winners', 1, 1), slot('losers', 5, 1)])).toEqual([1, 2, 5]));
});

describe('a disputed match (issue 18)', () => {
  const report = (gamesWon: number, gamesLost: number) => ({ reporterDiscordId: 'x', gamesWon, gamesLost, at: '2026-01-01T00:00:00.000Z' });
  const disputed = match({ team1Name: 'Team A', team2Name: 'Team B', reportFromTeam1: report(2, 0), reportFromTeam2: report(2, 0), disputed: true, flaggedForReview: true });

  test.each([
    ['disputed: neither claim is the score', disputed, 'Disputed', null],
    ['one report: in progress with its score', match({ status: 'In Progress', reportFromTeam1: report(2, 1), finalScore: { team1Wins: 2, team2Wins: 1 } }), 'In Progress', 2],
    // a settled dispute reads as settled, not as a green 'Completed' like any other (issue 30 §8)
    ['decided by an admin', match({ ...disputed, disputed: false, overridden: true, complete: true, status: 'Completed', finalScore: { team1Wins: 2, team2Wins: 1 }, outcome: { winnerTeamId: 'a' } }), 'Resolved', 2],
    ['set by an admin without a dispute', match({ overridden: true, complete: true, status: 'Completed', finalScore: { team1Wins: 2, team2Wins: 1 }, outcome: { winnerTeamId: 'a' } }), 'Completed', 2],
    ['a tie', match({ complete: true, status: 'Completed', finalScore: { team1Wins: 1, team2Wins: 1 }, outcome: { winnerTeamId: null } }), 'Tie', 1],
    ['a bye', match({ bye: true, team2Id: null, team2Name: null }), 'Bye', null],
  ])('%s', (_why, m, label, team1Wins) => {
    expect(statusBadge(m).label).toBe(label);
    expect(shownWins(m, 1)).toBe(team1Wins);
  });

  test('a report shows a green tick only while it stands', () => {
    const decided = match({ ...disputed, disputed: false, overridden: true, complete: true, status: 'Completed' });
    expect([reportMark(disputed, 1)?.label, reportMark(decided, 2)?.label, reportMark(match({ reportFromTeam1: report(2, 1) }), 1)?.kind, reportMark(match(), 1)])
      .toEqual(['Reports disagree', 'Report superseded', 'submitted', null]);
  });

  test("each report reads from its team's side", () => {
    expect([reportLine(disputed, 1), reportLine(disputed, 2)]).toEqual(['Team A: 2–0 for Team A', 'Team B: 2–0 for Team B']);
    const conceded = match({ team1Name: 'Team A', team2Name: 'Team B', reportFromTeam2: report(1, 2) });
    expect([reportLine(conceded, 1), reportLine(conceded, 2)]).toEqual([null, 'Team B: 2–1 for Team A']);
    expect(reportLine(match({ team1Name: 'Team A', reportFromTeam1: report(1, 1) }), 1)).toBe('Team A: 1–1, a tie');
  });
});

describe('changing a result of a round that is over (issue 18)', () => {
  test.each([
    ['a Swiss round before the current one', 'swiss' as const, 1, 3, true],
    ['a round-robin round before the current one', 'rr' as const, 2, 3, true],
    ['the current round', 'swiss' as const, 3, 3, false],
    ['a bracket match (the server names what it resets)', 'winners' as const, 1, 3, false],
  ])('%s: asked %s', (_why, bracket, roundNumber, currentRound, asked) => {
    const question = pastRoundQuestion({ currentRound }, { bracket, roundNumber });
    expect(question !== null).toBe(asked);
    if (question) expect(question).toMatch(/standings.*pairings already made stay/);
  });

  test('a moderator who plays in the match may not decide it', () => {
    const t = { hostDiscordId: 'h', inProgress: true, completed: false, currentRound: 1 };
    expect(matchRights(t, match(), { discordId: 'h', auth: 0 }, 'a')).toMatchObject({ canModerate: true, canDecide: false, canToggle: true });
    expect(matchRights(t, match(), { discordId: 'h', auth: 0 }, undefined)).toMatchObject({ canModerate: true, canDecide: true });
  });
});
