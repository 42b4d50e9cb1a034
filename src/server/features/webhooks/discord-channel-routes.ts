// GET /api/tournaments/{id}/discord: how the event's Discord channel is doing, for its host and
// the admins (issue 30 §7: a failing channel must not go unnoticed).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { discordChannelSchema, type DiscordChannel } from '../../../domain/api/discord-channel.ts';
import type { Db } from '../../db/client.ts';
import { forbidden, notFoundIfMissing } from '../../errors.ts';
import { errors } from '../../http/route-schemas.ts';
import { isPrivileged } from '../tournaments/tournament-views.ts';
import * as TournamentsRepo from '../tournaments/tournaments-repository.ts';
import { FAILED_ACTION, type FailureEntry } from './webhook-worker.ts';
import * as Repo from './webhooks-repository.ts';

const uidParams = z.object({ id: z.string().min(1).max(64) });

export function registerDiscordChannelRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/tournaments/:id/discord', {
    config: { auth: 'user' },
    schema: {
      tags: ['tournaments'], summary: 'The event’s Discord channel: last delivery, last error, messages waiting (an admin or the host)',
      params: uidParams, response: { 200: discordChannelSchema, ...errors(401, 403, 404) },
    },
  }, async (req, reply): Promise<DiscordChannel> => {
    const t = notFoundIfMissing(await TournamentsRepo.findTournament(db, req.params.id), TournamentsRepo.TOURNAMENT_NOT_FOUND);
    if (!isPrivileged(req.user, t)) throw forbidden('Only an admin or the host of this tournament can read its Discord channel’s state');
    const [state, failure] = await Promise.all([Repo.channelState(db, t.uid), Repo.lastAudit(db, t.uid, FAILED_ACTION)]);
    const f = (failure?.after ?? {}) as Partial<FailureEntry>;
    reply.header('Cache-Control', 'private, no-cache');
    return {
      configured: !!t.discordWebhookUrl,
      lastDeliveredAt: state.lastSentAt?.toISOString() ?? null,
      lastError: failure ? { at: failure.at.toISOString(), kind: String(f.kind ?? 'message'), message: String(f.error ?? 'unknown error'), final: f.final === true } : null,
      waiting: state.waiting,
      held: state.held,
    };
  });
}
