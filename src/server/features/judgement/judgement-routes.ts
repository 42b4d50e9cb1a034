import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  proposeBodySchema, reasonSchema, voteQuerySchema, type SendoffToggleResponse,
} from '../../../domain/api/judgement.ts';
import { banlistDateSchema } from '../../../domain/api/banlists.ts';
import { TOPICS } from '../../../domain/api/topics.ts';
import type { Db } from '../../db/client.ts';
import { assertActingAs, requireAuth, requireUser } from '../../auth/guards.ts';
import { badRequest, conflict, forbidden, notFoundIfMissing } from '../../errors.ts';
import * as JudgementRepository from './judgement-repository.ts';
import { postToWebhook, publicationSummary } from './judgement-webhook.ts';

export interface JudgementRoutesOptions {
  db: Db;
  /** the format's name: a published banlist is called "YYYY.MM {formatName}" */
  formatName: string;
  webhookUrl?: string;
  publicUrl?: string;
}

const ADMIN = 2;
const ADMIN_ONLY = 'Only admins can do this';

/** Parse with a zod schema; a failure is a 400 naming the field. */
function parse<S extends z.ZodType>(schema: S, value: unknown, field?: string): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const path = issue.path.length ? issue.path.join('.') : (field ?? 'body');
  throw badRequest(`${path}: ${issue.message}`);
}

function entryId(req: FastifyRequest<{ Params: { id: string } }>): number {
  const id = Number(req.params.id);
  if (!/^\d{1,9}$/.test(req.params.id) || id < 1) throw badRequest('id: must be a judgement entry id');
  return id;
}

/** The `requesterId`/`adminId` of the query string: compatibility only, checked against the session. */
function claimed(req: FastifyRequest, name: 'requesterId' | 'adminId'): string | undefined {
  const value = (req.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** A text/plain body as the spec's client sends it (or `{ reason }` / `{ date }` as JSON). */
function textBody(body: unknown, key: string, field: string): string {
  if (typeof body === 'string') return body;
  if (body && typeof body === 'object' && typeof (body as Record<string, unknown>)[key] === 'string') {
    return (body as Record<string, string>)[key]!;
  }
  if (body === undefined || body === null) return '';
  throw badRequest(`${field}: send the value as a text/plain body`);
}

const todayUtc = () => new Date().toISOString().slice(0, 10);
const banlistName = (formatName: string) => (date: string) => `${date.slice(0, 4)}.${date.slice(5, 7)} ${formatName}`;

export function registerJudgementRoutes(app: FastifyInstance, o: JudgementRoutesOptions) {
  const { db } = o;

  // After commit only; a failing broker must not turn a saved change into an error.
  const publish = async (topic: string, body: unknown) => {
    try {
      await app.realtime.publish(topic, body);
    } catch (err) {
      app.log.warn({ err, topic }, 'live publish failed');
    }
  };

  app.get('/api/judgement', async (req) => {
    requireUser(req);
    return JudgementRepository.listEntries(db);
  });

  app.post('/api/judgement', async (req, reply) => {
    const user = requireUser(req);
    const body = parse(proposeBodySchema, req.body);
    const posterId = typeof body.poster === 'string' ? body.poster : body.poster?.discordId;
    assertActingAs(req, posterId);
    // The initial vote counts only in the poster's own column, and only for an admin.
    const own = body.votes?.[user.discordId];
    const initialVote = user.auth === ADMIN && own ? { adminId: user.discordId, vote: own } : undefined;
    const entry = await JudgementRepository.createEntry(db, { cardId: body.cardId, posterDiscordId: user.discordId, reason: body.reason, initialVote });
    await publish(TOPICS.judgement, entry);
    return reply.code(201).send(entry);
  });

  app.post<{ Params: { id: string } }>('/api/judgement/:id/vote', async (req) => {
    const user = requireAuth(req, ADMIN, 'Only admins can vote');
    assertActingAs(req, claimed(req, 'adminId'));
    const id = entryId(req);
    const { vote } = parse(voteQuerySchema, req.query);
    const entry = notFoundIfMissing(await JudgementRepository.setVote(db, id, user.discordId, vote), JudgementRepository.ENTRY_NOT_FOUND);
    await publish(TOPICS.judgement, entry);
    return entry;
  });

  app.put<{ Params: { id: string } }>('/api/judgement/:id/reason', { config: { textBody: true } }, async (req) => {
    const user = requireUser(req);
    assertActingAs(req, claimed(req, 'requesterId'));
    const id = entryId(req);
    const reason = parse(reasonSchema, textBody(req.body, 'reason', 'reason'), 'reason');
    const current = await JudgementRepository.requireEntry(db, id);
    if (current.poster.discordId !== user.discordId) throw forbidden('Only the poster can edit this reason');
    const entry = notFoundIfMissing(await JudgementRepository.updateReason(db, id, reason), JudgementRepository.ENTRY_NOT_FOUND);
    await publish(TOPICS.judgement, entry);
    return entry;
  });

  app.delete<{ Params: { id: string } }>('/api/judgement/:id', async (req) => {
    const user = requireUser(req);
    assertActingAs(req, claimed(req, 'requesterId'));
    const id = entryId(req);
    const current = await JudgementRepository.requireEntry(db, id);
    if (user.auth !== ADMIN && current.poster.discordId !== user.discordId) {
      throw forbidden('Only admins and the poster can delete this entry');
    }
    const entry = notFoundIfMissing(await JudgementRepository.deleteEntry(db, id), JudgementRepository.ENTRY_NOT_FOUND);
    await publish(TOPICS.judgement, { action: 'deleted', entry });
    return entry;
  });

  app.get('/api/judgement/sendoff-status', async (req) => {
    requireUser(req);
    return JudgementRepository.sendoffStatus(db);
  });

  app.post('/api/judgement/sendoff-toggle', async (req): Promise<SendoffToggleResponse> => {
    const user = requireAuth(req, ADMIN, ADMIN_ONLY);
    assertActingAs(req, claimed(req, 'adminId'));
    const { status, published } = await JudgementRepository.toggleSendoff(db, {
      adminId: user.discordId, today: todayUtc(), banlistName: banlistName(o.formatName),
    });
    if (published) {
      // one message per topic: the board as it is now, then the reset send-off state
      await publish(TOPICS.judgement, await JudgementRepository.listEntries(db));
      await publish(TOPICS.judgementSendoff, status);
      if (o.webhookUrl) void postToWebhook(o.webhookUrl, publicationSummary(published, o.publicUrl), app.log);
    } else {
      await publish(TOPICS.judgementSendoff, status);
    }
    return {
      ...status,
      published: published && { date: published.date, name: published.name, changed: published.entries.length },
    };
  });

  app.put('/api/judgement/sendoff-date', { config: { textBody: true } }, async (req) => {
    requireAuth(req, ADMIN, ADMIN_ONLY);
    assertActingAs(req, claimed(req, 'adminId'));
    const text = textBody(req.body, 'date', 'date').trim();
    // blank clears the date (the send-off then uses the day it happens)
    const date = text === '' ? null : parse(banlistDateSchema, text, 'date');
    const newest = await JudgementRepository.newestFormatDate(db);
    if (date && newest && date <= newest) throw conflict(`The effective date must be after the newest banlist (${newest}).`);
    const status = await JudgementRepository.setSendoffDate(db, date);
    await publish(TOPICS.judgementSendoff, status);
    return status;
  });
}
