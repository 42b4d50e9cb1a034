import { describe, expect, it } from 'vitest';
import type { LeagueMatch, LeagueMessage, LeagueRun } from '../../../domain/api/leagues.ts';
import { LEAGUE_RESULT_CHOICES } from '../../../domain/api/leagues.ts';
import {
  decideBody, decideWords, liveStep, matchAction, outcomeFor, reportSentence, runStep, scoreText, sidesOf, timeLeft,
} from './league-view.ts';
import { sortLeagues } from './list/league-order.ts';

const JOEY = '100000000000000004';
const MAI = '100000000000000005';
const ADA = '100000000000000001';
const NOW = Date.parse('2026-06-10T12:00:00Z');
const LATER = '2026-06-11T12:00:00.000Z';
const EARLIER = '2026-06-09T12:00:00.000Z';

function match(over: Partial<LeagueMatch> = {}): LeagueMatch {
  return {
    id: 7, leagueId: 'L1', state: 'playing',
    player1: { runId: 1, discordId: JOEY, displayName: 'Joey', games: null },
    player2: { runId: 2, discordId: MAI, displayName: 'Mai', games: null },
    winnerDiscordId: null, report: null, dispute: null, decidedByDiscordId: null, resolution: null,
    createdAt: EARLIER, completedAt: null, ...over,
  };
}
const reported = (by: string, gamesWon: number, gamesLost: number, confirmBy = LATER) =>
  match({ state: 'reported', report: { byDiscordId: by, gamesWon, gamesLost, at: EARLIER, confirmBy } });

const message = (over: Partial<LeagueMessage>): LeagueMessage => ({
  id: 'L1', version: 11, leaderboardVersion: 3, change: 'queue', queueSize: 4, discordIds: [], matchId: null, ...over,
});
const shown = { version: 10, leaderboardVersion: 3, isHost: false };

describe('a live message', () => {
  it.each([
    ['an older or the same version: nothing', message({ version: 10 }), shown, undefined, 'ignore'],
    ['only the queue moved: its size patched', message({}), shown, undefined, 'patch'],
    ['the leaderboard moved: read again', message({ leaderboardVersion: 4, change: 'confirm' }), shown, undefined, 'refetch'],
    ['the viewer was paired: read again', message({ change: 'paired', discordIds: [JOEY, MAI] }), shown, JOEY, 'refetch'],
    ['others were paired: only the queue for a player', message({ change: 'paired', discordIds: [JOEY, MAI] }), shown, ADA, 'patch'],
    ['a dispute, for a host: read again (the list to decide)', message({ change: 'dispute' }), { ...shown, isHost: true }, ADA, 'refetch'],
    ['an admin marked it rated: every page reads again (its badge)', message({ change: 'rated' }), shown, undefined, 'refetch'],
    ['a dispute, for a visitor: patched', message({ change: 'dispute' }), shown, undefined, 'patch'],
    ['the league closed: read again', message({ change: 'closed' }), shown, undefined, 'refetch'],
    ['nothing shown yet: read', message({}), undefined, undefined, 'refetch'],
  ] as const)('%s', (_why, m, page, viewer, kind) => expect(liveStep(page, m, viewer).kind).toBe(kind));

  it('patches the version and the queue size', () => {
    expect(liveStep(shown, message({ version: 12, queueSize: 9 }), undefined)).toEqual({ kind: 'patch', patch: { version: 12, queueSize: 9 } });
  });
});

