// The words of the league's direct messages and /league answers (issue 41): every site text (the
// league's name, people's names) shown as written, nothing pinging anyone, the buttons naming the
// league and the match (never who presses), a link only when the site has a public address.
import type { APIInteractionResponse } from 'discord-api-types/v10';
import { describe, expect, test } from 'vitest';
import { LEAGUE_RESULT_CHOICES, type LeaderboardRow } from '../api/leagues.ts';
import { parseButton } from './custom-ids.ts';
import {
  joinedAnswer, leagueConfirmedAnswer, leagueReportedAnswer, leagueReportPrompt, leagueStandingsAnswer, manyLeagues, noLeagueCalled, pairedAnswer,
  queuedAnswer, retiredAnswer, retirePrompt,
} from './league-answers.ts';
import { leagueDecidedDm, leagueFinalDm, leaguePairedDm, leagueReportedDm, leagueRunEndedDm, ordinal, runRecord } from './league-dms.ts';

type Shown = { content?: string; flags?: number; allowed_mentions?: unknown; components?: { components: { label?: string; custom_id?: string; url?: string }[] }[] };
const data = (r: APIInteractionResponse) => ('data' in r ? r.data : undefined) as Shown;
const buttons = (b: Shown) => (b.components ?? []).flatMap((r) => r.components);
const labels = (b: Shown) => buttons(b).map((c) => c.label);

const ID = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';
const league = { id: ID, name: '<@&42> **May**', url: `https://hub.test/leagues/${ID}` };
const NAME = '\\<\\@&42\\> \\*\\*May\\*\\*';
const EVIL = '[x](http://evil) @everyone';
const EVIL_SHOWN = '\\[x\\]\\(http\\://evil\\) \\@everyone';
const room = { name: 'FH-0F1E M7', password: 'abc234' };

