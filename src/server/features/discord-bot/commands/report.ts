// /report and its buttons, and the opponent's Confirm and Dispute: results go through the site's own
// report and flag routes as the user who clicks. A button's custom_id names the event, the match,
// the team it is for and (for a score) the score seen from that team; whoever clicks must be an
// active member of that team, and the team a side of the match, or nothing happens.
import { ButtonStyle, ComponentType, type APIActionRowComponent, type APIButtonComponent, type APIComponentInMessageActionRow } from 'discord-api-types/v10';
import { allowsTie } from '../../../../domain/tournament/types.ts';
import { resultChoices, type ResultChoice } from '../../../../domain/tournament/result-choices.ts';
import type { Match, Team, TournamentSummary } from '../../../../domain/api/tournaments.ts';
import type { BotApi } from '../bot-api.ts';
import { escapeMarkdown, privateMessage, updateMessage } from '../responses.ts';
import { requireOwnEntry, resolveEvent } from './event-option.ts';

/** rp: report a score; rd: ask to confirm a draw; ro: open the report buttons; cf: the opponent confirms; ds: the opponent disputes. */
export type ResultAction = 'rp' | 'rd' | 'ro' | 'cf' | 'ds';
export interface ResultButton { action: ResultAction; eventUid: string; matchId: number; teamUid: string; own?: number; other?: number }

export const resultButtonId = (b: ResultButton) =>
  `${b.action}:${b.eventUid}:${b.matchId}:${b.teamUid}${b.own !== undefined ? `:${b.own}-${b.other}` : ''}`;
export function parseResultButton(customId: string): ResultButton | undefined {
  const m = /^(rp|rd|ro|cf|ds):([\w-]{1,64}):(\d{1,12}):([\w-]{1,64})(?::(\d{1,2})-(\d{1,2}))?$/.exec(customId);
  if (!m) return undefined;
  const scored = m[5] !== undefined;
  if (scored !== (m[1] === 'rp' || m[1] === 'rd' || m[1] === 'cf')) return undefined;
  return { action: m[1] as ResultAction, eventUid: m[2]!, matchId: Number(m[3]), teamUid: m[4]!, ...(scored && { own: Number(m[5]), other: Number(m[6]) }) };
}

const NOT_YOURS = 'This button is not yours: nothing changed.';
const score = (own: number, other: number) => `${own}-${other}`;
type Rows = APIActionRowComponent<APIComponentInMessageActionRow>[];

/** The results a best-of-N can have, as buttons (at most 5 a row); the draw asks to confirm first. */
export function resultRows(eventUid: string, matchId: number, teamUid: string, choices: readonly ResultChoice[]): Rows {
  const buttons: APIButtonComponent[] = choices.map((c) => ({
    type: ComponentType.Button,
    style: c.outcome === 'win' ? ButtonStyle.Success : c.outcome === 'loss' ? ButtonStyle.Danger : ButtonStyle.Secondary,
    label: c.outcome === 'draw' ? 'Draw' : score(c.own, c.other),
    custom_id: resultButtonId({ action: c.outcome === 'draw' ? 'rd' : 'rp', eventUid, matchId, teamUid, own: c.own, other: c.other }),
  }));
  const rows: Rows = [];
  for (let i = 0; i < buttons.length; i += 5) rows.push({ type: ComponentType.ActionRow, components: buttons.slice(i, i + 5) });
  return rows;
}

/** Confirm and Dispute, for the opponent's team, the score as they would confirm it (their games first). */
export function opponentRows(eventUid: string, matchId: number, teamUid: string, own: number, other: number): Rows {
  return [{
    type: ComponentType.ActionRow,
    components: [
      { type: ComponentType.Button, style: ButtonStyle.Success, label: 'Confirm', custom_id: resultButtonId({ action: 'cf', eventUid, matchId, teamUid, own, other }) },
      { type: ComponentType.Button, style: ButtonStyle.Danger, label: 'Dispute', custom_id: resultButtonId({ action: 'ds', eventUid, matchId, teamUid }) },
    ],
  }];
}

