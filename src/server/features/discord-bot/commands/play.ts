// /events, /table and /standings: what the event page shows a player, read from the same routes.
import type { Match, OwnEntry, Team, TournamentSummary } from '../../../../domain/api/tournaments.ts';
import type { Standings } from '../../../../domain/api/standings.ts';
import { eventsAnswer, noMatchAnswer, standingsAnswer, tableAnswer } from '../../../../domain/discord/play-answers.ts';
import type { BotApi } from '../bot-api.ts';
import { requireOwnEntry, resolveEvent, runningThenUpcoming } from './event-option.ts';

export async function eventsCommand(api: BotApi, origin: string) {
  return eventsAnswer(runningThenUpcoming(await api.get<TournamentSummary[]>('/api/tournaments')), origin);
}

/** The user's match of the current round, with its room: as the event page shows it to them. */
export async function tableCommand(api: BotApi, eventOption: string | undefined) {
  const event = await resolveEvent(api, eventOption);
  const entry = await requireOwnEntry(api, event);
  const none = noMatchAnswer(event, entry, { notStarted: 'no tables yet', bye: 'you have a bye' });
  if (none) return none;
  const match = await api.get<Match>(`/api/tournaments/${event.uid}/matches/${entry.matchId}`);
  const first = match.team1Id === entry.teamUid;
  const opponentUid = first ? match.team2Id : match.team1Id;
  const opponent = opponentUid ? await api.get<Team>(`/api/tournaments/${event.uid}/teams/${opponentUid}`) : undefined;
  return tableAnswer(event.name, event.currentRound, {
    table: match.table, complete: match.complete, endsAt: match.endsAt, room: match.room ?? null,
    opponentName: (first ? match.team2Name : match.team1Name) ?? 'your opponent',
    opponentIds: (opponent?.members ?? []).filter((m) => !m.dropped).map((m) => m.discordId),
  }, Date.now());
}

export async function standingsCommand(api: BotApi, eventOption: string | undefined) {
  const event = await resolveEvent(api, eventOption);
  const standings = await api.get<Standings>(`/api/tournaments/${event.uid}/standings`);
  const mine = standings.rows.length ? await api.get<OwnEntry>(`/api/tournaments/${event.uid}/entry`).catch(() => undefined) : undefined;
  return standingsAnswer(event.name, standings.final, standings.rows, mine?.teamUid);
}
