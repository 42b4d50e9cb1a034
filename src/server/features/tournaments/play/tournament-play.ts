// Playing a tournament inside a write's transaction: the engine's state from the stored rows, and
// what follows from a result (brackets filled, walkovers, the grand-final reset) written back with
// the teams' W-L-T.
import type { EngineMatch } from '../../../../domain/tournaments/types.ts';
import { matchKey } from '../../../../domain/tournaments/types.ts';
import { currentStandings, reconcile, type EngineState } from '../../../../domain/tournaments/engine/results.ts';
import { newRoomPassword } from '../../../../domain/tournaments/rooms.ts';
import { assignTables, needsTable } from '../../../../domain/tournaments/engine/tables.ts';
import type { Tx } from '../../../db/client.ts';
import type * as Events from '../events-repository.ts';
import * as Teams from '../teams/teams-repository.ts';
import * as Matches from './matches-repository.ts';
import { toEngineMatch, toEngineTeam } from '../tournament-views.ts';

export interface Loaded {
  teams: Teams.LeanTeamRow[];
  /** in the columns the engine reads (whole rows of a 4,096-team event's 24,000 matches take seconds to read) */
  matches: Matches.EngineMatchRow[];
  state: EngineState;
}

export async function loadPlay(tx: Tx, t: Pick<Events.PlayEventRow, 'uid' | 'format' | 'pairingSeed'>): Promise<Loaded> {
  // in a transaction: one connection, one query at a time
  const teams = await Teams.listTeamsLean(tx, t.uid);
  const matches = await Matches.listMatchesLean(tx, t.uid);
  return { teams, matches, state: { format: t.format, seed: t.pairingSeed ?? 0, teams: teams.map(toEngineTeam), matches: matches.map(toEngineMatch) } };
}

/** An engine match as a row to insert. */
export function matchRow(uid: string, m: EngineMatch) {
  return {
    tournamentUid: uid, roundNumber: m.round, bracket: m.bracket, position: m.position, team1Uid: m.team1, team2Uid: m.team2,
    bye: m.bye, complete: m.complete, team1Wins: m.team1Wins, team2Wins: m.team2Wins, winnerTeamUid: m.winner,
    // the EDOPro room's password, made with the match (rooms.ts); its name follows from the table
    roomPassword: newRoomPassword(),
    // a Swiss round is paired best first (swiss.ts): its tables are its positions, given as it is
    // made (a 4,096-team round is not written twice); brackets and round robin wait for tableRound
    tableNumber: m.bracket === 'swiss' && needsTable({ ...m, missed: false }) ? m.position : null,
  };
}

/**
 * Tables for the matches of `round` that have none (call when the round begins: start, next round;
 * a bracket's later rounds exist before, their teams known only then). Swiss pairs come best first,
 * so position order; brackets and round robin by the better standing of the two teams. Tables
 * already given stay: a swap moves teams, not tables.
 */
export async function tableRound(tx: Tx, t: Events.PlayEventRow, round: number): Promise<void> {
  if (!(await Matches.roundWaitsForTables(tx, t.uid, round))) return; // a Swiss round has its tables from its insert
  const rows = await Matches.listMatches(tx, t.uid, round);
  let rank: Map<string, number> | undefined;
  if (rows.some((m) => m.bracket !== 'swiss')) {
    const { state } = await loadPlay(tx, t);
    rank = new Map(currentStandings(t.format, state.teams, state.matches).map((r) => [r.teamId, r.rank]));
  }
  const tables = assignTables(rows.map((m) => ({ ...toEngineMatch(m), missed: m.missed, table: m.tableNumber })), rank);
  await Matches.setTables(tx, [...tables].map(([i, table]) => ({ id: rows[i]!.id, table, password: newRoomPassword() })));
}

/**
 * After a result, an override or a drop: the stored matches brought in line with the results and
 * the W-L-T of every team they touch recounted. Returns the ids of the matches written.
 */
