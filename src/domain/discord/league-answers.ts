// The bot's answers to /league and its buttons (issue 41), each from what the league's routes
// answered. Every site text is escaped; nothing pings anyone. The route's own refusals are quoted
// by play-answers' `refusal`; the sentences here are the bot's own.
import type { APIInteractionResponse } from 'discord-api-types/v10';
import { LEAGUE_TOP, type LeaderboardRow } from '../api/leagues.ts';
import type { ResultChoice } from '../tournaments/result-choices.ts';
import { rows, score } from './buttons.ts';
import { leagueLink, leagueReportButton, leagueResultRows, retireRows, type LeagueRef } from './league-buttons.ts';
import { pairedLines, runRecord, type PairedMatch } from './league-dms.ts';
import { bold, discordTime, escapeMarkdown } from './markdown.ts';
import { message, privateMessage, updateMessage } from './responses.ts';

// the bot's own refusals, quoted through `refusal` (escaped there)
export const NO_RUNNING_LEAGUE = 'No league is running now: see the leagues on the site';
export const manyLeagues = (names: readonly string[]) =>
  `${names.length} leagues are running (${names.slice(0, 5).map((n) => n.slice(0, 60)).join(', ')}${names.length > 5 ? ', …' : ''}): name one with the league option`;
export const noLeagueCalled = (typed: string) => `No league called “${typed.trim().slice(0, 100)}”: pick one from the list`;

export interface RunCounts { mainCount: number; extraCount: number; sideCount: number; matchesPerRun: number }

/** /league join: the run started with its deck. */
export const joinedAnswer = (leagueName: string, r: RunCounts, bestOf: number) => privateMessage(
  `Run started in ${bold(leagueName)} (Main ${r.mainCount}, Extra ${r.extraCount}, Side ${r.sideCount}): `
    + `${r.matchesPerRun} match${r.matchesPerRun === 1 ? '' : 'es'}, each a best of ${bestOf}. Find an opponent with /league find.`,
);

/** /league find with nobody to meet yet: waiting until `expiresAt`. */
export const queuedAnswer = (leagueName: string, expiresAt: string, queueSize: number) => privateMessage(
  `You are in the queue of ${bold(leagueName)} until ${discordTime(expiresAt, 't')} (${discordTime(expiresAt, 'R')}); ${queueSize} waiting. `
    + 'You get a direct message when you are paired (the league page shows it too); /league cancel leaves the queue.',
);

/** /league find (or cancel) answered with a match: the opponent and the room, with 'Report result'. */
export const pairedAnswer = (league: LeagueRef, p: PairedMatch) =>
  privateMessage(pairedLines(league, p).join('\n'), rows([leagueReportButton(league.id, p.matchId), ...leagueLink(league)]));

export const leftQueueAnswer = (leagueName: string) => privateMessage(`You are out of the queue of ${bold(leagueName)}.`);

/** The results the player may report, as buttons (their games first). */
export function leagueReportPrompt(league: Pick<LeagueRef, 'id' | 'name'>, m: { matchId: number; opponentName: string }, choices: readonly ResultChoice[]): APIInteractionResponse {
  return privateMessage(
    `${bold(league.name)}: your match against ${escapeMarkdown(m.opponentName)}: your result (your games first)?`,
    leagueResultRows(league.id, m.matchId, choices),
  );
}

export const noMatchToReport = (leagueName: string) =>
  privateMessage(`${bold(leagueName)}: you have no match to report. Find one with /league find.`);

/** After a result button: the report made, waiting for the opponent (it stands after `confirmHours`). */
export const leagueReportedAnswer = (own: number, other: number, opponentName: string) =>
  updateMessage(`You reported ${score(own, other)} against ${escapeMarkdown(opponentName)}: waiting for their confirmation (they get a message). Unanswered, it stands.`);

export const leagueConfirmedAnswer = (yourGames: number, theirGames: number, opponentName: string) =>
  updateMessage(`Confirmed: ${score(yourGames, theirGames)} against ${escapeMarkdown(opponentName)} (your games first). The result counts.`);

export const LEAGUE_DISPUTED = 'Disputed: the league’s hosts decide the result.';

/** /league standings: the top 8 and the asker's own line; the channel sees it. */
export function leagueStandingsAnswer(leagueName: string, final: boolean, board: readonly LeaderboardRow[], me: string): APIInteractionResponse {
  const title = `${bold(leagueName)}: ${final ? 'final leaderboard' : 'leaderboard'}`;
  if (board.length === 0) return message(`${title}: no runs yet.`);
  const line = (r: LeaderboardRow) =>
    `${r.place}. ${escapeMarkdown(r.displayName)}: ${r.points} pt${r.points === 1 ? '' : 's'} (${score(r.matchWins, r.matchLosses)}, ${r.runs} run${r.runs === 1 ? '' : 's'})`;
  const lines = [title, ...board.slice(0, LEAGUE_TOP).map(line)];
  const own = board.findIndex((r) => r.discordId === me);
  if (own >= LEAGUE_TOP) lines.push(`You: ${line(board[own]!)}`);
  return message(lines.join('\n'));
}

/** /league retire asks first: the run ends for good (its results stay). */
export const retirePrompt = (league: Pick<LeagueRef, 'id' | 'name'>, run: { id: number; wins: number; losses: number; matchesPerRun: number }) => privateMessage(
  `Retire your run in ${bold(league.name)} at ${runRecord(run, run.matchesPerRun)}? Its results stay; you may start another run.`,
  retireRows(league.id, run.id),
);

export const retiredAnswer = (run: { wins: number; losses: number; matchesPerRun: number }) =>
  updateMessage(`Retired: your run ended at ${runRecord(run, run.matchesPerRun)}. Start another with /league join.`);
