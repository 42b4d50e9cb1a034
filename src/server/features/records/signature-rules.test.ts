import { describe, expect, test } from 'vitest';
import { buildYdke } from '../../../domain/decks/ydke.ts';
import { HttpError } from '../../errors.ts';
import { checkOrder, previewDeck } from './signature-rules.ts';

const refusal = (f: () => unknown): { status: number; message: string } | undefined => {
  try {
    f();
    return undefined;
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    return { status: e.statusCode, message: e.message };
  }
};

describe('checkOrder', () => {
  test.each([
    ['every id once, in any order', [3, 1, 2], [1, 2, 3], undefined],
    ['an empty table, an empty order', [], [], undefined],
    ['one left out: a stale page', [1, 2], [1, 2, 3], { status: 409, message: 'ids: name every signature once (there are 3); reload the list and try again' }],
    ['one that was deleted', [1, 2, 4], [1, 2, 3], { status: 409, message: 'ids: no signature has the id 4; reload the list and try again' }],
    ['one named twice', [1, 1, 2, 3], [1, 2, 3], { status: 400, message: 'ids: 1 is listed twice' }],
  ])('%s', (_label, ids, existing, expected) => {
    expect(refusal(() => checkOrder(ids, existing))).toEqual(expected);
  });
});

describe('previewDeck', () => {
  const deck = { main: [1, 2, 3], extra: [4], side: [5] };
  test.each([
    ['passcodes', { main: [1, 2, 3], extra: [4] }, { main: [1, 2, 3], extra: [4] }],
    ['main alone', { main: [1] }, { main: [1], extra: [] }],
    ['extra alone', { extra: [4] }, { main: [], extra: [4] }],
    ['ydk text, the Side Deck left out', { deck: '#main\n1\n2\n3\n#extra\n4\n!side\n5\n' }, { main: [1, 2, 3], extra: [4] }],
    ['a ydke:// link', { deck: buildYdke(deck) }, { main: [1, 2, 3], extra: [4] }],
  ])('%s', (_label, body, expected) => {
    expect(previewDeck(body)).toEqual(expected);
  });

  test.each([
    ['nothing', {}, /^Send the deck/],
    ['both kinds', { main: [1], deck: '#main\n1\n' }, /not both/],
    ['no cards', { main: [], extra: [] }, /no cards/],
    ['no passcodes in the text', { deck: '#main\n' }, /^deck: No card passcodes/],
    ['a passcode too large', { deck: '#main\n99999999999\n' }, /^deck: Line 2/],
    ['a damaged link', { deck: 'ydke://abc' }, /^deck: This ydke/],
  ])('%s: 400', (_label, body, message) => {
    const r = refusal(() => previewDeck(body));
    expect(r?.status).toBe(400);
    expect(r?.message).toMatch(message);
  });
});
