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
