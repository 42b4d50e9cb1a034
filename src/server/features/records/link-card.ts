// A page's link card: the Open Graph and Twitter tags that Discord, chat apps and social sites read
// from the HTML the server sends (they run no script), written into the SPA's index.html. Pure: every
// value is user text, so each is escaped here. The event report has its own card with a picture
// (records/report-og-card.ts); the tournament and player pages use this one.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from './report-og-card.ts';

export const HTML_TYPE = 'text/html; charset=utf-8';

export interface LinkCard {
  siteName: string;
  title: string;
  description: string;
  /** the page's absolute address */
  url: string;
  type: 'website' | 'profile';
  /** an absolute picture address (the event's picture, the player's avatar): a small card beside the text */
  image?: { url: string; alt: string };
}

/** The <meta> tags of a card, every value escaped. */
export function linkCardTags(card: LinkCard): string {
  const tags: [string, string, string][] = [
    ['property', 'og:type', card.type],
    ['property', 'og:site_name', card.siteName],
    ['property', 'og:title', card.title],
    ['property', 'og:description', card.description],
    ['property', 'og:url', card.url],
    ...(card.image ? ([['property', 'og:image', card.image.url], ['property', 'og:image:alt', card.image.alt]] as [string, string, string][]) : []),
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', card.title],
    ['name', 'twitter:description', card.description],
    ...(card.image ? ([['name', 'twitter:image', card.image.url]] as [string, string, string][]) : []),
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
}

/** A day and time as a card says it, in UTC (a card is the same for every reader). */
export function cardDate(iso: string, withTime: boolean): string {
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' };
  if (withTime) Object.assign(options, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' });
  return new Date(iso).toLocaleString('en-US', options);
}
