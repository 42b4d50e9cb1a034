/** Card facts for people: names of EDOPro's bit fields (edopro.md §4) and the card detail of GET /api/cards/{id}. */
import { CARD_TYPE_LABEL, type CardType } from './card-types.ts';
import type { CardDetail } from '../api/cards.ts';
import { cardImageUrl } from '../api/cards.ts';

const TYPE = {
  MONSTER: 0x1, NORMAL: 0x10, EFFECT: 0x20, FUSION: 0x40, RITUAL: 0x80, SPIRIT: 0x200, UNION: 0x400, GEMINI: 0x800,
  TUNER: 0x1000, SYNCHRO: 0x2000, TOKEN: 0x4000, FLIP: 0x200000, TOON: 0x400000, XYZ: 0x800000, PENDULUM: 0x1000000,
  LINK: 0x4000000,
} as const;

/** Monster sub-types in the order a card's type line shows them. */
const TYPE_LINE_PARTS: readonly [number, string][] = [
  [TYPE.FUSION, 'Fusion'], [TYPE.RITUAL, 'Ritual'], [TYPE.SYNCHRO, 'Synchro'], [TYPE.XYZ, 'Xyz'], [TYPE.LINK, 'Link'],
  [TYPE.PENDULUM, 'Pendulum'], [TYPE.FLIP, 'Flip'], [TYPE.GEMINI, 'Gemini'], [TYPE.SPIRIT, 'Spirit'], [TYPE.TOON, 'Toon'],
  [TYPE.UNION, 'Union'], [TYPE.TUNER, 'Tuner'], [TYPE.TOKEN, 'Token'], [TYPE.EFFECT, 'Effect'], [TYPE.NORMAL, 'Normal'],
];

/** Race bits (ygopro-core ocgapi_constants.h); names as in the official card export. */
const RACES: readonly [bigint, string][] = [
  [0x1n, 'Warrior'], [0x2n, 'Spellcaster'], [0x4n, 'Fairy'], [0x8n, 'Fiend'], [0x10n, 'Zombie'], [0x20n, 'Machine'],
  [0x40n, 'Aqua'], [0x80n, 'Pyro'], [0x100n, 'Rock'], [0x200n, 'Winged Beast'], [0x400n, 'Plant'], [0x800n, 'Insect'],
  [0x1000n, 'Thunder'], [0x2000n, 'Dragon'], [0x4000n, 'Beast'], [0x8000n, 'Beast-Warrior'], [0x10000n, 'Dinosaur'],
  [0x20000n, 'Fish'], [0x40000n, 'Sea Serpent'], [0x80000n, 'Reptile'], [0x100000n, 'Psychic'],
  [0x200000n, 'Divine-Beast'], [0x400000n, 'Creator God'], [0x800000n, 'Wyrm'], [0x1000000n, 'Cyberse'],
  [0x2000000n, 'Illusion'], [0x4000000n, 'Cyborg'], [0x8000000n, 'Magical Knight'], [0x10000000n, 'High Dragon'],
  [0x20000000n, 'Omega Psychic'], [0x40000000n, 'Celestial Warrior'], [0x80000000n, 'Galaxy'],
  [0x4000000000000000n, 'Yokai'],
];

const ATTRIBUTES: readonly [number, string][] = [
  [0x1, 'EARTH'], [0x2, 'WATER'], [0x4, 'FIRE'], [0x8, 'WIND'], [0x10, 'LIGHT'], [0x20, 'DARK'], [0x40, 'DIVINE'],
];

/** Link arrows in reading order (edopro.md §4: the def of a Link monster is this bitmask). */
const LINK_MARKERS: readonly [number, string][] = [
  [0x40, 'Top-Left'], [0x80, 'Top'], [0x100, 'Top-Right'], [0x8, 'Left'], [0x20, 'Right'],
  [0x1, 'Bottom-Left'], [0x2, 'Bottom'], [0x4, 'Bottom-Right'],
];

/** ATK/DEF of -2 is printed "?" (edopro.md §4). */
export const UNKNOWN_STAT = -2;

export function raceName(race: bigint | number | null | undefined): string | null {
  if (race === null || race === undefined) return null;
  const bits = BigInt(race);
  const names = RACES.filter(([bit]) => (bits & bit) !== 0n).map(([, name]) => name);
  return names.length ? names.join(' / ') : null;
}

