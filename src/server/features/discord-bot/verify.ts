// Discord signs every interaction with the application's Ed25519 key: X-Signature-Ed25519 over
// X-Signature-Timestamp followed by the raw body. Node's own crypto checks it (no library).
import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/** DER of an Ed25519 SubjectPublicKeyInfo up to the 32 key bytes (RFC 8410). */
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
/** how old (or how far ahead) a signed timestamp may be: a replayed interaction is refused after this */
export const MAX_SKEW_SECONDS = 5 * 60;

/** The key object of a 64-hex-digit public key, as the developer portal shows it. */
export function publicKeyFromHex(hex: string): KeyObject {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error('The public key must be 64 hex digits');
  return createPublicKey({ key: Buffer.concat([SPKI_PREFIX, Buffer.from(hex, 'hex')]), format: 'der', type: 'spki' });
}

/** True when the signature is the key's over timestamp + body and the timestamp is recent. */
export function verifyInteraction(
  key: KeyObject,
  signature: string | undefined,
  timestamp: string | undefined,
  rawBody: Buffer,
  nowMs = Date.now(),
): boolean {
  if (!signature || !timestamp || !/^[0-9a-fA-F]{128}$/.test(signature) || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) return false;
  try {
    return verify(null, Buffer.concat([Buffer.from(timestamp, 'utf8'), rawBody]), key, Buffer.from(signature, 'hex'));
  } catch {
    return false;
  }
}
