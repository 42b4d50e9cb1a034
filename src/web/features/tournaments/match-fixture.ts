// Matches for the page's unit tests: every field of the API's Match, `defaults` and then `over` on top.
import type { Match } from '../../../domain/api/tournaments.ts';

/** A factory of test matches numbered from 1, with the given defaults (round, table, clock). */
export function matchFactory(defaults: Partial<Match> = {}): (over?: Partial<Match>) => Match {
  let nextId = 1;
  return (over = {}) => {
    const id = over.id ?? nextId++;
    return {
      id, matchId: id, roundNumber: 1, bracket: 'swiss', position: 1, team1Id: 'a', team2Id: 'b', team1Name: 'Alpha', team2Name: 'Bravo',
      bye: false, complete: false, status: 'Scheduled', finalScore: null, outcome: null, reportFromTeam1: null, reportFromTeam2: null,
      flaggedForReview: false, flaggedMessage: null, disputed: false, overridden: false, table: null, extraMinutes: 0, endsAt: null, missed: false,
      updatedAt: '2026-01-01T00:00:00.000Z', ...defaults, ...over,
    };
  };
}