export function attributeName(attribute: number | null | undefined): string | null {
  if (!attribute) return null;
  const names = ATTRIBUTES.filter(([bit]) => (attribute & bit) !== 0).map(([, name]) => name);
  return names.length ? names.join(' / ') : null;
}

export function linkMarkerNames(markers: number | null | undefined): string[] {
  if (!markers) return [];
  return LINK_MARKERS.filter(([bit]) => (markers & bit) !== 0).map(([, name]) => name);
}

export const isMonster = (type: number) => (type & TYPE.MONSTER) !== 0;
export const isLinkMonster = (type: number) => isMonster(type) && (type & TYPE.LINK) !== 0;
export const isXyzMonster = (type: number) => isMonster(type) && (type & TYPE.XYZ) !== 0;
export const isPendulum = (type: number) => isMonster(type) && (type & TYPE.PENDULUM) !== 0;
export const isToken = (type: number) => isMonster(type) && (type & TYPE.TOKEN) !== 0;

/** "Spellcaster / Normal", "Dragon / Synchro / Tuner / Effect"; spells and traps give their type label. */
export function typeLine(type: number, cardType: CardType, race: bigint | number | null | undefined): string {
  if (!isMonster(type)) return CARD_TYPE_LABEL[cardType];
  const parts = TYPE_LINE_PARTS.filter(([bit]) => (type & bit) !== 0).map(([, name]) => name);
  const r = raceName(race);
  return [...(r ? [r] : []), ...parts].join(' / ');
}

/** Frame colours of the printed cards, for placeholders and type chips. */
export const FRAME_COLOR: Record<CardType | 'TOKEN', string> = {
  MONSTER_NORMAL: '#d9b46a',
  MONSTER_EFFECT: '#c9713b',
  MONSTER_RITUAL: '#5a7fb8',
  MONSTER_FUSION: '#7d5a9e',
  MONSTER_SYNCHRO: '#d8d8d8',
  MONSTER_XYZ: '#242424',
  MONSTER_LINK: '#1d4f91',
  SPELL_NORMAL: '#1d8a6e',
  SPELL_CONTINUOUS: '#1d8a6e',
  SPELL_EQUIP: '#1d8a6e',
  SPELL_FIELD: '#1d8a6e',
  SPELL_QUICK_PLAY: '#1d8a6e',
  SPELL_RITUAL: '#1d8a6e',
  TRAP_NORMAL: '#a4487a',
  TRAP_CONTINUOUS: '#a4487a',
  TRAP_COUNTER: '#a4487a',
  UNKNOWN: '#8a8a8a',
  TOKEN: '#a9a9a9',
};

/** A card as the server stores it (the cards table). */
export interface StoredCard {
  id: number;
  alias: number;
  name: string;
  type: number;
  cardType: string;
  atk: number | null;
  def: number | null;
  level: number | null;
  lscale: number | null;
  rscale: number | null;
  linkMarkers: number | null;
  race: bigint | number | null;
  attribute: number | null;
  description: string;
}

const stat = (v: number | null): number | '?' | null => (v === null ? null : v === UNKNOWN_STAT ? '?' : v);

/** The body of GET /api/cards/{id}. */
export function cardDetail(card: StoredCard): CardDetail {
  const cardType = card.cardType as CardType;
  const monster = isMonster(card.type);
  const link = isLinkMonster(card.type);
  const xyz = isXyzMonster(card.type);
  const pendulum = isPendulum(card.type);
  return {
    id: card.id,
    alias: card.alias,
    name: card.name,
    cardType,
    type: isToken(card.type) ? 'Token' : CARD_TYPE_LABEL[cardType],
    typeLine: typeLine(card.type, cardType, card.race),
    attribute: monster ? attributeName(card.attribute) : null,
    race: monster ? raceName(card.race) : null,
    level: monster && !link && !xyz ? card.level : null,
    rank: xyz ? card.level : null,
    linkRating: link ? card.level : null,
    linkMarkers: link ? linkMarkerNames(card.linkMarkers) : null,
    leftScale: pendulum ? card.lscale : null,
    rightScale: pendulum ? card.rscale : null,
    atk: monster ? stat(card.atk) : null,
    def: monster && !link ? stat(card.def) : null,
    text: card.description,
    imageUrl: cardImageUrl(card.id),
  };
}
