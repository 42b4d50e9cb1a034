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
    ['a tab first is escaped and quoted', '\tcmd', '"\'\tcmd"'],
    ['a carriage return is a line feed, and what follows it is escaped', '\r=1', '"\n\'=1"'],
    ['a semicolon is quoted, a formula after it escaped', 'x;=1+1 team', '"x;\'=1+1 team"'],
    ['a tab is quoted, a formula after it escaped', 'x\t@SUM(A1)', '"x\t\'@SUM(A1)"'],
    ['a formula after spaces and quotes past a separator', 'Ann; " -2', '"Ann; "" \'-2"'],
    ['a tab first, and a formula after it', '\t=1', '"\'\t\'=1"'],
    ['a minus after a space is fine', 'Team A - B', 'Team A - B'],
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
        expect(back).toHaveLength(rows.length + 1);
        back.slice(1).forEach((r, i) => r.forEach((f, j) => readsAs(f, rows[i]![j]!)));
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

// ---- hostile text (issue 29 §6) -------------------------------------------------------------------

/** The text a field should read back as: each line break one LF, other controls gone (tab stays). */
// eslint-disable-next-line no-control-regex
const cleaned = (s: string) => s.replace(/\r\n|[\r\v\f\u0085\u2028\u2029]/g, '\n').replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/g, '');
/** Text without the apostrophes before formula starts at a cell start (the escapes), to compare a field with its original. */
const unescaped = (s: string) => s.replace(/(?<=(?:^|[,;\t\n])[ "]*)'(?=[=+\-@\t])/g, '');
/** A parsed field as its original text reads, escapes aside. */
const readsAs = (field: string, original: string) => expect(unescaped(field)).toBe(unescaped(cleaned(original)));

/**
 * Where any reader starts a cell, whatever its separator: a naive one that splits each line on
 * `sep` ignoring quotes (as Excel does with a quote in mid-field), after splitting lines on every
 * Unicode line break. Returns the cells that would start a formula (spaces and quotes trimmed).
 */
function formulaCells(text: string, sep: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|[\n\v\f\r\x1c-\x1e\u0085\u2028\u2029]/) // eslint-disable-line no-control-regex
    .flatMap((line) => line.split(sep))
    .filter((cell) => /^[ "]*[=+\-@\t\r]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell));
}

const HOSTILE = [
  'x;=1+1 team',
  'x,=1+1 team',
  'x\t=1+1 team',
  'a;+cmd|x',
  'Ann; @SUM(1)',
  'b;"=1+1"',
  'c\u2028=1+1',
  'd\u2029-1',
  'e\u0085@x',
  'f\v=1\fg=2',
  'h\r=1\r\n+2\n-3',
  'i\u0000\u001b\u007f\u0090j',
  '=HYPERLINK("http://evil.example";"x")',
];

describe('hostile text in a CSV file', () => {
  test.each(HOSTILE)('%j stays one cell with ",", ";" or a tab as separator', (name) => {
    const text = toCsv(['Team'], [[name]]);
    const intended = cleaned(name); // these names hold no apostrophe: every one in the file is an escape
    for (const delimiter of [',', ';', '\t']) {
      const rows = parse(text, { bom: true, delimiter }) as string[][];
      expect(rows, JSON.stringify(delimiter)).toEqual([['Team'], [expect.any(String)]]);
      expect(unescaped(rows[1]![0]!)).toBe(intended);
    }
  });

  test.each(HOSTILE)('%j starts no formula in a row read with any separator', (name) => {
    // a row of several text cells, as pairings.csv and standings.csv write them
    const text = toCsv(['Team 1', 'Team 1 players', 'Team 2'], [[name, `Ann; ${name}`, `${name}, ${name}`]]);
    for (const sep of [',', ';', '\t']) expect(formulaCells(text, sep), JSON.stringify(sep)).toEqual([]);
    expect((parse(text, { bom: true }) as string[][])[1]!.map(unescaped)).toEqual([cleaned(name), `Ann; ${cleaned(name)}`, `${cleaned(name)}, ${cleaned(name)}`]);
  });

  test('no raw line break but LF and the CRLF that ends a row, no control character but tab', () => {
    const text = toCsv(['Team'], HOSTILE.map((n) => [n]));
    // eslint-disable-next-line no-control-regex
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]/);
  });

  test('any text, hostile characters mixed in, reads back cleaned with any separator and starts no formula', () => {
    const unit = fc.constantFrom('a', ' ', '"', ',', ';', '\t', '\r', '\n', '\v', '\u0085', '\u2028', '\u2029', '\u0000', '\u0090', '=', '+', '-', '@', 'é', '🐉');
    fc.assert(
      fc.property(fc.array(fc.string({ unit, maxLength: 12 }), { minLength: 1, maxLength: 4 }), (names) => {
        const one = toCsv(['Team'], names.map((n) => [n]));
        for (const delimiter of [',', ';', '\t']) {
          const rows = (parse(one, { bom: true, delimiter }) as string[][]).slice(1);
          expect(rows.map((r) => r.length)).toEqual(names.map(() => 1));
          rows.forEach(([f], i) => readsAs(f!, names[i]!));
        }
        const wide = toCsv(names.map((_, i) => `c${i}`), [names]);
        for (const sep of [',', ';', '\t']) expect(formulaCells(wide, sep)).toEqual([]);
      }),
    );
  });
});
