// The league's place in the record (issue 41, "The end"; decision 042's "The record"): its record
// written when the leaderboard becomes final (a listener of the league's writer, in that transaction),
// GET /api/leagues/{id}/report once final, and an admin's mark that its matches move ratings
// (POST /api/leagues/{id}/rated: a write of the league, under its lock, with its live message).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LEAGUE_MESSAGES } from '../../../domain/api/leagues.ts';
import { LEAGUE_RECORD_MESSAGES, leagueRatedBodySchema, leagueReportSchema } from '../../../domain/api/league-records.ts';
import { requireUser } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { HttpError, notFoundIfMissing } from '../../errors.ts';
import { sendCached } from '../../http/http-cache.ts';
import { CACHED_READ, ReadCache } from '../../http/read-cache.ts';
import { errors, WRITE_ERRORS } from '../../http/route-schemas.ts';
import * as AdminLog from '../admin-log/admin-log-repository.ts';
import { cardIndex } from '../cards/card-index.ts';
import { settleDue } from '../leagues/league-writer.ts';
import * as LeaguesRepository from '../leagues/leagues-repository.ts';
import { onLeagueChange } from './league-record-writer.ts';
import { readLeagueReport } from './league-report.ts';
import * as LeagueRecords from './league-records-repository.ts';
import { recomputeSeriesRatings } from './ratings-store.ts';

const tags = ['leagues'];
const idParams = z.object({ id: z.string().min(1).max(64) });
/** Names change without a write of the league: a report's body is trusted this long. */
const NAMES_TTL_MS = 60_000;

/** After the league's routes (it listens to their writer). */
export function registerLeagueRecordRoutes(server: FastifyInstance, { db }: { db: Db }): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { writer } = server.leagues;
  writer.onChange(onLeagueChange);
  const cards = cardIndex(db);
  const reports = new ReadCache(200, NAMES_TTL_MS);

  app.get('/api/leagues/:id/report', {
    config: CACHED_READ,
    schema: {
      tags, summary: 'The league’s report once final: the final leaderboard and its top 8, the published runs’ decks, and the meta of every run',
      description: 'A 409 until the league is final. Decks are published by the league’s deckPrivacy (the top 8’s runs, every run, or none); '
        + 'archetypes count every run with a result (an unpublished one only as its archetype), cards only the published ones.',
      params: idParams, response: { 200: leagueReportSchema, ...errors(400, 404, 409) },
    },
  }, async (req, reply) => {
    const { id } = req.params;
    // a league past its end that nobody has read is settled first: its record is written then
    const now = writer.now();
    const head = notFoundIfMissing(await LeaguesRepository.head(db, id, now), LEAGUE_MESSAGES.notFound);
    if (settleDue(head, now)) await writer.settleNow(id);
    const record = await LeagueRecords.findLeagueRecord(db, id);
    if (!record) throw new HttpError(409, LEAGUE_RECORD_MESSAGES.reportNotYet);
    const body = await reports.json('league-report', `${id}|${record.version}`, async () => readLeagueReport(db, id, record, await cards.lookup()));
    await sendCached(req, reply, notFoundIfMissing(body, LEAGUE_MESSAGES.notFound));
  });

  app.post('/api/leagues/:id/rated', {
    config: { auth: 2, authMessage: LEAGUE_RECORD_MESSAGES.ratedAdminsOnly },
    schema: {
      tags, summary: 'Mark the league rated or unrated (admins only): a rated league’s matches move its series’ ratings once it is final',
      description: 'Allowed at any time. A final league’s mark makes the series’ ratings again at once; a league marked before its end counts when it becomes final.',
      params: idParams, body: leagueRatedBodySchema,
      response: { 200: z.object({ id: z.string(), rated: z.boolean() }), ...errors(...WRITE_ERRORS, 404) },
    },
  }, async (req) => {
    const user = requireUser(req);
    const { rated } = req.body;
    return writer.write(req.params.id, async (tx, league) => {
      if (league.rated !== rated) {
        await LeaguesRepository.setLeague(tx, league.id, { rated });
        await AdminLog.write(tx, { actorDiscordId: user.discordId, action: rated ? 'mark-rated' : 'mark-unrated', subject: { kind: 'league', id: league.id, name: league.name } });
        // a final league's matches are in the ratings, or leave them, now; the report's label follows its version
        if (await LeagueRecords.findLeagueRecord(tx, league.id)) {
          await LeagueRecords.bumpVersion(tx, league.id);
          await recomputeSeriesRatings(tx, league.seriesId);
        }
      }
      return { result: { id: league.id, rated }, change: 'rated' };
    });
  });
}
