import { describe, expect, test } from 'vitest';
import { eventCode, newRoomPassword, ROOM_FIELD_MAX, ROOM_PASSWORD_ALPHABET, ROOM_PASSWORD_LENGTH, roomName } from '../rooms.ts';
import { standings } from '../standings/standings.ts';
import { pairSwissRound } from './swiss.ts';
import { assignTables, type TableCandidate } from './tables.ts';
import type { EngineMatch, EngineTeam } from '../types.ts';

const match = (position: number, team1: string | null, team2: string | null, extra: Partial<TableCandidate> = {}): TableCandidate => ({
  bracket: 'swiss', position, team1, team2, bye: false, missed: false, complete: false, table: null, ...extra,
});
const tablesOf = (matches: TableCandidate[], rank?: Map<string, number>) => {
  const t = assignTables(matches, rank);
  return matches.map((_, i) => t.get(i) ?? null);
};

describe('assignTables', () => {
  test('Swiss (no rank): tables follow the positions; the bye, a missed round and a walkover get none', () => {
    const round = [
      match(2, 'c', 'd'),
      match(1, 'a', 'b'),
      match(4, 'x', null, { bye: true, complete: true }),
      match(5, 'late', null, { missed: true, complete: true }),
      match(3, 'e', 'f', { complete: true }), // a dropped team's walkover
    ];
    expect(tablesOf(round)).toEqual([2, 1, null, null, null]);
  });

  test('brackets: by the better standing of the two teams, then bracket, then position', () => {
    const rank = new Map([['s1', 1], ['s2', 2], ['s3', 3], ['s4', 4], ['s5', 5], ['s6', 6]]);
    const round = [
      match(1, 's6', 's5', { bracket: 'losers' }),
      match(2, 's4', 's1', { bracket: 'winners' }),
      match(1, 's2', 's3', { bracket: 'winners' }),
      match(3, 'unknown', 's6', { bracket: 'winners' }),
    ];
    expect(tablesOf(round, rank)).toEqual([3, 1, 2, 4]);
  });

  test('tables already given stay; new matches of the round are numbered after them', () => {
    const round = [match(1, 'a', 'b', { table: 1 }), match(2, 'c', 'd', { table: 2 }), match(3, 'e', 'f')];
    expect(tablesOf(round)).toEqual([null, null, 3]);
  });

  test('a round of TBD slots waits: no table until both teams are known', () => {
    expect(tablesOf([match(1, 'a', null, { bracket: 'top' }), match(2, null, null, { bracket: 'top' })])).toEqual([null, null]);
  });

  test('Swiss pairings come best first, so table 1 holds the leader', () => {
    const teams: EngineTeam[] = Array.from({ length: 8 }, (_, i) => ({ id: `t${i + 1}`, seed: i + 1, dropped: false }));
    const first = pairSwissRound({ teams, matches: [], round: 1, seed: 7 });
    const played: EngineMatch[] = first.map((m) => ({ ...m, complete: true, winner: m.team1, team1Wins: 2, team2Wins: 0 }));
    const second = pairSwissRound({ teams, matches: played, round: 2, seed: 7 });
    const rank = new Map(standings(teams, played).map((r) => [r.teamId, r.rank]));
    const tables = assignTables(second.map((m) => ({ ...m, missed: false, table: null })));
    const byTable = [...tables.entries()].sort((a, b) => a[1] - b[1]).map(([i]) => second[i]!);
    const better = byTable.map((m) => Math.min(rank.get(m.team1!)!, rank.get(m.team2!)!));
    expect(better).toEqual([...better].sort((a, b) => a - b));
    expect(better[0]).toBe(1);
  });
});

describe('rooms', () => {
  test('a password is six typeable characters, random each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = newRoomPassword();
      expect(p).toHaveLength(ROOM_PASSWORD_LENGTH);
      expect([...p].every((c) => ROOM_PASSWORD_ALPHABET.includes(c))).toBe(true);
      seen.add(p);
    }
    expect(seen.size).toBe(200);
  });

  test('bytes that would bias the alphabet are skipped', () => {
    let call = 0;
    // first call: only bytes >= 248 (rejected for a 31-letter alphabet), then zeros
    const random = (b: Uint8Array) => b.fill(call++ === 0 ? 250 : 0);
    expect(newRoomPassword(random)).toBe('aaaaaa');
  });

  test('the room name holds the event and the table, and fits EDOPro’s field', () => {
    expect(eventCode('4a21c9e0-0000-4000-8000-000000000000')).toBe('FH-4A21');
    expect(roomName('4a21c9e0-0000-4000-8000-000000000000', 12, 99)).toBe('FH-4A21 T12');
    expect(roomName('4a21c9e0', null, 123456789)).toBe('FH-4A21 M123456789');
    expect(roomName('4a21c9e0', 2048, 1).length).toBeLessThanOrEqual(ROOM_FIELD_MAX);
  });
});
