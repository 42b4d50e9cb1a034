import { describe, expect, test } from 'vitest';
import { meetingRowsOf, type MeetingRow } from './record-meetings.ts';

const team = (teamId: string, ...ids: string[]) => ({ teamId, members: ids.map((discordId) => ({ discordId, displayName: discordId.toUpperCase() })) });
const match = (team1: string, team2: string | null, winner: string | null, w1: number | null, w2: number | null, extra: Partial<{ bye: boolean; missed: boolean; complete: boolean }> = {}) =>
  ({ team1, team2, winner, team1Wins: w1, team2Wins: w2, bye: false, missed: false, complete: true, ...extra });

/** A player's head-to-head as the profile's query adds it up: wins, losses, ties per opponent. */
const headToHead = (rows: readonly MeetingRow[], player: string) => {
  const out: Record<string, [number, number, number]> = {};
  for (const r of rows.filter((x) => x.discordId === player)) {
    const h = (out[r.opponentId] ??= [0, 0, 0]);
    h[r.result === 1 ? 0 : r.result === -1 ? 1 : 2]++;
  }
  return out;
};

describe('the meetings of a record', () => {
  const placements = [team('A', 'ann'), team('B', 'bob'), team('C', 'cat', 'cy'), team('D', 'dan')];
  const rows = meetingRowsOf(placements, [
    match('A', 'B', 'A', 2, 1),
    match('A', 'C', null, 1, 1), // a tie with games played counts
    match('A', 'D', 'D', 0, 0), // a walkover: no game played
    match('B', null, 'B', 2, 0, { bye: true }),
    match('B', 'D', 'D', 0, 2, { missed: true }),
    match('C', 'D', null, null, null, { complete: false }),
    match('C', 'B', 'C', 2, 0),
  ]);

  test.each([
    ['a win and a tie against a two-player team (one result per member); the walkover left out', 'ann', { bob: [1, 0, 0], cat: [0, 0, 1], cy: [0, 0, 1] }],
    ['a loss; the bye and the missed round left out', 'bob', { ann: [0, 1, 0], cat: [0, 1, 0], cy: [0, 1, 0] }],
    ['a member of a two-player team', 'cy', { ann: [0, 0, 1], bob: [1, 0, 0] }],
    ['nothing rated at all', 'dan', {}],
  ])('%s', (_label, player, expected) => {
    expect(headToHead(rows, player)).toEqual(expected);
  });

  test('each meeting is there from both sides, with the name the record has', () => {
    expect(rows).toHaveLength(2 * (1 + 2 + 2));
    expect(rows.find((r) => r.discordId === 'ann' && r.opponentId === 'cy')).toEqual({ discordId: 'ann', opponentId: 'cy', opponentName: 'CY', result: 0 });
    expect(rows.find((r) => r.discordId === 'cy' && r.opponentId === 'ann')).toEqual({ discordId: 'cy', opponentId: 'ann', opponentName: 'ANN', result: 0 });
  });
});
