// The bot's direct messages (issue 31, decision 033): who is told what by the actions of the evening,
// queued in the action's own transaction (a rolled-back action queues nothing, a committed one is
// never lost) and sent by the DM outbox once the reply is sent. The words are the domain's
// (domain/discord/dm-messages.ts). Off without a bot token; a player who turned direct messages off
// gets nothing queued.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pairingDm, opponentReportedDm, type DmBody, type DmEvent } from '../../../domain/discord/dm-messages.ts';
import { roomName } from '../../../domain/tournaments/rooms.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { DiscordClient } from '../../discord/discord-client.ts';
import { OutboxLoop, registerOutbox, type Outbox, type OutboxTuning } from '../../discord/outbox.ts';
import { roundEndsAt } from '../tournaments/play/event-night-views.ts';
import { UNNAMED_TEAM } from '../tournaments/tournament-views.ts';
import type * as Events from '../tournaments/events-repository.ts';
import * as Teams from '../tournaments/teams/teams-repository.ts';
import * as Matches from '../tournaments/play/matches-repository.ts';
import { DmOutbox } from './dm-outbox.ts';
import * as Repo from './dm-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** null: the bot is off (no token), nothing is queued */
    discordDms: { outbox: Outbox<Repo.ClaimedDm> } | null;
  }
}

export interface DmTuning extends OutboxTuning {
  /** one request's limit (default 10 s): the lease outlasts two */
  timeoutMs?: number;
}

/** The DM outbox, when the bot is `on` (its token and public key set). */
export function registerDirectMessages(app: FastifyInstance, { db, client, on, tuning = {} }: { db: Db; client: DiscordClient; on: boolean; tuning?: DmTuning }): void {
  if (!on) {
    app.decorate('discordDms', null);
    return;
  }
  const rules = new DmOutbox(db, client, app.log, tuning.timeoutMs ?? 10_000);
  app.decorate('discordDms', { outbox: registerOutbox(app, new OutboxLoop(rules, app.log, { batch: 48 }, tuning)) });
}

export const eventUrl = (req: FastifyRequest, uid: string) =>
  `${req.server.eventWebhooks.publicOrigin ?? `${req.protocol}://${req.host}`}/tournaments/${encodeURIComponent(uid)}`;

export const dmEvent = (req: FastifyRequest, t: Pick<Events.TournamentRow, 'uid' | 'name'>): DmEvent => ({ uid: t.uid, name: t.name, url: eventUrl(req, t.uid) });

/** One message to each of these teams' players who take direct messages. */
export async function toTeams(
  tx: Tx, req: FastifyRequest, t: Pick<Events.TournamentRow, 'uid'>, kind: string, teamUids: readonly string[],
  body: (teamUid: string) => DmBody, options?: { dropped?: boolean },
): Promise<void> {
  if (!req.server.discordDms || teamUids.length === 0) return;
  const { byTeam, off } = await players(tx, t.uid, teamUids, options);
  const rows: Repo.NewDm[] = [];
  for (const teamUid of teamUids) {
    const to = (byTeam.get(teamUid) ?? []).filter((id) => !off.has(id));
    if (to.length === 0) continue;
    const b = body(teamUid);
    for (const discordId of to) rows.push({ discordId, tournamentUid: t.uid, kind, body: b });
  }
  await enqueue(tx, req, rows);
}

/** Each active player of these teams (every player, with `dropped`), by team, and those of them who turned direct messages off. */
export async function players(tx: Tx, uid: string, teamUids: readonly string[], { dropped = false } = {}): Promise<{ byTeam: Map<string, string[]>; off: Set<string> }> {
  const wanted = new Set(teamUids);
  const members = (await Teams.listMembers(tx, uid)).filter((m) => (dropped || !m.dropped) && wanted.has(m.teamUid));
  const byTeam = new Map<string, string[]>();
  for (const m of members) byTeam.set(m.teamUid, [...(byTeam.get(m.teamUid) ?? []), m.discordId]);
  return { byTeam, off: await Repo.dmOffAmong(tx, members.map((m) => m.discordId)) };
}

async function enqueue(tx: Tx, req: FastifyRequest, rows: Repo.NewDm[]): Promise<void> {
  const dms = req.server.discordDms;
  if (rows.length === 0 || !dms) return;
  await Repo.enqueue(tx, rows, new Date());
  dms.outbox.queued(req);
}

/** A message about the person themselves, of no event (issue 39: a new level, a suspension, a request to host). */
export async function toPerson(tx: Tx, req: FastifyRequest, discordId: string, kind: string, body: DmBody): Promise<void> {
  if (!req.server.discordDms || (await Repo.dmOffAmong(tx, [discordId])).size > 0) return;
  await enqueue(tx, req, [{ discordId, tournamentUid: null, kind, body }]);
}

/**
 * The round `t` is now in was paired (call with the row after Start or Next Round): each player of
 * a match gets its table, the opponent, the room and the round's end, with 'Report result' and
 * 'Open on the site'.
 */
export async function roundPaired(tx: Tx, req: FastifyRequest, t: Events.TournamentRow): Promise<void> {
  if (!req.server.discordDms || t.currentRound < 1) return;
  const round = t.currentRound;
  const played = (await Matches.listMatches(tx, t.uid, round))
    .filter((m) => m.roundNumber === round && !m.bye && !m.missed && m.team1Uid && m.team2Uid && !m.complete);
  if (played.length === 0) return;
  const { byTeam, off } = await players(tx, t.uid, played.flatMap((m) => [m.team1Uid!, m.team2Uid!]));
  const teams = new Map((await Teams.listTeams(tx, t.uid)).map((x) => [x.uid, x.name || UNNAMED_TEAM]));
  const endsAt = roundEndsAt(t, played);
  const event = dmEvent(req, t);
  const rows: Repo.NewDm[] = [];
  for (const m of played) {
    for (const [own, other] of [[m.team1Uid!, m.team2Uid!], [m.team2Uid!, m.team1Uid!]] as const) {
      const body = pairingDm(event, {
        round, table: m.tableNumber, matchId: m.id, teamUid: own, opponentName: teams.get(other) ?? UNNAMED_TEAM, opponentIds: byTeam.get(other) ?? [],
        room: m.roomPassword ? { name: roomName(t.uid, m.tableNumber, m.id), password: m.roomPassword } : null, endsAt,
      });
      for (const discordId of byTeam.get(own) ?? []) if (!off.has(discordId)) rows.push({ discordId, tournamentUid: t.uid, kind: 'pairing', body });
    }
  }
  await enqueue(tx, req, rows);
}

/**
 * One side reported a score its opponent has not: each player of the other side is told, with
 * Confirm (the same score, seen from their side) and Dispute.
 */
export async function opponentReported(
  tx: Tx, req: FastifyRequest, t: Pick<Events.TournamentRow, 'uid' | 'name'>, m: Matches.MatchRow, side: 1 | 2, gamesWon: number, gamesLost: number,
): Promise<void> {
  if (!req.server.discordDms) return;
  const [reporter, opponent] = side === 1 ? [m.team1Uid, m.team2Uid] : [m.team2Uid, m.team1Uid];
  if (!reporter || !opponent) return;
  const team = await Teams.findTeam(tx, t.uid, reporter);
  const body = opponentReportedDm(dmEvent(req, t), {
    round: m.roundNumber, matchId: m.id, reporterName: team?.name || UNNAMED_TEAM, opponentTeamUid: opponent, theirGames: gamesWon, yourGames: gamesLost,
  });
  await toTeams(tx, req, t, 'opponent-report', [opponent], () => body);
}
