// The rows of the print view and the CSV files (issue 19): a round's pairings by table and the
// standings, each team with its players. Made once per version of the tournament (the routes cache
// them), in a few queries whatever the size of the event.
import type { PairingRow, PairingStatus, PrintPairings, PrintStandings, PrintTeam } from '../../../../domain/api/event-exports.ts';
import type { Standings } from '../../../../domain/api/standings.ts';
import { toCsv, type CsvValue } from '../../../../domain/tournaments/exports/csv.ts';
import type { Db } from '../../../db/client.ts';
import { conflict, notFound } from '../../../errors.ts';
import { roundEndsAt } from '../play/event-night-views.ts';
import { isDisputed, UNKNOWN_PLAYER, UNNAMED_TEAM } from '../tournament-views.ts';
import type * as Events from '../events-repository.ts';
import * as Matches from '../play/matches-repository.ts';
import * as Exports from './exports-repository.ts';

/** Players of each team: its active members, or every member of a team whose members all left. */
export async function playersByTeam(db: Db, uid: string): Promise<Map<string, string[]>> {
  const active = new Map<string, string[]>();
  const all = new Map<string, string[]>();
  for (const m of await Exports.playerNames(db, uid)) {
    const name = m.name || UNKNOWN_PLAYER;
    all.set(m.teamUid, [...(all.get(m.teamUid) ?? []), name]);
    if (!m.dropped) active.set(m.teamUid, [...(active.get(m.teamUid) ?? []), name]);
  }
  for (const [team, names] of all) if (!active.has(team)) active.set(team, names);
  return active;
}

function eventFields(t: Events.TournamentRow) {
  return {
    uid: t.uid, name: t.name, subtitle: t.subtitle, format: t.format, currentRound: t.currentRound, roundCount: t.roundCount,
    inProgress: t.inProgress, completed: t.completed, closed: t.closed, version: t.version,
  };
}

/**
 * Which round a pairings export shows: the one asked for, else the current one. A round not
 * paired yet, or an event whose matches are gone, is a sentence, not an empty file.
 */
export function pairingsRound(t: Events.TournamentRow, asked: number | undefined): number {
  if (t.closed) throw conflict('This tournament was closed: its matches were removed, only the final standings remain');
  if (t.cancelled) throw conflict('This tournament was cancelled: it has no pairings');
  if (t.currentRound < 1) throw conflict('The tournament has not started: there are no pairings yet');
  const round = asked ?? t.currentRound;
  if (round > t.roundCount) throw notFound(`There is no round ${round}: this tournament has ${t.roundCount} round${t.roundCount === 1 ? '' : 's'}`);
  if (round > t.currentRound) throw conflict(`Round ${round} is not paired yet: the tournament is in round ${t.currentRound}`);
  return round;
}

function statusOf(m: Matches.MatchRow): PairingStatus {
  if (m.bye) return 'Bye';
  if (m.missed) return 'Missed';
  if (!m.team1Uid || !m.team2Uid) return 'Waiting';
  if (m.complete) return 'Completed';
  if (isDisputed(m)) return 'Disputed';
  return m.reportFromTeam1 || m.reportFromTeam2 || m.team1Wins !== null ? 'In Progress' : 'Scheduled';
}

/**
 * Rows in table order, then the rows without a table (byes, missed rounds, matches waiting for a
 * team). A round paired before tables existed (no stored table at all) is numbered in pairing
 * order, which is how the engine ranks its matches (table 1 at the top).
 */
export function pairingRows(matches: Matches.MatchRow[], teamOf: (uid: string | null) => PrintTeam | null): PairingRow[] {
  const playable = (m: Matches.MatchRow) => !m.bye && !m.missed && !!m.team1Uid && !!m.team2Uid;
  const numbered = matches.some((m) => m.tableNumber !== null);
  const order = [...matches].sort((a, b) => a.bracket.localeCompare(b.bracket) || a.position - b.position || a.id - b.id);
  const fallback = new Map<number, number>();
  if (!numbered) order.filter(playable).forEach((m, i) => fallback.set(m.id, i + 1));
  const rows = order
    .filter((m) => m.team1Uid || m.team2Uid)
    .map((m): PairingRow => {
      const disputed = isDisputed(m);
      return {
        matchId: m.id, bracket: m.bracket,
        table: playable(m) ? (m.tableNumber ?? fallback.get(m.id) ?? null) : null,
        extraMinutes: m.extraMinutes,
        team1: teamOf(m.team1Uid), team2: teamOf(m.team2Uid),
        team1Wins: disputed ? null : m.team1Wins, team2Wins: disputed ? null : m.team2Wins,
        winnerTeamId: m.complete ? m.winnerTeamUid : null,
        status: statusOf(m),
      };
    });
  const rank = (r: PairingRow) => (r.table === null ? Number.MAX_SAFE_INTEGER : r.table);
  return rows.sort((a, b) => rank(a) - rank(b) || (a.status === 'Bye' ? 0 : 1) - (b.status === 'Bye' ? 0 : 1));
}

