// The words of the card search's filters (issue 32 §1) and the EDOPro bits each one means (edopro.md §4).
// Shared by the API schema, the in-memory search and the page's filter controls; no zod here, so the
// page can read the option lists without the schema.
import { STATUS_LABEL } from '../banlists/statuses.ts';

export const CARD_KINDS = ['monster', 'spell', 'trap'] as const;
export type CardKind = (typeof CARD_KINDS)[number];

/** EDOPro's TYPE bits (ygopro-core ocgapi_constants.h). */
export const TYPE = {
  MONSTER: 0x1, SPELL: 0x2, TRAP: 0x4, NORMAL: 0x10, EFFECT: 0x20, FUSION: 0x40, RITUAL: 0x80, SPIRIT: 0x200,
  UNION: 0x400, GEMINI: 0x800, TUNER: 0x1000, SYNCHRO: 0x2000, TOKEN: 0x4000, QUICKPLAY: 0x10000,
  CONTINUOUS: 0x20000, EQUIP: 0x40000, FIELD: 0x80000, COUNTER: 0x100000, FLIP: 0x200000, TOON: 0x400000,
  XYZ: 0x800000, PENDULUM: 0x1000000, LINK: 0x4000000, SKILL: 0x8000000, ACTION: 0x10000000,
} as const;

export const KIND_BIT: Record<CardKind, number> = { monster: TYPE.MONSTER, spell: TYPE.SPELL, trap: TYPE.TRAP };

/**
 * Subtypes and their bit. A monster-only subtype needs the MONSTER bit too (an anime "Link Spell" is no Link
 * monster); ritual, continuous and the spell/trap kinds stand alone. 'normal' is special (see matchesSubtype).
 */
export const SUBTYPES = {
  normal: { label: 'Normal', bit: TYPE.NORMAL, monsterOnly: false },
  effect: { label: 'Effect', bit: TYPE.EFFECT, monsterOnly: true },
  fusion: { label: 'Fusion', bit: TYPE.FUSION, monsterOnly: true },
  ritual: { label: 'Ritual', bit: TYPE.RITUAL, monsterOnly: false },
  synchro: { label: 'Synchro', bit: TYPE.SYNCHRO, monsterOnly: true },
  xyz: { label: 'Xyz', bit: TYPE.XYZ, monsterOnly: true },
  link: { label: 'Link', bit: TYPE.LINK, monsterOnly: true },
  pendulum: { label: 'Pendulum', bit: TYPE.PENDULUM, monsterOnly: true },
  tuner: { label: 'Tuner', bit: TYPE.TUNER, monsterOnly: true },
  flip: { label: 'Flip', bit: TYPE.FLIP, monsterOnly: true },
  gemini: { label: 'Gemini', bit: TYPE.GEMINI, monsterOnly: true },
  spirit: { label: 'Spirit', bit: TYPE.SPIRIT, monsterOnly: true },
  union: { label: 'Union', bit: TYPE.UNION, monsterOnly: true },
  toon: { label: 'Toon', bit: TYPE.TOON, monsterOnly: true },
  token: { label: 'Token', bit: TYPE.TOKEN, monsterOnly: true },
  'quick-play': { label: 'Quick-Play', bit: TYPE.QUICKPLAY, monsterOnly: false },
  continuous: { label: 'Continuous', bit: TYPE.CONTINUOUS, monsterOnly: false },
  equip: { label: 'Equip', bit: TYPE.EQUIP, monsterOnly: false },
  field: { label: 'Field', bit: TYPE.FIELD, monsterOnly: false },
  counter: { label: 'Counter', bit: TYPE.COUNTER, monsterOnly: false },
} as const satisfies Record<string, { label: string; bit: number; monsterOnly: boolean }>;
export type Subtype = keyof typeof SUBTYPES;
export const SUBTYPE_NAMES = Object.keys(SUBTYPES) as [Subtype, ...Subtype[]];

