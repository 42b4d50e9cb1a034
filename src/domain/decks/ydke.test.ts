import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Deck } from './deck.ts';
import { buildYdke, looksLikeYdke, parseYdke } from './ydke.ts';

const deck = (main: number[], extra: number[] = [], side: number[] = []): Deck => ({ main, extra, side });
const README = 'ydke://o6lXBZyFNAI=!viOnAg==!7ydRAA==!';
const README_DECK = deck([89631139, 36996508], [44508094], [5318639]);

describe('parseYdke', () => {
  test('reads the ydke.js README example', () => {
    expect(parseYdke(README)).toEqual({ ok: true, deck: README_DECK });
  });

  test.each([
    ['URL-safe alphabet "-_"', 'ydke://_____w==!!!', deck([4294967295])],
    ['standard alphabet "+/"', 'ydke://////+w==!!!', deck([4227858431])],
    ['"." as padding (EDOPro)', 'ydke://o6lXBZyFNAI.!viOnAg..!7ydRAA..!', README_DECK],
    ['no padding at all', 'ydke://o6lXBZyFNAI!viOnAg!7ydRAA!', README_DECK],
    ['no "!" after the Side Deck (ydke.js reads it)', 'ydke://o6lXBZyFNAI=!viOnAg==!7ydRAA==', README_DECK],
    ['empty sections are empty strings', 'ydke://rvTMAhLZoAI=!/WccAA==!!', deck([46986414, 44095762], [1861629])],
    ['a deck with no cards at all', 'ydke://!!!', deck([])],
    ['the scheme in capitals', 'YDKE://o6lXBZyFNAI=!viOnAg==!7ydRAA==!', README_DECK],
  ])('accepts %s', (_why, url, expected) => {
    expect(parseYdke(url)).toEqual({ ok: true, deck: expected });
  });

  test.each([
    ['another scheme', 'https://o6lXBZyFNAI=!viOnAg==!7ydRAA==!', /starts with ydke:\/\//],
    ['only two parts', 'ydke://o6lXBZyFNAI=!viOnAg==', /three parts/],
    ['text after the third "!"', 'ydke://o6lXBZyFNAI=!viOnAg==!7ydRAA==!junk', /three parts/],
    ['a fourth part', 'ydke://!!!!', /three parts/],
    ['a character outside base64', 'ydke://o6lXBZ*FNAI=!!!', /Main Deck part .* "\*", which is not a base64 character/],
    ['a space inside', 'ydke://!viOn Ag==!!', /Extra Deck part .* " "/],
    ['padding in the middle', 'ydke://!!7y=dRAA==!', /Side Deck part .* "="/],
    ['three padding characters', 'ydke://o6lXBZyFNA===!!!', /too much padding/],
    ['a length no base64 text has', 'ydke://o6lXB!!!', /cut short/],
    ['bytes that are not whole passcodes', 'ydke://o6lX!!!', /whole card passcodes/],
  ])('refuses %s with a sentence', (_why, url, message) => {
    const r = parseYdke(url);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });
});

describe('buildYdke', () => {
  test('writes the ydke.js README example', () => {
    expect(buildYdke(README_DECK)).toBe(README);
  });

  test('writes empty sections as empty strings', () => {
    expect(buildYdke(deck([46986414, 44095762], [1861629]))).toBe('ydke://rvTMAhLZoAI=!/WccAA==!!');
  });

  test.each([
    ['a negative id', deck([-1])],
    ['an id above uint32', deck([2 ** 32])],
    ['a fraction', deck([], [], [0.5])],
  ])('refuses %s with a RangeError', (_why, d) => {
    expect(() => buildYdke(d)).toThrow(RangeError);
  });

  test('round trip: parseYdke(buildYdke(d)) gives d back for any deck of uint32 passcodes', () => {
    const ids = fc.array(fc.integer({ min: 0, max: 0xffffffff }), { maxLength: 70 });
    fc.assert(
      fc.property(ids, ids, ids, (main, extra, side) => {
        const d = deck(main, extra, side);
        expect(parseYdke(buildYdke(d))).toEqual({ ok: true, deck: d });
      }),
    );
  });
});

test.each([
  ['ydke://a!b!c!', true],
  ['  \n YDKE://x', true],
  ['#main\n1', false],
  ['ydke:/', false],
])('looksLikeYdke(%j) is %s', (text, expected) => {
  expect(looksLikeYdke(text)).toBe(expected);
});
