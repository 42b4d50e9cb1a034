// The event's Discord channel for its host and the admins (issue 30 §1 and §7: a failing channel must
// not go unnoticed): GET …/discord reads its state, POST …/discord/test sends a test message.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { discordChannelSchema, type DiscordChannel } from '../../../domain/api/discord-channel.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, forbidden, HttpError, notFoundIfMissing } from '../../errors.ts';
import { errors, WRITE_ERRORS } from '../../http/route-schemas.ts';
import { isPrivileged } from '../tournaments/tournament-views.ts';
import * as Events from '../tournaments/events-repository.ts';
import { writeUnseen } from '../tournaments/event-write.ts';
import { FAILED_ACTION, type FailureEntry } from './webhook-outbox.ts';
import * as Repo from './webhooks-repository.ts';
import { unreachable } from '../discord-bot/dm-repository.ts';
import { nextTestWait, TEST_WINDOW_MS } from './test-message-limit.ts';

const uidParams = z.object({ id: z.string().min(1).max(64) });
const tags = ['tournaments'];
export const TEST_ACTION = 'discord-test';
export const NO_WEBHOOK = 'This event has no Discord webhook: add one in the event settings first.';
export const TEST_WAITING = 'A test message is already on its way: its answer shows here in a moment.';
export const EVENT_OVER = 'This event is over: its channel gets no more posts.';

type QueueTest = (tx: Tx, req: FastifyRequest, t: Events.TournamentRow, by: string) => Promise<void>;

async function channelOf(db: Tx, t: Events.TournamentRow): Promise<DiscordChannel> {
  const [state, failure, notReached] = await Promise.all([Repo.channelState(db, t.uid), Repo.lastAudit(db, t.uid, FAILED_ACTION), unreachable(db, t.uid)]);
  const f = (failure?.after ?? {}) as Partial<FailureEntry>;
  return {
    configured: !!t.discordWebhookUrl,
    lastDeliveredAt: state.lastSentAt?.toISOString() ?? null,
    lastError: failure ? { at: failure.at.toISOString(), kind: String(f.kind ?? 'message'), message: String(f.error ?? 'unknown error'), final: f.final === true } : null,
    waiting: state.waiting,
    held: state.held,
    // the bot's direct messages Discord refused for good (issue 31); left out when there are none
    ...(notReached.length > 0 && { unreachable: notReached }),
  };
}

export function registerDiscordChannelRoutes(server: FastifyInstance, { db, queueTest }: { db: Db; queueTest: QueueTest }): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const refuseUnlessPrivileged = (req: FastifyRequest, t: Events.TournamentRow, what: string) => {
    if (!isPrivileged(req.user, t)) throw forbidden(`Only an admin or the host of this tournament can ${what}`);
  };

  app.get('/api/tournaments/:id/discord', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'The event’s Discord channel: last delivery, last error, messages waiting (an admin or the host)',
      params: uidParams, response: { 200: discordChannelSchema, ...errors(401, 403, 404) },
    },
  }, async (req, reply): Promise<DiscordChannel> => {
    const t = notFoundIfMissing(await Events.findTournament(db, req.params.id), Events.TOURNAMENT_NOT_FOUND);
    refuseUnlessPrivileged(req, t, 'read its Discord channel’s state');
    reply.header('Cache-Control', 'private, no-cache');
    return channelOf(db, t);
  });

  app.post('/api/tournaments/:id/discord/test', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'Send a test message to the event’s Discord channel (an admin or the host)',
      description: 'Queues one message, tried once: its delivery or its error shows in the channel’s state. 409 when the event has no webhook, is over, or a test message is still waiting; 429 (with Retry-After and a sentence saying when) past one every 10 seconds or 5 a minute.',
      params: uidParams, response: { 202: discordChannelSchema, ...errors(...WRITE_ERRORS, 404, 409) },
    },
  }, async (req, reply): Promise<DiscordChannel> => {
    const user = req.user!;
    // under the event's row lock (404 when absent): two clicks at once queue one test
    const state = await writeUnseen(db, req.params.id, async (tx, t) => {
      refuseUnlessPrivileged(req, t, 'send a test message to its Discord channel');
      if (!t.discordWebhookUrl) throw conflict(NO_WEBHOOK);
      if (t.completed || t.cancelled) throw conflict(EVENT_OVER);
      if (await Repo.waitingOfKind(tx, t.uid, 'test') > 0) throw conflict(TEST_WAITING);
      // counted under the event's lock: two presses at once see each other's line
      const next = nextTestWait(await Repo.recentAuditAges(tx, t.uid, TEST_ACTION, TEST_WINDOW_MS));
      if (next.waitMs > 0 && 'sentence' in next) {
        reply.header('retry-after', Math.ceil(next.waitMs / 1000));
        throw new HttpError(429, next.sentence);
      }
      await queueTest(tx, req, t, user.preferredName ?? user.displayName);
      // the answer is the channel's state with the test queued; the event's log has the press
      return { result: await channelOf(tx, t), audit: { actorDiscordId: user.discordId, action: TEST_ACTION } };
    });
    return reply.code(202).send(state);
  });
}
