// GET /api/tournaments/{id}/suspended (issue 39 §1): the suspended players of an event's active teams,
// for its host and the admins. Their teams are left to the host, whose attention panel says
// "suspended" (the public event page does not: a suspension is between a person and the admins).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { suspendedPlayersSchema } from '../../../domain/api/people.ts';
import type { Db } from '../../db/client.ts';
import { forbidden, notFoundIfMissing } from '../../errors.ts';
import { errors } from '../../http/route-schemas.ts';
import { isPrivileged, UNNAMED_TEAM } from '../tournaments/tournament-views.ts';
import * as TournamentsRepo from '../tournaments/tournaments-repository.ts';
import * as PeopleRepository from './people-repository.ts';

export function registerEventSuspensionsRoute(server: FastifyInstance, { db }: { db: Db }): void {
  server.withTypeProvider<ZodTypeProvider>().get('/api/tournaments/:id/suspended', {
    config: { auth: 'user' },
    schema: {
      tags: ['tournaments'], summary: 'The event’s suspended players, by team (an admin or the host)',
      params: z.object({ id: z.string().min(1).max(64) }), response: { 200: suspendedPlayersSchema, ...errors(401, 403, 404) },
    },
  }, async (req, reply) => {
    const t = notFoundIfMissing(await TournamentsRepo.findTournament(db, req.params.id), TournamentsRepo.TOURNAMENT_NOT_FOUND);
    if (!isPrivileged(req.user, t)) throw forbidden('Only an admin or the host of this tournament can see its suspended players');
    reply.header('Cache-Control', 'private, no-cache');
    const now = new Date().toISOString();
    const rows = await PeopleRepository.suspendedPlayers(db, t.uid, now);
    return {
      players: rows.map((r) => ({
        discordId: r.discordId, name: r.name, teamUid: r.teamUid, teamName: String(r.teamName || UNNAMED_TEAM),
        until: r.suspendedUntil ? new Date(r.suspendedUntil).toISOString() : null,
      })),
    };
  });
}
