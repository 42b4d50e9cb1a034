// /cards/{passcode}: the SPA's index.html with the card's link card (its name; type line, stats and
// status on the newest list), and a picture Discord, X and Facebook show (issue 38 §3): the card's own
// picture where the site has one (CARD_IMAGE_DIR's file, if its bytes are a PNG, JPEG or WebP, else
// CARD_IMAGE_BASE_URL's JPEG), else GET /api/cards/{passcode}/og.png, drawn (card-og-card.ts). Kept
// under the records' and banlists' stamp, a minute at most for names, as the card's history is.
import { fileTypeFromFile } from 'file-type';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import { cardIdSchema } from '../../../domain/api/cards.ts';
import { cardDetail, type StoredCard } from '../../../domain/banlists/card-info.ts';
import { cardTimeline, stateLabel } from '../../../domain/banlists/compare.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { CACHED_READ, ReadCache } from '../../http/read-cache.ts';
import { CachedBody } from '../../http/http-cache.ts';
import { MAX_INPUT_PIXELS } from '../images/image-processing.ts';
import * as MetaRepository from '../meta/meta-repository.ts';
import { HTML_TYPE, SpaIndex, withLinkCard, type LinkCard, type LinkCardImage } from '../../link-cards/link-card.ts';
import { OG_HEIGHT, OG_WIDTH } from '../../link-cards/og-card-svg.ts';
import { drawingVersion, OgPictures, ogPictureSchema, PNG_TYPE, sendOgPicture } from '../../link-cards/og-picture.ts';
import { CARD_NOT_FOUND } from './card-history.ts';
import { cardPictureSvg, statsLine } from './card-og-card.ts';
import * as Repo from './card-history-repository.ts';
import { findImageFile, remoteImageUrl } from './card-images.ts';
import * as CardsRepository from './cards-repository.ts';

/** Names (of cards after an import) and picture files are trusted this long under one stamp. */
const NAMES_TTL_MS = 60_000;

/** What a card's link card says: the card, and its status on the newest format list ('Limited on 2026.07 OCG'). */
export interface CardFacts {
  card: StoredCard;
  status: string | null;
}

export async function cardFacts(db: Db, passcode: number): Promise<CardFacts | undefined> {
  const card = await CardsRepository.findById(db, passcode);
  if (!card) return undefined;
  const newest = (await Repo.listLines(db, passcode, [passcode])).at(-1);
  const state = newest && cardTimeline([{ ...newest, count: newest.count ?? undefined }])[0]!.state;
  return { card, status: newest && state ? `${stateLabel(state)} on ${newest.name}` : null };
}

/** The link card of a card's page: its name; type line, stats and its status on the newest list. */
export function cardLinkCard({ card, status }: CardFacts, page: { siteName: string; url: string }, image: LinkCardImage): LinkCard {
  const description = [cardDetail(card).typeLine, statsLine(card), status].filter(Boolean).join(' · ');
  return { siteName: page.siteName, title: card.name, description, url: page.url, type: 'website', image };
}

/** A picture file's type by its bytes, as og:image:type says it; readers show these three. */
const SHOWN = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;

export interface CardPictureSources {
  /** CARD_IMAGE_DIR */
  imageDir?: string;
  /** CARD_IMAGE_BASE_URL */
  imageBaseUrl?: string;
}

/**
 * The card's own picture, as GET /api/cards/{passcode}/image serves it: the folder's file when its
 * bytes are what its name says (a PNG named .jpg would be served as a JPEG), with its size; else the
 * image base's JPEG (size unknown). Undefined: the site has none, so the drawn picture serves.
 */
