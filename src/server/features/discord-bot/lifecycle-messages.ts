// The bot's other direct messages of an evening (issue 31): check-in opened, dropped as a no-show,
// made the top cut, a dispute settled, the final result. Each is queued in the action's own
// transaction (direct-messages.ts), so a rolled-back action sends nothing.
import type { FastifyRequest } from 'fastify';
import { ButtonStyle, ComponentType, type APIButtonComponentWithURL } from 'discord-api-types/v10';
import type { Tx } from '../../db/client.ts';
import { standingsOf, teamNamer } from '../tournaments/tournament-standings.ts';
import { UNNAMED_TEAM } from '../tournaments/tournament-views.ts';
import * as TournamentsRepo from '../tournaments/tournaments-repository.ts';
import { checkInButtonId } from './commands/entry.ts';
import { eventUrl, toTeams, type Message } from './direct-messages.ts';
import { discordTime, escapeMarkdown } from './responses.ts';

type Row = TournamentsRepo.TournamentRow;
type Components = NonNullable<Message['components']>;

const siteLink = (url: string): APIButtonComponentWithURL => ({ type: ComponentType.Button, style: ButtonStyle.Link, label: 'Open on the site', url });
const text = (content: string, components?: Components): Message => ({ content, allowed_mentions: { parse: [] }, ...(components && { components }) });
const bold = (s: string) => `**${escapeMarkdown(s)}**`;

/** Check-in opened: each player of a team not checked in yet, with 'Check in'. */
export async function checkInOpened(tx: Tx, req: FastifyRequest, t: Row): Promise<void> {
  if (!req.server.discordDms) return;
  const waiting = (await TournamentsRepo.listTeams(tx, t.uid)).filter((x) => !x.dropped && !x.checkedInAt).map((x) => x.uid);
  const when = t.startsAt ? ` The event starts ${discordTime(t.startsAt.toISOString())}.` : '';
  const body = text(
    `${bold(t.name)}: check-in is open.${when} Check in before the host starts: a team that has not checked in is dropped at the start.`,
    [{ type: ComponentType.ActionRow, components: [
      { type: ComponentType.Button, style: ButtonStyle.Success, label: 'Check in', custom_id: checkInButtonId(t.uid) },
      siteLink(eventUrl(req, t.uid)),
    ] }],
  );
  await toTeams(tx, req, t, 'check-in-open', waiting, () => body);
}

/** The start dropped these teams for not checking in: their players are told (dropped members included). */
export async function droppedNoShows(tx: Tx, req: FastifyRequest, t: Row, teams: readonly Pick<TournamentsRepo.TeamRow, 'uid' | 'name'>[]): Promise<void> {
  const names = new Map(teams.map((x) => [x.uid, x.name || UNNAMED_TEAM]));
  await toTeams(tx, req, t, 'no-show', teams.map((x) => x.uid), (uid) => text(
    `${bold(t.name)} has started without ${bold(names.get(uid) ?? UNNAMED_TEAM)}: the team had not checked in and was dropped as a no-show. Ask the host if this is a mistake.`,
  ), { dropped: true });
}

/** The round just paired opens the top cut: its teams are told they made it. */
export async function madeTopCut(tx: Tx, req: FastifyRequest, t: Row, cutTeamUids: readonly string[]): Promise<void> {
  if (cutTeamUids.length === 0) return;
  const body = text(`${bold(t.name)}: you made the top ${cutTeamUids.length}! Your table follows in the pairing message.`, [
    { type: ComponentType.ActionRow, components: [siteLink(eventUrl(req, t.uid))] },
  ]);
  await toTeams(tx, req, t, 'top-cut', cutTeamUids, () => body);
}

/** The host decided a disputed or flagged match: both sides are told the result. */
export async function disputeSettled(tx: Tx, req: FastifyRequest, t: Row, m: TournamentsRepo.MatchRow, teams?: Pick<TournamentsRepo.TeamRow, 'uid' | 'name'>[]): Promise<void> {
  if (!req.server.discordDms || !m.team1Uid || !m.team2Uid) return;
  const names = teamNamer(teams ?? (await TournamentsRepo.listTeams(tx, t.uid)));
  const [a, b] = [names(m.team1Uid) ?? UNNAMED_TEAM, names(m.team2Uid) ?? UNNAMED_TEAM];
  const score = m.complete
    ? `${bold(a)} ${m.team1Wins ?? 0}-${m.team2Wins ?? 0} ${bold(b)}${m.winnerTeamUid ? `: ${bold(names(m.winnerTeamUid) ?? UNNAMED_TEAM)} won` : ': a tie'}`
    : 'the flag is cleared and the match is still open: report its result';
  const body = text(`${bold(t.name)}, round ${m.roundNumber}: the host settled your match: ${score}.`, [
    { type: ComponentType.ActionRow, components: [siteLink(eventUrl(req, t.uid))] },
  ]);
  await toTeams(tx, req, t, 'dispute-settled', [m.team1Uid, m.team2Uid], () => body);
}

/** The winner is marked: every team that played is told its place and record, with the report. */
export async function finalResult(tx: Tx, req: FastifyRequest, t: Row): Promise<void> {
  if (!req.server.discordDms) return;
  const [teams, matches] = await Promise.all([TournamentsRepo.listTeams(tx, t.uid), TournamentsRepo.listMatchesLean(tx, t.uid)]);
  const standings = standingsOf(t, teams, matches);
  const byTeam = new Map(standings.rows.map((r) => [r.teamId, r]));
  const champion = teams.find((x) => x.uid === t.winnerTeamUid);
  const url = eventUrl(req, t.uid);
  const played = standings.rows.filter((r) => r.wins + r.losses + r.ties > 0).map((r) => r.teamId);
  await toTeams(tx, req, t, 'final-result', played, (uid) => {
    const r = byTeam.get(uid)!;
    const place = r.placement ? `${r.placement}` : `#${r.rank}`;
    return text(
      `${bold(t.name)} is over. Champion: ${bold(champion?.name || UNNAMED_TEAM)}. You finished ${place} of ${standings.rows.length} (${r.wins}-${r.losses}-${r.ties}).`,
      [{ type: ComponentType.ActionRow, components: [{ type: ComponentType.Button, style: ButtonStyle.Link, label: 'Event report', url: `${url}/report` }, siteLink(url)] }],
    );
  }, { dropped: true });
}
