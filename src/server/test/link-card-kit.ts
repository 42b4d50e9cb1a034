// What the API tests of link cards share: a page's <meta> tags as a reader parses them, and its
// og:image fetched and checked as Discord, X and Facebook would take it.
import sharp from 'sharp';
import { expect } from 'vitest';

/** The content of every <meta property|name=...> of a page, as the attribute value a parser reads. */
export function metaTags(html: string): Map<string, string> {
  const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const tags = new Map<string, string>();
  for (const [, key, value] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)) tags.set(key!, unescape(value!));
  return tags;
}

const MIME = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as Record<string, string>;

/**
 * The page's og:image, fetched: a 200 whose Content-Type is og:image:type, bytes that are that type
 * (a PNG, JPEG or WebP: what readers show) and the declared width and height. The bytes come back.
 */
export async function expectOgImage(tags: Map<string, string>): Promise<{ bytes: Buffer; width: number; height: number }> {
  const url = tags.get('og:image');
  const type = tags.get('og:image:type');
  expect(url, 'og:image').toBeDefined();
  expect(['image/png', 'image/jpeg', 'image/webp']).toContain(type);
  expect(tags.get('twitter:image')).toBe(url);
  const res = await fetch(url!);
  expect([res.status, res.headers.get('content-type')]).toEqual([200, type]);
  const bytes = Buffer.from(await res.arrayBuffer());
  const info = await sharp(bytes).metadata();
  expect(MIME[info.format]).toBe(type);
  if (tags.has('og:image:width')) expect([info.width, info.height]).toEqual([Number(tags.get('og:image:width')), Number(tags.get('og:image:height'))]);
  return { bytes, width: info.width, height: info.height };
}
