import { describe, expect, test } from 'vitest';
import type { DeckCard } from '../../../domain/api/records.ts';
import { byKind, deckList, lineText, linesOf } from './deck-list.ts';

const card = (passcode: number, name: string, count: number, kind?: DeckCard['kind']): DeckCard => ({ passcode, name, count, kind });
// a deck's own order mixes kinds (EDOPro keeps the order the cards were added in)
const ASH = card(14558127, 'Ash Blossom & Joyous Spring', 2, 'monster');
const ASH_ART = card(14558128, 'Ash Blossom & Joyous Spring', 1, 'monster');
const CALLED = card(24224830, 'Called by the Grave', 1, 'spell');
const MAXX = card(23434538, 'Maxx "C"', 3, 'monster');
const TRAP = card(10045474, 'Infinite Impermanence', 3, 'trap');
const POT = card(55144522, 'Pot of Greed', 1, 'spell');

describe('the text list of a report deck', () => {
  test('Main Deck under Monsters, Spells, Traps, each in the deck\'s order; alternate arts of a name are one line', () => {
    const [main] = deckList({ main: [TRAP, ASH, CALLED, MAXX, ASH_ART, POT], extra: [], side: [] });
    expect(main).toMatchObject({ part: 'main', title: 'Main Deck', count: 11 });
    expect(main!.groups.map((g) => [g.title, g.count, g.lines.map(lineText)])).toEqual([
      ['Monsters', 6, ['3x Ash Blossom & Joyous Spring', '3x Maxx "C"']],
      ['Spells', 2, ['1x Called by the Grave', '1x Pot of Greed']],
      ['Traps', 3, ['3x Infinite Impermanence']],
    ]);
  });

  test('Extra and Side in one run each (the Side sorted by kind); an empty part is left out, the Main Deck never', () => {
    const extra = [card(1, 'Accesscode Talker', 1, 'monster'), card(2, 'Knightmare Unicorn', 2, 'monster')];
    const parts = deckList({ main: [], extra, side: [TRAP, POT] });
    expect(parts.map((p) => [p.title, p.count])).toEqual([['Main Deck', 0], ['Extra Deck', 3], ['Side Deck', 4]]);
    expect(parts[1]!.groups).toEqual([{ title: null, count: 3, lines: [{ name: 'Accesscode Talker', count: 1, passcode: 1 }, { name: 'Knightmare Unicorn', count: 2, passcode: 2 }] }]);
    expect(parts[2]!.groups.map((g) => [g.title, g.lines.map(lineText)])).toEqual([[null, ['1x Pot of Greed', '3x Infinite Impermanence']]]);
    expect(deckList({ main: [POT], extra: [], side: [] }).map((p) => p.part)).toEqual(['main']);
  });

  test('cards of unknown kind come last as Other cards; without any kind (an older answer) the deck\'s own order', () => {
    const unknown = card(99, 'Unknown card 99', 1);
    expect(deckList({ main: [unknown, POT, ASH], extra: [], side: [] })[0]!.groups.map((g) => g.title)).toEqual(['Monsters', 'Spells', 'Other cards']);
    const old = [card(5, 'B', 1), card(4, 'A', 2)];
    expect(deckList({ main: old, extra: [], side: [] })[0]!.groups).toEqual([{ title: null, count: 3, lines: [{ name: 'B', count: 1, passcode: 5 }, { name: 'A', count: 2, passcode: 4 }] }]);
  });

  test('the compact pictures: a card each, in the list\'s order; lines merge by name only', () => {
    expect(byKind([TRAP, ASH, CALLED, ASH_ART]).map((c) => c.passcode)).toEqual([ASH.passcode, ASH_ART.passcode, CALLED.passcode, TRAP.passcode]);
    // the line links its first copy's passcode
    expect(linesOf([ASH, MAXX, ASH_ART])).toEqual([{ name: ASH.name, count: 3, passcode: ASH.passcode }, { name: MAXX.name, count: 3, passcode: MAXX.passcode }]);
  });
});
