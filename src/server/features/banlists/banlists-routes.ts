import type { FastifyInstance } from 'fastify';
import { CACHED_READ } from '../../http/read-cache.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  banlistDateSchema, banlistDatesSchema, banlistEntrySchema, banlistImportQuerySchema, banlistImportResultSchema,
  banlistReasonSchema, banlistSummarySchema,
} from '../../../domain/api/banlists.ts';
import { discordIdSchema } from '../../../domain/api/users.ts';
import type { Db } from '../../db/client.ts';
import { requireAuth, requireUser } from '../../auth/guards.ts';
import { forbidden, notFoundIfMissing } from '../../errors.ts';
import { errors, fileReply, noContent, WRITE_ERRORS } from '../../http/route-schemas.ts';
import { importLflist } from './banlist-import.ts';
import { BanlistReads } from './banlist-reads.ts';
import { sendCached } from '../../http/http-cache.ts';
import { attachment } from '../../http/attachment.ts';
import * as BanlistsRepository from './banlists-repository.ts';
import * as AdminLog from '../admin-log/admin-log-repository.ts';

/** A list in the admin log: the format's by its date, a reference list as `reference:{date}`. */
const banlistSubject = (date: string, reference: boolean, name: string) => ({ kind: 'banlist' as const, id: reference ? `reference:${date}` : date, name: `${name} (${date})` });

const dateParams = z.object({ date: banlistDateSchema });
const entryParams = z.object({
  date: banlistDateSchema,
  id: z.string().regex(/^\d{1,9}$/, 'an entry id is a number').transform(Number),
});
const deleteQuery = z.object({
  adminId: discordIdSchema.optional(),
  reference: banlistImportQuerySchema.shape.reference,
});
const reasonQuery = z.object({ requesterId: discordIdSchema.optional() });
const lflistFile = fileReply('An EDOPro .lflist.conf file', 'text/plain; charset=utf-8');

/** An .lflist.conf of a whole era (TOSS: 9,648 cards, YGOPro's 102 lists) is well under this. */
const LFLIST_BODY_LIMIT = 8 * 1024 * 1024;

