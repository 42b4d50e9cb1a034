// What the match slips (issue 30 §6) are made of: one slip per match played at a table this round;
// byes and missed rounds have nothing to report and no slip. Pure, for tests without a browser.
import type { PairingRow, PrintTeam } from '../../../../domain/api/event-exports.ts';

/** A match two teams play at a table: the slip's subject. */
export interface SlipRow extends PairingRow {
  table: number;
  team1: PrintTeam;
  team2: PrintTeam;
}

export interface MatchSlips {
  slips: SlipRow[];
  /** teams with a bye this round (no opponent, nothing to sign) */
  byes: string[];
  /** late entries' missed rounds */
  missed: string[];
}

/** The round's slips by table, and who has none. A match still waiting for a team gets none either. */
export function matchSlips(rows: readonly PairingRow[]): MatchSlips {
  const slips = rows
    .filter((r): r is SlipRow => r.status !== 'Bye' && r.status !== 'Missed' && r.table !== null && !!r.team1 && !!r.team2)
    .sort((a, b) => a.table - b.table);
  const name = (r: PairingRow) => (r.team1 ?? r.team2)?.name ?? '';
  return {
    slips,
    byes: rows.filter((r) => r.status === 'Bye').map(name),
    missed: rows.filter((r) => r.status === 'Missed').map(name),
  };
}

/** The games a best-of-N can take: a box for each (a best of 3 may need all three). */
export function gameNumbers(bestOf: number): number[] {
  const n = Number.isInteger(bestOf) && bestOf >= 1 ? Math.min(bestOf, 9) : 1;
  return Array.from({ length: n }, (_, i) => i + 1);
}

/** The players under a team's name: none when its one player is the team's name. */
export function teamPlayers(t: PrintTeam): string[] {
  return t.players.length === 1 && t.players[0] === t.name ? [] : t.players;
}

/** The line on the page about the matches that have no slip, or null when every match has one. */
export function noSlipNote({ byes, missed }: Pick<MatchSlips, 'byes' | 'missed'>): string | null {
  const parts = [
    byes.length ? `${byes.length === 1 ? 'a bye' : `${byes.length} byes`} (${byes.join(', ')})` : '',
    missed.length ? `${missed.length === 1 ? 'a missed round' : `${missed.length} missed rounds`} (${missed.join(', ')})` : '',
  ].filter(Boolean);
  return parts.length ? `No slip for ${parts.join(' or ')}: nothing to report.` : null;
}
