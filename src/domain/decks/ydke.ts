/**
 * `ydke://` codec (design/edopro.md §2.3): three `!`-terminated base64 parts (Main, Extra, Side), each the
 * passcodes as uint32 little-endian. Own base64, so the browser and Node need neither Buffer nor atob.
 */
import { assertPasscodes, DECK_SECTIONS, SECTION_LABEL, type Deck, type DeckParseResult } from './deck.ts';

export const YDKE_PREFIX = 'ydke://';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
// EDOPro's Base64.h also reads the URL-safe alphabet ("-_").
const DECODE = new Map<string, number>([...ALPHABET].map((c, i) => [c, i]));
DECODE.set('-', 62);
DECODE.set('_', 63);
const PADDING = new Set(['=', '.']);

function encodeBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i]!;
    const b1 = bytes[i + 1];
    const b2 = bytes[i + 2];
    const n = (b0 << 16) | ((b1 ?? 0) << 8) | (b2 ?? 0);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    out += b1 === undefined ? '=' : ALPHABET[(n >> 6) & 63]!;
    out += b2 === undefined ? '=' : ALPHABET[n & 63]!;
  }
  return out;
}

/** Decoded bytes, or a sentence saying what is wrong. Padding (`=` or `.`) is optional, as in EDOPro. */
function decodeBase64(text: string): Uint8Array | string {
  let end = text.length;
  while (end > 0 && PADDING.has(text[end - 1]!)) end--;
  if (text.length - end > 2) return 'it has too much padding at the end';
  if (end % 4 === 1) return 'it is cut short';
  const bytes = new Uint8Array(Math.floor((end * 3) / 4));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < end; i++) {
    const v = DECODE.get(text[i]!);
    if (v === undefined) return `it contains ${JSON.stringify(text[i])}, which is not a base64 character`;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[o++] = (acc >> bits) & 0xff;
    }
  }
  return bytes;
}

function encodeSection(ids: readonly number[]): string {
  const bytes = new Uint8Array(ids.length * 4);
  const view = new DataView(bytes.buffer);
  ids.forEach((id, i) => view.setUint32(i * 4, id, true));
  return encodeBase64(bytes);
}

/** Writes the URL EDOPro's "Export deck" copies (ydke.js toURL); throws RangeError for ids that are not uint32. */
export function buildYdke(deck: Deck): string {
  assertPasscodes(deck);
  return `${YDKE_PREFIX}${encodeSection(deck.main)}!${encodeSection(deck.extra)}!${encodeSection(deck.side)}!`;
}

/** True when the text (leading whitespace ignored) starts like a ydke:// URL, in any letter case. */
export const looksLikeYdke = (text: string): boolean =>
  text.trimStart().slice(0, YDKE_PREFIX.length).toLowerCase() === YDKE_PREFIX;

/**
 * Reads a ydke:// URL. Stricter than EDOPro, which silently stops at the first bad character: anything that
 * would not give back exactly the deck that was encoded is refused with a sentence.
 */
export function parseYdke(url: string): DeckParseResult {
  if (!looksLikeYdke(url) || url !== url.trimStart()) {
    return { ok: false, error: 'A ydke link starts with ydke://.' };
  }
  const parts = url.slice(YDKE_PREFIX.length).split('!');
  // EDOPro writes "main!extra!side!"; ydke.js also reads the form without the last "!".
  if (parts.length === 4 && parts[3] === '') parts.pop();
  if (parts.length !== 3) {
    return {
      ok: false,
      error: 'This ydke:// link is damaged: it must have three parts (Main, Extra and Side Deck), each ending with "!".',
    };
  }
  const deck: Deck = { main: [], extra: [], side: [] };
  for (const [i, section] of DECK_SECTIONS.entries()) {
    const bytes = decodeBase64(parts[i]!);
    if (typeof bytes === 'string') {
      return { ok: false, error: `The ${SECTION_LABEL[section]} part of this ydke:// link is damaged: ${bytes}.` };
    }
    if (bytes.length % 4 !== 0) {
      return {
        ok: false,
        error: `The ${SECTION_LABEL[section]} part of this ydke:// link is damaged: it does not hold whole card passcodes.`,
      };
    }
    const view = new DataView(bytes.buffer);
    for (let o = 0; o < bytes.length; o += 4) deck[section].push(view.getUint32(o, true));
  }
  return { ok: true, deck };
}
