import { describe, expect, test } from 'vitest';
import {
  FILTER_CODES, FILTER_LABELS, FILTER_TYPES, RULE_CODES, RULE_FLAGS, RULE_LABELS, duelFlags, forbiddenTypes, isFilterCode,
  isRuleCode, roomDuelFlags, toHex,
} from './rules.ts';

describe('rule and filter codes', () => {
  test('32 rule codes, each one EDOPro flag bit, no bit shared', () => {
    expect(RULE_CODES).toHaveLength(32);
    const bits = Object.values(RULE_FLAGS);
    for (const b of bits) expect(b & (b - 1n)).toBe(0n);
    expect(new Set(bits).size).toBe(32);
  });

  test('5 filter codes, each one EDOPro card type bit', () => {
    expect(FILTER_CODES).toEqual(['NO_FUSION', 'NO_SYNCHRO', 'NO_XYZ', 'NO_PENDULUM', 'NO_LINK']);
    expect(Object.values(FILTER_TYPES)).toEqual([0x40, 0x2000, 0x800000, 0x1000000, 0x4000000]);
  });

  test('every code has a label', () => {
    expect(Object.keys(RULE_LABELS)).toEqual(RULE_CODES);
    expect(Object.keys(FILTER_LABELS)).toEqual(FILTER_CODES);
  });

  test.each([
    ['a known rule', 'TCG_SEGOC', true, false],
    ['a known filter', 'NO_LINK', false, true],
    ['an unknown code', 'NO_RITUAL', false, false],
    ['a prototype key is not a code', 'toString', false, false],
  ])('%s: %s', (_why, code, rule, filter) => {
    expect(isRuleCode(code)).toBe(rule);
    expect(isFilterCode(code)).toBe(filter);
  });
});

describe('duel flags', () => {
  test.each([
    ['no rules', [], 0n],
    ['one rule below 2^32', ['FIRST_TURN_DRAW'], 0x200n],
    ['a rule above 2^32 keeps its bit (BigInt)', ['NORMAL_SUMMON_FACEUP_DEFENSE'], 0x1000000000n],
    ['a repeat changes nothing', ['TCG_SEGOC', 'TCG_SEGOC'], 0x100000000n],
  ] as const)('%s', (_why, rules, flags) => {
    expect(duelFlags(rules)).toBe(flags);
  });

  test('all 32 rules: every bit from 0x100 to 0x1000000000, plus 0x4, 0x8 and 0x20', () => {
    expect(duelFlags(RULE_CODES)).toBe(0x1fffffff00n | 0x4n | 0x8n | 0x20n);
  });

  test.each([
    ['nothing extra', { dontShuffleDeck: false, relay: false, tcgSegocRulings: false }, 0x2e800n],
    ["Don't shuffle deck adds DUEL_PSEUDO_SHUFFLE", { dontShuffleDeck: true, relay: false, tcgSegocRulings: false }, 0x2e810n],
    ['relay adds DUEL_RELAY', { dontShuffleDeck: false, relay: true, tcgSegocRulings: false }, 0x2e880n],
    ['the TCG SEGOC box adds DUEL_TCG_SEGOC_NONPUBLIC', { dontShuffleDeck: false, relay: false, tcgSegocRulings: true }, 0x10002e800n],
  ])('room flags of MR5 with %s', (_why, options, flags) => {
    const mr5 = ['PENDULUM_ZONES', 'EXTRA_MONSTER_ZONES', 'FUSION_SYNCHRO_XYZ_ANYWHERE', 'TRAP_MONSTERS_DONT_OCCUPY_STZ', 'TRIGGER_EFFECTS_CORRECT_LOCATION'] as const;
    expect(roomDuelFlags({ ruleOptions: mr5, ...options })).toBe(flags);
  });

  test('forbidden types OR the filters', () => {
    expect(forbiddenTypes([])).toBe(0);
    expect(forbiddenTypes(['NO_FUSION', 'NO_SYNCHRO'])).toBe(0x2040);
  });

  test('hex is lower-case with 0x', () => {
    expect(toHex(0x7f80d072cn)).toBe('0x7f80d072c');
    expect(toHex(0)).toBe('0x0');
  });
});
