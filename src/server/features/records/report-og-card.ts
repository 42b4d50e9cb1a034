// The event report's link card (issue 20): the Open Graph and Twitter tags a link posted on Discord
// is shown with, and the 1200×630 picture they point to, as an SVG that sharp turns into a PNG.
// Pure: every name is user text, so everything written into HTML or SVG is escaped here.
import type { Report } from '../../../domain/api/records.ts';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

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

/** Text for HTML content and double-quoted attributes (and for SVG, which is XML). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
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

/**
 * Lines of at most `max` characters, words kept whole where they fit, at most `lines` of them, the
 * last one cut with an ellipsis when the text is longer. (SVG has no wrapping of its own.)
 */
export function wrapText(text: string, max: number, lines: number): string[] {
  const out: string[] = [];
  let rest = [...text.trim().replace(/\s+/g, ' ')];
  while (rest.length > 0 && out.length < lines) {
    if (rest.length <= max) {
      out.push(rest.join(''));
      rest = [];
      break;
    }
    const space = rest.lastIndexOf(' ', max);
    const cut = space > max / 2 ? space : max;
    out.push(rest.slice(0, cut).join('').trimEnd());
    rest = rest.slice(cut);
    while (rest[0] === ' ') rest.shift();
  }
  if (rest.length > 0) {
    const last = [...out.pop()!];
    out.push(`${last.slice(0, max - 1).join('').trimEnd()}…`);
  }
  return out;
}

const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";
/** The width between the card's margins. */
const TEXT_WIDTH = OG_WIDTH - 2 * 88;

/** A generous guess of a bold line's width in em (DejaVu Sans Bold's widths, rounded up). */
export function boldWidthEm(line: string): number {
  let em = 0;
  for (const c of line) {
    em += /[MWmw@%…]/.test(c) ? 1.05 : /[ijlftI.,:;!|'() [\]]/.test(c) ? 0.4 : /[A-Z]/.test(c) ? 0.8 : /[a-z0-9]/.test(c) ? 0.7 : 0.85;
  }
  return em;
}

/** A line of bold text, in a smaller size when the guess says it would overflow (librsvg ignores textLength). */
function boldLine(text: string, y: number, size: number, fill: string): string {
  const fitted = Math.min(size, Math.floor(TEXT_WIDTH / Math.max(1, boldWidthEm(text))));
  return `<text x="88" y="${y}" font-family="${FONT}" font-size="${fitted}" font-weight="700" fill="${fill}">${escapeHtml(text)}</text>`;
}

/** The 1200×630 card: the site's name, the event's (two lines at most), 'Champion: …', field and date. */
export function ogCardSvg(s: OgSummary, siteName: string): string {
  const x = escapeHtml;
  // DejaVu Sans bold averages ~0.6 em a character: lines stay inside the 1024 px between the margins
  const title = wrapText(s.name, 28, 2);
  const champion = wrapText(s.champion ? `Champion: ${s.champion}` : 'No champion', 38, 1)[0] ?? '';
  const titleY = title.length === 1 ? 300 : 262;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1e1b4b"/>
      <stop offset="1" stop-color="#312e81"/>
    </linearGradient>
  </defs>
  <rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#bg)"/>
  <rect x="40" y="40" width="${OG_WIDTH - 80}" height="${OG_HEIGHT - 80}" rx="28" fill="none" stroke="#6366f1" stroke-opacity="0.5" stroke-width="2"/>
  <rect x="88" y="86" width="30" height="40" rx="5" fill="#818cf8"/>
  <rect x="94" y="92" width="18" height="15" rx="2" fill="#ffffff"/>
  <text x="134" y="118" font-family="${FONT}" font-size="34" font-weight="700" fill="#e0e7ff">${x(siteName)}</text>
  <text x="88" y="190" font-family="${FONT}" font-size="26" font-weight="600" fill="#a5b4fc" letter-spacing="3">EVENT REPORT</text>
  ${title.map((line, i) => boldLine(line, titleY + i * 72, 58, '#ffffff')).join('\n  ')}
  ${boldLine(champion, titleY + title.length * 72 + 50, 42, '#fbbf24')}
  <text x="88" y="540" font-family="${FONT}" font-size="30" fill="#c7d2fe">${x(`${s.field} · ${s.date}`)}</text>
</svg>`;
}
