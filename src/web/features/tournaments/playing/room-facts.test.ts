import { expect, test } from 'vitest';
import { roomFacts } from './room-facts.ts';

const t = { duelFlags: '137438953472', roomDuelFlags: '137438953472', forbiddenTypes: 0x4000, bestOf: 3, startingLp: 8000, startingHand: 5, cardsPerDraw: 1, banlistName: null, hasBanlist: false };

test('each number of the room settings is a part of its own, hex and decimal apart (issue 30 §8: kept whole on a line)', () => {
  expect(roomFacts(t).slice(0, 2)).toEqual([['Duel flags', ['0x2000000000', '137438953472']], ['Forbidden types', ['0x4000', '16384']]]);
  expect(roomFacts({ ...t, roomDuelFlags: '137438953473' })[1]).toEqual(['Duel flags with room options', ['0x2000000001', '137438953473']]);
  expect(roomFacts({ ...t, hasBanlist: true }).at(-1)).toEqual(['Banlist', ['Unnamed list']]);
});
