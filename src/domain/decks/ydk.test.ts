import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Deck } from './deck.ts';
import { exportYdk, parseYdk } from './ydk.ts';

const deck = (main: number[], extra: number[] = [], side: number[] = []): Deck => ({ main, extra, side });
const lines = (...ls: string[]): string => ls.join('\n');

describe('parseYdk follows EDOPro deck-editor parsing (edopro.md §2.2)', () => {
  test.each([
    ['a file as EDOPro writes it', lines('#created by Yugi', '#main', '1', '2', '#extra', '3', '!side', '4', ''), deck([1, 2], [3], [4])],
    ['CRLF line ends', '#main\r\n1\r\n#extra\r\n2\r\n!side\r\n3\r\n', deck([1], [2], [3])],
    ['anything after a CR is cut (a CR-only file is one line)', '#main\r1\r2', deck([])],
    ['empty and trailing blank lines', lines('', '1', '', '', '2', '', ''), deck([1, 2])],
    ['#main is only a comment: cards before it are Main Deck too', lines('1', '#main', '2'), deck([1, 2])],
    ['"#extra " with a trailing space is a comment', lines('#main', '1', '#extra ', '2'), deck([1, 2])],
    ['"#Extra" in another case is a comment', lines('#main', '1', '#Extra', '2'), deck([1, 2])],
    ['any "!" line starts the Side Deck: !Side', lines('1', '!Side', '2'), deck([1], [], [2])],
    ['any "!" line starts the Side Deck: !xyz', lines('1', '#extra', '2', '!xyz', '3'), deck([1], [2], [3])],
    ['no !side line: no Side Deck (MDPro3 exports)', lines('#main', '1', '#extra', '2'), deck([1], [2])],
    ['#extra after !side does not leave the Side Deck', lines('!side', '1', '#extra', '2'), deck([], [], [1, 2])],
    ['#main after #extra does not go back to the Main Deck', lines('#extra', '1', '#main', '2'), deck([], [1, 2])],
    ['comment lines with digits are skipped', lines('# 12345 Pot of Greed', '55144522'), deck([55144522])],
    ['stoul stops at the first non-digit: "123 #x"', '123 #x', deck([123])],
    ['stoul stops at the first non-digit: "1e5"', '1e5', deck([1])],
    ['stoul reads base 10: "0x1F" is 0', '0x1F', deck([0])],
    ['leading spaces and tabs are skipped', ' \t 42', deck([42])],
    ['a leading "+" is read', '+42', deck([42])],
    ['leading zeros are fine', '007563579', deck([7563579])],
    ['a line not starting with a number is skipped: "abc123"', lines('abc123', '5'), deck([5])],
    ['a line without digits is skipped', lines('hello', '5'), deck([5])],
    ['full-width digits are not digits', '１２３', deck([])],
    ['the largest uint32 is kept', '4294967295', deck([4294967295])],
    ['a UTF-8 BOM before a number makes stoul fail, as in EDOPro', '\uFEFF123\n456', deck([456])],
  ])('%s', (_why, text, expected) => {
    expect(parseYdk(text)).toEqual({ deck: expected, badNumbers: [] });
  });

  test.each([
    ['a number above uint32 is dropped (stoul throws on Windows)', '1\n4294967296\n2', deck([1, 2]), [{ line: 2, text: '4294967296' }]],
    ['an 11-digit number is dropped', '99999999999', deck([]), [{ line: 1, text: '99999999999' }]],
    ['a negative number wraps like strtoul', '-1', deck([4294967295]), [{ line: 1, text: '-1' }]],
    ['"-0" is just 0', '-0', deck([0]), []],
  ])('%s, and the line is reported', (_why, text, expected, bad) => {
    expect(parseYdk(text)).toEqual({ deck: expected, badNumbers: bad });
  });
});

describe('exportYdk', () => {
  test('writes exactly the lines of spec 2 §2, newline-terminated', () => {
    expect(exportYdk(deck([89631139, 89631139], [44508094], [5318639]), 'Kaiba')).toBe(
      '#created by Kaiba\n#main\n89631139\n89631139\n#extra\n44508094\n!side\n5318639\n',
    );
  });

  test('writes the section headers of an empty deck', () => {
    expect(exportYdk(deck([]), 'x')).toBe('#created by x\n#main\n#extra\n!side\n');
  });

  test('a line break in the author cannot open a section', () => {
    const text = exportYdk(deck([1]), 'Evil\n!side\r\n#extra');
    expect(text.startsWith('#created by Evil !side #extra\n#main\n')).toBe(true);
    expect(parseYdk(text).deck).toEqual(deck([1]));
  });

  test.each([
    ['a negative id', deck([-1])],
    ['an id above uint32', deck([], [], [2 ** 32])],
    ['a fraction', deck([], [1.5])],
    ['NaN', deck([Number.NaN])],
  ])('refuses %s with a RangeError', (_why, d) => {
    expect(() => exportYdk(d, 'x')).toThrow(RangeError);
  });

  test('round trip: parseYdk(exportYdk(d)) gives d back for any deck of uint32 passcodes', () => {
    const ids = fc.array(fc.integer({ min: 0, max: 0xffffffff }), { maxLength: 70 });
    fc.assert(
      fc.property(ids, ids, ids, fc.string(), (main, extra, side, author) => {
        const d = deck(main, extra, side);
        expect(parseYdk(exportYdk(d, author))).toEqual({ deck: d, badNumbers: [] });
      }),
    );
  });
});