export async function ownPicture(passcode: number, { imageDir, imageBaseUrl }: CardPictureSources, origin: string): Promise<Omit<LinkCardImage, 'alt'> | undefined> {
  const file = imageDir ? await findImageFile(imageDir, passcode, 'large') : undefined;
  if (file) {
    const sniffed = await fileTypeFromFile(file.path).catch(() => undefined);
    const type = sniffed && sniffed.ext in SHOWN ? SHOWN[sniffed.ext as keyof typeof SHOWN] : undefined;
    // the bytes are a raster (never an SVG: file-type names none), so sharp reads its header
    const size = type === file.contentType ? await sharp(file.path, { limitInputPixels: MAX_INPUT_PIXELS }).metadata().catch(() => undefined) : undefined;
    if (type && size?.width && size.height) return { url: `${origin}/api/cards/${passcode}/image`, type, width: size.width, height: size.height };
  }
  if (imageBaseUrl) return { url: remoteImageUrl(imageBaseUrl, passcode, 'large'), type: 'image/jpeg' };
  return undefined;
}

export interface CardLinkCardOptions extends CardPictureSources {
  db: Db;
  webDir?: string;
  siteName: string;
  /** PUBLIC_URL's origin; else the request's (its Host is checked against the allowed names first) */
  publicUrl?: string;
}

export function registerCardLinkCard(server: FastifyInstance, { db, webDir, siteName, publicUrl, ...sources }: CardLinkCardOptions) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const reads = new ReadCache(500, NAMES_TTL_MS);
  const pictures = new OgPictures();
  const index = new SpaIndex(webDir);
  const origin = (req: FastifyRequest) => publicUrl ?? `${req.protocol}://${req.host}`;
  const params = z.object({ passcode: cardIdSchema });

  /** The drawn picture's SVG, under the stamp: its content is its version. */
  const drawing = async (passcode: number) => {
    const stamp = await MetaRepository.readStamp(db);
    return reads.body('drawing', `${stamp}|${passcode}`, async () => {
      const facts = await cardFacts(db, passcode);
      return facts && new CachedBody(Buffer.from(cardPictureSvg(facts.card, facts.status, siteName)), 'image/svg+xml');
    });
  };

  async function pictureOf(facts: CardFacts, base: string): Promise<LinkCardImage> {
    const alt = `${facts.card.name}: the card’s picture`;
    const own = await ownPicture(facts.card.id, sources, base);
    if (own) return { ...own, alt };
    const svg = (await drawing(facts.card.id))!.body.toString('utf8');
    return { url: `${base}/api/cards/${facts.card.id}/og.png?v=${drawingVersion({ svg })}`, alt, type: PNG_TYPE, width: OG_WIDTH, height: OG_HEIGHT, large: true };
  }

  // A page of the SPA (hidden from the API docs): the same index.html, with the card's link card.
  server.get('/cards/:passcode', { config: CACHED_READ, schema: { hide: true } }, async (req, reply) => {
    const parsed = params.safeParse(req.params);
    if (!index.file || !parsed.success) return index.sendPlain(reply);
    const { passcode } = parsed.data;
    const base = origin(req);
    return index.sendWithCard(req, reply, 'card', async () => {
      const stamp = await MetaRepository.readStamp(db);
      return reads.body('page', `${stamp}|${passcode}|${base}`, async () => {
        const facts = await cardFacts(db, passcode);
        if (!facts) return undefined;
        const card = cardLinkCard(facts, { siteName, url: `${base}/cards/${passcode}` }, await pictureOf(facts, base));
        return new CachedBody(Buffer.from(withLinkCard(await index.read(), card)), HTML_TYPE);
      });
    });
  });

  app.get('/api/cards/:passcode/og.png', {
    config: CACHED_READ,
    schema: ogPictureSchema('cards',
      'A card’s drawn link card picture (1200×630 PNG: its name, type, stats and status on the newest list), for Open Graph and Twitter where the site has no picture of it',
      params),
  }, async (req, reply) => {
    const svg = await drawing(req.params.passcode);
    if (!svg) throw notFound(CARD_NOT_FOUND);
    await sendOgPicture(req, reply, await pictures.png({ svg: svg.body.toString('utf8') }));
  });
}
