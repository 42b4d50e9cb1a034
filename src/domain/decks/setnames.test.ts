import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { MAX_SETNAME_LINE_LENGTH, parseSetnames } from './setnames.ts';

// /work/shared/data = ../shared/data from the repo root.
const SHARED = new URL('../../../../shared/data/strings/setnames.conf', import.meta.url);
const DEMO = new URL('../../../assets/edopro/setnames.conf', import.meta.url);

describe('parseSetnames on EDOPro strings', () => {
  const names = parseSetnames(readFileSync(SHARED, 'utf8'));

  test('reads all 756 names of the real file', () => {
    expect(names.size).toBe(756);
  });

  test.each([
    ['an archetype: 0x8', 0x8, 'HERO'],
    ['its sub-archetype: 0x3008', 0x3008, 'Elemental HERO'],
    ['Blackwing: 0x33', 0x33, 'Blackwing'],
    ['a name with non-ASCII characters: 0x155', 0x155, 'Evil★Twin'],
    ['a name with "|" kept verbatim: 0x46', 0x46, 'Polymerization|Fusion'],
    ['the top high bits: 0xc008', 0xc008, 'Destiny HERO'],
  ])('%s', (_why, code, name) => {
    expect(names.get(code)).toBe(name);
  });

  // issue 30 §8: names as EDOPro spells them ('Elemental HERO', never 'ElementalHERO'), every inner space kept
  test('every name of the real file is the text after its code, spaces inside kept', () => {
    const lines = readFileSync(SHARED, 'utf8').split('\n').filter((l) => l.startsWith('!setname '));
    const written = new Map(lines.map((l) => { const [, code, name] = /^!setname (0x[0-9a-f]+) (.+)$/i.exec(l)!; return [Number(code), name!]; }));
    expect(names).toEqual(written);
    const spaced = [...names.values()].filter((n) => n.includes(' '));
    expect(spaced.length).toBeGreaterThan(250);
    expect(spaced).toEqual(expect.arrayContaining(['Elemental HERO', 'Sky Striker', 'Dark Magician', 'Evil HERO']));
  });

  test('the demo copy is the shared file byte for byte', () => {
    expect(readFileSync(DEMO).equals(readFileSync(SHARED))).toBe(true);
  });
});

describe('parseSetnames on hostile text', () => {
  test.each([
    ['CRLF line ends', '!setname 0x8 HERO\r\n!setname 0x33 Blackwing\r\n', [[0x8, 'HERO'], [0x33, 'Blackwing']]],
    ['tabs between the fields, spaces inside the name', '!setname\t0x3008\tElemental HERO  ', [[0x3008, 'Elemental HERO']]],
    ['upper-case hex', '!setname 0X1A Dark Scorpion', [[0x1a, 'Dark Scorpion']]],
    ['a later line for the same code wins', '!setname 0x8 Old\n!setname 0x8 HERO', [[0x8, 'HERO']]],
    ['regex characters in a name are plain text', '!setname 0x9 (.*)+[', [[0x9, '(.*)+[']]],
    ['comments and blank lines', '# !setname 0x8 HERO\n\n   \n#\n', []],
    ['other directives', '!system 1 Normal\n!counter 0x1 Spell Counter\n!setnames 0x8 HERO\n!setnameX 0x8 HERO', []],
    ['indented lines', ' !setname 0x8 HERO', []],
    ['no code or no name', '!setname\n!setname \n!setname 0x8\n!setname 0x8   \n!setname  HERO', []],
    ['codes that are not 1-4 hex digits', '!setname 8 HERO\n!setname 0x HERO\n!setname 0xZZ HERO\n!setname 0x10000 HERO\n!setname -0x8 HERO\n!setname 0x8.5 HERO', []],
    ['code 0 names nothing', '!setname 0x0 Nothing', []],
    ['NUL and control bytes', '\0\u0001!setname 0x8 HERO\n!setname 0x8\0HERO', []],
  ])('%s', (_why, text, expected) => {
    expect([...parseSetnames(text)]).toEqual(expected);
  });

  test('skips a 1 MB line unread and keeps reading after it', () => {
    const text = `!setname 0x8 ${'A'.repeat(1 << 20)}\n!setname 0x33 Blackwing`;
    expect([...parseSetnames(text)]).toEqual([[0x33, 'Blackwing']]);
  });

  test('skips a line just over the bound and keeps one at it', () => {
    const line = (length: number) => `!setname 0x8 ${'A'.repeat(length - '!setname 0x8 '.length)}`;
    expect(parseSetnames(line(MAX_SETNAME_LINE_LENGTH + 1)).size).toBe(0);
    expect(parseSetnames(line(MAX_SETNAME_LINE_LENGTH)).size).toBe(1);
  });

  test('reads 1 MB of garbage without a name', () => {
    let garbage = '';
    for (let i = 0; garbage.length < 1 << 20; i++) garbage += `!setname 0x${i % 7 === 0 ? 'G' : ''}${i.toString(16)}\n\u0000${'!'.repeat(i % 50)}\n`;
    expect(parseSetnames(garbage).size).toBe(0);
  });
});
