// Issue 20: the admins' archetype signatures (a helper fills this in).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';

export function registerSignaturesRoutes(_server: FastifyInstance, _options: { db: Db }): void {}
