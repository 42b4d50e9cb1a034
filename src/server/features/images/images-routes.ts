import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { imageUploadResponseSchema, type ImageUploadResponse } from '../../../domain/api/images.ts';
import { requireUser } from '../../auth/guards.ts';
import { errors, fileReply, WRITE_ERRORS } from '../../http/route-schemas.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { HttpError, badRequest, notFound, notFoundIfMissing } from '../../errors.ts';
import { createImageStore, type ImageStore } from './image-store.ts';
import { readMultipartForm, registerMultipart } from './multipart-form.ts';

const ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * POST /api/images/api/upload (the upload tool: a signed URL valid for 1 hour) and
 * GET /api/images/{id} (every uploaded image). Returns the store, for features that keep pictures.
 */
const tags = ['images'];

export function registerImagesRoutes(server: FastifyInstance, { db, env }: { db: Db; env: Env }): ImageStore {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const store = createImageStore({ db, dataDir: env.DATA_DIR, sessionSecret: env.SESSION_SECRET });
  const publicOrigin = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : undefined;

  app.register(async (plain) => {
    await registerMultipart(plain);
    const scope = plain.withTypeProvider<ZodTypeProvider>();

    scope.post('/api/images/api/upload', {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Upload an image (signed-in users): a signed URL that works for 1 hour',
        consumes: ['multipart/form-data'],
        body: z.object({ image: z.string().describe('PNG, JPEG, WebP or GIF, at most 5 MB') }).nullish(),
        response: { 201: imageUploadResponseSchema, ...errors(...WRITE_ERRORS, 413, 415, 422) },
      },
    }, async (req, reply) => {
      const user = requireUser(req);
      const form = await readMultipartForm(req, ['image']);
      const input = form.files.get('image');
      if (!input?.length) throw badRequest('image: choose an image file');
      const image = await store.save(input, user.discordId, 'temporary');
      const { path, expiresAt } = store.urlPath(image);
      const body: ImageUploadResponse = {
        url: `${publicOrigin ?? `${req.protocol}://${req.host}`}${path}`,
        expiresAt: expiresAt!.toISOString(),
      };
      return reply.code(201).send(body);
    });
  });

  app.get('/api/images/:id', {
    schema: {
      tags,
      summary: 'An uploaded image (temporary ones need their signature, and stop working after an hour)',
      params: z.object({ id: z.string().max(200) }),
      querystring: z.object({ exp: z.string().max(20).optional(), sig: z.string().max(200).optional() }),
      response: { 200: fileReply('The image, in the format it was stored in', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'), ...errors(403, 404, 410) },
    },
  }, async (req, reply) => {
    const { id } = req.params;
    if (!ID.test(id)) throw notFound('Image not found');
    const image = notFoundIfMissing(await store.find(id), 'Image not found');
    let maxAge = 31_536_000;
    if (image.kind === 'temporary') {
      const { exp, sig } = req.query;
      const check = store.checkSignature(id, exp, sig);
      if (check === 'invalid') throw new HttpError(403, 'This image link is not valid');
      if (check === 'expired') throw new HttpError(410, 'This image link has expired');
      maxAge = Math.max(0, Number(exp) - Math.floor(Date.now() / 1000));
    }
    let stream: fs.ReadStream;
    try {
      stream = await openStream(store.filePath(image));
    } catch {
      throw notFound('Image not found');
    }
    return reply
      .header('Content-Type', image.mime)
      .header('Content-Length', image.bytes)
      .header('X-Content-Type-Options', 'nosniff')
      // an image is never a document: no scripts, no plugins, no same-origin access if opened directly
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', image.kind === 'permanent' ? `public, max-age=${maxAge}, immutable` : `private, max-age=${maxAge}`)
      .send(stream);
  });

  return store;
}

function openStream(file: string): Promise<fs.ReadStream> {
  return new Promise((resolve, reject) => {
    const stream = fs.createReadStream(file);
    stream.once('open', () => resolve(stream));
    stream.once('error', reject);
  });
}
