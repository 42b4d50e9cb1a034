// The drawn picture of a card's link card (issue 38 §3), for a card the site has no picture of: its
// name, type, stats and status on the newest list on the link cards' frame, and the placeholder card
// (card-placeholder.ts) beside them. Pure: the route renders it to a PNG.
import { cardDetail, type StoredCard } from '../../../domain/banlists/card-info.ts';
import { boldLine, OG_MARGIN, ogFrame, plainLine, wrapText } from '../../link-cards/og-card-svg.ts';
import { placeholderSvg } from './card-placeholder.ts';

/** The placeholder card right of the text, at its own 421×614 proportions. */
const CARD_BOX = { x: 800, y: 66, width: 336, height: 490 };
const TEXT_WIDTH = CARD_BOX.x - 40 - OG_MARGIN;

/** 'ATK 2500 / DEF 2100', 'ATK 1500 · LINK-2'; null for a spell or trap. */
export function statsLine(card: StoredCard): string | null {
  const d = cardDetail(card);
  if (d.atk === null) return null;
  return d.linkRating !== null ? `ATK ${d.atk} · LINK-${d.linkRating}` : `ATK ${d.atk} / DEF ${d.def}`;
}

/** 'DARK · Level 7', 'LIGHT · Rank 4'; null for a spell or trap. */
function attributeLine(card: StoredCard): string | null {
  const d = cardDetail(card);
  const stars = d.level !== null ? `Level ${d.level}` : d.rank !== null ? `Rank ${d.rank}` : d.linkRating !== null ? `Link ${d.linkRating}` : null;
  const parts = [d.attribute, stars].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/** The 1200×630 drawing: 'CARD' and the passcode, the name (two lines at most), type line, attribute, stats and `status`. */
export function cardPictureSvg(card: StoredCard, status: string | null, siteName: string): string {
  const d = cardDetail(card);
  const title = wrapText(d.name, 22, 2);
  // each line below the one before; a spell or trap has fewer
  let y = title.length === 1 ? 276 : 250;
  const lines = title.map((line, i) => boldLine(line, y + i * 64, 54, '#ffffff', TEXT_WIDTH));
  y += (title.length - 1) * 64;
  const next = (gap: number) => (y += gap);
  lines.push(plainLine(d.typeLine, next(56), 30, '#e0e7ff'));
  const attribute = attributeLine(card);
  if (attribute) lines.push(plainLine(attribute, next(44), 28, '#c7d2fe'));
  const stats = statsLine(card);
  if (stats) lines.push(boldLine(stats, next(52), 36, '#ffffff', TEXT_WIDTH));
  if (status) lines.push(boldLine(status, next(56), 32, '#fbbf24', TEXT_WIDTH));
  return ogFrame(siteName, `CARD · ${card.id}`, [...lines, placeholderSvg(card.id, card, CARD_BOX)].join('\n  '));
}
