import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const SESSION_DAYS = 30;
export const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

/** A new random 256-bit session token, base64url. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores: sha256 of the token, so a leaked table opens no session. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** Cookie name: `__Host-` needs Secure, so only over https. */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-fh_session' : 'fh_session';
}
