import type { CardSearchItem } from '../api/card-search.ts';
import { cardImageUrl } from '../api/cards.ts';
import { UNKNOWN_STAT, attributeName, isLinkMonster, isMonster, isXyzMonster, typeLine } from '../banlists/card-info.ts';
import { cardTypeFromBits } from '../banlists/card-types.ts';
import type { CardStatus } from '../banlists/statuses.ts';
import type { IndexedCard } from './card-index.ts';

const stat = (v: number | null): number | '?' | null => (v === null ? null : v === UNKNOWN_STAT ? '?' : v);

/** A result row of GET /api/cards, as GET /api/cards/{id} names the card's facts. */
export function cardSearchItem(card: IndexedCard, status: CardStatus | null, share: number | null): CardSearchItem {
  const cardType = cardTypeFromBits(card.type);
  const monster = isMonster(card.type);
  const link = isLinkMonster(card.type);
  const xyz = isXyzMonster(card.type);
  return {
    passcode: card.id,
    name: card.name,
    cardType,
    typeLine: typeLine(card.type, cardType, card.race),
    attribute: monster ? attributeName(card.attribute) : null,
    level: monster && !link && !xyz ? card.level : null,
    rank: xyz ? card.level : null,
    linkRating: link ? card.level : null,
    atk: monster ? stat(card.atk) : null,
    def: monster && !link ? stat(card.def) : null,
    status,
    share,
    imageUrl: cardImageUrl(card.id, 'small'),
  };
}
