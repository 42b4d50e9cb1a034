// Issue 20: player profiles GET /api/players/{discordId} and the leaderboard GET /api/players.
//
// Cached in memory under a stamp of the records (count, sum of versions, latest update of
// event_records): the records change only when a winner is marked (a record inserted), a result
// of a completed event is corrected (rewritten, version + 1, ratings recomputed in the same
// transaction) or an archetype is corrected (version + 1), or when a tournament is deleted (its
// record cascades away). Each of these moves the stamp, on any instance, so no notice is needed;
// the stamp is one small query per read. Names and avatars come from the users table, which
// sign-ins change without touching the records: entries also expire after a minute. A profile is a
// few indexed queries (head-to-head from record_meetings), so a moved stamp costs little.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { leaderboardQuerySchema, leaderboardSchema, playerParamsSchema, playerProfileSchema } from '../../../domain/api/players.ts';
import type { Db } from '../../db/client.ts';
import { CACHED_READ, ReadCache } from '../../http/read-cache.ts';
import { errors } from '../../http/route-schemas.ts';
import { replyCached } from '../../http/http-cache.ts';
import { PLAYER_NOT_FOUND, readLeaderboard, readProfile, SERIES_NOT_FOUND } from './players.ts';
import * as PlayersRepository from './players-repository.ts';

const tags = ['players'];
const NAMES_TTL_MS = 60_000;

export function registerPlayersRoutes(server: FastifyInstance, { db }: { db: Db }): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const reads = new ReadCache(1000, NAMES_TTL_MS);

  app.get('/api/players', {
    config: CACHED_READ,
    schema: {
      tags,
      summary: 'The leaderboard: a series’ players by rating (then RD), or without a series every player with records by titles, events and wins',
      querystring: leaderboardQuerySchema,
      response: { 200: leaderboardSchema, ...errors(400, 404) },
    },
  }, async (req, reply) => {
    const { series, limit } = req.query;
    const stamp = await PlayersRepository.recordsStamp(db);
    await replyCached(req, reply, reads.json('players', `${stamp}|board|${series ?? ''}|${limit}`, () => readLeaderboard(db, series, limit)), SERIES_NOT_FOUND);
  });

  app.get('/api/players/:discordId', {
    config: CACHED_READ,
    schema: {
      tags,
      summary: 'A player’s profile: name and avatar, each completed event (placement, record, the archetype and deck where published), ratings per series, head-to-head, and their leagues (runs, matches won and lost, best run)',
      params: playerParamsSchema,
      response: { 200: playerProfileSchema, ...errors(400, 404) },
    },
  }, async (req, reply) => {
    const id = req.params.discordId;
    // a profile's leagues move with every league write
    const stamp = await PlayersRepository.recordsStamp(db, { leagues: true });
    await replyCached(req, reply, reads.json('players', `${stamp}|profile|${id}`, () => readProfile(db, id)), PLAYER_NOT_FOUND);
  });
}
