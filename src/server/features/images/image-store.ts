import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { IMAGE_URL_TTL_SECONDS } from '../../../domain/api/images.ts';
import { checkImageSignature, imageSignature, imageSigningKey, type SignatureCheck } from './image-signing.ts';
import { processImage } from './image-processing.ts';
import * as ImagesRepository from './images-repository.ts';

export interface StoredImage {
  id: string;
  mime: string;
  kind: ImagesRepository.ImageKind;
}

export interface ImageStore {
  /** Checks, re-encodes and keeps an uploaded file; throws 415/422 HttpErrors for bad input. */
  save(input: Buffer, ownerDiscordId: string, kind: ImagesRepository.ImageKind): Promise<StoredImage>;
  find(id: string): Promise<ImagesRepository.ImageRow | undefined>;
  /** Path of the bytes on disk. */
  filePath(image: Pick<ImagesRepository.ImageRow, 'id' | 'mime'>): string;
  /** `/api/images/{id}`, plus expiry and signature for a temporary image. */
  urlPath(image: StoredImage, nowMs?: number): { path: string; expiresAt?: Date };
  checkSignature(id: string, exp: string | undefined, sig: string | undefined, nowMs?: number): SignatureCheck;
}

export interface ImageStoreOptions {
  db: Db;
  /** DATA_DIR; files go to DATA_DIR/uploads */
  dataDir: string;
  sessionSecret?: string;
  /** how long a temporary image URL works (default 1 hour, spec 2 §9) */
  ttlSeconds?: number;
  now?: () => number;
}

const EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };

/** Uploaded images in DATA_DIR/uploads with a row in `images`. Nothing touches the disk until first use. */
export function createImageStore({ db, dataDir, sessionSecret, ttlSeconds = IMAGE_URL_TTL_SECONDS, now = () => Date.now() }: ImageStoreOptions): ImageStore {
  const uploadsDir = path.resolve(dataDir, 'uploads');
  let key: Buffer | undefined;
  const signingKey = () => (key ??= imageSigningKey({ sessionSecret, uploadsDir }));
  const filePath = (image: Pick<ImagesRepository.ImageRow, 'id' | 'mime'>) => path.join(uploadsDir, `${image.id}.${EXT[image.mime] ?? 'bin'}`);

  // Temporary images outlive their URL by a margin, then go, a few at a time, after an upload.
  async function sweepExpired(): Promise<void> {
    const expired = await ImagesRepository.listTemporaryBefore(db, new Date(now() - (ttlSeconds + 600) * 1000));
    for (const row of expired) fs.rmSync(filePath(row), { force: true });
    await ImagesRepository.deleteByIds(db, expired.map((r) => r.id));
  }

  return {
    async save(input, ownerDiscordId, kind) {
      const image = await processImage(input);
      const id = randomBytes(16).toString('base64url');
      fs.mkdirSync(uploadsDir, { recursive: true });
      const file = filePath({ id, mime: image.mime });
      await fs.promises.writeFile(file, image.data, { flag: 'wx' });
      try {
        await ImagesRepository.insert(db, {
          id, ownerDiscordId, kind, mime: image.mime, width: image.width, height: image.height, bytes: image.data.length,
        });
      } catch (e) {
        fs.rmSync(file, { force: true });
        throw e;
      }
      if (kind === 'temporary') void sweepExpired().catch(() => {});
      return { id, mime: image.mime, kind };
    },
    find: (id) => ImagesRepository.findById(db, id),
    filePath,
    urlPath(image, nowMs = now()) {
      const base = `/api/images/${image.id}`;
      if (image.kind === 'permanent') return { path: base };
      const exp = Math.floor(nowMs / 1000) + ttlSeconds;
      return { path: `${base}?exp=${exp}&sig=${imageSignature(signingKey(), image.id, exp)}`, expiresAt: new Date(exp * 1000) };
    },
    checkSignature: (id, exp, sig, nowMs = now()) => checkImageSignature(signingKey(), id, exp, sig, nowMs),
  };
}
