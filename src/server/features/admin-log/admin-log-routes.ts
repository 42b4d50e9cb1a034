// GET /api/admin/log (issue 39 §1): every admin action of the site, newest first, filterable (admins).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_LOG_PAGE_SIZE, adminLogPageSchema, adminLogQuerySchema } from '../../../domain/api/admin-log.ts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import { errors } from '../../http/route-schemas.ts';
import * as AdminLog from './admin-log-repository.ts';

export function registerAdminLogRoutes(server: FastifyInstance, { db }: { db: Db }): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get('/api/admin/log', {
    config: { auth: 2, authMessage: 'Only admins can read the admin log' },
    schema: {
      tags: ['people'],
      summary: 'Every admin action of the site, newest first (admins): levels, suspensions, requests to host, banlists, send-offs, rated marks, cancelled events',
      querystring: adminLogQuerySchema,
      response: { 200: adminLogPageSchema, ...errors(400, 401, 403) },
    },
  }, async (req, reply) => {
    const { page, ...filter } = req.query;
    if (filter.from && filter.to && filter.from > filter.to) throw badRequest('to: must not be before from');
    reply.header('Cache-Control', 'private, no-cache');
    const { entries, total } = await AdminLog.list(db, filter, page, ADMIN_LOG_PAGE_SIZE);
    return { entries, total, pageSize: ADMIN_LOG_PAGE_SIZE };
  });
}
