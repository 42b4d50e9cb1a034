// /report and its buttons, and the opponent's Confirm and Dispute: results go through the site's own
// report and flag routes as the user who clicks. A button's custom_id names the event, the match,
// the team it is for and (for a score) the score seen from that team; whoever clicks must be an
// active member of that team, and the team a side of the match, or nothing happens.
import type { Match, Team, TournamentSummary } from '../../../../domain/api/tournaments.ts';
import type { ResultButton } from '../../../../domain/discord/custom-ids.ts';
import { NOT_YOURS, noMatchAnswer } from '../../../../domain/discord/play-answers.ts';
import {
  afterReportAnswer, confirmDrawAnswer, DISPUTED, disputeFlagText, EVENT_UNLISTED, reportPrompt,
} from '../../../../domain/discord/report-answers.ts';
import { privateMessage, updateMessage } from '../../../../domain/discord/responses.ts';
import { resultChoices } from '../../../../domain/tournaments/result-choices.ts';
import { allowsTie } from '../../../../domain/tournaments/types.ts';
import type { BotApi } from '../bot-api.ts';
import { requireOwnEntry, resolveEvent } from './event-option.ts';

function prompt(event: Pick<TournamentSummary, 'uid' | 'name' | 'bestOf'>, match: Match, teamUid: string) {
  return reportPrompt({
    eventUid: event.uid, eventName: event.name, round: match.roundNumber, table: match.table, matchId: match.id, teamUid, complete: match.complete,
    opponentName: (match.team1Id === teamUid ? match.team2Name : match.team1Name) ?? 'your opponent',
  }, resultChoices(event.bestOf, allowsTie(match.bracket)));
}

export async function reportCommand(api: BotApi, eventOption: string | undefined) {
  const event = await resolveEvent(api, eventOption);
  const entry = await requireOwnEntry(api, event);
  const none = noMatchAnswer(event, entry, { notStarted: 'nothing to report yet', bye: 'you have a bye, nothing to report' });
  if (none) return none;
  return prompt(event, await api.get<Match>(`/api/tournaments/${event.uid}/matches/${entry.matchId}`), entry.teamUid);
}

/** The match, when the clicker is an active member of the button's team and that team plays it. */
async function ownMatch(api: BotApi, b: ResultButton): Promise<Match | undefined> {
  const team = await api.get<Team>(`/api/tournaments/${b.eventUid}/teams/${b.teamUid}`);
  if (team.dropped || !team.members.some((m) => m.discordId === api.discordId && !m.dropped)) return undefined;
  const match = await api.get<Match>(`/api/tournaments/${b.eventUid}/matches/${b.matchId}`);
  return match.team1Id === b.teamUid || match.team2Id === b.teamUid ? match : undefined;
}

export async function resultButton(api: BotApi, b: ResultButton) {
  const match = await ownMatch(api, b);
  if (!match) return privateMessage(NOT_YOURS);
  const url = `/api/tournaments/${b.eventUid}/matches/${b.matchId}`;
  switch (b.action) {
    case 'ro': {
      const event = (await api.get<TournamentSummary[]>('/api/tournaments')).find((t) => t.uid === b.eventUid);
      return event ? prompt(event, match, b.teamUid) : privateMessage(EVENT_UNLISTED);
    }
    case 'rd':
      return confirmDrawAnswer({ ...b, own: b.own!, other: b.other! });
    case 'rp':
    case 'cf': {
      const after = await api.post<Match>(`${url}/report-score`, { gamesWon: b.own, gamesLost: b.other });
      return afterReportAnswer({ complete: after.complete, disputed: after.disputed || after.flaggedForReview }, b.own!, b.other!, b.action === 'cf');
    }
    case 'ds': {
      const them = match.team1Id === b.teamUid ? match.reportFromTeam2 : match.reportFromTeam1;
      const message = disputeFlagText(them ? { own: them.gamesLost, other: them.gamesWon } : null);
      await api.post<Match>(`${url}/flag?message=${encodeURIComponent(message)}`);
      return updateMessage(DISPUTED);
    }
  }
}