describe('a match, as its viewer sees it', () => {
  it.each([
    ['playing: its players report', match(), JOEY, 'running', 'report'],
    ['playing: someone else does nothing', match(), ADA, 'running', 'none'],
    ['reported by the opponent: confirm or dispute', reported(MAI, 2, 1), JOEY, 'running', 'answer'],
    ['reported by the viewer: wait', reported(JOEY, 2, 1), JOEY, 'running', 'wait'],
    ['a report past its time stands: nothing to answer', reported(MAI, 2, 1, EARLIER), JOEY, 'running', 'none'],
    ['disputed: the hosts decide', match({ state: 'disputed' }), MAI, 'running', 'hosts'],
    ['after the end: nothing to report', match(), JOEY, 'deciding', 'none'],
    ['complete: nothing', match({ state: 'complete' }), JOEY, 'running', 'none'],
  ] as const)('%s', (_why, m, viewer, phase, kind) => expect(matchAction(m, viewer, phase, NOW).kind).toBe(kind));

  it('names the sides from the viewer', () => {
    expect(sidesOf(match(), MAI)?.other.displayName).toBe('Joey');
    expect(sidesOf(match(), ADA)).toBeNull();
  });

  it.each([
    ['a win, read by the opponent', reported(JOEY, 2, 1), MAI, 'Joey reported 2–1: Joey wins'],
    ['a win, read by the reporter', reported(JOEY, 2, 0), JOEY, 'You reported 2–0: you win'],
    ['a loss reported: the winner is the other', reported(JOEY, 1, 2), MAI, 'Joey reported 2–1: you win'],
    ['read by a host', reported(MAI, 0, 2), undefined, 'Mai reported 2–0: Joey wins'],
  ] as const)('report in words: %s', (_why, m, viewer, words) => expect(reportSentence(m, viewer)).toBe(words));

  it('reads scores and outcomes from a side', () => {
    const done = match({ state: 'complete', winnerDiscordId: MAI, player1: { ...match().player1, games: 1 }, player2: { ...match().player2, games: 2 } });
    expect(scoreText(done, MAI)).toBe('2–1');
    expect(scoreText(done, JOEY)).toBe('1–2');
    expect(scoreText(match())).toBeNull();
    expect(outcomeFor(done, MAI)).toBe('Won');
    expect(outcomeFor(done, JOEY)).toBe('Lost');
    expect(outcomeFor(reported(JOEY, 2, 1), JOEY)).toBeNull();
  });

  it("gives a host's tap, read from player 1, as the winner's games first", () => {
    const [twoNil, twoOne, oneTwo] = LEAGUE_RESULT_CHOICES;
    expect(decideWords(match())(twoOne!)).toEqual({ score: '2–1', note: 'for Joey' });
    expect(decideWords(match())(oneTwo!)).toEqual({ score: '1–2', note: 'for Mai' });
    expect(decideBody(match(), twoNil!)).toEqual({ winnerDiscordId: JOEY, gamesWon: 2, gamesLost: 0 });
    expect(decideBody(match(), oneTwo!)).toEqual({ winnerDiscordId: MAI, gamesWon: 2, gamesLost: 1 });
  });
});

describe('a run', () => {
  const run = (over: Partial<LeagueRun>) => ({ status: 'active' as const, waiting: false, queuedUntil: null, currentMatchId: null, matchCount: 1, matchesPerRun: 5, ...over });
  it.each([
    ['free: find a match', run({}), 'running', { kind: 'find', expired: false }],
    ['in the queue', run({ waiting: true, queuedUntil: LATER }), 'running', { kind: 'waiting', until: LATER }],
    ['the queue entry ran out', run({ waiting: true, queuedUntil: EARLIER }), 'running', { kind: 'find', expired: true }],
    ['a match to play', run({ currentMatchId: 7 }), 'running', { kind: 'playing', matchId: 7 }],
    ['every match paired', run({ matchCount: 5 }), 'running', { kind: 'done' }],
    ['retired', run({ status: 'retired' }), 'running', { kind: 'closed' }],
    ['the league ended', run({}), 'deciding', { kind: 'closed' }],
  ] as const)('%s', (_why, r, phase, step) => expect(runStep(r, phase, NOW)).toEqual(step));
});

describe('time and order', () => {
  it.each([
    [14 * 60_000 + 30_000, '14 min left'],
    [30_000, 'less than a minute left'],
    [125 * 60_000, '2 h 5 min left'],
    [120 * 60_000, '2 h left'],
    [0, null],
    [-5_000, null],
  ])('%i ms: %s', (ms, text) => expect(timeLeft(new Date(NOW + ms).toISOString(), NOW)).toBe(text));

  it('lists running leagues (ending soonest first), then those to come, then the past ones newest first', () => {
    const l = (id: string, phase: 'upcoming' | 'running' | 'deciding' | 'final', startsAt: string, endsAt: string) => ({ id, phase, startsAt, endsAt });
    const { current, past } = sortLeagues([
      l('old', 'final', '2026-01-01', '2026-02-01'), l('soon', 'upcoming', '2026-07-01', '2026-08-01'), l('long', 'running', '2026-06-01', '2026-07-01'),
      l('short', 'running', '2026-06-01', '2026-06-20'), l('ended', 'deciding', '2026-05-01', '2026-06-09'),
    ]);
    expect(current.map((x) => x.id)).toEqual(['short', 'long', 'soon']);
    expect(past.map((x) => x.id)).toEqual(['ended', 'old']);
  });
});