describe('the direct messages', () => {
  const bodies = {
    paired: leaguePairedDm(league, { matchId: 7, opponentName: EVIL, opponentId: '5', room, bestOf: 3 }),
    reported: leagueReportedDm(league, { matchId: 7, reporterName: EVIL, yourGames: 1, theirGames: 2, confirmBy: '2026-05-02T18:00:00Z' }),
    decidedWon: leagueDecidedDm(league, { opponentName: EVIL, yourGames: 2, theirGames: 1, won: true }),
    decidedLost: leagueDecidedDm(league, { opponentName: 'Bo', yourGames: 0, theirGames: 2, won: false }),
    runEnded: leagueRunEndedDm(league, { wins: 5, losses: 0, matchesPerRun: 5, open: true }),
    final: leagueFinalDm(league, { place: 3, shared: true, of: 40, points: 9, matchWins: 8, matchLosses: 2, runs: 2, top8: true }),
  };

  test('each escapes the league’s and the people’s names and pings nobody', () => {
    for (const b of Object.values(bodies) as Shown[]) {
      expect(b.allowed_mentions).toEqual({ parse: [] });
      expect(b.content).toContain(`**${NAME}**`);
      expect(b.content).not.toMatch(/<@&42>|\[x\]\(/);
    }
  });

  test('paired: the opponent (a mention), the room and its password, Report result and the page', () => {
    const b = bodies.paired as Shown;
    expect(b.content).toBe(`**${NAME}**: you are paired with ${EVIL_SHOWN} (<@5>).\nRoom: \`FH-0F1E M7\`\nPassword: \`abc234\`\nPlay a best of 3 in EDOPro, then report the result here or on the site.`);
    expect(labels(b)).toEqual(['Report result', 'Open on the site']);
    expect(parseButton(buttons(b)[0]!.custom_id!)).toEqual({ kind: 'league', button: { action: 'lo', leagueId: ID, id: 7 } });
    expect(buttons(b)[1]!.url).toBe(league.url);
  });

  test('the opponent’s report: the score from the reader’s side, when it stands, Confirm and Dispute naming only the match', () => {
    const b = bodies.reported as Shown;
    expect(b.content).toBe(`**${NAME}**: ${EVIL_SHOWN} reported **1-2** for you (your games first). Confirm it, or dispute it for the league’s hosts. Unanswered, it stands <t:1777744800:R>.`);
    expect(labels(b)).toEqual(['Confirm', 'Dispute', 'Open on the site']);
    expect(buttons(b).slice(0, 2).map((c) => parseButton(c.custom_id!))).toEqual([
      { kind: 'league', button: { action: 'lc', leagueId: ID, id: 7 } }, { kind: 'league', button: { action: 'ld', leagueId: ID, id: 7 } },
    ]);
  });

  test('a decision, a run over, the final place', () => {
    expect((bodies.decidedWon as Shown).content).toBe(`**${NAME}**: the hosts decided your match against ${EVIL_SHOWN}: you won 2-1.`);
    expect((bodies.decidedLost as Shown).content).toBe(`**${NAME}**: the hosts decided your match against Bo: Bo won (your games first: 0-2).`);
    expect((bodies.runEnded as Shown).content).toBe(`**${NAME}**: your run is over: 5-0 (6 points, a perfect run). Start another run with /league join.`);
    expect(leagueRunEndedDm(league, { wins: 1, losses: 4, matchesPerRun: 5, open: false }).content).toBe(`**${NAME}**: your run is over: 1-4 (1 point).`);
    expect((bodies.final as Shown).content).toBe(`**${NAME}** is final. You finished tied for 3rd of 40 (9 points, 8-2 over 2 runs): in the top 8!`);
    expect(leagueFinalDm(league, { place: 12, shared: false, of: 40, points: 1, matchWins: 1, matchLosses: 4, runs: 1, top8: false }).content)
      .toBe(`**${NAME}** is final. You finished 12th of 40 (1 point, 1-4 over 1 run).`);
  });

  test('without a public address there is no link (Discord refuses a button without a URL)', () => {
    const noUrl = { ...league, url: null };
    expect(labels(leaguePairedDm(noUrl, { matchId: 7, opponentName: 'Bo', opponentId: '5', room: null, bestOf: 3 }) as Shown)).toEqual(['Report result']);
    expect(leagueRunEndedDm(noUrl, { wins: 1, losses: 4, matchesPerRun: 5, open: false }).components).toBeUndefined();
  });

  test.each([[1, '1st'], [2, '2nd'], [3, '3rd'], [4, '4th'], [11, '11th'], [12, '12th'], [13, '13th'], [21, '21st'], [102, '102nd'], [111, '111th']])('ordinal %i', (n, s) => expect(ordinal(n)).toBe(s));
  test('a run’s record', () => expect([runRecord({ wins: 0, losses: 0 }, 5), runRecord({ wins: 3, losses: 2 }, 5)]).toEqual(['0-0 (0 points)', '3-2 (3 points)']));
});

describe('the answers to /league', () => {
  test('join, the queue, a pairing: private, escaped', () => {
    expect(data(joinedAnswer(league.name, { mainCount: 40, extraCount: 15, sideCount: 0, matchesPerRun: 5 }, 3))).toMatchObject({
      flags: 64, content: `Run started in **${NAME}** (Main 40, Extra 15, Side 0): 5 matches, each a best of 3. Find an opponent with /league find.`,
    });
    expect(data(queuedAnswer(league.name, '2026-05-02T18:15:00Z', 1)).content).toBe(
      `You are in the queue of **${NAME}** until <t:1777745700:t> (<t:1777745700:R>); 1 waiting. You get a direct message when you are paired (the league page shows it too); /league cancel leaves the queue.`,
    );
    const paired = data(pairedAnswer(league, { matchId: 7, opponentName: 'Bo', opponentId: '5', room, bestOf: 3 }));
    expect(paired).toMatchObject({ flags: 64 });
    expect(paired.content).toContain('Password: `abc234`');
  });

  test('report: the four results of a best of three as buttons, the presser’s games first', () => {
    const prompt = data(leagueReportPrompt(league, { matchId: 7, opponentName: EVIL }, LEAGUE_RESULT_CHOICES));
    expect(prompt.content).toBe(`**${NAME}**: your match against ${EVIL_SHOWN}: your result (your games first)?`);
    expect(labels(prompt)).toEqual(['2-0', '2-1', '1-2', '0-2']);
    expect(parseButton(buttons(prompt)[1]!.custom_id!)).toEqual({ kind: 'league', button: { action: 'lr', leagueId: ID, id: 7, own: 2, other: 1 } });
    // the message the button is on is replaced: its buttons go
    expect(leagueReportedAnswer(2, 1, EVIL)).toMatchObject({ type: 7, data: { components: [], content: `You reported 2-1 against ${EVIL_SHOWN}: waiting for their confirmation (they get a message). Unanswered, it stands.` } });
    expect(data(leagueConfirmedAnswer(1, 2, 'Bo')).content).toBe('Confirmed: 1-2 against Bo (your games first). The result counts.');
  });

  test('standings: the channel sees the top 8, and the asker’s own line below it', () => {
    const row = (place: number, id: string, points: number): LeaderboardRow => ({
      place, discordId: id, displayName: id === 'me' ? EVIL : `P${place}`, points, matchWins: points, matchLosses: 1, runs: 1, perfectRuns: 0,
      gamesWon: 0, gamesLost: 0, gameWinRate: null, reachedAt: null, top8: false, runResults: [],
    });
    const board = [...Array.from({ length: 9 }, (_, i) => row(i + 1, `p${i}`, 20 - i)), row(10, 'me', 1)];
    const shown = data(leagueStandingsAnswer(league.name, true, board, 'me'));
    expect(shown.flags).toBeUndefined();
    const lines = shown.content!.split('\n');
    expect(lines[0]).toBe(`**${NAME}**: final leaderboard`);
    expect(lines).toHaveLength(10);
    expect(lines[1]).toBe('1. P1: 20 pts (20-1, 1 run)');
    expect(lines[9]).toBe(`You: 10. ${EVIL_SHOWN}: 1 pt (1-1, 1 run)`);
    expect(data(leagueStandingsAnswer(league.name, false, [], 'me')).content).toBe(`**${NAME}**: leaderboard: no runs yet.`);
  });

  test('retire asks first, naming the run; the bot’s own sentences', () => {
    const prompt = data(retirePrompt(league, { id: 31, wins: 2, losses: 1, matchesPerRun: 5 }));
    expect(prompt.content).toBe(`Retire your run in **${NAME}** at 2-1 (2 points)? Its results stay; you may start another run.`);
    expect(parseButton(buttons(prompt)[0]!.custom_id!)).toEqual({ kind: 'league', button: { action: 'lx', leagueId: ID, id: 31 } });
    expect(data(retiredAnswer({ wins: 2, losses: 1, matchesPerRun: 5 })).content).toBe('Retired: your run ended at 2-1 (2 points). Start another with /league join.');
    expect(manyLeagues(['A', 'B'])).toBe('2 leagues are running (A, B): name one with the league option');
    expect(noLeagueCalled('  Junes  ')).toBe('No league called “Junes”: pick one from the list');
  });
});
