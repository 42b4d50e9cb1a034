// A drawn stand-in for a card picture: name, frame colour of its type, level and ATK/DEF (rules.md "Images").
import { FRAME_COLOR, cardDetail, isPendulum, isToken, type StoredCard } from '../../../domain/banlists/card-info.ts';
import type { CardType } from '../../../domain/banlists/card-types.ts';

const W = 421;
const H = 614;
const PENDULUM_GREEN = '#1d8a6e';

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
    // characters XML 1.0 forbids would make the whole image invalid
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');

/** Dark text on light frames (Normal, Synchro), light text elsewhere. */
function inkFor(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#1b1b1b' : '#ffffff';
}

/**
 * A text line that fits its box: a smaller font for long text (about 0.62 em per bold glyph), and textLength
 * as a last resort for renderers that honour it (browsers do).
 */
function fitted(text: string, x: number, y: number, size: number, width: number, attrs = ''): string {
  const glyphs = [...text].length;
  const fontSize = Math.max(12, Math.min(size, Math.floor(width / (glyphs * 0.62))));
  const squeeze = glyphs * fontSize * 0.62 > width ? ` textLength="${width}" lengthAdjust="spacingAndGlyphs"` : '';
  return `<text x="${x}" y="${y}" font-size="${fontSize}"${squeeze}${attrs}>${escapeXml(text)}</text>`;
}

/** Where a drawing nested in a larger SVG goes (a link card's picture); alone it is 421×614. */
export interface SvgBox { x: number; y: number; width: number; height: number }

/** SVG of a placeholder card; an unknown passcode gives a grey "Card {id}". */
export function placeholderSvg(id: number, card: StoredCard | undefined, box: SvgBox = { x: 0, y: 0, width: W, height: H }): string {
  const detail = card ? cardDetail(card) : undefined;
  const cardType: CardType = detail?.cardType ?? 'UNKNOWN';
  const frame = card && isToken(card.type) ? FRAME_COLOR.TOKEN : FRAME_COLOR[cardType];
  const ink = inkFor(frame);
  const name = detail?.name || `Card ${id}`;
  const pendulum = card ? isPendulum(card.type) : false;
  const fill = pendulum ? 'url(#pendulum)' : frame;

  const stars = detail?.level ? `Level ${detail.level}` : detail?.rank ? `Rank ${detail.rank}` : detail?.linkRating ? `Link ${detail.linkRating}` : '';
  // spells and traps print their kind where monsters print their attribute
  const attribute = detail?.attribute ?? (cardType.startsWith('SPELL_') ? 'SPELL' : cardType.startsWith('TRAP_') ? 'TRAP' : '');
  const stats = detail?.atk === null || detail?.atk === undefined
    ? ''
    : detail.linkRating !== null
      ? `ATK/${detail.atk}  LINK-${detail.linkRating}`
      : `ATK/${detail.atk}  DEF/${detail.def ?? '?'}`;
  const scales = detail?.leftScale !== null && detail?.leftScale !== undefined ? `Scales ${detail.leftScale} / ${detail.rightScale}` : '';

  return [
    `<svg xmlns="http://www.w3.org/2000/svg"${box.x || box.y ? ` x="${box.x}" y="${box.y}"` : ''} width="${box.width}" height="${box.height}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeXml(name)}">`,
    `<defs><linearGradient id="pendulum" x1="0" y1="0" x2="0" y2="1"><stop offset="0.55" stop-color="${frame}"/><stop offset="0.55" stop-color="${PENDULUM_GREEN}"/></linearGradient></defs>`,
    `<g font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif">`,
    `<rect width="${W}" height="${H}" rx="16" fill="${fill}"/>`,
    `<rect x="10" y="10" width="${W - 20}" height="${H - 20}" rx="10" fill="none" stroke="${ink}" stroke-opacity="0.35" stroke-width="2"/>`,
    `<rect x="24" y="24" width="${W - 48}" height="56" rx="6" fill="#ffffff" fill-opacity="0.85"/>`,
    fitted(name, 36, 62, 26, W - 72, ' font-weight="700" fill="#1b1b1b"'),
    `<g fill="${ink}" font-size="18">`,
    `<text x="36" y="108">${escapeXml(attribute)}</text>`,
    `<text x="${W - 36}" y="108" text-anchor="end">${escapeXml(stars)}</text>`,
    `</g>`,
    `<rect x="48" y="124" width="${W - 96}" height="${W - 96}" fill="#000000" fill-opacity="0.28"/>`,
    `<text x="${W / 2}" y="${124 + (W - 96) / 2 + 30}" text-anchor="middle" font-size="96" font-weight="700" fill="#ffffff" fill-opacity="0.55">${escapeXml([...name][0] ?? '?')}</text>`,
    `<rect x="24" y="466" width="${W - 48}" height="108" rx="6" fill="#ffffff" fill-opacity="0.85"/>`,
    `<g fill="#1b1b1b">`,
    fitted(detail ? `[${detail.typeLine}]` : '[Unknown card]', 36, 494, 18, W - 72, ' font-weight="700"'),
    scales ? `<text x="36" y="522" font-size="16">${escapeXml(scales)}</text>` : '',
    stats ? `<text x="${W - 36}" y="560" text-anchor="end" font-size="20" font-weight="700">${escapeXml(stats)}</text>` : '',
    `</g>`,
    `<text x="24" y="598" font-size="14" fill="${ink}" fill-opacity="0.8">${id}</text>`,
    `</g></svg>`,
  ].join('');
}
