// A league match's results (issue 41): either player reports with the one-tap results; the other
// confirms or disputes within confirmHours, or the report stands; the hosts decide disputes (never
// their own match), and after the end the matches left open. Pure: who may do what, in which state.
import { LEAGUE_BEST_OF, LEAGUE_MESSAGES, type LeagueMatchState, type LeaguePhase } from '../api/leagues.ts';
import { resultProblem, winnerOfGames } from '../tournaments/result-rules.ts';

export interface MatchFacts {
  state: LeagueMatchState;
  player1Id: string;
  player2Id: string;
  reportedBy: string | null;
  confirmBy: Date | null;
}

/** A refusal: the status and the sentence of the 4xx. */
export interface Refusal {
  status: 400 | 403 | 409;
  message: string;
}

const refuse = (status: Refusal['status'], message: string): Refusal => ({ status, message });

export const playsIn = (m: Pick<MatchFacts, 'player1Id' | 'player2Id'>, discordId: string): boolean =>
  m.player1Id === discordId || m.player2Id === discordId;

/** Not decided yet: being played, waiting for the opponent's answer, or for the hosts. */
export const isOpen = (state: LeagueMatchState): boolean => state === 'playing' || state === 'reported' || state === 'disputed';

/** The match's room is shown to its players and the hosts while it is open. */
export const roomVisible = (m: MatchFacts, viewer: { discordId: string; host: boolean } | null): boolean =>
  !!viewer && isOpen(m.state) && (viewer.host || playsIn(m, viewer.discordId));

/** A report unanswered past its time stands. */
export const reportStands = (m: Pick<MatchFacts, 'state' | 'confirmBy'>, now: Date): boolean =>
  m.state === 'reported' && m.confirmBy !== null && m.confirmBy <= now;

/** Why `actor` may not report this match now (null: they may). */
export function reportRefusal(m: MatchFacts, actor: string, phase: LeaguePhase): Refusal | null {
  if (phase !== 'running') return refuse(409, LEAGUE_MESSAGES.over);
  if (!playsIn(m, actor)) return refuse(403, LEAGUE_MESSAGES.notYourMatch);
  if (m.state === 'reported' || m.state === 'disputed') return refuse(409, LEAGUE_MESSAGES.reportedAlready);
  if (m.state !== 'playing') return refuse(409, LEAGUE_MESSAGES.hasResult);
  return null;
}

/** Why `actor` may not confirm or dispute this match's report now (null: they may). */
export function answerRefusal(m: MatchFacts, actor: string, phase: LeaguePhase, now: Date): Refusal | null {
  if (phase !== 'running') return refuse(409, LEAGUE_MESSAGES.over);
  if (!playsIn(m, actor)) return refuse(403, LEAGUE_MESSAGES.notYourMatch);
  if (m.state === 'complete' || m.state === 'void') return refuse(409, LEAGUE_MESSAGES.hasResult);
  if (m.state !== 'reported') return refuse(409, LEAGUE_MESSAGES.nothingToAnswer);
  if (m.reportedBy === actor) return refuse(403, LEAGUE_MESSAGES.ownReport);
  if (reportStands(m, now)) return refuse(409, LEAGUE_MESSAGES.reportStands);
  return null;
}

/** Why `actor` may not decide this match now (null: they may): a host who does not play in it, an open match, a league not final. */
export function decideRefusal(m: MatchFacts, actor: { discordId: string; host: boolean }, phase: LeaguePhase): Refusal | null {
  if (phase === 'final') return refuse(409, LEAGUE_MESSAGES.final);
  if (!actor.host) return refuse(403, LEAGUE_MESSAGES.notHost);
  if (playsIn(m, actor.discordId)) return refuse(403, LEAGUE_MESSAGES.ownMatch);
  if (!isOpen(m.state)) return refuse(409, LEAGUE_MESSAGES.hasResult);
  return null;
}

/**
 * What is wrong with a result of a league match, seen from one side (its games first): no draw, and
 * what result-rules.ts refuses of any best of three played to a winner. Null: it can happen.
 */
export function scoreProblem(gamesWon: number, gamesLost: number): string | null {
  if (gamesWon === gamesLost && Number.isInteger(gamesWon)) return LEAGUE_MESSAGES.draw;
  const problem = resultProblem({ team1Wins: gamesWon, team2Wins: gamesLost, winner: winnerOfGames(gamesWon, gamesLost), bestOf: LEAGUE_BEST_OF, tieAllowed: false });
  if (!problem) return null;
  return `${problem.field === 'team2Wins' ? 'gamesLost' : 'gamesWon'}: ${problem.message}`;
}

/** A host's decision: the winner's games first, so they must be the more. */
export function decisionProblem(gamesWon: number, gamesLost: number): string | null {
  if (gamesWon <= gamesLost) return LEAGUE_MESSAGES.winnerGames;
  return scoreProblem(gamesWon, gamesLost);
}
