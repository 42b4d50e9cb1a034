// Sanctioned ratings (issue 29 §4): an event counts toward its series' ratings only once an admin
// (auth 2) has marked it rated; a host, who may have signed up and decided every match, cannot.
// Marking or unmarking recomputes the series' ratings in the same transaction, at any stage.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ratedBodySchema, tournamentSchema } from '../../../domain/api/tournaments.ts';
import { requireUser } from '../../auth/guards.ts';
import { errors, WRITE_ERRORS } from '../../http/route-schemas.ts';
import { recomputeSeriesRatings } from './ratings-store.ts';
import * as RecordsRepository from './records-repository.ts';
import type { TournamentHelpers } from '../tournaments/tournament-helpers.ts';
import * as Events from '../tournaments/events-repository.ts';
import * as AdminLog from '../admin-log/admin-log-repository.ts';

export const RATED_ADMINS_ONLY = 'Only an admin can mark an event rated or unrated';

const uidParams = z.object({ id: z.string().min(1).max(64) });

export function registerRatedRoutes(server: FastifyInstance, h: TournamentHelpers) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.post('/api/tournaments/:id/rated', {
    config: { auth: 2, authMessage: RATED_ADMINS_ONLY },
    schema: {
      tags: ['tournaments'],
      summary: 'Mark the event rated or unrated (admins only): only rated events count toward their series’ ratings',
      description: 'Allowed at any stage, after Close too; the series’ ratings are recomputed at once.',
      params: uidParams, body: ratedBodySchema,
      response: { 200: tournamentSchema, ...errors(...WRITE_ERRORS, 404) },
    },
  }, async (req) => {
    const user = requireUser(req);
    const { rated } = req.body;
    return h.write(req.params.id, 'rated', async (tx, t) => {
      if (t.rated === rated) return { result: await h.loadTournament(tx, t) };
      const row = await Events.updateTournament(tx, t.uid, { rated });
      await AdminLog.write(tx, { actorDiscordId: user.discordId, action: rated ? 'mark-rated' : 'mark-unrated', subject: { kind: 'tournament', id: t.uid, name: t.name } });
      // the record's version moves: the report and the profiles' caches (keyed by it) read the new label
      await RecordsRepository.bumpVersion(tx, t.uid);
      if (t.seriesUid) await recomputeSeriesRatings(tx, t.seriesUid);
      return { result: await h.loadTournament(tx, row), audit: { actorDiscordId: user.discordId, action: rated ? 'mark-rated' : 'mark-unrated', before: { rated: t.rated }, after: { rated } } };
    });
  });
}
