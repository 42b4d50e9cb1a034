// Issue 20: the format's meta: GET /api/meta and a card's footprint GET /api/meta/cards/{passcode} (a helper fills this in).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';

export function registerMetaRoutes(_server: FastifyInstance, _options: { db: Db }): void {}
