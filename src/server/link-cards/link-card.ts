// A page's link card: the Open Graph and Twitter tags that Discord, chat apps and social sites read
// from the HTML the server sends (they run no script), written into the SPA's index.html. Pure: every
// value is user text, so each is escaped here. The event report has its own card with a picture
// (records/report-og-card.ts); the card, tournament and player pages use this one.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendCached, type CachedBody } from '../http/http-cache.ts';
import { escapeHtml } from './og-card-svg.ts';

export const HTML_TYPE = 'text/html; charset=utf-8';

export interface LinkCard {
  siteName: string;
  title: string;
  description: string;
  /** the page's absolute address */
  url: string;
  type: 'website' | 'profile';
  image?: LinkCardImage;
}

/** A picture of a card: an absolute address, and what it is where that is known (readers show only PNG, JPEG and WebP). */
export interface LinkCardImage {
  url: string;
  alt: string;
  type?: 'image/png' | 'image/jpeg' | 'image/webp';
  width?: number;
  height?: number;
  /** shown large under the text (a drawn 1200×630 picture), not as a small one beside it (a card's own picture, an avatar) */
  large?: boolean;
}

type Tag = [string, string, string];

/** og:image and what it is. */
function imageTags(image: LinkCardImage): Tag[] {
  return [
    ['property', 'og:image', image.url],
    ...(image.type ? [['property', 'og:image:type', image.type] as Tag] : []),
    ...(image.width && image.height ? [['property', 'og:image:width', String(image.width)], ['property', 'og:image:height', String(image.height)]] as Tag[] : []),
    ['property', 'og:image:alt', image.alt],
  ];
}

/** The <meta> tags of a card, every value escaped. */
export function linkCardTags(card: LinkCard): string {
  const tags: Tag[] = [
    ['property', 'og:type', card.type],
    ['property', 'og:site_name', card.siteName],
    ['property', 'og:title', card.title],
    ['property', 'og:description', card.description],
    ['property', 'og:url', card.url],
    ...(card.image ? imageTags(card.image) : []),
    ['name', 'twitter:card', card.image?.large ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', card.title],
    ['name', 'twitter:description', card.description],
    ...(card.image ? ([['name', 'twitter:image', card.image.url]] as Tag[]) : []),
  ];
  return tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`).join('\n    ');
}

/** index.html with the card's tags before </head>, its <title> and description the page's. */
export function withLinkCard(indexHtml: string, card: LinkCard): string {
  // replacements are functions: a '$' in a name must stay a '$'
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(`${card.title} · ${card.siteName}`)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, () => `<meta name="description" content="${escapeHtml(card.description)}" />`)
    .replace('</head>', () => `  ${linkCardTags(card)}\n  </head>`);
}

/** The built app's index.html, for pages the server writes a card into. */
export class SpaIndex {
  readonly file: string | undefined;

  constructor(webDir: string | undefined) {
    this.file = webDir && existsSync(path.join(webDir, 'index.html')) ? path.join(webDir, 'index.html') : undefined;
  }

  read(): Promise<string> {
    return fs.readFile(this.file!, 'utf8');
  }

  /** The page as it is, without a card (an unknown id: the app shows its own not-found). */
  async sendPlain(reply: FastifyReply) {
    if (!this.file) return reply.code(404).type('text/plain').send('The web app is not built: run `npm run build`.');
    return reply.type(HTML_TYPE).header('Cache-Control', 'no-cache').send(await fs.readFile(this.file));
  }

  /**
   * The page with its card, as `make` writes it (undefined: nothing to show, such as an unknown id);
   * the plain page when there is none or reading failed: the page itself must load, and the app then
   * shows what the API says.
   */
  async sendWithCard(req: FastifyRequest, reply: FastifyReply, what: string, make: () => Promise<CachedBody | undefined>) {
    let page: CachedBody | undefined;
    try {
      page = await make();
    } catch (err) {
      req.log.warn({ err }, `${what}: the link card could not be made`);
    }
    return page ? sendCached(req, reply, page) : this.sendPlain(reply);
  }
}

/** A day and time as a card says it, in UTC (a card is the same for every reader). */
export function cardDate(iso: string, withTime: boolean): string {
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' };
  if (withTime) Object.assign(options, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' });
  return new Date(iso).toLocaleString('en-US', options);
}
