import type { FilterCode, RuleCode } from './rules.ts';

export interface Preset { name: string; rules: readonly RuleCode[]; filters: readonly FilterCode[] }

const MR1_RULES: RuleCode[] = [
  'OCG_IGNITION_PRIORITY', 'FIRST_TURN_DRAW', 'ONE_FIELD_SPELL', 'EFFECTS_ACTIVATE_FACE_DOWN',
  'NEGATED_SUMMONS_COUNT_OPT', 'NEGATED_SUMMONS_COUNT_ACTIVATION_RESTRICTION',
];

/** Presets of presets.md: exact sets of rule and filter codes. */
export const PRESETS: readonly Preset[] = [
  { name: 'Master Rule 1', rules: MR1_RULES, filters: ['NO_XYZ', 'NO_PENDULUM', 'NO_LINK'] },
  {
    name: 'Master Rule 2',
    rules: ['FIRST_TURN_DRAW', 'ONE_FIELD_SPELL', 'EFFECTS_ACTIVATE_FACE_DOWN', 'NEGATED_SUMMONS_COUNT_OPT', 'NEGATED_SUMMONS_COUNT_ACTIVATION_RESTRICTION'],
    filters: ['NO_PENDULUM', 'NO_LINK'],
  },
  {
    name: 'Master Rule 3',
    rules: ['PENDULUM_ZONES', 'SEPARATE_PENDULUM_ZONES', 'EFFECTS_ACTIVATE_FACE_DOWN', 'NEGATED_SUMMONS_COUNT_OPT', 'NEGATED_SUMMONS_COUNT_ACTIVATION_RESTRICTION'],
    filters: ['NO_LINK'],
  },
  {
    name: 'Master Rule 4',
    rules: ['PENDULUM_ZONES', 'EXTRA_MONSTER_ZONES', 'EFFECTS_ACTIVATE_FACE_DOWN', 'NEGATED_SUMMONS_COUNT_OPT', 'NEGATED_SUMMONS_COUNT_ACTIVATION_RESTRICTION'],
    filters: [],
  },
  {
    name: 'Master Rule 5',
    rules: ['PENDULUM_ZONES', 'EXTRA_MONSTER_ZONES', 'FUSION_SYNCHRO_XYZ_ANYWHERE', 'TRAP_MONSTERS_DONT_OCCUPY_STZ', 'TRIGGER_EFFECTS_CORRECT_LOCATION'],
    filters: [],
  },
  {
    name: 'Speed Duel',
    rules: ['TRAP_MONSTERS_DONT_OCCUPY_STZ', 'TRIGGER_EFFECTS_CORRECT_LOCATION', 'NO_MAIN_PHASE2', 'THREE_COLUMN_FIELD'],
    filters: [],
  },
  {
    name: 'Rush Duel',
    rules: [
      'FIRST_TURN_DRAW', 'TRAP_MONSTERS_DONT_OCCUPY_STZ', 'TRIGGER_EFFECTS_CORRECT_LOCATION', 'NO_STANDBY_PHASE', 'NO_MAIN_PHASE2',
      'THREE_COLUMN_FIELD', 'NORMAL_DRAW_UNTIL_FIVE_IN_HAND', 'UNLIMITED_HAND_SIZE', 'UNLIMITED_NORMAL_SUMMONS',
      'INVERTED_QUICK_PRIORITY', 'RITUALS_IN_EXTRA_DECK',
    ],
    filters: [],
  },
  {
    name: 'GOAT',
    rules: [
      ...MR1_RULES, 'TRAPS_MUST_WAIT_RESOLVING', 'SIX_SUBSTEPS_BATTLE_STEP', 'TRIGGER_EVEN_IF_PRIVATE_KNOWLEDGE',
      'EQUIP_NOT_DESTROYED_ON_TARGET_MISS', 'ZERO_ATK_VS_ZERO_DESTROYS_BOTH', 'STORE_ATTACK_REPLAYS',
      'ONLY_ONE_CHAIN_IN_DAMAGE_SUBSTEP', 'CAN_CHANGE_POSITION_IF_SUMMONED_BY_OPPONENT', 'TCG_SEGOC',
      'SEGOC_FIRST_TRIGGERED_FIRST', 'GOAT_IGNITION_PRIORITY',
    ],
    filters: [],
  },
];

const sameSet = (a: readonly string[], b: readonly string[]) => {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sa].every((x) => sb.has(x));
};

/** Shown when the sets match no preset exactly. */
export const CUSTOM_PRESET = 'Custom';

/** The preset whose two sets equal these exactly, else 'Custom'. */
export function detectPreset(rules: readonly string[], filters: readonly string[]): string {
  return PRESETS.find((p) => sameSet(p.rules, rules) && sameSet(p.filters, filters))?.name ?? CUSTOM_PRESET;
}

export function presetByName(name: string): Preset | undefined {
  return PRESETS.find((p) => p.name === name);
}