async function reportPrompt(api: BotApi, event: Pick<TournamentSummary, 'uid' | 'name' | 'bestOf'>, match: Match, teamUid: string) {
  const title = `**${escapeMarkdown(event.name)}**, round ${match.roundNumber}${match.table !== null ? `, table ${match.table}` : ''}`;
  if (match.complete) return privateMessage(`${title}: your match is over.`);
  const opponent = (match.team1Id === teamUid ? match.team2Name : match.team1Name) ?? 'your opponent';
  const rows = resultRows(event.uid, match.id, teamUid, resultChoices(event.bestOf, allowsTie(match.bracket)));
  return privateMessage(`${title} against ${escapeMarkdown(opponent)}: your result (your games first)?`, rows);
}

export async function reportCommand(api: BotApi, eventOption: string | undefined) {
  const event = await resolveEvent(api, eventOption);
  const entry = await requireOwnEntry(api, event);
  const title = `**${escapeMarkdown(event.name)}**`;
  if (!event.inProgress || event.completed) return privateMessage(`${title} ${event.completed ? 'is over' : 'has not started: nothing to report yet'}.`);
  if (entry.matchId === null) return privateMessage(`${title}, round ${event.currentRound}: you have no match this round.`);
  if (entry.bye) return privateMessage(`${title}, round ${event.currentRound}: you have a bye, nothing to report.`);
  return reportPrompt(api, event, await api.get<Match>(`/api/tournaments/${event.uid}/matches/${entry.matchId}`), entry.teamUid);
}

/** The match, when the clicker is an active member of the button's team and that team plays it. */
async function ownMatch(api: BotApi, b: ResultButton): Promise<Match | undefined> {
  const team = await api.get<Team>(`/api/tournaments/${b.eventUid}/teams/${b.teamUid}`);
  if (team.dropped || !team.members.some((m) => m.discordId === api.discordId && !m.dropped)) return undefined;
  const match = await api.get<Match>(`/api/tournaments/${b.eventUid}/matches/${b.matchId}`);
  return match.team1Id === b.teamUid || match.team2Id === b.teamUid ? match : undefined;
}

function afterReport(match: Match, own: number, other: number, confirmed: boolean) {
  if (match.complete) return updateMessage(`Result recorded: ${score(own, other)}${confirmed ? ' (confirmed)' : ''}.`);
  if (match.disputed || match.flaggedForReview) return updateMessage(`You reported ${score(own, other)}; your opponent reported otherwise: the host decides.`);
  return updateMessage(`You reported ${score(own, other)}: waiting for your opponent to confirm (they get a message).`);
}

export async function resultButton(api: BotApi, b: ResultButton) {
  const match = await ownMatch(api, b);
  if (!match) return privateMessage(NOT_YOURS);
  const url = `/api/tournaments/${b.eventUid}/matches/${b.matchId}`;
  switch (b.action) {
    case 'ro': {
      const events = await api.get<TournamentSummary[]>('/api/tournaments');
      const event = events.find((t) => t.uid === b.eventUid);
      if (!event) return privateMessage('This event is no longer listed: nothing to report.');
      return reportPrompt(api, event, match, b.teamUid);
    }
    case 'rd':
      return updateMessage(`Report a draw (${score(b.own!, b.other!)})?`, [{
        type: ComponentType.ActionRow,
        components: [{ type: ComponentType.Button, style: ButtonStyle.Primary, label: 'Confirm the draw', custom_id: resultButtonId({ ...b, action: 'rp' }) }],
      }]);
    case 'rp':
    case 'cf': {
      const after = await api.post<Match>(`${url}/report-score`, { gamesWon: b.own, gamesLost: b.other });
      return afterReport(after, b.own!, b.other!, b.action === 'cf');
    }
    case 'ds': {
      const them = match.team1Id === b.teamUid ? match.reportFromTeam2 : match.reportFromTeam1;
      const claim = them ? ` ${score(them.gamesLost, them.gamesWon)} (their report, seen from this side)` : '';
      const message = `Disputed from Discord: the opponent’s report${claim} is not the result.`;
      await api.post<Match>(`${url}/flag?message=${encodeURIComponent(message)}`);
      return updateMessage('Disputed: the match is flagged for the host, who decides the result.');
    }
  }
}