export async function settle(tx: Tx, t: Events.PlayEventRow, changedTeams: Iterable<string> = [], preloaded?: Loaded): Promise<number[]> {
  if (!t.inProgress) return [];
  // `preloaded`: the caller's rows as they stand now (Next Round: what it read plus what it inserted), not read again
  const { matches, state } = preloaded ?? (await loadPlay(tx, t));
  const diff = reconcile(state);
  const byKey = new Map(matches.map((m) => [matchKey(toEngineMatch(m)), m]));
  const teams = new Set(changedTeams);
  const touched: number[] = [];
  // the rows as they end up: the teams' W-L-T are counted from them without reading them again
  const after = new Map(matches.map((m) => [m.id, m]));
  for (const m of diff.update) {
    const row = byKey.get(matchKey(m))!;
    const newPair = row.team1Uid !== m.team1 || row.team2Uid !== m.team2;
    const reset = row.complete && !m.complete;
    const updated = await Matches.updateMatch(tx, row.id, {
      team1Uid: m.team1, team2Uid: m.team2, bye: m.bye, complete: m.complete, team1Wins: m.team1Wins, team2Wins: m.team2Wins, winnerTeamUid: m.winner,
      // other players, or a result undone: the old reports, flags and override no longer apply
      ...(newPair || reset ? { reportFromTeam1: null, reportFromTeam2: null, flaggedForReview: false, flaggedMessage: null, overridden: false } : {}),
    });
    touched.push(updated.id);
    after.set(updated.id, updated);
    for (const id of [row.team1Uid, row.team2Uid, m.team1, m.team2]) if (id) teams.add(id);
  }
  if (diff.create.length) {
    const created = await Matches.insertMatches(tx, diff.create.map((m) => matchRow(t.uid, m)));
    touched.push(...created.map((m) => m.id));
    for (const m of created) after.set(m.id, m);
    // a match that appears in the round being played needs a table now
    if (created.some((m) => m.roundNumber === t.currentRound)) await tableRound(tx, t, t.currentRound);
  }
  if (diff.remove.length) {
    const gone = diff.remove.map((m) => byKey.get(matchKey(m))!);
    await Matches.deleteMatches(tx, gone.map((m) => m.id));
    touched.push(...gone.map((m) => m.id));
    for (const m of gone) {
      after.delete(m.id);
      for (const id of [m.team1Uid, m.team2Uid]) if (id) teams.add(id);
    }
  }
  await Teams.setTeamRecords(tx, recordsOf(after.values(), teams));
  return touched;
}

/**
 * After a match got (or changed) its result: a Swiss or round robin result feeds nothing, so only
 * its two teams are recounted; a bracket result is settled.
 */
export async function afterResult(tx: Tx, t: Events.PlayEventRow, m: Matches.MatchRow): Promise<number[]> {
  const teams = [m.team1Uid, m.team2Uid].filter((x): x is string => x !== null);
  if (m.bracket === 'swiss' || m.bracket === 'rr') {
    await recount(tx, t, teams);
    return [m.id];
  }
  return [m.id, ...(await settle(tx, t, teams))];
}

/**
 * A new result of this match changes its two teams' W-L-T and nothing else (Swiss, round robin; a
 * played match): a score report moves them in the match's own statement (updateMatch with the
 * result) instead of afterResult's recount, which reads every match of both teams again.
 */
export const movesOnlyItsTeams = (m: Pick<Matches.MatchRow, 'bracket' | 'bye' | 'missed'>) => (m.bracket === 'swiss' || m.bracket === 'rr') && !m.bye && !m.missed;

/** W-L-T of these teams from their stored matches (a Swiss bye is a win; a round robin bye nothing). */
export async function recount(tx: Tx, t: Pick<Events.PlayEventRow, 'uid'>, teamUids: Iterable<string>): Promise<void> {
  const wanted = new Set(teamUids);
  if (wanted.size === 0) return;
  await Teams.setTeamRecords(tx, recordsOf(await Matches.matchesOfTeams(tx, t.uid, [...wanted]), wanted));
}

type RecordRow = Pick<Matches.MatchRow, 'complete' | 'bye' | 'missed' | 'team1Uid' | 'team2Uid' | 'winnerTeamUid'>;

/** W-L-T of the `wanted` teams from these matches (every match each of them played must be among them). */
function recordsOf(rows: Iterable<RecordRow>, wanted: ReadonlySet<string>): { uid: string; wins: number; losses: number; ties: number }[] {
  const records = new Map([...wanted].map((id) => [id, { uid: id, wins: 0, losses: 0, ties: 0 }]));
  if (records.size === 0) return [];
  for (const m of rows) {
    if (!m.complete) continue;
    for (const [self, other] of [[m.team1Uid, m.team2Uid], [m.team2Uid, m.team1Uid]] as const) {
      const r = self ? records.get(self) : undefined;
      if (!r) continue;
      if (m.bye) {
        if (m.winnerTeamUid === self) r.wins++;
      } else if (m.missed) {
        r.losses++; // a late entry's missed round: a loss with no opponent (decision 016)
      } else if (other !== null) {
        if (m.winnerTeamUid === null) r.ties++;
        else if (m.winnerTeamUid === self) r.wins++;
        else r.losses++;
      }
    }
  }
  return [...records.values()];
}
