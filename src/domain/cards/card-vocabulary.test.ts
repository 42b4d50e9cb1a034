import { describe, expect, test } from 'vitest';
import { ATTRIBUTES, FILTER_WORDS, filterWord, RACES, SUBTYPES, type WordFilter } from './card-vocabulary.ts';

describe('filterWord: a filter word as EDOPro, card sites and this site spell it', () => {
  test.each([
    ['attribute', 'DARK', 'dark'],
    ['attribute', 'dark', 'dark'],
    ['attribute', ' Light ', 'light'],
    ['race', 'Spellcaster', 'spellcaster'],
    ['race', 'SPELLCASTER', 'spellcaster'],
    ['race', 'Winged Beast', 'winged-beast'],
    ['race', 'winged_beast', 'winged-beast'],
    ['race', 'Beast-Warrior', 'beast-warrior'],
    ['race', 'Sea Serpent', 'sea-serpent'],
    ['subtype', 'Quick-Play', 'quick-play'],
    ['subtype', 'QUICKPLAY', 'quick-play'],
    ['subtype', 'Synchro', 'synchro'],
    ['kind', 'Monster', 'monster'],
    ['status', 'SEMI_LIMITED', 'semi-limited'],
    ['status', 'Semi-Limited', 'semi-limited'],
    ['status', 'NONE', 'not-listed'],
    ['status', 'Not on the list', 'not-listed'],
    ['sort', 'ATK', 'atk'],
    ['sort', 'Most played', 'meta'],
  ] as [WordFilter, string, string][])('%s %j is %s', (filter, word, expected) => {
    expect(filterWord(filter, word)).toBe(expected);
  });

  test.each([
    ['attribute', 'darkness'],
    ['race', 'Winged'],
    ['kind', ''],
    ['status', 'banned'],
  ] as [WordFilter, string][])('%s %j is no word of the filter', (filter, word) => {
    expect(filterWord(filter, word)).toBeUndefined();
  });

  // (two words sharing a name would throw as the module loads)
  test('every word, and every name the page prints for it, finds that word', () => {
    const printed: [WordFilter, string, string][] = [
      ...Object.entries(ATTRIBUTES).map(([w, a]) => ['attribute', a.label, w] as [WordFilter, string, string]),
      ...Object.entries(RACES).map(([w, r]) => ['race', r.label, w] as [WordFilter, string, string]),
      ...Object.entries(SUBTYPES).map(([w, s]) => ['subtype', s.label, w] as [WordFilter, string, string]),
    ];
    for (const [filter, label, word] of printed) expect([label, filterWord(filter, label)]).toEqual([label, word]);
    for (const [filter, words] of Object.entries(FILTER_WORDS)) {
      for (const word of new Set(words.values())) expect(filterWord(filter as WordFilter, word)).toBe(word);
    }
  });
});
