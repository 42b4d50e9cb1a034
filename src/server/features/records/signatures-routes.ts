// Issue 20: the admins' archetype signatures (decks no EDOPro archetype names: Goat Control, Chaos,
// Warrior), the preview of the rule on a deck, and the reclassification of recorded decks.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  archetypePreviewBodySchema, archetypePreviewSchema, reclassifyResultSchema, signatureBodySchema, signatureOrderSchema,
  signatureSchema, SIGNATURES_MAX, type ArchetypePreview, type SignatureBody,
} from '../../../domain/api/records.ts';
import { archetypeOf } from '../../../domain/decks/archetype.ts';
import { requireAuth, requireUser } from '../../auth/guards.ts';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict, notFoundIfMissing } from '../../errors.ts';
import { errors, noContent, WRITE_ERRORS } from '../../http/route-schemas.ts';
import type { MetaReads } from '../meta/meta-reads.ts';
import type { TournamentHelpers } from '../tournaments/tournament-helpers.ts';
import { edoproSetnames } from '../cards/edopro-setnames.ts';
import * as RecordsRepository from './records-repository.ts';
import { checkOrder, previewDeck } from './signature-rules.ts';
import * as SignaturesRepository from './signatures-repository.ts';

const tags = ['archetypes'];
export const ADMINS_ONLY = 'Only admins can edit archetype signatures';
export const SIGNATURE_NOT_FOUND = 'Signature not found';
const admins = { auth: 2, authMessage: ADMINS_ONLY } as const;
const idParams = z.object({ id: z.coerce.number({ error: 'id: a signature id' }).int('id: a signature id').min(1, 'id: a signature id').max(2 ** 31 - 1, 'id: a signature id') });

/** The body as stored: marking cards once each, every one a known card, `min` within their number. */
export async function checkSignatureBody(db: Tx, body: SignatureBody): Promise<SignatureBody> {
  const cards = [...new Set(body.cards)];
  const names = await SignaturesRepository.cardNames(db, cards);
  const unknown = cards.filter((c) => !names.has(c));
  if (unknown.length) throw badRequest(`cards: no card has the passcode${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}`);
  if (body.min != null && body.min > cards.length) {
    throw badRequest(`min: at most the number of different cards (${cards.length})`);
  }
  return { name: body.name, cards, min: body.min ?? null };
}