/** A round's pairings as the print view shows them. */
export async function loadPairings(db: Db, t: Events.TournamentRow, round: number): Promise<PrintPairings> {
  const teams = await Exports.teamNames(db, t.uid);
  const matches = await Matches.listMatches(db, t.uid, round);
  const players = await playersByTeam(db, t.uid);
  const byUid = new Map(teams.map((x) => [x.uid, x]));
  const teamCache = new Map<string, PrintTeam>();
  const teamOf = (uid: string | null): PrintTeam | null => {
    if (!uid) return null;
    let team = teamCache.get(uid);
    if (!team) {
      const row = byUid.get(uid);
      team = { id: uid, name: row?.name || UNNAMED_TEAM, players: players.get(uid) ?? [], dropped: row?.dropped ?? false };
      teamCache.set(uid, team);
    }
    return team;
  };
  const current = round === t.currentRound;
  return {
    ...eventFields(t),
    round,
    topCut: matches.some((m) => m.bracket === 'top'),
    roundStartedAt: t.roundStartDates[round - 1] ?? null,
    roundEndsAt: current ? roundEndsAt(t, matches) : null,
    rows: pairingRows(matches, teamOf),
  };
}

/** The standings read (the same body GET .../standings answers) with each team's players. */
export async function loadStandings(db: Db, t: Events.TournamentRow, standings: Standings): Promise<PrintStandings> {
  const players = await playersByTeam(db, t.uid);
  return {
    ...eventFields(t),
    final: standings.final,
    rows: standings.rows.map((r) => ({ ...r, players: players.get(r.teamId) ?? [] })),
  };
}

// ---- CSV ----------------------------------------------------------------------------------------

/**
 * Scores and records are numbers in columns of their own: a spreadsheet reads '2-1' or '3-1-0' as
 * a date. Players are joined with '; '.
 */
export const PAIRINGS_HEADER = ['Round', 'Table', 'Team 1', 'Team 1 players', 'Team 2', 'Team 2 players', 'Team 1 games', 'Team 2 games', 'Winner', 'Status'] as const;
export const STANDINGS_HEADER = ['Rank', 'Placement', 'Team', 'Players', 'Points', 'Wins', 'Losses', 'Ties', 'OMW%', 'OOMW%', 'Tie-breaker', 'Dropped'] as const;

const playersText = (t: PrintTeam | null) => t?.players.join('; ') ?? '';
/** A share as a percentage; empty when nothing is behind it yet (no opponent met). */
const percent = (x: number | null) => (x === null ? '' : Math.round(x * 10_000) / 100);

export function pairingsCsv(p: PrintPairings): string {
  const winner = (r: PairingRow) => {
    if (r.status === 'Bye') return r.team1?.name ?? r.team2?.name ?? '';
    if (r.status !== 'Completed') return '';
    if (r.winnerTeamId === null) return 'Tie';
    return r.winnerTeamId === r.team1?.id ? r.team1.name : r.winnerTeamId === r.team2?.id ? r.team2.name : '';
  };
  return toCsv(PAIRINGS_HEADER, p.rows.map((r): CsvValue[] => [
    p.round, r.table, r.team1?.name, playersText(r.team1), r.team2?.name, playersText(r.team2), r.team1Wins, r.team2Wins, winner(r), r.status,
  ]));
}

export function standingsCsv(s: PrintStandings): string {
  return toCsv(STANDINGS_HEADER, s.rows.map((r): CsvValue[] => [
    // a team that did not play has no rank or place (issue 39): last, and said so
    r.didNotPlay ? '' : r.rank, r.didNotPlay ? 'did not play' : r.placement, r.teamName, r.players.join('; '), r.points, r.wins, r.losses, r.ties,
    percent(r.omw), percent(r.oomw), r.tieBreaker, r.dropped ? 'yes' : 'no',
  ]));
}
