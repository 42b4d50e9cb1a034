import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { seriesInputSchema, seriesSchema, seriesSummarySchema, type SeriesValues } from '../../../domain/api/series.ts';
import { discordIdSchema } from '../../../domain/api/users.ts';
import { requireAuth } from '../../auth/guards.ts';
import { assertClaims, claimedIds } from '../../auth/claims.ts';
import { assertStorable } from '../../http/request-guards.ts';
import { errors, noContent, WRITE_ERRORS } from '../../http/route-schemas.ts';
import { CACHED_READ, ReadCache } from '../../http/read-cache.ts';
import { replyCached } from '../../http/http-cache.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound, notFoundIfMissing } from '../../errors.ts';
import type { ImageStore } from '../images/image-store.ts';
import { readMultipartForm, registerMultipart } from '../images/multipart-form.ts';
import * as SeriesRepository from './series-repository.ts';

const NOT_FOUND = 'Series not found';
const ID_REQUIRED = 'Series id required for update';
const idParams = z.object({ id: z.string().min(1).max(64, 'is not a series id') });
const tags = ['series'];

/** The multipart forms, for the docs: the route reads the parts itself (Fastify sees no body). */
const seriesUploadBody = z.object({
  dto: z.string().describe('The series fields as JSON text (the body of POST /api/series)'),
  image: z.string().describe('The picture file (PNG, JPEG, WebP or GIF, at most 5 MB)').optional(),
});

/** The stored fields of a parsed body (the claim was checked by the claims hook, the id is the path's). */
function valuesOf(body: SeriesValues) {
  const { discordId: _claim, id, ...values } = body;
  return { id, values };
}


/** auth >= 1 (spec 2 §6), checked before the body is read. */
const CURATOR_ONLY = 'Only curators (auth level 1 or more) may change series';
const CURATORS = { auth: 1, authMessage: CURATOR_ONLY } as const;
const curator = (req: FastifyRequest) => requireAuth(req, 1, CURATOR_ONLY);

/** The `dto` part (JSON text) and the optional `image` part of the multipart forms. */
async function readUpload(req: FastifyRequest) {
  const form = await readMultipartForm(req, ['image']);
  const dto = form.fields.get('dto');
  if (dto === undefined) throw badRequest('dto: the series fields are missing');
  let body: unknown;
  try {
    body = JSON.parse(dto);
  } catch {
    throw badRequest('dto: is not valid JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('dto: must be a JSON object of the series fields');
  assertStorable(body, 'dto');
  assertClaims(req, claimedIds(body));
  const image = form.files.get('image');
  return { body, image: image?.length ? image : undefined };
}

export function registerSeriesRoutes(server: FastifyInstance, { db, images }: { db: Db; images: ImageStore }) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  // the list from memory until a write here, or a second (writes on another instance)
  const reads = new ReadCache(16, 1000);
  const changed = () => reads.invalidate('series');
  // before the answer leaves: whoever wrote reads their write
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.url.startsWith('/api/series') && reply.statusCode < 400) changed();
    done(null, payload);
  });

  app.get('/api/series/summaries', { config: CACHED_READ,
    schema: { tags, summary: 'Every series: id, name, description, picture', response: { 200: z.array(seriesSummarySchema) } },
  }, (req, reply) => replyCached(req, reply, reads.json('series', 'summaries', () => SeriesRepository.listSummaries(db)), 'No series'));

  app.get('/api/series/:id', {
    schema: { tags, summary: 'A series with every field and its EDOPro numbers', params: idParams, response: { 200: seriesSchema, ...errors(400, 404) } },
  }, async (req) => notFoundIfMissing(await SeriesRepository.findById(db, req.params.id), NOT_FOUND));

  app.post('/api/series', {
    config: CURATORS,
    schema: {
      tags,
      summary: 'Create a series (auth >= 1); omitted fields take the defaults of spec 2 §5',
      body: seriesInputSchema,
      response: { 201: seriesSchema, ...errors(...WRITE_ERRORS) },
    },
  }, async (req, reply) => {
    const user = curator(req);
    const { values } = valuesOf(req.body);
    const created = await SeriesRepository.insert(db, randomUUID(), values, user.discordId);
    return reply.code(201).send(created);
  });

  // The spec's client sends updates to /series/{id}; without an id there is nothing to update.
  app.put('/api/series', {
    config: CURATORS,
    schema: { tags, summary: 'Always 400: an update needs the series id in the path', response: errors(...WRITE_ERRORS) },
  }, async (req) => {
    curator(req);
    throw badRequest(ID_REQUIRED);
  });

  app.put('/api/series/:id', {
    config: CURATORS,
    schema: {
      tags,
      summary: 'Update a series (auth >= 1); an omitted picture keeps the current one',
      params: idParams,
      body: seriesInputSchema,
      response: { 200: seriesSchema, ...errors(...WRITE_ERRORS, 404) },
    },
  }, async (req) => {
    curator(req);
    const { values } = valuesOf(req.body);
    return notFoundIfMissing(await SeriesRepository.update(db, req.params.id, values), NOT_FOUND);
  });

  app.delete('/api/series/:id', {
    config: CURATORS,
    schema: {
      tags,
      summary: 'Delete a series (auth >= 1)',
      params: idParams,
      querystring: z.object({ discordId: discordIdSchema.optional() }),
      response: { 204: noContent, ...errors(...WRITE_ERRORS, 404) },
    },
  }, async (req, reply) => {
    curator(req);
    if (!(await SeriesRepository.remove(db, req.params.id))) throw notFound(NOT_FOUND);
    return reply.code(204).send();
  });

  app.register(async (scope) => {
    await registerMultipart(scope);
    const multipart = scope.withTypeProvider<ZodTypeProvider>();

    /**
     * Multipart create (or update when the dto carries an id): the image, if any, becomes the
     * picture, stored permanently. The body is checked in full before the image is kept.
     */
    const upload = async (req: FastifyRequest, id: string | undefined) => {
      const user = curator(req);
      const { body, image } = await readUpload(req);
      // the schema of POST /api/series; its ZodError is the one 400 of the error handler, naming every bad field
      const parsed = valuesOf(seriesInputSchema.parse(body));
      const targetId = id ?? parsed.id;
      if (targetId !== undefined && !(await SeriesRepository.findById(db, targetId))) throw notFound(NOT_FOUND);
      const values = { ...parsed.values };
      if (image) values.picture = images.urlPath(await images.save(image, user.discordId, 'permanent')).path;
      if (targetId === undefined) return { status: 201 as const, series: await SeriesRepository.insert(db, randomUUID(), values, user.discordId) };
      return { status: 200 as const, series: notFoundIfMissing(await SeriesRepository.update(db, targetId, values), NOT_FOUND) };
    };
    const uploadDocs = { consumes: ['multipart/form-data'], body: seriesUploadBody.nullish(), response: { 200: seriesSchema, 201: seriesSchema, ...errors(...WRITE_ERRORS, 404, 413, 415, 422) } };

    multipart.put('/api/series/upload', {
      config: CURATORS,
      schema: { tags, summary: 'Create (or, with an id in the dto, update) a series with a picture: multipart dto + image', ...uploadDocs },
    }, async (req, reply) => {
      const { status, series } = await upload(req, undefined);
      return reply.code(status).send(series);
    });

    multipart.put('/api/series/:id/upload', {
      config: CURATORS,
      schema: { tags, summary: 'Update a series with a picture: multipart dto + image', params: idParams, ...uploadDocs },
    }, async (req, reply) => {
      const { status, series } = await upload(req, req.params.id);
      return reply.code(status).send(series);
    });
  });
}
