// The event report (issue 20): GET .../report, public once a winner is marked and kept by Close;
// PATCH .../report/decks/{deckId}, the host's or an admin's archetype correction (the meta and the
// report follow at once).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { archetypeCorrectionSchema, reportSchema } from '../../../domain/api/records.ts';
import type { Db } from '../../db/client.ts';
import { conflict, HttpError, notFound } from '../../errors.ts';
import { CACHED_READ } from '../../http/read-cache.ts';
import { errors, WRITE_ERRORS } from '../../http/route-schemas.ts';
import { sendCached } from '../../http/http-cache.ts';
import type { TournamentHelpers } from '../tournaments/tournament-helpers.ts';
import * as Repo from '../tournaments/tournaments-repository.ts';
import * as RecordsRepository from './records-repository.ts';
import { readReport } from './report.ts';

const tags = ['event records'];
const uidParams = z.object({ id: z.string().min(1).max(64) });
export const REPORT_NOT_YET = 'The report is published once the winner is marked';

/** The report's JSON as GET .../report sends it, from the tournament's read cache; undefined when there is none. */
export function cachedReport(db: Db, h: Pick<TournamentHelpers, 'tournamentReads' | 'cards'>, uid: string) {
  return h.tournamentReads.cached(uid, 'report', async () => {
    const t = await Repo.findTournament(db, uid);
    if (!t || t.cancelled) return undefined;
    return readReport(db, t, await h.cards.lookup());
  });
}

export function registerReportRoutes(server: FastifyInstance, { db, helpers: h }: { db: Db; helpers: TournamentHelpers }) {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get('/api/tournaments/:id/report', {
    config: CACHED_READ,
    schema: {
      tags, summary: 'The event report: champion, placements, published decks and the event’s meta (public once a winner is marked; kept by Close)',
      params: uidParams, response: { 200: reportSchema, ...errors(400, 404, 409) },
    },
  }, async (req, reply) => {
    const uid = req.params.id;
    const body = await cachedReport(db, h, uid);
    if (!body) {
      const t = await Repo.findTournament(db, uid);
      if (!t || t.cancelled) throw notFound(Repo.TOURNAMENT_NOT_FOUND);
      throw new HttpError(409, REPORT_NOT_YET);
    }
    await sendCached(req, reply, body);
  });

  app.patch('/api/tournaments/:id/report/decks/:deckId', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'Correct a published deck’s archetype (an admin or the host); null gives back the rule’s name',
      params: uidParams.extend({ deckId: z.coerce.number().int().min(1).max(2 ** 31 - 1) }),
      body: archetypeCorrectionSchema,
      response: { 200: reportSchema, ...errors(...WRITE_ERRORS, 404, 409) },
    },
  }, async (req) => {
    const uid = req.params.id;
    await h.adminAction(req, uid, 'archetype', async (tx, t, user) => {
      if (!await RecordsRepository.recordExists(tx, t.uid)) throw conflict(REPORT_NOT_YET);
      const deck = await RecordsRepository.findPublishedDeck(tx, t.uid, req.params.deckId);
      if (!deck) throw notFound('Deck not found in this report');
      const archetype = req.body.archetype ?? deck.archetypeAuto;
      const correctedBy = req.body.archetype === null || archetype === deck.archetypeAuto ? null : user.discordId;
      if (archetype === deck.archetype && correctedBy === deck.correctedBy) return { result: undefined, unchanged: true };
      await RecordsRepository.setDeckArchetype(tx, deck.id, archetype, correctedBy);
      await RecordsRepository.renamedArchetypes(tx, t.uid);
      return { result: undefined, before: { deckId: deck.id, archetype: deck.archetype }, after: { deckId: deck.id, archetype } };
    });
    const t = await h.findOr404(uid);
    const report = await readReport(db, t, await h.cards.lookup());
    if (!report) throw conflict(REPORT_NOT_YET);
    return report;
  });
}