/** What makes a spell or trap other than Normal (the anime's Action cards and Link spells included). */
const NOT_NORMAL_SPELL_TRAP = TYPE.QUICKPLAY | TYPE.CONTINUOUS | TYPE.EQUIP | TYPE.FIELD | TYPE.RITUAL | TYPE.COUNTER | TYPE.LINK
  | TYPE.SKILL | TYPE.ACTION;

/** Whether EDOPro's type bits have this subtype. 'normal': a Normal monster, or a spell or trap with no other kind. */
export function matchesSubtype(type: number, subtype: Subtype): boolean {
  const monster = (type & TYPE.MONSTER) !== 0;
  if (subtype === 'normal') {
    if (monster) return (type & TYPE.NORMAL) !== 0;
    return (type & (TYPE.SPELL | TYPE.TRAP)) !== 0 && (type & NOT_NORMAL_SPELL_TRAP) === 0;
  }
  const { bit, monsterOnly } = SUBTYPES[subtype];
  return (type & bit) !== 0 && (!monsterOnly || monster);
}

/** Attributes: bit, slug (the query's word) and the printed name. */
export const ATTRIBUTES = {
  earth: { label: 'EARTH', bit: 0x1 }, water: { label: 'WATER', bit: 0x2 }, fire: { label: 'FIRE', bit: 0x4 },
  wind: { label: 'WIND', bit: 0x8 }, light: { label: 'LIGHT', bit: 0x10 }, dark: { label: 'DARK', bit: 0x20 },
  divine: { label: 'DIVINE', bit: 0x40 },
} as const;
export type AttributeSlug = keyof typeof ATTRIBUTES;
export const ATTRIBUTE_SLUGS = Object.keys(ATTRIBUTES) as [AttributeSlug, ...AttributeSlug[]];

/**
 * Races (monster types): the position of their bit in EDOPro's 64-bit race field (Yokai is bit 62, past what a
 * JavaScript bit operation reaches, so the search keeps the field as two 32-bit halves).
 */
export const RACES = {
  warrior: { label: 'Warrior', bit: 0 }, spellcaster: { label: 'Spellcaster', bit: 1 }, fairy: { label: 'Fairy', bit: 2 },
  fiend: { label: 'Fiend', bit: 3 }, zombie: { label: 'Zombie', bit: 4 }, machine: { label: 'Machine', bit: 5 },
  aqua: { label: 'Aqua', bit: 6 }, pyro: { label: 'Pyro', bit: 7 }, rock: { label: 'Rock', bit: 8 },
  'winged-beast': { label: 'Winged Beast', bit: 9 }, plant: { label: 'Plant', bit: 10 }, insect: { label: 'Insect', bit: 11 },
  thunder: { label: 'Thunder', bit: 12 }, dragon: { label: 'Dragon', bit: 13 }, beast: { label: 'Beast', bit: 14 },
  'beast-warrior': { label: 'Beast-Warrior', bit: 15 }, dinosaur: { label: 'Dinosaur', bit: 16 }, fish: { label: 'Fish', bit: 17 },
  'sea-serpent': { label: 'Sea Serpent', bit: 18 }, reptile: { label: 'Reptile', bit: 19 }, psychic: { label: 'Psychic', bit: 20 },
  'divine-beast': { label: 'Divine-Beast', bit: 21 }, 'creator-god': { label: 'Creator God', bit: 22 }, wyrm: { label: 'Wyrm', bit: 23 },
  cyberse: { label: 'Cyberse', bit: 24 }, illusion: { label: 'Illusion', bit: 25 }, cyborg: { label: 'Cyborg', bit: 26 },
  'magical-knight': { label: 'Magical Knight', bit: 27 }, 'high-dragon': { label: 'High Dragon', bit: 28 },
  'omega-psychic': { label: 'Omega Psychic', bit: 29 }, 'celestial-warrior': { label: 'Celestial Warrior', bit: 30 },
  galaxy: { label: 'Galaxy', bit: 31 }, yokai: { label: 'Yokai', bit: 62 },
} as const;
export type RaceSlug = keyof typeof RACES;
export const RACE_SLUGS = Object.keys(RACES) as [RaceSlug, ...RaceSlug[]];

