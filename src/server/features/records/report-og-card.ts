// The event report's link card (issue 20): the Open Graph and Twitter tags a link posted on Discord
// is shown with, and the 1200×630 picture they point to (og-card-svg.ts's frame), drawn as an SVG.
// Pure: every name is user text, so everything written into HTML or SVG is escaped here.
import type { Report } from '../../../domain/api/records.ts';
import { boldLine, escapeHtml, OG_HEIGHT, OG_WIDTH, ogFrame, plainLine, wrapText } from '../../link-cards/og-card-svg.ts';

/** What a card says about an event, read from its report. */
export interface OgSummary {
  version: number;
  name: string;
  champion: string | null;
  /** e.g. '8 teams · 16 players' or '8 players' */
  field: string;
  /** the day the winner was marked, e.g. 'November 26, 2026' */
  date: string;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export function ogSummary(report: Pick<Report, 'version' | 'tournament' | 'champion' | 'placements'>): OgSummary {
  const teams = report.placements.length;
  const players = new Set(report.placements.flatMap((p) => p.members.map((m) => m.discordId))).size;
  const solo = report.placements.every((p) => p.members.length <= 1);
  const date = new Date(report.tournament.completedAt).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return {
    version: report.version,
    name: report.tournament.name,
    champion: report.champion ? report.champion.teamName || 'Unnamed Team' : null,
    field: solo ? plural(teams, 'player') : `${plural(teams, 'team')} · ${plural(players, 'player')}`,
    date,
  };
}

/** The one-line description of the card: champion and field. */
export function ogDescription(s: OgSummary): string {
  return `${s.champion ? `Champion: ${s.champion}` : 'No champion'} · ${s.field} · ${s.date}`;
}

export interface OgPage {
  siteName: string;
  /** the report's address, absolute */
  url: string;
  /** the picture's address, absolute */
  image: string;
}

/** The <meta> tags of the report page, every value escaped. */
export function ogTags(s: OgSummary, page: OgPage): string {
  const title = `${s.name}: event report`;
  const description = ogDescription(s);
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'article'],
    ['property', 'og:site_name', page.siteName],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', page.url],
    ['property', 'og:image', page.image],
    ['property', 'og:image:type', 'image/png'],
    ['property', 'og:image:width', String(OG_WIDTH)],
    ['property', 'og:image:height', String(OG_HEIGHT)],
    ['property', 'og:image:alt', `${s.name}. ${description}`],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', page.image],
  ];
  return tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`).join('\n    ');
}

/** index.html with the tags before </head>, its <title> the event's and its description the card's. */
export function withOgTags(indexHtml: string, s: OgSummary, page: OgPage): string {
  const title = escapeHtml(`${s.name}: event report · ${page.siteName}`);
  // replacements are functions: a '$' in a name must stay a '$'
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, () => `<meta name="description" content="${escapeHtml(ogDescription(s))}" />`)
    .replace('</head>', () => `  ${ogTags(s, page)}\n  </head>`);
}

/** The 1200×630 card: the site's name, the event's (two lines at most), 'Champion: …', field and date. */
export function ogCardSvg(s: OgSummary, siteName: string): string {
  // DejaVu Sans bold averages ~0.6 em a character: lines stay inside the 1024 px between the margins
  const title = wrapText(s.name, 28, 2);
  const champion = wrapText(s.champion ? `Champion: ${s.champion}` : 'No champion', 38, 1)[0] ?? '';
  const titleY = title.length === 1 ? 300 : 262;
  return ogFrame(siteName, 'EVENT REPORT', [
    ...title.map((line, i) => boldLine(line, titleY + i * 72, 58, '#ffffff')),
    boldLine(champion, titleY + title.length * 72 + 50, 42, '#fbbf24'),
    plainLine(`${s.field} · ${s.date}`, 540, 30, '#c7d2fe'),
  ].join('\n  '));
}
