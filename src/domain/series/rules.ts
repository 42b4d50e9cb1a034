/** Rule codes (spec 2 §3) in EDOPro's "Custom Rule" checkbox order, with their duel flags (edopro.md §3.2). */
export const RULE_FLAGS = {
  OCG_IGNITION_PRIORITY: 0x100n,
  FIRST_TURN_DRAW: 0x200n,
  ONE_FIELD_SPELL: 0x400n,
  PENDULUM_ZONES: 0x800n,
  SEPARATE_PENDULUM_ZONES: 0x1000n,
  EXTRA_MONSTER_ZONES: 0x2000n,
  FUSION_SYNCHRO_XYZ_ANYWHERE: 0x4000n,
  TRAP_MONSTERS_DONT_OCCUPY_STZ: 0x8000n,
  EFFECTS_ACTIVATE_FACE_DOWN: 0x10000n,
  TRIGGER_EFFECTS_CORRECT_LOCATION: 0x20000n,
  NEGATED_SUMMONS_COUNT_OPT: 0x40000n,
  NEGATED_SUMMONS_COUNT_ACTIVATION_RESTRICTION: 0x80000n,
  NO_STANDBY_PHASE: 0x100000n,
  NO_MAIN_PHASE2: 0x200000n,
  THREE_COLUMN_FIELD: 0x400000n,
  NORMAL_DRAW_UNTIL_FIVE_IN_HAND: 0x800000n,
  UNLIMITED_HAND_SIZE: 0x1000000n,
  UNLIMITED_NORMAL_SUMMONS: 0x2000000n,
  INVERTED_QUICK_PRIORITY: 0x4000000n,
  TRAPS_MUST_WAIT_RESOLVING: 0x4n,
  SIX_SUBSTEPS_BATTLE_STEP: 0x8n,
  TRIGGER_EVEN_IF_PRIVATE_KNOWLEDGE: 0x20n,
  EQUIP_NOT_DESTROYED_ON_TARGET_MISS: 0x8000000n,
  ZERO_ATK_VS_ZERO_DESTROYS_BOTH: 0x10000000n,
  STORE_ATTACK_REPLAYS: 0x20000000n,
  ONLY_ONE_CHAIN_IN_DAMAGE_SUBSTEP: 0x40000000n,
  CAN_CHANGE_POSITION_IF_SUMMONED_BY_OPPONENT: 0x80000000n,
  TCG_SEGOC: 0x100000000n,
  SEGOC_FIRST_TRIGGERED_FIRST: 0x200000000n,
  GOAT_IGNITION_PRIORITY: 0x400000000n,
  RITUALS_IN_EXTRA_DECK: 0x800000000n,
  NORMAL_SUMMON_FACEUP_DEFENSE: 0x1000000000n,
} as const;
export type RuleCode = keyof typeof RULE_FLAGS;
export const RULE_CODES = Object.keys(RULE_FLAGS) as RuleCode[];

/** Filter codes and the EDOPro card type bits they forbid. */
export const FILTER_TYPES = {
  NO_FUSION: 0x40,
  NO_SYNCHRO: 0x2000,
  NO_XYZ: 0x800000,
  NO_PENDULUM: 0x1000000,
  NO_LINK: 0x4000000,
} as const;
export type FilterCode = keyof typeof FILTER_TYPES;
export const FILTER_CODES = Object.keys(FILTER_TYPES) as FilterCode[];

/** EDOPro duel flags of a rule set (BigInt: some exceed 2^32). */
export function duelFlags(rules: readonly RuleCode[]): bigint {
  return rules.reduce((acc, r) => acc | RULE_FLAGS[r], 0n);
}

/** EDOPro forbiddentypes mask of a filter set. */
export function forbiddenTypes(filters: readonly FilterCode[]): number {
  return filters.reduce((acc, f) => acc | FILTER_TYPES[f], 0);
}

