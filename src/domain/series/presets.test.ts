import { describe, expect, test } from 'vitest';
import { CUSTOM_PRESET, PRESETS, detectPreset, presetByName } from './presets.ts';
import { edoproNumbers } from './edopro-numbers.ts';
import { FILTER_TYPES, duelFlags, forbiddenTypes, type FilterCode, type RuleCode } from './rules.ts';

const preset = (name: string) => {
  const p = presetByName(name);
  if (!p) throw new Error(`no preset ${name}`);
  return p;
};
const { NO_XYZ, NO_PENDULUM, NO_LINK } = FILTER_TYPES;

describe('detectPreset', () => {
  test.each(PRESETS.map((p) => [p.name, p] as const))('%s is detected from its exact sets', (name, p) => {
    expect(detectPreset(p.rules, p.filters)).toBe(name);
  });

  test.each(PRESETS.map((p) => [p.name, p] as const))('%s is detected whatever the order of the codes', (name, p) => {
    expect(detectPreset([...p.rules].reverse(), [...p.filters].reverse())).toBe(name);
  });

  test('repeated codes do not change the set', () => {
    const p = preset('Master Rule 3');
    expect(detectPreset([...p.rules, p.rules[0]!], [...p.filters, ...p.filters])).toBe('Master Rule 3');
  });

  const mr1 = preset('Master Rule 1');
  const mr5 = preset('Master Rule 5');
  const goat = preset('GOAT');
  test.each<[string, readonly RuleCode[], readonly FilterCode[]]>([
    ['nothing at all', [], []],
    ['a rule superset (MR5 plus Normal Summon in Defense)', [...mr5.rules, 'NORMAL_SUMMON_FACEUP_DEFENSE'], mr5.filters],
    ['a rule subset (MR5 without Trigger location)', mr5.rules.filter((r) => r !== 'TRIGGER_EFFECTS_CORRECT_LOCATION'), mr5.filters],
    ['a filter superset (MR1 plus No Fusion)', mr1.rules, [...mr1.filters, 'NO_FUSION']],
    ['a filter subset (MR1 without No Link)', mr1.rules, mr1.filters.filter((f) => f !== 'NO_LINK')],
    ["MR1's rules without any filter", mr1.rules, []],
    ['MR5 with TCG SEGOC added', [...mr5.rules, 'TCG_SEGOC'], []],
    ["GOAT with EDOPro's filters (the spec gives GOAT none)", goat.rules, ['NO_XYZ', 'NO_PENDULUM', 'NO_LINK']],
    ['GOAT without GOAT Ignition Priority', goat.rules.filter((r) => r !== 'GOAT_IGNITION_PRIORITY'), []],
    ['MR1 filters with MR2 rules', preset('Master Rule 2').rules, mr1.filters],
  ])('%s is Custom', (_why, rules, filters) => {
    expect(detectPreset(rules, filters)).toBe(CUSTOM_PRESET);
  });

  test('unknown codes make it Custom', () => {
    expect(detectPreset([...mr5.rules, 'NOT_A_RULE'], [])).toBe('Custom');
  });
});

describe('EDOPro numbers of each preset (edopro.md §3.1 / §3.3)', () => {
  test.each([
    ['Master Rule 1', 0xd0700n, NO_XYZ | NO_PENDULUM | NO_LINK],
    ['Master Rule 2', 0xd0600n, NO_PENDULUM | NO_LINK],
    ['Master Rule 3', 0xd1800n, NO_LINK],
    ['Master Rule 4', 0xd2800n, 0],
    ['Master Rule 5', 0x2e800n, 0],
    ['Speed Duel', 0x628000n, 0],
    ['Rush Duel', 0x807f28200n, 0],
    // EDOPro's GOAT mode also forbids Xyz/Pendulum/Link; the spec's GOAT preset has no filters (presets.md)
    ['GOAT', 0x7f80d072cn, 0],
  ])('%s: duel flags %s, forbidden types %s', (name, flags, forbidden) => {
    const p = preset(name);
    expect(duelFlags(p.rules)).toBe(flags);
    expect(forbiddenTypes(p.filters)).toBe(forbidden);
  });

  test('Master Rule 1 forbids exactly Xyz, Pendulum and Link (0x5800000)', () => {
    expect(forbiddenTypes(preset('Master Rule 1').filters)).toBe(0x800000 | 0x1000000 | 0x4000000);
    expect(forbiddenTypes(preset('Master Rule 1').filters)).toBe(0x5800000);
  });

  test('GOAT is Master Rule 1 plus eleven rules (17 codes)', () => {
    expect(goatLength()).toBe(17);
    expect(preset('GOAT').rules).toEqual(expect.arrayContaining([...preset('Master Rule 1').rules]));
  });
  const goatLength = () => new Set(preset('GOAT').rules).size;

  test('eight presets, Rush Duel included, names unique', () => {
    expect(PRESETS.map((p) => p.name)).toEqual([
      'Master Rule 1', 'Master Rule 2', 'Master Rule 3', 'Master Rule 4', 'Master Rule 5', 'Speed Duel', 'Rush Duel', 'GOAT',
    ]);
  });

  test('presetByName is exact and answers undefined for Custom', () => {
    expect(presetByName('GOAT')?.name).toBe('GOAT');
    expect(presetByName('goat')).toBeUndefined();
    expect(presetByName('Custom')).toBeUndefined();
  });
});

describe('edoproNumbers of a series', () => {
  test.each(PRESETS.map((p) => [p.name, p] as const))('%s: preset named, numbers as decimal strings', (name, p) => {
    const n = edoproNumbers({ ruleOptions: p.rules, cardTypeFilters: p.filters, relay: false, dontShuffleDeck: false, tcgSegocRulings: false });
    expect(n.preset).toBe(name);
    expect(BigInt(n.duelFlags)).toBe(duelFlags(p.rules));
    expect(n.roomDuelFlags).toBe(n.duelFlags);
    expect(n.forbiddenTypes).toBe(forbiddenTypes(p.filters));
  });

  test('GOAT flags survive as a decimal string above 2^32', () => {
    const goat = preset('GOAT');
    const n = edoproNumbers({ ruleOptions: goat.rules, cardTypeFilters: [], relay: true, dontShuffleDeck: false, tcgSegocRulings: true });
    expect(n.duelFlags).toBe('34226374444'); // 0x7f80d072c
    expect(BigInt(n.roomDuelFlags)).toBe(0x7f80d072cn | 0x80n);
  });
});
