import fs from 'node:fs';
import path from 'node:path';
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Key for signed image URLs. With SESSION_SECRET set, every instance derives the same key from it
 * (several instances behind PostgreSQL need that). Without it, a random key is created once and kept
 * next to the uploads: instances that serve the same files share DATA_DIR, and so the key.
 */
export function imageSigningKey({ sessionSecret, uploadsDir }: { sessionSecret?: string; uploadsDir: string }): Buffer {
  if (sessionSecret) return Buffer.from(hkdfSync('sha256', sessionSecret, 'format-hub', 'image-url-signing', 32));
  const file = path.join(uploadsDir, '.url-signing-key');
  fs.mkdirSync(uploadsDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  if (key.length !== 32) throw new Error(`${file} is not a 32-byte hex key: delete it to make a new one`);
  return key;
}

/** HMAC-SHA256 of id and expiry (unix seconds), base64url. */
export function imageSignature(key: Buffer, id: string, exp: number): string {
  return createHmac('sha256', key).update(`${id}.${exp}`).digest('base64url');
}

export type SignatureCheck = 'ok' | 'invalid' | 'expired';

/** Checks the signature first, so a tampered expiry is 'invalid', never 'expired'. */
export function checkImageSignature(
  key: Buffer,
  id: string,
  exp: string | undefined,
  sig: string | undefined,
  nowMs: number,
): SignatureCheck {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return 'invalid';
  const expected = Buffer.from(imageSignature(key, id, Number(exp)));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return Number(exp) * 1000 <= nowMs ? 'expired' : 'ok';
}
