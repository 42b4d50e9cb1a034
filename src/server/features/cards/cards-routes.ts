import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { cardIdSchema, cardImageSizeSchema, cardImageUrl, cardImagesBodySchema, type CardImage, type CardSearchResult } from '../../../domain/api/cards.ts';
import { cardDetail } from '../../../domain/banlist/card-info.ts';
import { MIN_SEARCH_LENGTH, normalizeCardName } from '../../../domain/banlist/card-search.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFoundIfMissing } from '../../errors.ts';
import { CachedBody, etagMatches, sendCached } from '../banlists/http-cache.ts';
import { Thumbnails, findImageFile, remoteImageUrl } from './card-images.ts';
import { placeholderSvg } from './card-placeholder.ts';
import * as CardsRepository from './cards-repository.ts';

/** Card pictures change only when an operator swaps files or cards: a day, then revalidate by ETag. */
const IMAGE_CACHE = 'public, max-age=86400';

function parse<T>(schema: z.ZodType<T>, value: unknown, field: string): T {
  const r = schema.safeParse(value);
  if (!r.success) {
    const message = r.error.issues[0]?.message ?? 'invalid';
    throw badRequest(message.startsWith(`${field}:`) ? message : `${field}: ${message}`);
  }
  return r.data;
}

export interface CardsRoutesOptions {
  db: Db;
  /** CARD_IMAGE_DIR: pictures as `{id}.jpg|.png`, thumbnails optionally in `small/` */
  imageDir?: string;
  /** CARD_IMAGE_BASE_URL: where to redirect when the folder has no picture */
  imageBaseUrl?: string;
}

export function registerCardsRoutes(app: FastifyInstance, { db, imageDir, imageBaseUrl }: CardsRoutesOptions) {
  const thumbnails = new Thumbnails();

  app.get<{ Querystring: { name?: unknown } }>('/api/cards/search', async (req): Promise<CardSearchResult[]> => {
    const query = normalizeCardName(typeof req.query.name === 'string' ? req.query.name : '');
    if ([...query].length < MIN_SEARCH_LENGTH) return [];
    const hits = await CardsRepository.search(db, query);
    return hits.map((h) => ({ id: h.id, name: h.name, imageUrl: cardImageUrl(h.id) }));
  });

  app.post('/api/cards/images', async (req): Promise<CardImage[]> => {
    const names = [...new Set(parse(cardImagesBodySchema, req.body, 'body'))];
    const keys = names.map(normalizeCardName);
    const { byName, byKey } = await CardsRepository.idsByNames(db, names, keys.filter(Boolean));
    return names.flatMap((name, i) => {
      const id = byName.get(name) ?? (keys[i] ? byKey.get(keys[i]) : undefined);
      return id === undefined ? [] : [{ name, imageUrl: cardImageUrl(id) }];
    });
  });

  app.get<{ Params: { id: string } }>('/api/cards/:id', async (req, reply) => {
    const id = parse(cardIdSchema, req.params.id, 'id');
    const card = notFoundIfMissing(await CardsRepository.findById(db, id), 'Card not found');
    return sendCached(req, reply, new CachedBody(Buffer.from(JSON.stringify(cardDetail(card))), 'application/json; charset=utf-8'));
  });

  app.get<{ Params: { id: string }; Querystring: { size?: string } }>('/api/cards/:id/image', async (req, reply) => {
    const id = parse(cardIdSchema, req.params.id, 'id');
    const size = parse(cardImageSizeSchema.optional(), req.query.size, 'size') ?? 'large';

    const file = imageDir ? await findImageFile(imageDir, id, size) : undefined;
    if (file) {
      const etag = `W/"f${file.needsThumbnail ? 't' : ''}-${file.size.toString(36)}-${Math.trunc(file.mtimeMs).toString(36)}"`;
      reply.header('ETag', etag).header('Cache-Control', IMAGE_CACHE);
      if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send();
      if (file.needsThumbnail) {
        const thumb = await thumbnails.of(file).catch(() => undefined);
        if (thumb) return reply.type('image/jpeg').send(thumb);
      }
      return reply.type(file.contentType).send(fs.createReadStream(file.path));
    }
    if (imageBaseUrl) return reply.header('Cache-Control', IMAGE_CACHE).redirect(remoteImageUrl(imageBaseUrl, id, size), 302);

    const svg = placeholderSvg(id, await CardsRepository.findById(db, id));
    return sendCached(req, reply, new CachedBody(Buffer.from(svg), 'image/svg+xml; charset=utf-8'), { 'Cache-Control': IMAGE_CACHE });
  });
}