/** EDOPro's "Custom Rule" checkbox labels (strings.conf), in the same order as RULE_FLAGS. */
export const RULE_LABELS: Record<RuleCode, string> = {
  OCG_IGNITION_PRIORITY: 'OCG Ignition Priority',
  FIRST_TURN_DRAW: 'First turn draw',
  ONE_FIELD_SPELL: '1 Field Spell',
  PENDULUM_ZONES: 'Pendulum Zones',
  SEPARATE_PENDULUM_ZONES: 'Separate Pendulum Zones',
  EXTRA_MONSTER_ZONES: 'Extra Monster Zones',
  FUSION_SYNCHRO_XYZ_ANYWHERE: 'Fusion Synchro Xyz summonable anywhere',
  TRAP_MONSTERS_DONT_OCCUPY_STZ: "Trap Monsters don't occupy Spell/Trap Zone",
  EFFECTS_ACTIVATE_FACE_DOWN: 'Effects activate face-down in the Main and Extra Decks',
  TRIGGER_EFFECTS_CORRECT_LOCATION: 'Trigger Effects only activate in the correct location',
  NEGATED_SUMMONS_COUNT_OPT: 'Negated summons count for OPT restrictions',
  NEGATED_SUMMONS_COUNT_ACTIVATION_RESTRICTION: 'Negated summons count for activation restrictions',
  NO_STANDBY_PHASE: 'No Standby Phase',
  NO_MAIN_PHASE2: 'No Main Phase 2',
  THREE_COLUMN_FIELD: 'Three-column field',
  NORMAL_DRAW_UNTIL_FIVE_IN_HAND: 'Normal draw until 5 in hand',
  UNLIMITED_HAND_SIZE: 'Unlimited hand size',
  UNLIMITED_NORMAL_SUMMONS: 'Unlimited Normal Summons',
  INVERTED_QUICK_PRIORITY: 'Inverted Quick Priority',
  TRAPS_MUST_WAIT_RESOLVING: 'Traps must wait resolving',
  SIX_SUBSTEPS_BATTLE_STEP: '6 substeps Battle Step',
  TRIGGER_EVEN_IF_PRIVATE_KNOWLEDGE: 'Trigger even if private knowledge',
  EQUIP_NOT_DESTROYED_ON_TARGET_MISS: 'To be equip cards not destroyed on target miss',
  ZERO_ATK_VS_ZERO_DESTROYS_BOTH: '0 ATK vs 0 ATK destroys both monsters',
  STORE_ATTACK_REPLAYS: 'Store attack replays',
  ONLY_ONE_CHAIN_IN_DAMAGE_SUBSTEP: 'Only 1 Chain in damage substep',
  CAN_CHANGE_POSITION_IF_SUMMONED_BY_OPPONENT: 'Can change position if summoned by your opponent',
  TCG_SEGOC: 'TCG SEGOC',
  SEGOC_FIRST_TRIGGERED_FIRST: 'SEGOC: First triggered effect first in chain',
  GOAT_IGNITION_PRIORITY: 'GOAT Ignition Priority',
  RITUALS_IN_EXTRA_DECK: 'Rituals placed in the Extra Deck',
  NORMAL_SUMMON_FACEUP_DEFENSE: 'Normal Summon in face-up Defense position',
};

export const FILTER_LABELS: Record<FilterCode, string> = {
  NO_FUSION: 'No Fusion',
  NO_SYNCHRO: 'No Synchro',
  NO_XYZ: 'No Xyz',
  NO_PENDULUM: 'No Pendulum',
  NO_LINK: 'No Link',
};

export const isRuleCode = (code: string): code is RuleCode => Object.hasOwn(RULE_FLAGS, code);
export const isFilterCode = (code: string): code is FilterCode => Object.hasOwn(FILTER_TYPES, code);

/** Room options that are duel flags in EDOPro but not rule codes (edopro.md §3.4). */
export const DUEL_PSEUDO_SHUFFLE = 0x10n;
export const DUEL_RELAY = 0x80n;

/**
 * The duel flags an EDOPro room needs for these settings: the rules' flags plus "Don't shuffle Deck",
 * relay and the "TCG SEGOC Rulings" box, which EDOPro keeps in the same number.
 */
export function roomDuelFlags(settings: {
  ruleOptions: readonly RuleCode[];
  dontShuffleDeck: boolean;
  relay: boolean;
  tcgSegocRulings: boolean;
}): bigint {
  let flags = duelFlags(settings.ruleOptions);
  if (settings.dontShuffleDeck) flags |= DUEL_PSEUDO_SHUFFLE;
  if (settings.relay) flags |= DUEL_RELAY;
  if (settings.tcgSegocRulings) flags |= RULE_FLAGS.TCG_SEGOC;
  return flags;
}

/** 0x-prefixed lower-case hex, as EDOPro's headers write the composites. */
export const toHex = (n: bigint | number): string => `0x${n.toString(16)}`;