/** Status filter words; 'not-listed' is a card absent from a whitelist (it may not be played). */
export const STATUS_FILTERS = ['forbidden', 'limited', 'semi-limited', 'unlimited', 'not-listed'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const STATUS_OF_FILTER = {
  forbidden: 'FORBIDDEN', limited: 'LIMITED', 'semi-limited': 'SEMI_LIMITED', unlimited: 'UNLIMITED', 'not-listed': 'NONE',
} as const satisfies Record<StatusFilter, string>;

/** Sorts: name A to Z; level (rank, link rating), ATK, DEF and the meta's share of decks highest first. */
export const CARD_SORTS = ['name', 'level', 'atk', 'def', 'meta'] as const;
export type CardSort = (typeof CARD_SORTS)[number];
/** How the page names each sort. */
export const SORT_LABEL: Record<CardSort, string> = { name: 'Name', level: 'Level, rank or link', atk: 'ATK', def: 'DEF', meta: 'Most played' };

/**
 * A filter word's key: letter case, spaces, hyphens and underscores aside, so that 'DARK', 'dark',
 * 'Winged Beast', 'winged-beast', 'SEMI_LIMITED' and 'Quick-Play' each find their word.
 */
export const wordKey = (word: string) => word.trim().toLowerCase().replace(/[\s_-]+/g, '');

/** A filter's words by key: each word, and every other name of it (EDOPro's, the site's labels, the API's statuses). */
function vocabulary<T extends string>(names: Record<T, readonly string[]>): ReadonlyMap<string, T> {
  const byKey = new Map<string, T>();
  for (const word of Object.keys(names) as T[]) {
    for (const name of [word, ...names[word]]) {
      const held = byKey.get(wordKey(name));
      // a name that two words share would find one of them silently
      if (held !== undefined && held !== word) throw new Error(`'${name}' names both ${held} and ${word}`);
      byKey.set(wordKey(name), word);
    }
  }
  return byKey;
}
const labelled = <T extends string>(words: readonly T[], label: (w: T) => string) =>
  Object.fromEntries(words.map((w) => [w, [label(w)]])) as unknown as Record<T, readonly string[]>;

export const FILTER_WORDS = {
  kind: vocabulary(labelled(CARD_KINDS, (k) => k)),
  subtype: vocabulary(labelled(SUBTYPE_NAMES, (s) => SUBTYPES[s].label)),
  attribute: vocabulary(labelled(ATTRIBUTE_SLUGS, (a) => ATTRIBUTES[a].label)),
  race: vocabulary(labelled(RACE_SLUGS, (r) => RACES[r].label)),
  // the API's statuses (SEMI_LIMITED, NONE) and the page's names ('Not on the list', 'Not on the whitelist')
  status: vocabulary(Object.fromEntries(STATUS_FILTERS.map((s) => [s, [STATUS_OF_FILTER[s], STATUS_LABEL[STATUS_OF_FILTER[s]],
    ...(s === 'not-listed' ? ['Not on the list', 'Not on the whitelist'] : [])]])) as Record<StatusFilter, string[]>),
  sort: vocabulary(labelled(CARD_SORTS, (s) => SORT_LABEL[s])),
};
export type WordFilter = keyof typeof FILTER_WORDS;

/** The filter's own word for `word` as any card site, EDOPro or this site spells it; undefined when it is none of them. */
export function filterWord<F extends WordFilter>(filter: F, word: string) {
  return FILTER_WORDS[filter].get(wordKey(word)) as (typeof FILTER_WORDS)[F] extends ReadonlyMap<string, infer T> ? T | undefined : never;
}

export const MAX_CARD_PAGE_SIZE = 100;
export const DEFAULT_CARD_PAGE_SIZE = 30;
