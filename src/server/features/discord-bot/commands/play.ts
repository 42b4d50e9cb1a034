// /events, /table and /standings: what the event page shows a player, read from the same routes.
import type { Match, OwnEntry, Standings, Team, TournamentSummary } from '../../../../domain/api/tournaments.ts';
import type { BotApi } from '../bot-api.ts';
import { discordTime, escapeMarkdown, message, privateMessage } from '../responses.ts';
import { requireOwnEntry, resolveEvent, runningThenUpcoming } from './event-option.ts';

const LISTED = 10;
const eventLink = (origin: string, t: TournamentSummary) => `[${escapeMarkdown(t.name)}](<${origin}/tournaments/${t.uid}>)`;

export async function eventsCommand(api: BotApi, origin: string) {
  const list = runningThenUpcoming(await api.get<TournamentSummary[]>('/api/tournaments'));
  if (list.length === 0) return message(`No running or upcoming events. See every event at <${origin}/tournaments>.`);
  const running = list.filter((t) => t.inProgress).slice(0, LISTED);
  const upcoming = list.filter((t) => !t.inProgress).slice(0, LISTED);
  const lines: string[] = [];
  if (running.length) lines.push('**Running**', ...running.map((t) => `- ${eventLink(origin, t)}: round ${t.currentRound} of ${t.roundCount}, ${t.teamCount} teams`));
  if (upcoming.length) lines.push('**Upcoming**', ...upcoming.map((t) => `- ${eventLink(origin, t)}: ${t.startsAt ? discordTime(t.startsAt) : 'start not set'}, ${t.teamCount} signed up`));
  return message(lines.join('\n'));
}

/** The user's match of the current round, with its room: as the event page shows it to them. */
export async function tableCommand(api: BotApi, eventOption: string | undefined) {
  const event = await resolveEvent(api, eventOption);
  const entry = await requireOwnEntry(api, event);
  const title = `**${escapeMarkdown(event.name)}**`;
  if (!event.inProgress || event.completed) return privateMessage(`${title} ${event.completed ? 'is over' : 'has not started: no tables yet'}.`);
  const round = event.currentRound;
  if (entry.matchId === null) return privateMessage(`${title}, round ${round}: you have no match this round.`);
  if (entry.bye) return privateMessage(`${title}, round ${round}: you have a bye.`);
  const match = await api.get<Match>(`/api/tournaments/${event.uid}/matches/${entry.matchId}`);
  const first = match.team1Id === entry.teamUid;
  const opponentUid = first ? match.team2Id : match.team1Id;
  const opponentName = (first ? match.team2Name : match.team1Name) ?? 'your opponent';
  const opponent = opponentUid ? await api.get<Team>(`/api/tournaments/${event.uid}/teams/${opponentUid}`) : undefined;
  const mentions = (opponent?.members ?? []).filter((m) => !m.dropped).map((m) => `<@${m.discordId}>`);
  const lines = [
    `${title}, round ${round}${match.table !== null ? `, table ${match.table}` : ''}`,
    `Opponent: ${escapeMarkdown(opponentName)}${mentions.length ? ` (${mentions.join(', ')})` : ''}`,
  ];
  if (match.room) lines.push(`Room: \`${match.room.name}\``, `Password: \`${match.room.password}\``);
  if (match.complete) lines.push('Your match is over.');
  else if (match.endsAt) lines.push(`Time left: ${Math.max(0, Math.ceil((Date.parse(match.endsAt) - Date.now()) / 60_000))} min (ends ${discordTime(match.endsAt, 'R')})`);
  else lines.push('Time left: the round is untimed.');
  return privateMessage(lines.join('\n'));
}

const TOP = 8;

export async function standingsCommand(api: BotApi, eventOption: string | undefined) {
  const event = await resolveEvent(api, eventOption);
  const standings = await api.get<Standings>(`/api/tournaments/${event.uid}/standings`);
  const title = `**${escapeMarkdown(event.name)}**${standings.final ? ': final standings' : ': standings'}`;
  if (standings.rows.length === 0) return message(`${title}: none yet.`);
  const line = (r: Standings['rows'][number]) =>
    `${r.placement ?? `${r.rank}.`} ${escapeMarkdown(r.teamName)}: ${r.points} pts (${r.wins}-${r.losses}-${r.ties})${r.dropped ? ', dropped' : ''}`;
  const lines = [title, ...standings.rows.slice(0, TOP).map(line)];
  const mine = await api.get<OwnEntry>(`/api/tournaments/${event.uid}/entry`).catch(() => undefined);
  const own = mine && standings.rows.find((r) => r.teamId === mine.teamUid);
  if (own) lines.push(`You: ${line(own)}`);
  return message(lines.join('\n'));
}
