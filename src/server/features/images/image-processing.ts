import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { ImageMime } from '../../../domain/api/images.ts';
import { HttpError } from '../../errors.ts';

/**
 * Decoded pixels above this are refused: a small file can unpack to gigabytes (platform.md), and a
 * 40-megapixel photo costs ~90 MB and a second to decode. A cover or series picture needs far less:
 * 16.7 MP is a 4096 x 4096 square, more than a 12 MP phone photo.
 */
export const MAX_INPUT_PIXELS = 4096 * 4096;
/** Stored pictures are scaled down to fit this box: no page shows them larger. */
export const MAX_OUTPUT_SIDE = 2048;
/** Images decoded at once; more wait their turn, so ten uploads at once cost what two do. */
export const MAX_CONCURRENT_IMAGES = 2;

/** A small FIFO semaphore: at most `limit` tasks run at once. */
export function concurrencyLimit(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((r) => waiting.push(r));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
const imageSlot = concurrencyLimit(MAX_CONCURRENT_IMAGES);

/** Images being decoded right now, and the most at once since `peak` was last reset (the queue test reads it). */
export const imagesDecoding = { active: 0, peak: 0 };

export interface ProcessedImage {
  data: Buffer;
  mime: ImageMime;
  ext: string;
  width: number;
  height: number;
}

const FORMATS: Record<string, { mime: ImageMime; ext: string }> = {
  png: { mime: 'image/png', ext: 'png' },
  apng: { mime: 'image/png', ext: 'png' }, // an animated PNG is a PNG; re-encoding keeps its first frame
  jpg: { mime: 'image/jpeg', ext: 'jpg' },
  webp: { mime: 'image/webp', ext: 'webp' },
  gif: { mime: 'image/gif', ext: 'gif' },
};

/**
 * Accepts PNG, JPEG, WebP or GIF by their bytes (never the name or the declared type), then re-encodes
 * in the same format, which drops EXIF, GPS and every other metadata. GIF and WebP animations are kept.
 * 415 for anything else (SVG never reaches sharp), 422 for a decompression bomb or a broken file.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  return imageSlot(() => reencode(input));
}

async function reencode(input: Buffer): Promise<ProcessedImage> {
  imagesDecoding.active++;
  imagesDecoding.peak = Math.max(imagesDecoding.peak, imagesDecoding.active);
  try {
    return await decodeAndEncode(input);
  } finally {
    imagesDecoding.active--;
  }
}

async function decodeAndEncode(input: Buffer): Promise<ProcessedImage> {
  const type = await fileTypeFromBuffer(input);
  const format = type ? FORMATS[type.ext] : undefined;
  if (!format) throw new HttpError(415, 'image: only PNG, JPEG, WebP or GIF images are accepted');
  const animated = format.ext === 'gif' || format.ext === 'webp';
  try {
    // autoOrient applies the EXIF rotation before the EXIF is dropped
    let pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated, failOn: 'error' })
      .autoOrient()
      .resize({ width: MAX_OUTPUT_SIDE, height: MAX_OUTPUT_SIDE, fit: 'inside', withoutEnlargement: true });
    pipeline =
      format.ext === 'png' ? pipeline.png()
      : format.ext === 'jpg' ? pipeline.jpeg({ quality: 90, mozjpeg: true })
      : format.ext === 'webp' ? pipeline.webp({ quality: 90 })
      : pipeline.gif();
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, mime: format.mime, ext: format.ext, width: info.width, height: info.pageHeight ?? info.height };
  } catch (e) {
    const message = e instanceof Error ? e.message : '';
    if (/pixel limit/i.test(message)) {
      throw new HttpError(422, `image: too many pixels (at most ${(MAX_INPUT_PIXELS / 1e6).toFixed(1)} megapixels, e.g. 4096 x 4096)`);
    }
    throw new HttpError(422, 'image: the file could not be read as an image');
  }
}
