import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  judgementEntrySchema, proposeBodySchema, reasonSchema, sendoffStatusSchema, sendoffToggleResponseSchema, voteQuerySchema,
  type SendoffToggleResponse,
} from '../../../domain/api/judgement.ts';
import { banlistDateSchema } from '../../../domain/api/banlists.ts';
import { discordIdSchema } from '../../../domain/api/users.ts';
import { errors, WRITE_ERRORS } from '../../http/route-schemas.ts';
import { TOPICS } from '../../../domain/api/topics.ts';
import type { Db } from '../../db/client.ts';
import { requireAuth, requireUser } from '../../auth/guards.ts';
import { conflict, forbidden, notFoundIfMissing } from '../../errors.ts';
import * as AdminLog from '../admin-log/admin-log-repository.ts';
import * as JudgementRepository from './judgement-repository.ts';
import { banlistPublishedMessage } from '../../../domain/discord/webhook-messages.ts';
import { queueSitePost } from '../webhooks/event-webhooks.ts';

export interface JudgementRoutesOptions {
  db: Db;
  /** the format's name: a published banlist is called "YYYY.MM {formatName}" */
  formatName: string;
  webhookUrl?: string;
  publicUrl?: string;
  /** the banlists' read cache: a send-off publishes a list, which its next read must show at once */
  banlistReads?: { invalidate(): void };
}

const ADMIN = 2;
const ADMIN_ONLY = 'Only admins can do this';

const idParams = z.object({ id: z.string().regex(/^\d{1,9}$/, 'must be a judgement entry id').transform(Number).refine((n) => n >= 1, 'must be a judgement entry id') });
const requesterQuery = z.object({ requesterId: discordIdSchema.optional() });
const adminQuery = z.object({ adminId: discordIdSchema.optional() });

/** A text/plain body as the spec's client sends it, or `{ [key]: text }` as JSON. */
const textOrField = <O>(key: string, inner: z.ZodType<O, string>) =>
  z.union([z.string(), z.object({ [key]: z.string() })], { error: `send the ${key} as a text/plain body` })
    .transform((v) => (typeof v === 'string' ? v : (v as Record<string, string>)[key]!))
    .pipe(inner);

const todayUtc = () => new Date().toISOString().slice(0, 10);
const banlistName = (formatName: string) => (date: string) => `${date.slice(0, 4)}.${date.slice(5, 7)} ${formatName}`;

