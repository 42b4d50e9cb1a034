// The pieces every link-card picture is drawn from (the report's, an event's, a card's): a 1200×630
// SVG that sharp turns into a PNG (og-picture.ts). Pure: every text is user text or card data, so
// everything written into the SVG is escaped here.

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
/** The left margin of every line of text. */
export const OG_MARGIN = 88;

/** Text for HTML content and double-quoted attributes (and for SVG, which is XML). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
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

export const OG_FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";

/** A generous guess of a bold line's width in em (DejaVu Sans Bold's widths, rounded up). */
export function boldWidthEm(line: string): number {
  let em = 0;
  for (const c of line) {
    em += /[MWmw@%…]/.test(c) ? 1.05 : /[ijlftI.,:;!|'() [\]]/.test(c) ? 0.4 : /[A-Z]/.test(c) ? 0.8 : /[a-z0-9]/.test(c) ? 0.7 : 0.85;
  }
  return em;
}

/**
 * A line of bold text at the margin, in a smaller size when the guess says it would overflow `width`
 * (librsvg ignores textLength).
 */
export function boldLine(text: string, y: number, size: number, fill: string, width = OG_WIDTH - 2 * OG_MARGIN): string {
  const fitted = Math.min(size, Math.floor(width / Math.max(1, boldWidthEm(text))));
  return `<text x="${OG_MARGIN}" y="${y}" font-family="${OG_FONT}" font-size="${fitted}" font-weight="700" fill="${fill}">${escapeHtml(text)}</text>`;
}

/** A plain line of text at the margin. */
export function plainLine(text: string, y: number, size: number, fill: string): string {
  return `<text x="${OG_MARGIN}" y="${y}" font-family="${OG_FONT}" font-size="${size}" fill="${fill}">${escapeHtml(text)}</text>`;
}

/**
 * The 1200×630 picture around `content`: the site's colours, frame and name, and a small heading
 * (`kicker`, e.g. 'EVENT REPORT') above what the picture is about.
 */
export function ogFrame(siteName: string, kicker: string, content: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1e1b4b"/>
      <stop offset="1" stop-color="#312e81"/>
    </linearGradient>
  </defs>
  <rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#bg)"/>
  <rect x="40" y="40" width="${OG_WIDTH - 80}" height="${OG_HEIGHT - 80}" rx="28" fill="none" stroke="#6366f1" stroke-opacity="0.5" stroke-width="2"/>
  <rect x="${OG_MARGIN}" y="86" width="30" height="40" rx="5" fill="#818cf8"/>
  <rect x="${OG_MARGIN + 6}" y="92" width="18" height="15" rx="2" fill="#ffffff"/>
  <text x="${OG_MARGIN + 46}" y="118" font-family="${OG_FONT}" font-size="34" font-weight="700" fill="#e0e7ff">${escapeHtml(siteName)}</text>
  <text x="${OG_MARGIN}" y="190" font-family="${OG_FONT}" font-size="26" font-weight="600" fill="#a5b4fc" letter-spacing="3">${escapeHtml(kicker)}</text>
  ${content}
</svg>`;
}
