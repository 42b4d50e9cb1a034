// An event's Discord webhook (issue 19): what the actions of the evening queue for it (check-in
// open, each round's pairings with their tables, the champion), and the outbox that sends them. The
// routes call one function each, inside their transaction: a rolled-back action queues nothing, a
// committed one is never lost; the outbox is kicked once the reply is sent. The site's own post (a
// published banlist, DISCORD_WEBHOOK_URL) goes through the same outbox.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import {
  championMessage, checkInOpenMessage, pairingsMessages, testMessage, type DiscordMessage, type EventRef, type Pairing,
} from '../../../domain/discord/webhook-messages.ts';
import type { DiscordClient } from '../../discord/discord-client.ts';
import { OutboxLoop, registerOutbox, type Outbox, type OutboxTuning } from '../../discord/outbox.ts';
import { roundEndsAt } from '../tournaments/play/event-night-views.ts';
import { UNNAMED_TEAM, userName } from '../tournaments/tournament-views.ts';
import type * as Events from '../tournaments/events-repository.ts';
import * as Teams from '../tournaments/teams/teams-repository.ts';
import * as Users from '../users/users-repository.ts';
import { registerDiscordChannelRoutes } from './discord-channel-routes.ts';
import { WebhookOutbox, type WebhookLimits } from './webhook-outbox.ts';
import * as Repo from './webhooks-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    eventWebhooks: { outbox: Outbox<Repo.ClaimedDelivery>; publicOrigin: string | undefined };
  }
}

/** A message is a few kilobytes (Discord takes 6,000 characters of embeds): anything larger is a bug, not a message. */
export const MAX_BODY_BYTES = 64 * 1024;

export interface WebhookTuning extends OutboxTuning, Partial<WebhookLimits> {
  /** one request's limit, answer included (default 10 s): the lease outlasts it */
  timeoutMs?: number;
}

/** Starts and stops the outbox with the app. */
export function registerEventWebhooks(app: FastifyInstance, { db, env, client, tuning = {} }: { db: Db; env: Env; client: DiscordClient; tuning?: WebhookTuning }): Outbox<Repo.ClaimedDelivery> {
  const rules = new WebhookOutbox(db, client, app.log, { requests: tuning.requests ?? 5, windowMs: tuning.windowMs ?? 2_000 }, tuning.timeoutMs ?? 10_000);
  const outbox = registerOutbox(app, new OutboxLoop(rules, app.log, { batch: 8 }, tuning));
  app.decorate('eventWebhooks', { outbox, publicOrigin: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : undefined });
  registerDiscordChannelRoutes(app, { db, queueTest });
  return outbox;
}

/** The site's own post to DISCORD_WEBHOOK_URL (a published banlist), in the action's transaction. */
export async function queueSitePost(tx: Tx, req: FastifyRequest, url: string, kind: Repo.DeliveryKind, body: unknown): Promise<void> {
  const { outbox } = req.server.eventWebhooks;
  await Repo.enqueue(tx, [{ tournamentUid: null, kind, url, body }], outbox.loop.clock());
  outbox.queued(req);
}

type Tournament = Pick<Events.TournamentRow, 'uid' | 'name' | 'discordWebhookUrl'>;

function eventRef(req: FastifyRequest, t: Tournament): EventRef {
  const origin = req.server.eventWebhooks.publicOrigin ?? `${req.protocol}://${req.host}`;
  return { name: t.name, url: `${origin}/tournaments/${encodeURIComponent(t.uid)}` };
}

async function enqueue(tx: Tx, req: FastifyRequest, t: Tournament, kind: Repo.DeliveryKind, messages: DiscordMessage[], round?: number): Promise<void> {
  const url = t.discordWebhookUrl;
  if (!url) return;
  // the builders keep within Discord's limits; a body past this bound is a bug, not a message
  const bodies = messages.filter((m) => Buffer.byteLength(JSON.stringify(m)) <= MAX_BODY_BYTES);
  if (bodies.length < messages.length) req.log.warn({ tournament: t.uid, kind }, 'Discord webhook message too large: left out');
  const { outbox } = req.server.eventWebhooks;
  await Repo.enqueue(tx, bodies.map((body) => ({ tournamentUid: t.uid, kind, url, body, round })), outbox.loop.clock());
  outbox.queued(req);
}

/** Check-in opened: players are asked to check in before the start. */
export async function checkInOpen(tx: Tx, req: FastifyRequest, t: Events.TournamentRow): Promise<void> {
  if (!t.discordWebhookUrl) return;
  await enqueue(tx, req, t, 'check-in', [checkInOpenMessage(eventRef(req, t), t.startsAt?.toISOString() ?? null)]);
}

/**
 * The pairings of the round `t` is now in (pass the row after Start or Next Round moved it on):
 * by table (the byes last), in as many messages as Discord's limits need, with the round's end.
 */
export async function pairings(tx: Tx, req: FastifyRequest, t: Events.TournamentRow): Promise<void> {
  if (!t.discordWebhookUrl || t.currentRound < 1) return;
  const round = t.currentRound;
  const matches = await Repo.roundPairings(tx, t.uid, round);
  const played = matches
    .filter((m) => !m.missed && m.team1Uid && (m.bye || m.team2Uid))
    .sort((a, b) => (a.bye ? 1 : 0) - (b.bye ? 1 : 0) || (a.tableNumber ?? Infinity) - (b.tableNumber ?? Infinity)
      || a.bracket.localeCompare(b.bracket) || a.position - b.position || a.id - b.id);
  const name = (n: string | null) => n || UNNAMED_TEAM;
  // before tables exist (or in a bracket without them) the order of the matches numbers them
  let n = 0;
  const rows: Pairing[] = played.map((m) => (m.bye
    ? { table: null, team1: name(m.team1Name), team2: null }
    : { table: m.tableNumber ?? ++n, team1: name(m.team1Name), team2: name(m.team2Name) }));
  const top = played.filter((m) => m.bracket === 'top');
  const label = top.length === 0 ? `Round ${round}` : top.length === 1 ? 'Final' : `Top ${top.length * 2}`;
  await enqueue(tx, req, t, 'pairings', pairingsMessages(eventRef(req, t), round, label, rows, roundEndsAt(t, matches)), round);
}

/** The champion, with its record and players, and the links to the standings and the event report. */
export async function champion(tx: Tx, req: FastifyRequest, t: Events.TournamentRow, winnerTeamUid: string): Promise<void> {
  if (!t.discordWebhookUrl) return;
  const team = await Teams.findTeam(tx, t.uid, winnerTeamUid);
  if (!team) return;
  const members = (await Teams.membersOfTeam(tx, t.uid, team.uid)).filter((m) => !m.dropped);
  const users = await Users.usersByIds(tx, members.map((m) => m.discordId));
  const event = eventRef(req, t);
  // the record is written with the winner, in this transaction: its report is public once it commits
  await enqueue(tx, req, t, 'champion', [championMessage(event, {
    teamName: team.name || UNNAMED_TEAM, wins: team.wins, losses: team.losses, ties: team.ties,
    members: members.map((m) => userName(users.get(m.discordId))),
  }, `${event.url}/report`)]);
}

/** 'Send a test message' (issue 30 §1): one message, tried once; its answer shows as the channel's state. */
async function queueTest(tx: Tx, req: FastifyRequest, t: Events.TournamentRow, by: string): Promise<void> {
  await enqueue(tx, req, t, 'test', [testMessage(eventRef(req, t), by)]);
}
