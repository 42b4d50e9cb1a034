import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { csvField, toCsv } from './csv.ts';

describe('one CSV field', () => {
  test.each([
    ['plain text as it is', 'Blackwing', 'Blackwing'],
    ['a comma is quoted', 'Smith, John', '"Smith, John"'],
    ['quotes are doubled inside quotes', 'The "Best" Team', '"The ""Best"" Team"'],
    ['a line break is quoted', 'two\nlines', '"two\nlines"'],
    ['a formula is text', '=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ['a plus sign first', '+1 555', "'+1 555"],
    ['a minus sign first', '-2+3', "'-2+3"],
    ['an at sign first', '@SUM(A1)', "'@SUM(A1)"],
    ['a tab first', '\tcmd', "'\tcmd"],
    ['a carriage return first is escaped and quoted', '\r=1', '"\'\r=1"'],
    ['a minus later is fine', 'Team-A', 'Team-A'],
    ['numbers stay numbers, negative ones too', -3, '-3'],
    ['nothing is an empty field', null, ''],
    ['accents and emoji as they are', 'Équipe 🐉', 'Équipe 🐉'],
  ])('%s', (_why, value, expected) => expect(csvField(value)).toBe(expected));
});

describe('a CSV file', () => {
  test('header, CRLF line ends, a byte order mark', () => {
    expect(toCsv(['Table', 'Team'], [[1, 'A'], [2, 'B, C']])).toBe('\uFEFFTable,Team\r\n1,A\r\n2,"B, C"\r\n');
  });

  test('a row of the wrong length is a programming error', () => {
    expect(() => toCsv(['a', 'b'], [['x']])).toThrow(/1 fields where the header has 2/);
  });

  test('any text reads back the same from an RFC 4180 parser (formula escapes aside)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ unit: 'grapheme', maxLength: 12 }), { minLength: 2, maxLength: 2 }), { maxLength: 8 }), (rows) => {
        const text = toCsv(['a', 'b'], rows);
        const back = parse(text, { bom: true, relax_column_count: false }) as string[][];
        expect(back[0]).toEqual(['a', 'b']);
        const unescape = (s: string, original: string) => (s !== original && s.startsWith("'") ? s.slice(1) : s);
        expect(back.slice(1).map((r, i) => r.map((f, j) => unescape(f, rows[i]![j]!)))).toEqual(rows);
      }),
    );
  });

  test('no field of a parsed file starts a formula', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 8 }), { minLength: 1, maxLength: 6 }), (names) => {
        const back = parse(toCsv(['name'], names.map((n) => [n])), { bom: true }) as string[][];
        for (const [field] of back.slice(1)) expect(/^[=+\-@\t\r]/.test(field!)).toBe(false);
      }),
    );
  });
});
