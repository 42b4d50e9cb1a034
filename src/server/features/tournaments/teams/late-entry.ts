// A late entry's sign-up (issue 19, decision 016): the team is marked as entering during the current
// round and gets a loss with no opponent for each round so far; it is paired from the next round
// (the engine pairs every active team) and may submit its deck until then.
import { missedRounds } from '../../../../domain/tournaments/late-entry.ts';
import type { Tx } from '../../../db/client.ts';
import { recount } from '../play/tournament-play.ts';
import type * as Events from '../events-repository.ts';
import * as Teams from './teams-repository.ts';
import * as Matches from '../play/matches-repository.ts';

/** Sign-ups run as late entries now: a Swiss event under way (lateSignupProblem says whether one is taken). */
export const signupIsLate = (t: Events.TournamentRow) => t.inProgress && !t.completed && !t.closed && !t.cancelled;

/** After the team's insert, in the same transaction: its late-entry round, missed rounds and record. */
export async function enterLate(tx: Tx, t: Events.TournamentRow, team: Teams.TeamRow): Promise<Teams.TeamRow> {
  const row = await Teams.setLateEntryRound(tx, team.uid, t.currentRound);
  const taken = await Matches.swissPositions(tx, t.uid);
  const missed = missedRounds(team.uid, t.currentRound, (r) => taken.get(r) ?? 0);
  await Matches.insertMatches(tx, missed.map((m) => ({
    tournamentUid: t.uid, roundNumber: m.round, bracket: m.bracket, position: m.position, team1Uid: m.team1, team2Uid: null,
    bye: false, complete: true, team1Wins: m.team1Wins, team2Wins: m.team2Wins, winnerTeamUid: null, missed: true,
  })));
  await recount(tx, t, [team.uid]);
  return (await Teams.findTeam(tx, t.uid, row.uid))!;
}

/** A late entry may submit (or delete) its decks until its first round is paired, even with deck submission locked. */
export function lateDeckWindow(t: Events.TournamentRow, team: Pick<Teams.TeamRow, 'lateEntryRound' | 'dropped'> | undefined): boolean {
  return !!team && !team.dropped && team.lateEntryRound > 0 && team.lateEntryRound === t.currentRound && signupIsLate(t);
}
