// Each rated match of a record, once from each player's side: the rows of record_meetings, which a
// profile's head-to-head adds up in one indexed query. Walking every event's placements and
// matches on a profile's first read cost PGlite 200–440 ms for 500 events (the jsonb is detoasted
// and walked in WebAssembly). Migration 0007 makes the same rows in SQL for records written
// before it (record-meetings.api.test.ts compares the two).
import { ratedMatchesOf } from '../../../domain/players/ratings.ts';

export interface MeetingRow {
  discordId: string;
  opponentId: string;
  /** the opponent's name as the record has it */
  opponentName: string;
  /** 1 the player won, 0 a tie, -1 a loss */
  result: 1 | 0 | -1;
}

/** The rated matches (byes, missed, unplayed, incomplete and 0-0 left out), from both sides. */
export function meetingRowsOf(
  placements: readonly { teamId: string; members: readonly { discordId: string; displayName: string }[] }[],
  matches: Parameters<typeof ratedMatchesOf>[0],
): MeetingRow[] {
  const members = new Map(placements.map((p) => [p.teamId, p.members.map((m) => m.discordId)]));
  const names = new Map(placements.flatMap((p) => p.members.map((m) => [m.discordId, m.displayName] as const)));
  const rows: MeetingRow[] = [];
  for (const m of ratedMatchesOf(matches, (team) => members.get(team) ?? [])) {
    rows.push({ discordId: m.player1, opponentId: m.player2, opponentName: names.get(m.player2) ?? '', result: m.result === 0 ? 0 : m.result === 1 ? 1 : -1 });
    rows.push({ discordId: m.player2, opponentId: m.player1, opponentName: names.get(m.player1) ?? '', result: m.result === 0 ? 0 : m.result === 2 ? 1 : -1 });
  }
  return rows;
}