export function registerSignaturesRoutes(
  server: FastifyInstance,
  { db, helpers: h, meta }: { db: Db; helpers: Pick<TournamentHelpers, 'changed' | 'notice'>; meta?: Pick<MetaReads, 'refresh'> },
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  /** Every write leaves a line in the server log: who, what, before and after. */
  const audit = (req: FastifyRequest, action: string, detail: Record<string, unknown>) =>
    req.log.info({ audit: 'archetype-signatures', action, admin: req.user?.discordId, ...detail }, `archetype signatures: ${action}`);

  app.get('/api/archetypes/signatures', {
    schema: {
      tags, summary: 'The admins’ archetype signatures in table order (the first a deck matches names it), with card names',
      response: { 200: z.array(signatureSchema) },
    },
  }, async () => SignaturesRepository.list(db));

  app.post('/api/archetypes/signatures', {
    config: admins,
    schema: {
      tags, summary: `Add a signature at the end of the table (admins; at most ${SIGNATURES_MAX})`,
      body: signatureBodySchema, response: { 201: signatureSchema, ...errors(...WRITE_ERRORS, 409) },
    },
  }, async (req, reply) => {
    const admin = requireAuth(req, 2, ADMINS_ONLY);
    const body = await checkSignatureBody(db, req.body);
    if (await SignaturesRepository.count(db) >= SIGNATURES_MAX) throw conflict(`There are already ${SIGNATURES_MAX} signatures, the most the table holds: delete one first`);
    const created = await SignaturesRepository.insert(db, body, admin.discordId);
    audit(req, 'add', { after: created });
    return reply.code(201).send(created);
  });

  app.put('/api/archetypes/signatures/:id', {
    config: admins,
    schema: {
      tags, summary: 'Replace a signature’s name, cards and minimum; it keeps its place (admins)',
      params: idParams, body: signatureBodySchema, response: { 200: signatureSchema, ...errors(...WRITE_ERRORS, 404, 409) },
    },
  }, async (req) => {
    const admin = requireAuth(req, 2, ADMINS_ONLY);
    const body = await checkSignatureBody(db, req.body);
    const { before, after } = notFoundIfMissing(await SignaturesRepository.update(db, req.params.id, body, admin.discordId), SIGNATURE_NOT_FOUND);
    audit(req, 'edit', { before, after });
    return after;
  });

  app.delete('/api/archetypes/signatures/:id', {
    config: admins,
    schema: { tags, summary: 'Delete a signature (admins)', params: idParams, response: { 204: noContent, ...errors(...WRITE_ERRORS, 404) } },
  }, async (req, reply) => {
    requireAuth(req, 2, ADMINS_ONLY);
    const before = notFoundIfMissing(await SignaturesRepository.remove(db, req.params.id), SIGNATURE_NOT_FOUND);
    audit(req, 'delete', { before });
    return reply.code(204).send();
  });

  app.post('/api/archetypes/signatures/order', {
    config: admins,
    schema: {
      tags, summary: 'Set the table’s order: every signature’s id once, first to last (admins)',
      body: signatureOrderSchema, response: { 200: z.array(signatureSchema), ...errors(...WRITE_ERRORS, 409) },
    },
  }, async (req) => {
    const admin = requireAuth(req, 2, ADMINS_ONLY);
    const { ids } = req.body;
    const list = await SignaturesRepository.reorder(db, ids, admin.discordId, (existing) => checkOrder(ids, existing));
    audit(req, 'order', { after: ids });
    return list;
  });

  app.post('/api/archetypes/preview', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'The archetype the rule names a deck by today’s signatures (signed-in users): main and extra passcodes, or deck text',
      body: archetypePreviewBodySchema, response: { 200: archetypePreviewSchema, ...errors(...WRITE_ERRORS) },
    },
  }, async (req): Promise<ArchetypePreview> => {
    requireUser(req);
    const deck = previewDeck(req.body);
    const lookup = await RecordsRepository.setcodeLookup(db, [...deck.main, ...deck.extra]);
    const { ids, signatures } = await SignaturesRepository.ruleTable(db);
    const named = archetypeOf(deck, lookup, edoproSetnames(), signatures);
    const index = named.source === 'signature' ? signatures.findIndex((s) => s.name === named.name) : -1;
    return {
      name: named.name, source: named.source, copies: named.copies, code: named.code,
      signatureId: index >= 0 ? ids[index]! : null, cards: deck.main.length + deck.extra.length,
    };
  });

  app.post('/api/archetypes/reclassify', {
    config: admins,
    schema: {
      tags,
      summary: 'Name every published recorded deck again by today’s rule and signatures (admins)',
      description: 'Only published decks keep their cards, so only they are named again; unpublished decks keep the name they had when the winner was marked. A host’s or admin’s correction stays shown. A final league keeps every run’s cards: each of its counted runs is named again (a closed league names none).',
      response: { 200: reclassifyResultSchema, ...errors(...WRITE_ERRORS) },
    },
  }, async (req) => {
    requireAuth(req, 2, ADMINS_ONLY);
    const outcome = await SignaturesRepository.reclassify(db, h.notice);
    for (const uid of outcome.events) h.changed(uid);
    // the meta's default answer is made again now, not by the next visitor
    if (outcome.events.length || outcome.leagues.length) meta?.refresh();
    audit(req, 'reclassify', { decks: outcome.decks, changed: outcome.changed, events: outcome.events, leagues: outcome.leagues });
    return { decks: outcome.decks, changed: outcome.changed, events: outcome.events.length, runs: outcome.runs, leagues: outcome.leagues.length };
  });
}
