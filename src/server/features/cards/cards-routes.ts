import fs from 'node:fs';
import { CACHED_READ } from '../../http/read-cache.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cardDetailSchema, cardIdSchema, cardImageSchema, cardImageSizeSchema, cardImageUrl, cardImagesBodySchema, cardSearchResultSchema,
  type CardImage, type CardSearchResult,
} from '../../../domain/api/cards.ts';
import { cardDetail } from '../../../domain/banlists/card-info.ts';
import { MIN_SEARCH_LENGTH, normalizeCardName } from '../../../domain/banlists/card-search.ts';
import type { Db } from '../../db/client.ts';
import { notFoundIfMissing } from '../../errors.ts';
import { errors, fileReply } from '../../http/route-schemas.ts';
import { CachedBody, etagMatches, sendCached } from '../../http/http-cache.ts';
import { Thumbnails, findImageFile, remoteImageUrl } from './card-images.ts';
import { placeholderSvg } from './card-placeholder.ts';
import * as CardsRepository from './cards-repository.ts';

/** Card pictures change only when an operator swaps files or cards: a day, then revalidate by ETag. */
const IMAGE_CACHE = 'public, max-age=86400';

const idParams = z.object({ id: cardIdSchema });
const imageBody = fileReply('The picture: JPEG or PNG from the image folder (a small size is a JPEG thumbnail), else a generated SVG placeholder', 'image/jpeg', 'image/png', 'image/svg+xml; charset=utf-8');

export interface CardsRoutesOptions {
  db: Db;
  /** CARD_IMAGE_DIR: pictures as `{id}.jpg|.png`, thumbnails optionally in `small/` */
  imageDir?: string;
  /** CARD_IMAGE_BASE_URL: where to redirect when the folder has no picture */
  imageBaseUrl?: string;
}

export function registerCardsRoutes(server: FastifyInstance, { db, imageDir, imageBaseUrl }: CardsRoutesOptions) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const thumbnails = new Thumbnails();
  const tags = ['cards'];

  app.get('/api/cards/search', {
    schema: {
      tags,
      summary: `Cards by name (at least ${MIN_SEARCH_LENGTH} characters): exact, prefix, word prefix, then substring matches`,
      querystring: z.object({ name: z.string().max(200, 'at most 200 characters').optional() }),
      response: { 200: z.array(cardSearchResultSchema), ...errors(400) },
    },
  }, async (req): Promise<CardSearchResult[]> => {
    const query = normalizeCardName(req.query.name ?? '');
    if ([...query].length < MIN_SEARCH_LENGTH) return [];
    const hits = await CardsRepository.search(db, query);
    return hits.map((h) => ({ id: h.id, name: h.name, imageUrl: cardImageUrl(h.id) }));
  });

  app.post('/api/cards/images', {
    schema: {
      tags,
      summary: 'Picture URLs of cards by name (names that match no card are left out)',
      body: cardImagesBodySchema,
      response: { 200: z.array(cardImageSchema), ...errors(400, 429) },
    },
  }, async (req): Promise<CardImage[]> => {
    const names = [...new Set(req.body)];
    const keys = names.map(normalizeCardName);
    const { byName, byKey } = await CardsRepository.idsByNames(db, names, keys.filter(Boolean));
    return names.flatMap((name, i) => {
      const id = byName.get(name) ?? (keys[i] ? byKey.get(keys[i]) : undefined);
      return id === undefined ? [] : [{ name, imageUrl: cardImageUrl(id) }];
    });
  });

  app.get('/api/cards/:id', { config: CACHED_READ,
    schema: { tags, summary: 'A card: name, type, stats and text', params: idParams, response: { 200: cardDetailSchema, ...errors(400, 404) } },
  }, async (req, reply) => {
    const card = notFoundIfMissing(await CardsRepository.findById(db, req.params.id), 'Card not found');
    return sendCached(req, reply, new CachedBody(Buffer.from(JSON.stringify(cardDetail(card))), 'application/json; charset=utf-8'));
  });

  app.get('/api/cards/:id/image', { config: CACHED_READ,
    schema: {
      tags,
      summary: 'A card’s picture: from the image folder, a redirect to the image base, or a placeholder',
      params: idParams,
      querystring: z.object({ size: cardImageSizeSchema.optional() }),
      response: { 200: imageBody, 302: z.undefined().describe('Redirect to CARD_IMAGE_BASE_URL'), 304: z.undefined().describe('Not modified'), ...errors(400) },
    },
  }, async (req, reply) => {
    const { id } = req.params;
    const size = req.query.size ?? 'large';

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