/** Returns the read cache, which other writers of banlists (the judgement send-off) drop after a write. */
export function registerBanlistsRoutes(server: FastifyInstance, { db, formatName = 'Format Hub' }: { db: Db; formatName?: string }): BanlistReads {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const reads = new BanlistReads(db, formatName);
  const tags = ['banlists'];

  app.get('/api/banlists/dates', { config: CACHED_READ,
    schema: { tags, summary: 'Dates of the format’s banlists, newest first', response: { 200: banlistDatesSchema } },
  }, async (req, reply) => sendCached(req, reply, await reads.dates('format')));

  app.get('/api/banlists/references', { config: CACHED_READ,
    schema: { tags, summary: 'Dates of the Advanced reference lists, newest first', response: { 200: banlistDatesSchema } },
  }, async (req, reply) => sendCached(req, reply, await reads.dates('reference')));

  app.get('/api/banlists/summaries', {
    schema: { tags, summary: 'Every list, format and reference, newest first', response: { 200: z.array(banlistSummarySchema) } },
  }, async () => BanlistsRepository.listSummaries(db));

  app.get('/api/banlists/:date', { config: CACHED_READ,
    compress: false,
    schema: {
      tags,
      summary: 'The entries of the format’s list of a date (ETag; 304 when unchanged)',
      params: dateParams,
      response: { 200: z.array(banlistEntrySchema), ...errors(400, 404) },
    },
  }, async (req, reply) => sendCached(req, reply, notFoundIfMissing(await reads.entries(req.params.date), 'Banlist not found')));

  app.get('/api/banlists/:date/summary', { config: CACHED_READ,
    schema: {
      tags,
      summary: 'The format’s list of a date: name, size and EDOPro hash (ETag; 304 when unchanged)',
      params: dateParams,
      response: { 200: banlistSummarySchema, ...errors(400, 404) },
    },
  }, async (req, reply) => sendCached(req, reply, notFoundIfMissing(await reads.summary(req.params.date), 'Banlist not found')));

  app.get('/api/banlists/:date/lflist', { config: CACHED_READ,
    compress: false,
    schema: {
      tags,
      summary: 'The list as an EDOPro .lflist.conf file ({date}_{FormatName}.lflist.conf)',
      params: dateParams,
      response: { 200: lflistFile, ...errors(400, 404) },
    },
  }, async (req, reply) => {
    const file = notFoundIfMissing(await reads.lflist(req.params.date), 'Banlist not found');
    return sendCached(req, reply, file.body, { 'Content-Disposition': attachment(file.fileName) });
  });

  app.put('/api/banlists/:date', {
    config: { textBody: 'banlist' },
    bodyLimit: LFLIST_BODY_LIMIT,
    // refuse before reading a large body
    onRequest: async (req) => void requireAuth(req, 2, 'Only admins can import banlists'),
    schema: {
      tags,
      summary: 'Import an .lflist.conf as the list of a date (admins); replaces a list of that date, keeping reasons',
      params: dateParams,
      querystring: banlistImportQuerySchema,
      body: z.string({ error: 'The body must be the text of an .lflist.conf file (Content-Type: text/plain)' }).describe('The .lflist.conf text'),
      consumes: ['text/plain'],
      response: { 200: banlistImportResultSchema, ...errors(...WRITE_ERRORS, 413) },
    },
  }, async (req) => {
    const admin = requireAuth(req, 2, 'Only admins can import banlists');
    const { list, reference } = req.query;
    const { date } = req.params;
    const result = await importLflist(db, req.body, {
      date, list, reference, createdBy: admin.discordId,
      onStored: (tx, r) => AdminLog.write(tx, { actorDiscordId: admin.discordId, action: 'banlist-import', subject: banlistSubject(date, !!reference, r.name), details: { name: r.name, entries: r.entries, kind: reference ? 'reference' : 'format' } }),
    });
    reads.invalidate();
    return result;
  });

  app.delete('/api/banlists/:date', {
    config: { auth: 2, authMessage: 'Only admins can delete banlists' },
    schema: {
      tags,
      summary: 'Delete a list (admins)',
      params: dateParams,
      querystring: deleteQuery,
      response: { 204: noContent, ...errors(...WRITE_ERRORS, 404) },
    },
  }, async (req, reply) => {
    const admin = requireAuth(req, 2, 'Only admins can delete banlists');
    const { date } = req.params;
    const { reference } = req.query;
    const deleted = await BanlistsRepository.deleteList(db, date, reference ? 'reference' : 'format', (tx, name) =>
      AdminLog.write(tx, { actorDiscordId: admin.discordId, action: 'banlist-delete', subject: banlistSubject(date, !!reference, name), details: { name, kind: reference ? 'reference' : 'format' } }));
    notFoundIfMissing(deleted || undefined, 'Banlist not found');
    reads.invalidate();
    return reply.code(204).send();
  });

  app.put('/api/banlists/:date/entries/:id/reason', {
    config: { textBody: 'reason', auth: 'user' },
    schema: {
      tags,
      summary: 'Edit the reason of an entry (its poster only)',
      params: entryParams,
      querystring: reasonQuery,
      body: banlistReasonSchema,
      consumes: ['text/plain'],
      response: { 200: banlistEntrySchema, ...errors(...WRITE_ERRORS, 404) },
    },
  }, async (req) => {
    const user = requireUser(req);
    const { date, id } = req.params;
    const entry = notFoundIfMissing(await BanlistsRepository.findEntryPoster(db, date, id), 'Banlist entry not found');
    if (entry.posterDiscordId !== user.discordId) throw forbidden('Only the poster of this entry can edit its reason');
    const updated = notFoundIfMissing(await BanlistsRepository.updateReason(db, date, id, req.body), 'Banlist entry not found');
    reads.invalidate();
    return updated;
  });
  return reads;
}
