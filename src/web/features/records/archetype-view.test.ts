import { describe, expect, test } from 'vitest';
import type { ArchetypePreview, Signature } from '../../../domain/api/records.ts';
import { previewReason, signatureRule } from './archetype-view.ts';

const cards = (n: number) => Array.from({ length: n }, (_, i) => ({ passcode: i + 1, name: `Card ${i + 1}` }));

describe('signatureRule', () => {
  test.each([
    ['one card', 1, null, 'A deck must hold this card'],
    ['all of them (no min)', 3, null, 'A deck must hold all 3 cards'],
    ['a min equal to the cards is all of them', 2, 2, 'A deck must hold all 2 cards'],
    ['some of them', 3, 2, 'A deck must hold at least 2 of these 3 cards'],
  ])('%s', (_label, n, min, expected) => {
    expect(signatureRule({ cards: cards(n), min })).toBe(expected);
  });
});

describe('previewReason', () => {
  const table: Signature[] = [
    { id: 7, name: 'Chaos', cards: cards(2), min: null, position: 0 },
    { id: 9, name: 'Warrior', cards: cards(3), min: 2, position: 1 },
  ];
  const preview = (p: Partial<ArchetypePreview>): ArchetypePreview => ({ name: 'Other', source: 'other', copies: 0, code: null, signatureId: null, cards: 40, ...p });
  test.each([
    ['an archetype', preview({ name: 'Blackwing', source: 'setcode', copies: 24, code: 0x33 }), 'An EDOPro archetype dominates it: 24 of its 55 Main and Extra Deck cards are Blackwing cards.'],
    ['a signature, with its place in the table', preview({ name: 'Warrior', source: 'signature', copies: 5, signatureId: 9 }), 'No archetype dominates it; it holds 5 copies of the cards of the signature #2 “Warrior”.'],
    ['one copy', preview({ name: 'Chaos', source: 'signature', copies: 1, signatureId: 7 }), 'No archetype dominates it; it holds 1 copy of the cards of the signature #1 “Chaos”.'],
    ['a signature the page has not loaded', preview({ name: 'New', source: 'signature', copies: 2, signatureId: 99 }), 'No archetype dominates it; it holds 2 copies of the cards of the signature “New”.'],
    ['nothing', preview({}), 'No archetype dominates it and it matches no signature.'],
  ])('%s', (_label, p, expected) => {
    expect(previewReason(p.source === 'setcode' ? { ...p, cards: 55 } : p, table)).toBe(expected);
  });
});
