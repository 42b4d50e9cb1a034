// Link-card pictures as PNG (og:image): Discord, X and Facebook show no SVG, so the SVG the server
// draws (og-card-svg.ts) is rendered by sharp, at most two at a time for every card together, and
// kept per drawing: a drawing's address carries its version (?v=), so readers fetch it once.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import sharp, { type OverlayOptions } from 'sharp';
import { z } from 'zod';
import { errors, fileReply } from '../http/route-schemas.ts';
import { CachedBody, Lru, sendCached } from '../http/http-cache.ts';
import { concurrencyLimit, MAX_INPUT_PIXELS } from '../features/images/image-processing.ts';

/** Discord and others fetch a picture once per version (?v=); an hour for an address without one. */
export const OG_IMAGE_CACHE = 'public, max-age=3600';
export const PNG_TYPE = 'image/png';

/** An uploaded picture (PNG, JPEG, WebP or GIF that the upload re-encoded: never an SVG) placed on the drawing. */
export interface OgInset {
  file: string;
  left: number;
  top: number;
  size: number;
}

/** What a picture is made of: an SVG the server wrote (never one a user sent), and an uploaded picture over it. */
export interface OgDrawing {
  svg: string;
  inset?: OgInset;
}

/** A short version of a drawing for its address: it changes when anything drawn changes. */
export function drawingVersion(d: OgDrawing): string {
  return createHash('sha1').update(d.svg).update(d.inset ? `\u0000${d.inset.file}` : '').digest('base64url').slice(0, 12);
}

/** Made once per key while kept; a failure is not kept. */
export function madeOnce<T>(cache: Lru<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let p = cache.get(key);
  if (!p) {
    p = make();
    cache.set(key, p);
    p.catch(() => { if (cache.get(key) === p) cache.delete(key); });
  }
  return p;
}

/** Pictures made at once: sharp's work stays off the rest of the night. */
const pngSlot = concurrencyLimit(2);

/** The inset cut to its square; undefined when the file cannot be read (gone with its temporary link, or broken). */
async function insetLayer(inset: OgInset): Promise<OverlayOptions | undefined> {
  try {
    const input = await sharp(inset.file, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: 'error' })
      .resize(inset.size, inset.size, { fit: 'cover' })
      .png()
      .toBuffer();
    return { input, left: inset.left, top: inset.top };
  } catch {
    return undefined;
  }
}

/** The PNG of a drawing. */
export function renderPng(d: OgDrawing): Promise<Buffer> {
  return pngSlot(async () => {
    const layer = d.inset && (await insetLayer(d.inset));
    // no palette: it would halve the bytes (77 to 37 kB) for 2.5 times the CPU, and readers fetch each version once
    return sharp(Buffer.from(d.svg)).composite(layer ? [layer] : []).png({ compressionLevel: 9 }).toBuffer();
  });
}

/** Every drawing's PNG, made once while kept. */
export class OgPictures {
  private made: Lru<string, Promise<CachedBody>>;

  constructor(max = 100) {
    this.made = new Lru(max);
  }

  png(d: OgDrawing): Promise<CachedBody> {
    return madeOnce(this.made, drawingVersion(d), async () => new CachedBody(await renderPng(d), PNG_TYPE));
  }
}

/** A picture for other sites' link cards: cached by readers, and not only this origin's pages may show it. */
export function sendOgPicture(req: FastifyRequest, reply: FastifyReply, png: CachedBody) {
  return sendCached(req, reply, png, { 'Cache-Control': OG_IMAGE_CACHE, 'Cross-Origin-Resource-Policy': 'cross-origin' });
}

/** The schema of a picture's route: `params` name it, `v` in its address is its version (ignored: a new address per version). */
export function ogPictureSchema<P extends z.ZodType>(tag: string, summary: string, params: P, ...refusals: number[]) {
  return {
    tags: [tag],
    summary,
    params,
    querystring: z.object({ v: z.string().max(20).optional().describe('the picture’s version (ignored: it makes a new address per version)') }),
    response: { 200: fileReply('The picture', PNG_TYPE), 304: z.undefined().describe('Not modified'), ...errors(400, 404, ...refusals) },
  };
}
