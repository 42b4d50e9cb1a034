// The words of the bot's direct messages and answers (issue 38 §1): site text is shown as written,
// never as a mention, a link or markdown; nothing pings anyone.
import type { APIInteractionResponse } from 'discord-api-types/v10';
import { expect, test } from 'vitest';
import { checkInOpenedDm, disputeSettledDm, finalResultDm, noShowDm, opponentReportedDm, pairingDm, topCutDm } from './dm-messages.ts';
import { cardAnswer, deckRefusedAnswer, eventsAnswer, refusal, standingsAnswer, tableAnswer, tooManyAnswer } from './play-answers.ts';
import { attentionLine, reportPrompt } from './report-answers.ts';
import { resultChoices } from '../tournaments/result-choices.ts';

type Shown = { content?: string; flags?: number; components?: { components: { label?: string }[] }[] };
/** The answer's data as a test reads it. */
const data = (r: APIInteractionResponse) => ('data' in r ? r.data : undefined) as Shown | undefined;
const labels = (rows: Shown['components']) => (rows ?? []).flatMap((r) => r.components.map((c) => c.label ?? ''));

const event = { uid: 'ev1', name: '<@&42> **Cup**', url: 'https://hub.test/tournaments/ev1' };
const ROLE = '\\<\\@&42\\> \\*\\*Cup\\*\\*';

test('every direct message escapes the event’s and the teams’ names and pings nobody', () => {
  const bodies = [
    pairingDm(event, { round: 1, table: 3, matchId: 9, teamUid: 't1', opponentName: '@everyone', opponentIds: ['5'], room: { name: 'R T3', password: 'pw' }, endsAt: '2026-12-05T18:00:00Z' }),
    opponentReportedDm(event, { round: 1, matchId: 9, reporterName: '[x](http://evil)', opponentTeamUid: 't2', theirGames: 2, yourGames: 0 }),
    checkInOpenedDm(event, null), noShowDm(event, 'A'), topCutDm(event, 8),
    disputeSettledDm(event, { round: 2, team1: 'A', team2: 'B', result: { team1Wins: 2, team2Wins: 1, winner: 'A' } }),
    finalResultDm(event, { champion: 'A', place: '1st', of: 8, wins: 5, losses: 0, ties: 0 }),
  ];
  for (const b of bodies) {
    expect(b.allowed_mentions).toEqual({ parse: [] });
    expect(b.content).toContain(ROLE);
    expect(b.content).not.toContain('<@&42>');
  }
  expect(bodies[0]!.content).toBe(`**${ROLE}**: round 1, table 3\nOpponent: \\@everyone (<@5>)\nRoom: \`R T3\`\nPassword: \`pw\`\nThe round ends <t:1796493600:f> (<t:1796493600:R>)`);
  expect(labels(bodies[0]!.components as Shown['components'])).toEqual(['Report result', 'Open on the site']);
  expect(bodies[1]!.content).toContain('\\[x\\]\\(http\\://evil\\) reported **0-2** for you');
});

test('a refusal that quotes the route’s sentence shows the event’s name as written', () => {
  const r = refusal('You are not playing in <@&42> Cup');
  expect(r).toEqual({ type: 4, data: { content: 'You are not playing in \\<\\@&42\\> Cup', allowed_mentions: { parse: [] }, flags: 64 } });
  expect(data(tooManyAnswer(50_100))).toMatchObject({ content: 'Too many requests: try again in 51 s', flags: 64 });
  expect(data(deckRefusedAnswer('Deck refused', Array.from({ length: 12 }, (_, i) => `<@${i}> problem`)))).toMatchObject({
    content: expect.stringMatching(/^Deck refused\n• \\<\\@0\\> problem\n(.+\n){9}…and 2 more: see the site$/),
  });
});

test('the answers: events with links, a table with the time left, standings with the asker, the report buttons, the card', () => {
  expect(data(eventsAnswer([], 'https://hub.test'))).toMatchObject({ content: 'No running or upcoming events. See every event at <https://hub.test/tournaments>.' });
  expect(data(eventsAnswer([{ uid: 'ev1', name: 'A [b]', inProgress: true, currentRound: 2, roundCount: 5, teamCount: 16, startsAt: null }], 'https://hub.test')))
    .toMatchObject({ content: '**Running**\n- [A \\[b\\]](<https://hub.test/tournaments/ev1>): round 2 of 5, 16 teams' });
  const table = tableAnswer('Cup', 2, { table: 4, complete: false, endsAt: '2026-12-05T18:00:00Z', room: null, opponentName: 'B', opponentIds: [] }, Date.parse('2026-12-05T17:40:30Z'));
  expect(data(table)).toMatchObject({ content: '**Cup**, round 2, table 4\nOpponent: B\nTime left: 20 min (ends <t:1796493600:R>)' });
  const row = (teamId: string, rank: number) => ({ teamId, teamName: `T${rank}`, rank, placement: null, points: 9 - rank, wins: 3, losses: 0, ties: 0, dropped: false });
  const rows = Array.from({ length: 10 }, (_, i) => row(`t${i + 1}`, i + 1));
  expect(data(standingsAnswer('Cup', false, rows, 't10'))?.content?.split('\n')).toEqual(['**Cup**: standings', ...rows.slice(0, 8).map((r) => `${r.rank}. ${r.teamName}: ${r.points} pts (3-0-0)`), 'You: 10. T10: -1 pts (3-0-0)']);
  const prompt = reportPrompt({ eventUid: 'ev1', eventName: 'Cup', round: 1, table: null, matchId: 9, teamUid: 't1', complete: false, opponentName: 'B' }, resultChoices(3, true));
  expect(labels(data(prompt)?.components)).toEqual(['2-0', '2-1', '1-2', '0-2', 'Draw']);
  const card = cardAnswer({ passcode: 1, name: 'A_B', typeLine: 'Spell', status: 'LIMITED' }, { name: 'L', date: '2026-07-01' }, { page: 'https://hub.test/cards/1', image: 'https://hub.test/i.png' });
  expect(data(card)).toMatchObject({ content: '**A\\_B**: Limited (1) on the L list (2026-07-01). <https://hub.test/cards/1>', flags: 64 });
});

test('the host’s attention line counts what the panel counts', () => {
  expect(attentionLine([], 0)).toBe('Needs attention: nothing.');
  expect(attentionLine([{ kind: 'dispute', matchId: 1 }, { kind: 'check-in', teams: ['a', 'b'] }] as never, 3)).toBe('Needs attention: 3 (1 dispute, 2 teams not checked in, the Discord channel failing).');
});
