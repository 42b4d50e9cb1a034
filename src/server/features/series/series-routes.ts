import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldIssues, issueText, seriesInputSchema } from '../../../domain/api/series.ts';
import { assertActingAs, requireAuth } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound, notFoundIfMissing } from '../../errors.ts';
import type { ImageStore } from '../images/image-store.ts';
import { readMultipartForm, registerMultipart } from '../images/multipart-form.ts';
import * as SeriesRepository from './series-repository.ts';

const NOT_FOUND = 'Series not found';
const ID_REQUIRED = 'Series id required for update';

/** Parses a series body; the 400 names the first bad field ("bestOf: must be a whole number"). */
function parseBody(body: unknown) {
  const r = seriesInputSchema.safeParse(body);
  if (!r.success) throw badRequest(fieldIssues(r.error).map(issueText).join('; '));
  const { discordId, id, ...values } = r.data;
  return { discordId, id, values };
}

/** auth >= 1 (spec 2 §6), and any discordId the client names must be the session user. */
function authorizeWrite(req: FastifyRequest, claimed?: string) {
  requireAuth(req, 1, 'Only curators (auth level 1 or more) may change series');
  return assertActingAs(req, claimed);
}

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
  const image = form.files.get('image');
  return { body, image: image?.length ? image : undefined };
}

export function registerSeriesRoutes(app: FastifyInstance, { db, images }: { db: Db; images: ImageStore }) {
  app.get('/api/series/summaries', async () => SeriesRepository.listSummaries(db));

  app.get<{ Params: { id: string } }>('/api/series/:id', async (req) =>
    notFoundIfMissing(await SeriesRepository.findById(db, req.params.id), NOT_FOUND),
  );

  app.post('/api/series', async (req, reply) => {
    authorizeWrite(req);
    const { discordId, values } = parseBody(req.body);
    const user = authorizeWrite(req, discordId);
    const created = await SeriesRepository.insert(db, randomUUID(), values, user.discordId);
    return reply.code(201).send(created);
  });

  // The spec's client sends updates to /series/{id}; without an id there is nothing to update.
  app.put('/api/series', async (req) => {
    authorizeWrite(req);
    throw badRequest(ID_REQUIRED);
  });

  app.put<{ Params: { id: string } }>('/api/series/:id', async (req) => {
    authorizeWrite(req);
    const { discordId, values } = parseBody(req.body);
    authorizeWrite(req, discordId);
    return notFoundIfMissing(await SeriesRepository.update(db, req.params.id, values), NOT_FOUND);
  });

  app.delete<{ Params: { id: string }; Querystring: { discordId?: string } }>('/api/series/:id', async (req, reply) => {
    authorizeWrite(req, req.query.discordId);
    if (!(await SeriesRepository.remove(db, req.params.id))) throw notFound(NOT_FOUND);
    return reply.code(204).send();
  });

  app.register(async (scope) => {
    await registerMultipart(scope);

    /**
     * Multipart create (or update when the dto carries an id): the image, if any, becomes the
     * picture, stored permanently. The body is checked in full before the image is kept.
     */
    const upload = async (req: FastifyRequest, id: string | undefined) => {
      authorizeWrite(req);
      const { body, image } = await readUpload(req);
      const parsed = parseBody(body);
      const user = authorizeWrite(req, parsed.discordId);
      const targetId = id ?? parsed.id;
      if (targetId !== undefined && !(await SeriesRepository.findById(db, targetId))) throw notFound(NOT_FOUND);
      const values = { ...parsed.values };
      if (image) values.picture = images.urlPath(await images.save(image, user.discordId, 'permanent')).path;
      if (targetId === undefined) return { status: 201, series: await SeriesRepository.insert(db, randomUUID(), values, user.discordId) };
      return { status: 200, series: notFoundIfMissing(await SeriesRepository.update(db, targetId, values), NOT_FOUND) };
    };

    scope.put('/api/series/upload', async (req, reply) => {
      const { status, series } = await upload(req, undefined);
      return reply.code(status).send(series);
    });

    scope.put<{ Params: { id: string } }>('/api/series/:id/upload', async (req, reply) => {
      const { status, series } = await upload(req, req.params.id);
      return reply.code(status).send(series);
    });
  });
}
