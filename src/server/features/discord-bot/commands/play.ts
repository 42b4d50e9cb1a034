// /events, /table and /standings: what the event page shows a player, read from the same routes.
import type { Match, Participant, Scoreboard, Standings, TournamentSummary } from '../../../../domain/api/tournaments.ts';
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
  const { entry, participants } = await requireOwnEntry(api, event);
  const board = await api.get<Scoreboard>(`/api/tournaments/${event.uid}/scoreboard`);
  const title = `**${escapeMarkdown(event.name)}**`;
  if (!board.state.inProgress) return privateMessage(`${title} ${board.state.completed ? 'is over' : 'has not started: no tables yet'}.`);
  const round = board.state.currentRound;
  const own = board.matches.find((m) => m.team1Id === entry.teamUid || m.team2Id === entry.teamUid);
  if (!own) return privateMessage(`${title}, round ${round}: you have no match this round.`);
  if (own.bye) return privateMessage(`${title}, round ${round}: you have a bye.`);
  const match = await api.get<Match>(`/api/tournaments/${event.uid}/matches/${own.id}`);
  const first = match.team1Id === entry.teamUid;
  const opponentUid = first ? match.team2Id : match.team1Id;
  const opponentName = (first ? match.team2Name : match.team1Name) ?? 'your opponent';
  const mentions = participants.filter((p: Participant) => p.teamUid === opponentUid && !p.dropped).map((p) => `<@${p.discordId}>`);
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
  const mine = new Set((await api.get<Participant[]>(`/api/tournaments/${event.uid}/participants`)).filter((p) => p.discordId === api.discordId).map((p) => p.teamUid));
  const own = standings.rows.find((r) => mine.has(r.teamId));
  if (own) lines.push(`You: ${line(own)}`);
  return message(lines.join('\n'));
}
