/** Card types of spec 1 §3, in the sort order of spec 1 §9. */
export const CARD_TYPES = [
  'MONSTER_NORMAL',
  'MONSTER_EFFECT',
  'MONSTER_RITUAL',
  'MONSTER_FUSION',
  'MONSTER_SYNCHRO',
  'MONSTER_XYZ',
  'MONSTER_LINK',
  'SPELL_NORMAL',
  'SPELL_CONTINUOUS',
  'SPELL_EQUIP',
  'SPELL_FIELD',
  'SPELL_QUICK_PLAY',
  'SPELL_RITUAL',
  'TRAP_NORMAL',
  'TRAP_CONTINUOUS',
  'TRAP_COUNTER',
  'UNKNOWN',
] as const;
export type CardType = (typeof CARD_TYPES)[number];

export const CARD_TYPE_LABEL: Record<CardType, string> = {
  MONSTER_NORMAL: 'Normal Monster',
  MONSTER_EFFECT: 'Effect Monster',
  MONSTER_RITUAL: 'Ritual Monster',
  MONSTER_FUSION: 'Fusion Monster',
  MONSTER_SYNCHRO: 'Synchro Monster',
  MONSTER_XYZ: 'Xyz Monster',
  MONSTER_LINK: 'Link Monster',
  SPELL_NORMAL: 'Normal Spell',
  SPELL_CONTINUOUS: 'Continuous Spell',
  SPELL_EQUIP: 'Equip Spell',
  SPELL_FIELD: 'Field Spell',
  SPELL_QUICK_PLAY: 'Quick-Play Spell',
  SPELL_RITUAL: 'Ritual Spell',
  TRAP_NORMAL: 'Normal Trap',
  TRAP_CONTINUOUS: 'Continuous Trap',
  TRAP_COUNTER: 'Counter Trap',
  UNKNOWN: 'Unknown',
};

const TYPE = {
  MONSTER: 0x1, SPELL: 0x2, TRAP: 0x4, NORMAL: 0x10, EFFECT: 0x20, FUSION: 0x40, RITUAL: 0x80,
  SYNCHRO: 0x2000, TOKEN: 0x4000, QUICKPLAY: 0x10000, CONTINUOUS: 0x20000, EQUIP: 0x40000,
  FIELD: 0x80000, COUNTER: 0x100000, XYZ: 0x800000, LINK: 0x4000000, SKILL: 0x8000000, ACTION: 0x10000000,
} as const;

/** Our card type from EDOPro's `type` bitfield (edopro.md §4; precedence matters). */
export function cardTypeFromBits(type: number): CardType {
  const has = (bit: number) => (type & bit) !== 0;
  if (has(TYPE.SKILL) || has(TYPE.ACTION)) return 'UNKNOWN';
  if (has(TYPE.MONSTER)) {
    if (has(TYPE.TOKEN)) return 'UNKNOWN';
    if (has(TYPE.LINK)) return 'MONSTER_LINK';
    if (has(TYPE.XYZ)) return 'MONSTER_XYZ';
    if (has(TYPE.SYNCHRO)) return 'MONSTER_SYNCHRO';
    if (has(TYPE.FUSION)) return 'MONSTER_FUSION';
    if (has(TYPE.RITUAL)) return 'MONSTER_RITUAL';
    if (has(TYPE.EFFECT)) return 'MONSTER_EFFECT';
    if (has(TYPE.NORMAL)) return 'MONSTER_NORMAL';
    return 'MONSTER_EFFECT';
  }
  if (has(TYPE.SPELL)) {
    if (has(TYPE.LINK)) return 'UNKNOWN';
    if (has(TYPE.QUICKPLAY)) return 'SPELL_QUICK_PLAY';
    if (has(TYPE.CONTINUOUS)) return 'SPELL_CONTINUOUS';
    if (has(TYPE.EQUIP)) return 'SPELL_EQUIP';
    if (has(TYPE.FIELD)) return 'SPELL_FIELD';
    if (has(TYPE.RITUAL)) return 'SPELL_RITUAL';
    return 'SPELL_NORMAL';
  }
  if (has(TYPE.TRAP)) {
    if (has(TYPE.COUNTER)) return 'TRAP_COUNTER';
    if (has(TYPE.CONTINUOUS)) return 'TRAP_CONTINUOUS';
    return 'TRAP_NORMAL';
  }
  return 'UNKNOWN';
}

/** Compare by card type order of spec 1 §9, ties by name. */
export function compareByTypeThenName(
  a: { cardType: CardType; cardName: string },
  b: { cardType: CardType; cardName: string },
): number {
  return CARD_TYPES.indexOf(a.cardType) - CARD_TYPES.indexOf(b.cardType) || a.cardName.localeCompare(b.cardName);
}
