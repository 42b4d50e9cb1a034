// Issue 20: player profiles GET /api/players/{discordId} and the leaderboard GET /api/players (a helper fills this in).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';

export function registerPlayersRoutes(_server: FastifyInstance, _options: { db: Db }): void {}
