// The bot's direct messages (issue 31, decision 033): what the actions of the evening queue for
// each player, in the action's own transaction (a rolled-back action queues nothing, a committed
// one is never lost), and the worker kicked once the reply is sent. Off without a bot token; a
// player who turned direct messages off gets nothing queued.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ButtonStyle, ComponentType, type RESTPostAPIChannelMessageJSONBody } from 'discord-api-types/v10';
import { roomName } from '../../../domain/tournament/rooms.ts';
import type { Db, Tx } from '../../db/client.ts';
import { discordApiUrl, discordBotSettings, type Env } from '../../env.ts';
import { roundEndsAt } from '../tournaments/event-night-views.ts';
import { UNNAMED_TEAM } from '../tournaments/tournament-views.ts';
import * as TournamentsRepo from '../tournaments/tournaments-repository.ts';
import { opponentRows, resultButtonId } from './commands/report.ts';
import * as Repo from './dm-repository.ts';
import { DmWorker, type DmTuning } from './dm-worker.ts';
import { discordTime, escapeMarkdown } from './responses.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** null: the bot is off (no token), nothing is queued */
    discordDms: { worker: DmWorker } | null;
  }
  interface FastifyRequest {
    /** this request queued direct messages: the worker is kicked once the reply is sent (after commit) */
    dmsQueued: boolean;
  }
}

export function registerDirectMessages(app: FastifyInstance, { db, env, tuning }: { db: Db; env: Env; tuning?: DmTuning }): void {
  const settings = discordBotSettings(env);
  const worker = settings && new DmWorker(db, app.log, discordApiUrl(env), settings.token, tuning);
  app.decorate('discordDms', worker ? { worker } : null);
  app.decorateRequest('dmsQueued', false);
  if (!worker) return;
  app.addHook('onResponse', (req, _reply, done) => {
    if (req.dmsQueued) worker.kick();
    done();
  });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
}

export type Message = RESTPostAPIChannelMessageJSONBody;
export const eventUrl = (req: FastifyRequest, uid: string) =>
  `${req.server.eventWebhooks.publicOrigin ?? `${req.protocol}://${req.host}`}/tournaments/${encodeURIComponent(uid)}`;

/** One message to each of these teams' players who take direct messages. */
export async function toTeams(
  tx: Tx, req: FastifyRequest, t: Pick<TournamentsRepo.TournamentRow, 'uid'>, kind: string, teamUids: readonly string[],
  body: (teamUid: string) => Message, options?: { dropped?: boolean },
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
  const members = (await TournamentsRepo.listMembers(tx, uid)).filter((m) => (dropped || !m.dropped) && wanted.has(m.teamUid));
  const byTeam = new Map<string, string[]>();
  for (const m of members) byTeam.set(m.teamUid, [...(byTeam.get(m.teamUid) ?? []), m.discordId]);
  return { byTeam, off: await Repo.dmOffAmong(tx, members.map((m) => m.discordId)) };
}

export async function enqueue(tx: Tx, req: FastifyRequest, rows: Repo.NewDm[]): Promise<void> {
  if (rows.length === 0) return;
  await Repo.enqueue(tx, rows, new Date());
  req.dmsQueued = true;
}

/**
 * The round `t` is now in was paired (call with the row after Start or Next Round): each player of
 * a match gets its table, the opponent, the room and the round's end, with 'Report result' and
 * 'Open on the site'.
 */
export async function roundPaired(tx: Tx, req: FastifyRequest, t: TournamentsRepo.TournamentRow): Promise<void> {
  if (!req.server.discordDms || t.currentRound < 1) return;
  const round = t.currentRound;
  const played = (await TournamentsRepo.listMatches(tx, t.uid, round))
    .filter((m) => m.roundNumber === round && !m.bye && !m.missed && m.team1Uid && m.team2Uid && !m.complete);
  if (played.length === 0) return;
  const { byTeam, off } = await players(tx, t.uid, played.flatMap((m) => [m.team1Uid!, m.team2Uid!]));
  const teams = new Map((await TournamentsRepo.listTeams(tx, t.uid)).map((x) => [x.uid, x.name || UNNAMED_TEAM]));
  const endsAt = roundEndsAt(t, played);
  const url = eventUrl(req, t.uid);
  const rows: Repo.NewDm[] = [];
  for (const m of played) {
    for (const [own, other] of [[m.team1Uid!, m.team2Uid!], [m.team2Uid!, m.team1Uid!]] as const) {
      const mentions = (byTeam.get(other) ?? []).map((id) => `<@${id}>`);
      const lines = [
        `**${escapeMarkdown(t.name)}**: round ${round}${m.tableNumber !== null ? `, table ${m.tableNumber}` : ''}`,
        `Opponent: ${escapeMarkdown(teams.get(other) ?? UNNAMED_TEAM)}${mentions.length ? ` (${mentions.join(', ')})` : ''}`,
        ...(m.roomPassword ? [`Room: \`${roomName(t.uid, m.tableNumber, m.id)}\``, `Password: \`${m.roomPassword}\``] : []),
        endsAt ? `The round ends ${discordTime(endsAt)} (${discordTime(endsAt, 'R')})` : 'The round is untimed.',
      ];
      const body: Message = {
        content: lines.join('\n'),
        allowed_mentions: { parse: [] },
        components: [{
          type: ComponentType.ActionRow,
          components: [
            { type: ComponentType.Button, style: ButtonStyle.Primary, label: 'Report result', custom_id: resultButtonId({ action: 'ro', eventUid: t.uid, matchId: m.id, teamUid: own }) },
            { type: ComponentType.Button, style: ButtonStyle.Link, label: 'Open on the site', url },
          ],
        }],
      };
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
  tx: Tx, req: FastifyRequest, t: TournamentsRepo.TournamentRow, m: TournamentsRepo.MatchRow, side: 1 | 2, gamesWon: number, gamesLost: number,
): Promise<void> {
  if (!req.server.discordDms) return;
  const [reporter, opponent] = side === 1 ? [m.team1Uid, m.team2Uid] : [m.team2Uid, m.team1Uid];
  if (!reporter || !opponent) return;
  const { byTeam, off } = await players(tx, t.uid, [opponent]);
  const to = (byTeam.get(opponent) ?? []).filter((id) => !off.has(id));
  if (to.length === 0) return;
  const team = await TournamentsRepo.findTeam(tx, t.uid, reporter);
  const name = escapeMarkdown(team?.name || UNNAMED_TEAM);
  const body: Message = {
    content: `**${escapeMarkdown(t.name)}**, round ${m.roundNumber}: ${name} reported **${gamesLost}-${gamesWon}** for you (your games first). Confirm it, or dispute it for the host.`,
    allowed_mentions: { parse: [] },
    components: opponentRows(t.uid, m.id, opponent, gamesLost, gamesWon),
  };
  await enqueue(tx, req, to.map((discordId) => ({ discordId, tournamentUid: t.uid, kind: 'opponent-report', body })));
}
