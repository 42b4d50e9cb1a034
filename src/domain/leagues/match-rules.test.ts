import { describe, expect, test } from 'vitest';
import { LEAGUE_MESSAGES, type LeaguePhase } from '../api/leagues.ts';
import { answerRefusal, decideRefusal, decisionProblem, reportRefusal, reportStands, roomVisible, scoreProblem, type MatchFacts } from './match-rules.ts';

const now = new Date('2026-05-10T12:00:00Z');
const later = new Date('2026-05-11T12:00:00Z');
const m = (over: Partial<MatchFacts> = {}): MatchFacts => ({ state: 'playing', player1Id: 'a', player2Id: 'b', reportedBy: null, confirmBy: null, ...over });
const reported = m({ state: 'reported', reportedBy: 'a', confirmBy: later });
const text = (r: { status: number; message: string } | null) => (r ? `${r.status} ${r.message}` : null);

describe('reportRefusal', () => {
  test.each<[string, MatchFacts, string, LeaguePhase, string | null]>([
    ['a player of a match being played', m(), 'a', 'running', null],
    ['the other player', m(), 'b', 'running', null],
    ['someone else', m(), 'c', 'running', `403 ${LEAGUE_MESSAGES.notYourMatch}`],
    ['a second report, by the reporter', reported, 'a', 'running', `409 ${LEAGUE_MESSAGES.reportedAlready}`],
    ['a second report, by the opponent (who confirms or disputes)', reported, 'b', 'running', `409 ${LEAGUE_MESSAGES.reportedAlready}`],
    ['a disputed match', m({ state: 'disputed', reportedBy: 'a' }), 'b', 'running', `409 ${LEAGUE_MESSAGES.reportedAlready}`],
    ['a complete match', m({ state: 'complete' }), 'a', 'running', `409 ${LEAGUE_MESSAGES.hasResult}`],
    ['after the end', m(), 'a', 'deciding', `409 ${LEAGUE_MESSAGES.over}`],
    ['once final', m(), 'a', 'final', `409 ${LEAGUE_MESSAGES.over}`],
  ])('%s', (_label, match, actor, phase, expected) => {
    expect(text(reportRefusal(match, actor, phase))).toBe(expected);
  });
});

describe('answerRefusal: Confirm and Dispute', () => {
  test.each<[string, MatchFacts, string, LeaguePhase, Date, string | null]>([
    ['the opponent, in time', reported, 'b', 'running', now, null],
    ['the reporter', reported, 'a', 'running', now, `403 ${LEAGUE_MESSAGES.ownReport}`],
    ['someone else', reported, 'c', 'running', now, `403 ${LEAGUE_MESSAGES.notYourMatch}`],
    ['the opponent, too late: the report stands', reported, 'b', 'running', later, `409 ${LEAGUE_MESSAGES.reportStands}`],
    ['nothing reported yet', m(), 'b', 'running', now, `409 ${LEAGUE_MESSAGES.nothingToAnswer}`],
    ['disputed already', m({ state: 'disputed', reportedBy: 'a' }), 'b', 'running', now, `409 ${LEAGUE_MESSAGES.nothingToAnswer}`],
    ['confirmed already', m({ state: 'complete', reportedBy: 'a' }), 'b', 'running', now, `409 ${LEAGUE_MESSAGES.hasResult}`],
    ['after the end (the report stood at it)', reported, 'b', 'deciding', now, `409 ${LEAGUE_MESSAGES.over}`],
  ])('%s', (_label, match, actor, phase, at, expected) => {
    expect(text(answerRefusal(match, actor, phase, at))).toBe(expected);
  });
});

describe('decideRefusal', () => {
  const host = { discordId: 'h', host: true };
  test.each<[string, MatchFacts, { discordId: string; host: boolean }, LeaguePhase, string | null]>([
    ['a host, a disputed match', m({ state: 'disputed' }), host, 'running', null],
    ['a host, after the end, a match never reported', m(), host, 'deciding', null],
    ['a host, a reported match', reported, host, 'running', null],
    ['a player who is no host', m({ state: 'disputed' }), { discordId: 'c', host: false }, 'running', `403 ${LEAGUE_MESSAGES.notHost}`],
    ['a host who plays in it', m({ state: 'disputed', player2Id: 'h' }), host, 'running', `403 ${LEAGUE_MESSAGES.ownMatch}`],
    ['a complete match', m({ state: 'complete' }), host, 'running', `409 ${LEAGUE_MESSAGES.hasResult}`],
    ['a void match', m({ state: 'void' }), host, 'deciding', `409 ${LEAGUE_MESSAGES.hasResult}`],
    ['a final league', m({ state: 'disputed' }), host, 'final', `409 ${LEAGUE_MESSAGES.final}`],
  ])('%s', (_label, match, actor, phase, expected) => {
    expect(text(decideRefusal(match, actor, phase))).toBe(expected);
  });
});

describe('scores', () => {
  test.each([
    ['2–0', 2, 0, null],
    ['2–1', 2, 1, null],
    ['1–2', 1, 2, null],
    ['0–2', 0, 2, null],
    ['1–0 (the opponent left after one game)', 1, 0, null],
    ['1–1: no draws', 1, 1, LEAGUE_MESSAGES.draw],
    ['0–0: no draws', 0, 0, LEAGUE_MESSAGES.draw],
    ['3–1: four games in a best of three', 3, 1, 'gamesWon: a best of 3 has at most 3 games in all (3–1 is 4)'],
    ['1–3', 1, 3, 'gamesLost: a best of 3 has at most 3 games in all (1–3 is 4)'],
  ])('a report of %s', (_label, won, lost, problem) => {
    expect(scoreProblem(won, lost)).toBe(problem);
  });

  test.each([
    ['2–1 for the winner', 2, 1, null],
    ['1–2: the winner’s games come first', 1, 2, LEAGUE_MESSAGES.winnerGames],
    ['1–1', 1, 1, LEAGUE_MESSAGES.winnerGames],
    ['3–0', 3, 0, null],
  ])('a decision of %s', (_label, won, lost, problem) => {
    expect(decisionProblem(won, lost)).toBe(problem);
  });
});

describe('reportStands and roomVisible', () => {
  test.each([
    ['before its time', reported, now, false],
    ['at its time', reported, later, true],
    ['a match not reported', m(), later, false],
    ['a disputed match never stands', m({ state: 'disputed', confirmBy: now }), later, false],
  ])('reportStands: %s', (_label, match, at, stands) => {
    expect(reportStands(match, at)).toBe(stands);
  });

  test.each([
    ['a player, playing', m(), { discordId: 'a', host: false }, true],
    ['a host', m({ state: 'disputed' }), { discordId: 'h', host: true }, true],
    ['someone else', m(), { discordId: 'c', host: false }, false],
    ['a visitor', m(), null, false],
    ['a player, the match complete', m({ state: 'complete' }), { discordId: 'a', host: false }, false],
  ])('roomVisible: %s', (_label, match, viewer, visible) => {
    expect(roomVisible(match, viewer)).toBe(visible);
  });
});
