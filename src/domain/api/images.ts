import { z } from 'zod';

/** Largest accepted upload (rules.md Images). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Uploaded image URL validity (spec 2 §9): 1 hour. */
export const IMAGE_URL_TTL_SECONDS = 60 * 60;
/** Formats accepted by content, whatever the file is called. */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageMime = (typeof IMAGE_MIME_TYPES)[number];
/** For a file input's accept attribute. */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',');

/** Response of POST /api/images/api/upload. */
export const imageUploadResponseSchema = z.object({
  /** absolute, signed; stops working at expiresAt */
  url: z.string(),
  expiresAt: z.string(),
});
export type ImageUploadResponse = z.infer<typeof imageUploadResponseSchema>;
