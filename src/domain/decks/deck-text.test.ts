import { describe, expect, test } from 'vitest';
import { MAX_DECK_CARDS, parseDeckText } from './deck-text.ts';
import { buildYdke } from './ydke.ts';

const README = 'ydke://o6lXBZyFNAI=!viOnAg==!7ydRAA==!';
const README_DECK = { main: [89631139, 36996508], extra: [44508094], side: [5318639] };
const ids = (n: number): string => Array.from({ length: n }, (_, i) => String(10000 + i)).join('\n');

describe('parseDeckText accepts', () => {
  test.each([
    ['a ydke:// link', README, README_DECK],
    ['a ydke:// link with whitespace and line breaks around it', `  \r\n\t${README}\n\n `, README_DECK],
    ['a .ydk file', '#created by x\n#main\n89631139\n36996508\n#extra\n44508094\n!side\n5318639\n', README_DECK],
    ['a .ydk file with CRLF line ends', '#main\r\n89631139\r\n36996508\r\n#extra\r\n44508094\r\n!side\r\n5318639\r\n', README_DECK],
    ['a .ydk file with blank lines around it', '\n\n  89631139\n36996508\n#extra\n44508094\n!side\n5318639\n\n\n', README_DECK],
    [`exactly ${MAX_DECK_CARDS} cards`, ids(MAX_DECK_CARDS), { main: ids(MAX_DECK_CARDS).split('\n').map(Number), extra: [], side: [] }],
  ])('%s', (_why, text, deck) => {
    expect(parseDeckText(text)).toEqual({ ok: true, deck });
  });
});

describe('parseDeckText refuses junk with a sentence', () => {
  test.each([
    ['an empty text', '', /^The deck is empty\./],
    ['only whitespace', ' \r\n\t\n ', /^The deck is empty\./],
    ['text without card ids', '#created by x\n#main\n#extra\n!side\n', /^No card passcodes found\./],
    ['prose', 'Here is my deck, please check it!', /^No card passcodes found\./],
    ['JSON', '{"main":[89631139]}', /^No card passcodes found\./],
    ['a ydke:// link with junk base64', 'ydke://o6lX%ZyFNAI=!!!', /Main Deck part of this ydke:\/\/ link is damaged/],
    ['a ydke:// link with a missing part', 'ydke://o6lXBZyFNAI=!', /three parts/],
    ['a ydke:// link without cards', 'ydke://!!!', /holds no cards/],
    ['an id above uint32', '#main\n89631139\n4294967296\n', /^Line 3 \("4294967296"\) is not a card passcode/],
    ['a negative id', '#main\n-5\n1\n-6', /^Line 2 \("-5"\) \(and 1 more\) is not a card passcode/],
    [`${MAX_DECK_CARDS + 1} cards in a .ydk`, ids(MAX_DECK_CARDS + 1), /^The deck has 201 cards; at most 200 are accepted\.$/],
    ['1,001 lines', ids(1001), /^The deck text has more than 1,000 lines/],
    ['a very long text', 'x'.repeat(100_001), /^The deck text is too long \(100,001 characters\)/],
  ])('%s', (_why, text, message) => {
    const r = parseDeckText(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });

  test('a ydke:// link of 201 cards', () => {
    const r = parseDeckText(buildYdke({ main: Array<number>(60).fill(1), extra: Array<number>(141).fill(2), side: [] }));
    expect(r).toEqual({ ok: false, error: 'The deck has 201 cards; at most 200 are accepted.' });
  });

  test('a deck of 10,000 lines is refused with a sentence, without being parsed (under 50 ms)', () => {
    const text = ids(10_000);
    const start = performance.now();
    const r = parseDeckText(text);
    const ms = performance.now() - start;
    expect(r).toEqual({ ok: false, error: 'The deck text has more than 1,000 lines; a .ydk deck file has one line per card.' });
    expect(ms).toBeLessThan(50);
  });
});