export function registerJudgementRoutes(server: FastifyInstance, o: JudgementRoutesOptions) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db } = o;
  const tags = ['judgement'];
  // the board is for signed-in users, on the live channel as over REST
  app.realtime.restrict('/topic/judgement/**', (user) => user !== null, 'Sign in to follow the judgement board');

  // After commit only; a failing broker must not turn a saved change into an error.
  const publish = async (topic: string, body: unknown) => {
    try {
      await app.realtime.publish(topic, body);
    } catch (err) {
      app.log.warn({ err, topic }, 'live publish failed');
    }
  };

  app.get('/api/judgement', {
    schema: { tags, summary: 'The board (signed-in users)', response: { 200: z.array(judgementEntrySchema), ...errors(401) } },
  }, async (req) => {
    requireUser(req);
    return JudgementRepository.listEntries(db);
  });

  app.post('/api/judgement', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Propose a card (signed-in users); the name comes from the card table',
      body: proposeBodySchema,
      response: { 201: judgementEntrySchema, ...errors(...WRITE_ERRORS, 404) },
    },
  }, async (req, reply) => {
    const user = requireUser(req);
    const body = req.body;
    // The initial vote counts only in the poster's own column, and only for an admin.
    const own = body.votes?.[user.discordId];
    const initialVote = user.auth === ADMIN && own ? { adminId: user.discordId, vote: own } : undefined;
    const entry = await JudgementRepository.createEntry(db, { cardId: body.cardId, posterDiscordId: user.discordId, reason: body.reason, initialVote });
    await publish(TOPICS.judgement, entry);
    return reply.code(201).send(entry);
  });

  app.post('/api/judgement/:id/vote', {
    config: { auth: 2, authMessage: 'Only admins can vote' },
    schema: {
      tags,
      summary: 'Vote in your own column (admins)',
      params: idParams,
      querystring: voteQuerySchema,
      response: { 200: judgementEntrySchema, ...errors(...WRITE_ERRORS, 404) },
    },
  }, async (req) => {
    const user = requireAuth(req, ADMIN, 'Only admins can vote');
    const { id } = req.params;
    const { vote } = req.query;
    const entry = notFoundIfMissing(await JudgementRepository.setVote(db, id, user.discordId, vote), JudgementRepository.ENTRY_NOT_FOUND);
    await publish(TOPICS.judgement, entry);
    return entry;
  });

  app.put('/api/judgement/:id/reason', {
    config: { textBody: 'reason', auth: 'user' },
    schema: {
      tags,
      summary: 'Edit a reason (its poster only); text/plain body',
      params: idParams,
      querystring: requesterQuery,
      body: textOrField('reason', reasonSchema),
      consumes: ['text/plain', 'application/json'],
      response: { 200: judgementEntrySchema, ...errors(...WRITE_ERRORS, 404) },
    },
  }, async (req) => {
    const user = requireUser(req);
    const { id } = req.params;
    const reason = req.body;
    const current = await JudgementRepository.requireEntry(db, id);
    if (current.poster.discordId !== user.discordId) throw forbidden('Only the poster can edit this reason');
    const entry = notFoundIfMissing(await JudgementRepository.updateReason(db, id, reason), JudgementRepository.ENTRY_NOT_FOUND);
    await publish(TOPICS.judgement, entry);
    return entry;
  });

  app.delete('/api/judgement/:id', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Delete an entry (admins, or its poster)',
      params: idParams,
      querystring: requesterQuery,
      response: { 200: judgementEntrySchema, ...errors(...WRITE_ERRORS, 404) },
    },
  }, async (req) => {
    const user = requireUser(req);
    const { id } = req.params;
    const current = await JudgementRepository.requireEntry(db, id);
    if (user.auth !== ADMIN && current.poster.discordId !== user.discordId) {
      throw forbidden('Only admins and the poster can delete this entry');
    }
    const entry = notFoundIfMissing(await JudgementRepository.deleteEntry(db, id), JudgementRepository.ENTRY_NOT_FOUND);
    await publish(TOPICS.judgement, { action: 'deleted', entry });
    return entry;
  });

  app.get('/api/judgement/sendoff-status', {
    schema: { tags, summary: 'Who pressed Send Votes, and the effective date', response: { 200: sendoffStatusSchema, ...errors(401) } },
  }, async (req) => {
    requireUser(req);
    return JudgementRepository.sendoffStatus(db);
  });

  app.post('/api/judgement/sendoff-toggle', {
    config: { auth: 2, authMessage: ADMIN_ONLY },
    schema: {
      tags,
      summary: 'Press (or unpress) Send Votes (admins); the last press publishes the banlist',
      querystring: adminQuery,
      response: { 200: sendoffToggleResponseSchema, ...errors(...WRITE_ERRORS, 409) },
    },
  }, async (req): Promise<SendoffToggleResponse> => {
    const user = requireAuth(req, ADMIN, ADMIN_ONLY);
    const { webhookUrl } = o;
    const { status, published } = await JudgementRepository.toggleSendoff(db, {
      adminId: user.discordId, today: todayUtc(), banlistName: banlistName(o.formatName),
      onPublish: async (tx, p) => {
        await AdminLog.write(tx, { actorDiscordId: user.discordId, action: 'sendoff', subject: { kind: 'banlist', id: p.date, name: `${p.name} (${p.date})` }, details: { name: p.name, cards: p.entries.length } });
        // the site's channel hears of it through the webhook outbox (retried, relayed like every post)
        if (webhookUrl) await queueSitePost(tx, req, webhookUrl, 'banlist', banlistPublishedMessage(p, o.publicUrl));
      },
    });
    if (published) {
      o.banlistReads?.invalidate();
      // one message per topic: the board as it is now, then the reset send-off state
      await publish(TOPICS.judgement, await JudgementRepository.listEntries(db));
      await publish(TOPICS.judgementSendoff, status);
    } else {
      await publish(TOPICS.judgementSendoff, status);
    }
    return {
      ...status,
      published: published && { date: published.date, name: published.name, changed: published.entries.length },
    };
  });

  app.put('/api/judgement/sendoff-date', {
    config: { textBody: 'date', auth: 2, authMessage: ADMIN_ONLY },
    schema: {
      tags,
      summary: 'Set the effective date of the next banlist (admins); text/plain YYYY-MM-DD, blank clears it',
      querystring: adminQuery,
      body: textOrField('date', z.string().trim().pipe(z.union([z.literal(''), banlistDateSchema]))).optional(),
      consumes: ['text/plain', 'application/json'],
      response: { 200: sendoffStatusSchema, ...errors(...WRITE_ERRORS, 409) },
    },
  }, async (req) => {
    requireAuth(req, ADMIN, ADMIN_ONLY);
    // blank clears the date (the send-off then uses the day it happens)
    const date = req.body ? req.body : null;
    const newest = await JudgementRepository.newestFormatDate(db);
    if (date && newest && date <= newest) throw conflict(`The effective date must be after the newest banlist (${newest}).`);
    const status = await JudgementRepository.setSendoffDate(db, date);
    await publish(TOPICS.judgementSendoff, status);
    return status;
  });
}
