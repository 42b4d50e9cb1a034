// Where a card picture comes from: CARD_IMAGE_DIR, else CARD_IMAGE_BASE_URL, else a placeholder (rules.md "Images").
import fs from 'node:fs/promises';
import path from 'node:path';
import type { CardImageSize } from '../../../domain/api/cards.ts';
import { Lru } from '../../http/http-cache.ts';

/** Width of generated thumbnails: 4x the 40 px list thumbnail, 2x the 72 px mobile one (YGOProDeck's small size). */
export const THUMBNAIL_WIDTH = 168;

export interface ImageFile {
  path: string;
  contentType: string;
  size: number;
  mtimeMs: number;
  /** a large file standing in for a missing small one: shrink it */
  needsThumbnail: boolean;
}

const TYPES: readonly [string, string][] = [['.jpg', 'image/jpeg'], ['.png', 'image/png']];

async function statFile(file: string): Promise<{ size: number; mtimeMs: number } | undefined> {
  try {
    const s = await fs.stat(file);
    return s.isFile() ? s : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The picture in the image folder: `{dir}/{id}.jpg|.png` (EDOPro's pics/ layout). Small: `{dir}/small/{id}.jpg|.png`
 * when present, else the large file shrunk to a thumbnail.
 */
export async function findImageFile(dir: string, id: number, size: CardImageSize): Promise<ImageFile | undefined> {
  const folders = size === 'small' ? [path.join(dir, 'small'), dir] : [dir];
  for (const folder of folders) {
    for (const [ext, contentType] of TYPES) {
      const file = path.join(folder, `${id}${ext}`);
      const s = await statFile(file);
      if (s) return { path: file, contentType, size: s.size, mtimeMs: s.mtimeMs, needsThumbnail: size === 'small' && folder === dir };
    }
  }
  return undefined;
}

/**
 * Remote picture: `{base}/{id}.jpg`; small ones in the sibling folder named `{last segment}_small`, the layout of
 * YGOProDeck (https://images.ygoprodeck.com/images/cards → .../cards_small). A base with no path has no small folder.
 */
export function remoteImageUrl(baseUrl: string, id: number, size: CardImageSize): string {
  const url = new URL(baseUrl);
  const segments = url.pathname.split('/').filter(Boolean);
  if (size === 'small' && segments.length > 0) segments[segments.length - 1] += '_small';
  url.pathname = `/${[...segments, `${id}.jpg`].join('/')}`;
  return url.toString();
}

/** Thumbnails made from large files, kept in memory (about 10 kB each). */
export class Thumbnails {
  private cache = new Lru<string, Promise<Buffer>>(1000);

  of(file: ImageFile): Promise<Buffer> {
    const key = `${file.path}:${file.mtimeMs}:${file.size}`;
    let thumb = this.cache.get(key);
    if (!thumb) {
      thumb = import('sharp').then(({ default: sharp }) =>
        sharp(file.path).resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).jpeg({ quality: 82 }).toBuffer(),
      );
      thumb.catch(() => this.cache.clear());
      this.cache.set(key, thumb);
    }
    return thumb;
  }
}
