// The numbers a player types into EDOPro to host a duel room (issue 19), as label and parts: each part
// is one number the page keeps whole on a line (issue 30 §8: '137438953472' never wraps mid-number).
import type { Tournament } from '../../../../domain/api/tournaments.ts';
import { toHex } from '../../../../domain/series/rules.ts';

export type RoomFact = readonly [label: string, parts: readonly string[]];

/** What the numbers are read from: an event, or a league (the same duel settings, from its series). */
export type RoomFactFields = Pick<Tournament, 'duelFlags' | 'roomDuelFlags' | 'forbiddenTypes' | 'bestOf' | 'startingLp' | 'startingHand' | 'cardsPerDraw' | 'banlistName' | 'hasBanlist'>;

/** The same numbers, under the same names, as the left panel's EDOPro Room Settings: hex and decimal as two parts. */
export function roomFacts(t: RoomFactFields): RoomFact[] {
  const rules = BigInt(t.duelFlags);
  const room = BigInt(t.roomDuelFlags);
  return [
    ['Duel flags', [toHex(rules), rules.toString()]],
    ...(room !== rules ? [['Duel flags with room options', [toHex(room), room.toString()]] as const] : []),
    ['Forbidden types', [toHex(t.forbiddenTypes), String(t.forbiddenTypes)]],
    ['Best of', [String(t.bestOf)]],
    ['Starting LP', [String(t.startingLp)]],
    ['Starting hand', [String(t.startingHand)]],
    ['Cards per draw', [String(t.cardsPerDraw)]],
    ['Banlist', [t.banlistName ?? (t.hasBanlist ? 'Unnamed list' : 'None')]],
  ];
}
