import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { banlistDateSchema, banlistImportQuerySchema, banlistReasonSchema } from '../../../domain/api/banlists.ts';
import type { Db } from '../../db/client.ts';
import { assertActingAs, requireAuth } from '../../auth/guards.ts';
import { badRequest, forbidden, notFoundIfMissing } from '../../errors.ts';
import { importLflist } from './banlist-import.ts';
import { BanlistReads } from './banlist-reads.ts';
import { sendCached } from './http-cache.ts';
import * as BanlistsRepository from './banlists-repository.ts';

export function parseDate(value: unknown): string {
  const r = banlistDateSchema.safeParse(value);
  if (!r.success) throw badRequest(`date: ${r.error.issues[0]?.message}`);
  return r.data;
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (!r.success) throw badRequest(r.error.issues[0]?.message ?? 'Bad request');
  return r.data;
}

const deleteQuery = z.object({
  adminId: z.string().optional(),
  reference: banlistImportQuerySchema.shape.reference,
});
const reasonQuery = z.object({ requesterId: z.string().optional() });
const entryIdSchema = z.string().regex(/^\d{1,9}$/, 'id: an entry id is a number').transform(Number);

/** An .lflist.conf of a whole era (TOSS: 9,648 cards, YGOPro's 102 lists) is well under this. */
const LFLIST_BODY_LIMIT = 8 * 1024 * 1024;

/** ASCII fallback plus RFC 6266 filename* so any FORMAT_NAME survives the header. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function registerBanlistsRoutes(app: FastifyInstance, { db, formatName = 'Format Hub' }: { db: Db; formatName?: string }) {
  const reads = new BanlistReads(db, formatName);

  app.get('/api/banlists/dates', async (req, reply) => sendCached(req, reply, await reads.dates('format')));

  /** Dates of the Advanced reference lists, newest first (the admin import control shows them). */
  app.get('/api/banlists/references', async (req, reply) => sendCached(req, reply, await reads.dates('reference')));

  app.get('/api/banlists/summaries', async () => BanlistsRepository.listSummaries(db));

  app.get<{ Params: { date: string } }>('/api/banlists/:date', { compress: false }, async (req, reply) => {
    const date = parseDate(req.params.date);
    return sendCached(req, reply, notFoundIfMissing(await reads.entries(date), 'Banlist not found'));
  });

  app.get<{ Params: { date: string } }>('/api/banlists/:date/lflist', { compress: false }, async (req, reply) => {
    const date = parseDate(req.params.date);
    const file = notFoundIfMissing(await reads.lflist(date), 'Banlist not found');
    return sendCached(req, reply, file.body, { 'Content-Disposition': attachment(file.fileName) });
  });

  app.put<{ Params: { date: string }; Querystring: Record<string, string> }>(
    '/api/banlists/:date',
    {
      config: { textBody: true },
      bodyLimit: LFLIST_BODY_LIMIT,
      // refuse before reading a large body
      onRequest: async (req) => void requireAuth(req, 2, 'Only admins can import banlists'),
    },
    async (req) => {
      const admin = requireAuth(req, 2, 'Only admins can import banlists');
      const date = parseDate(req.params.date);
      const query = parse(banlistImportQuerySchema, req.query);
      if (typeof req.body !== 'string') throw badRequest('The body must be the text of an .lflist.conf file (Content-Type: text/plain)');
      const result = await importLflist(db, req.body, { date, list: query.list, reference: query.reference, createdBy: admin.discordId });
      reads.invalidate();
      return result;
    },
  );

  app.delete<{ Params: { date: string }; Querystring: Record<string, string> }>('/api/banlists/:date', async (req, reply) => {
    const query = parse(deleteQuery, req.query);
    assertActingAs(req, query.adminId);
    requireAuth(req, 2, 'Only admins can delete banlists');
    const date = parseDate(req.params.date);
    notFoundIfMissing((await BanlistsRepository.deleteList(db, date, query.reference ? 'reference' : 'format')) || undefined, 'Banlist not found');
    reads.invalidate();
    return reply.code(204).send();
  });

  app.put<{ Params: { date: string; id: string }; Querystring: Record<string, string> }>(
    '/api/banlists/:date/entries/:id/reason',
    { config: { textBody: true } },
    async (req) => {
      const user = assertActingAs(req, parse(reasonQuery, req.query).requesterId);
      const date = parseDate(req.params.date);
      const entryId = parse(entryIdSchema, req.params.id);
      const entry = notFoundIfMissing(await BanlistsRepository.findEntryPoster(db, date, entryId), 'Banlist entry not found');
      if (entry.posterDiscordId !== user.discordId) throw forbidden('Only the poster of this entry can edit its reason');
      const reason = parse(banlistReasonSchema, req.body);
      const updated = notFoundIfMissing(await BanlistsRepository.updateReason(db, date, entryId, reason), 'Banlist entry not found');
      reads.invalidate();
      return updated;
    },
  );
}
