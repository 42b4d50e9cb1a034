// The bot's other direct messages of an evening (issue 31): check-in opened, dropped as a no-show,
// made the top cut, a dispute settled, the final result. Each is queued in the action's own
// transaction (direct-messages.ts), so a rolled-back action sends nothing; the words are the
// domain's (domain/discord/dm-messages.ts).
import type { FastifyRequest } from 'fastify';
import { checkInOpenedDm, disputeSettledDm, finalResultDm, noShowDm, topCutDm } from '../../../domain/discord/dm-messages.ts';
import type { Tx } from '../../db/client.ts';
import { standingsOf, teamNamer } from '../tournaments/play/tournament-standings.ts';
import { UNNAMED_TEAM } from '../tournaments/tournament-views.ts';
import type * as Events from '../tournaments/events-repository.ts';
import * as Teams from '../tournaments/teams/teams-repository.ts';
import * as Matches from '../tournaments/play/matches-repository.ts';
import { dmEvent, toTeams } from './direct-messages.ts';

type Row = Events.TournamentRow;

/** Check-in opened: each player of a team not checked in yet, with 'Check in'. */
export async function checkInOpened(tx: Tx, req: FastifyRequest, t: Row): Promise<void> {
  if (!req.server.discordDms) return;
  const waiting = (await Teams.listTeams(tx, t.uid)).filter((x) => !x.dropped && !x.checkedInAt).map((x) => x.uid);
  const body = checkInOpenedDm(dmEvent(req, t), t.startsAt?.toISOString() ?? null);
  await toTeams(tx, req, t, 'check-in-open', waiting, () => body);
}

/** The start dropped these teams for not checking in: their players are told (dropped members included). */
export async function droppedNoShows(tx: Tx, req: FastifyRequest, t: Row, teams: readonly Pick<Teams.TeamRow, 'uid' | 'name'>[]): Promise<void> {
  const names = new Map(teams.map((x) => [x.uid, x.name || UNNAMED_TEAM]));
  const event = dmEvent(req, t);
  await toTeams(tx, req, t, 'no-show', teams.map((x) => x.uid), (uid) => noShowDm(event, names.get(uid) ?? UNNAMED_TEAM), { dropped: true });
}

/** The round just paired opens the top cut: its teams are told they made it. */
export async function madeTopCut(tx: Tx, req: FastifyRequest, t: Row, cutTeamUids: readonly string[]): Promise<void> {
  if (cutTeamUids.length === 0) return;
  const body = topCutDm(dmEvent(req, t), cutTeamUids.length);
  await toTeams(tx, req, t, 'top-cut', cutTeamUids, () => body);
}

/** The host decided a disputed or flagged match: both sides are told the result. */
export async function disputeSettled(tx: Tx, req: FastifyRequest, t: Row, m: Matches.MatchRow, teams?: Pick<Teams.TeamRow, 'uid' | 'name'>[]): Promise<void> {
  if (!req.server.discordDms || !m.team1Uid || !m.team2Uid) return;
  const names = teamNamer(teams ?? (await Teams.listTeams(tx, t.uid)));
  const name = (uid: string) => names(uid) ?? UNNAMED_TEAM;
  const body = disputeSettledDm(dmEvent(req, t), {
    round: m.roundNumber, team1: name(m.team1Uid), team2: name(m.team2Uid),
    result: m.complete ? { team1Wins: m.team1Wins ?? 0, team2Wins: m.team2Wins ?? 0, winner: m.winnerTeamUid ? name(m.winnerTeamUid) : null } : null,
  });
  await toTeams(tx, req, t, 'dispute-settled', [m.team1Uid, m.team2Uid], () => body);
}

/** The winner is marked: every team that played is told its place and record, with the report. */
export async function finalResult(tx: Tx, req: FastifyRequest, t: Row): Promise<void> {
  if (!req.server.discordDms) return;
  const [teams, matches] = await Promise.all([Teams.listTeams(tx, t.uid), Matches.listMatchesLean(tx, t.uid)]);
  const standings = standingsOf(t, teams, matches);
  const byTeam = new Map(standings.rows.map((r) => [r.teamId, r]));
  const champion = teams.find((x) => x.uid === t.winnerTeamUid)?.name || UNNAMED_TEAM;
  const event = dmEvent(req, t);
  const played = standings.rows.filter((r) => r.wins + r.losses + r.ties > 0).map((r) => r.teamId);
  await toTeams(tx, req, t, 'final-result', played, (uid) => {
    const r = byTeam.get(uid)!;
    return finalResultDm(event, { champion, place: r.placement ? `${r.placement}` : `#${r.rank}`, of: standings.rows.length, wins: r.wins, losses: r.losses, ties: r.ties });
  }, { dropped: true });
}
