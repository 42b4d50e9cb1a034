// The rules of a match's result (issue 18 §3, issue 40): what a result may be, what a score report
// does (the first sets the score, an agreeing second completes the match, a differing one disputes
// it), an admin's override and a completed event's correction, and the sentences of each refusal.
// Pure: the routes load, ask these, then write what they answer.
import { REPORTS_DISAGREE_MESSAGE } from './limits.ts';

/** A result as an override sends it (or a report, seen from team 1): games per side and the winner. */
export interface ProposedResult {
  team1Wins: number;
  team2Wins: number;
  /** 1 or 2, or null for a tie */
  winner: 1 | 2 | null;
  /** the match's best-of: never more games than this in all */
  bestOf: number;
  /** the match may end in a tie (Swiss and round robin; a bracket match needs a winner) */
  tieAllowed: boolean;
}

/** Which number (or the winner) a refusal is about. */
export type ResultField = 'team1Wins' | 'team2Wins' | 'winner';

export interface ResultProblem {
  field: ResultField;
  /** the sentence after the field's name: "team1Wins: {message}" */
  message: string;
}

/**
 * Null for a result that can happen, else what is wrong with it: each side's games a whole number
 * from 0; at most bestOf games in all; a winner with more games than the loser; a tie with as many
 * games on each side (0–0 included: a tie by agreement), and only where a tie is allowed.
 */
export function resultProblem(r: ProposedResult): ResultProblem | null {
  for (const field of ['team1Wins', 'team2Wins'] as const) {
    if (!Number.isInteger(r[field]) || r[field] < 0) return { field, message: 'must be a whole number from 0' };
  }
  const total = r.team1Wins + r.team2Wins;
  if (total > r.bestOf) {
    const field = r.team1Wins >= r.team2Wins ? 'team1Wins' : 'team2Wins';
    return { field, message: `a best of ${r.bestOf} has at most ${r.bestOf} games in all (${r.team1Wins}–${r.team2Wins} is ${total})` };
  }
  if (r.winner === null) {
    if (!r.tieAllowed) return { field: 'winner', message: 'a bracket match needs a winner' };
    if (r.team1Wins !== r.team2Wins) {
      return { field: r.team1Wins > r.team2Wins ? 'team1Wins' : 'team2Wins', message: `a tie has as many games on each side (${r.team1Wins}–${r.team2Wins} is not a tie)` };
    }
    return null;
  }
  const [won, lost] = r.winner === 1 ? [r.team1Wins, r.team2Wins] : [r.team2Wins, r.team1Wins];
  if (won <= lost) {
    return { field: r.winner === 1 ? 'team1Wins' : 'team2Wins', message: `the winner must have won more games than the loser (${r.team1Wins}–${r.team2Wins})` };
  }
  return null;
}

/** The winner games say: the side with more of them, or null for equal games. */
export function winnerOfGames(team1Wins: number, team2Wins: number): 1 | 2 | null {
  return team1Wins > team2Wins ? 1 : team2Wins > team1Wins ? 2 : null;
}

// ---- refusals -----------------------------------------------------------------------------------

/** What kind of no a rule says: the routes answer 400, 403 and 409 for them. */
export type RefusalKind = 'invalid' | 'forbidden' | 'conflict';

/** A rule's no, with the sentence the player reads. */
export interface Refusal {
  refused: RefusalKind;
  message: string;
}

const invalid = (message: string): Refusal => ({ refused: 'invalid', message });
const forbidden = (message: string): Refusal => ({ refused: 'forbidden', message });
const conflict = (message: string): Refusal => ({ refused: 'conflict', message });

/** Whether a rule's answer is a no. */
export const isRefusal = (x: object): x is Refusal => 'refused' in x;

// ---- the event's stage --------------------------------------------------------------------------

/** What an event's row says of its stage. */
export interface EventStage {
  closed: boolean;
  cancelled: boolean;
  completed: boolean;
  inProgress: boolean;
}

/** An event closed or cancelled takes no more changes. */
export function overRefusal(t: Pick<EventStage, 'closed' | 'cancelled'>): Refusal | null {
  if (t.closed) return conflict('This tournament was closed');
  if (t.cancelled) return conflict('This tournament was cancelled');
  return null;
}

/** What is played (a report, a flag, a round's fix, Next Round) needs an event under way. */
export function inPlayRefusal(t: EventStage): Refusal | null {
  const over = overRefusal(t);
  if (over) return over;
  if (t.completed) return conflict('The tournament is over');
  if (!t.inProgress) return conflict('The tournament has not started');
  return null;
}

// ---- a score report between two sides -----------------------------------------------------------
// Plain inputs (a best-of, whether a tie may be, the reporter's side, the other side's report), so
// a match that is not a tournament row (the league's) is decided by the same rule.

/** A side's report: its own games first. */
export interface Games {
  gamesWon: number;
  gamesLost: number;
}

/** A report's games as the match could end, the field named as the report names it. */
export function reportProblem(games: Games, bestOf: number, tieAllowed: boolean): Refusal | null {
  // the same rule as an override, the winner read from the games (so only the best-of and a bracket tie can fail)
  const problem = resultProblem({ team1Wins: games.gamesWon, team2Wins: games.gamesLost, winner: winnerOfGames(games.gamesWon, games.gamesLost), bestOf, tieAllowed });
  if (!problem) return null;
  const field = problem.field === 'team2Wins' ? 'gamesLost' : 'gamesWon';
  return invalid(`${field}: ${problem.message}`);
}

export interface ReportInput {
  games: Games;
  /** the reporter's side of the match */
  side: 1 | 2;
  bestOf: number;
  tieAllowed: boolean;
  /** the other side's report (its own games first); null: it has not reported */
  other: Games | null;
}

/** What a report does to its match. */
export type ReportOutcome =
  /** the first side's report: its score stands, the match in progress */
  | { outcome: 'reported'; team1Wins: number; team2Wins: number }
  /** the other side reported the same score seen from there: the match is complete */
  | { outcome: 'agreed'; team1Wins: number; team2Wins: number; winner: 1 | 2 | null }
  /** the reports differ: neither is the score until a report agrees or an admin decides */
  | { outcome: 'disputed'; message: string };

/** A report's outcome, or why it cannot be: the games must be a result the match can have. */
export function decideReport(r: ReportInput): Refusal | ReportOutcome {
  const problem = reportProblem(r.games, r.bestOf, r.tieAllowed);
  if (problem) return problem;
  const { gamesWon, gamesLost } = r.games;
  const [team1Wins, team2Wins] = r.side === 1 ? [gamesWon, gamesLost] : [gamesLost, gamesWon];
  if (!r.other) return { outcome: 'reported', team1Wins, team2Wins };
  // the other side reported its games won and lost: agreement is the same score seen from here
  if (r.other.gamesWon === gamesLost && r.other.gamesLost === gamesWon) return { outcome: 'agreed', team1Wins, team2Wins, winner: winnerOfGames(team1Wins, team2Wins) };
  return { outcome: 'disputed', message: REPORTS_DISAGREE_MESSAGE };
}

// ---- a tournament match's report ----------------------------------------------------------------

/** What a report reads of a tournament match. */
export interface ReportedMatch {
  bye: boolean;
  team1: string | null;
  team2: string | null;
  round: number;
  complete: boolean;
  /** Swiss and round robin: a tie may be */
  tieAllowed: boolean;
  reportFromTeam1: Games | null;
  reportFromTeam2: Games | null;
}

export interface MatchReport {
  match: ReportedMatch;
  currentRound: number;
  bestOf: number;
  /** the reporter's active team in the event; null: none */
  reporterTeam: string | null;
  /** the side the request says it reports from (true: team 1); undefined: not said */
  fromTeam1: boolean | undefined;
  games: Games;
}

/** The reporter's side of the match: 1 or 2, or 0 when their team does not play it. */
export function sideOf(team: string | null, m: Pick<ReportedMatch, 'team1' | 'team2'>): 0 | 1 | 2 {
  if (team === null) return 0;
  return team === m.team1 ? 1 : team === m.team2 ? 2 : 0;
}

/**
 * A player's report of a tournament match: refused for a bye, a match without its opponent, a
 * later round, a complete match (a walkover included), a reporter who does not play it or says
 * the other side; else what decideReport says, with the reporter's side.
 */
export function reportMatch(r: MatchReport): Refusal | (ReportOutcome & { side: 1 | 2 }) {
  const m = r.match;
  if (m.bye) return conflict('A bye has no score to report');
  if (!m.team1 || !m.team2) return conflict('This match has no opponent yet');
  if (m.round > r.currentRound) return conflict('This match is not in the current round yet');
  if (m.complete) return conflict('This match is complete: ask an admin to change its result');
  const side = sideOf(r.reporterTeam, m);
  if (side === 0) return forbidden('Only players of this match can report its score');
  if (r.fromTeam1 !== undefined && r.fromTeam1 !== (side === 1)) return forbidden('You can only report for your own team');
  const decided = decideReport({ games: r.games, side, bestOf: r.bestOf, tieAllowed: m.tieAllowed, other: side === 1 ? m.reportFromTeam2 : m.reportFromTeam1 });
  return isRefusal(decided) ? decided : { ...decided, side };
}

// ---- an admin's result: an override, or a completed event's correction --------------------------

/** A completed event's result is corrected only where nothing else followed from it (decision 020). */
export const CORRECTION_MOVES_BRACKET = 'A completed event’s result can be corrected only where no later match followed from it';
export const CORRECTION_MOVES_CHAMPION = 'This correction would change the champion: a completed event keeps its winner';

/** Only a match of two teams has a result an admin can set. */
export function overrideMatchRefusal(m: Pick<ReportedMatch, 'bye' | 'team1' | 'team2'>): Refusal | null {
  if (m.bye) return conflict('A bye has no result to change');
  if (!m.team1 || !m.team2) return conflict('This match has no opponent yet');
  return null;
}

export interface OverrideInput {
  match: Pick<ReportedMatch, 'team1' | 'team2' | 'tieAllowed'>;
  /** the winning team's id; undefined: a tie */
  winnerTeamId: string | undefined;
  team1Wins: number;
  team2Wins: number;
  bestOf: number;
}

/**
 * The winner (a team of the match, or null for a tie) of a result an admin sets, or why it cannot
 * be: the winner has more games, a tie equal ones (where a tie may be), never more than best-of in all.
 */
export function overrideResult(o: OverrideInput): Refusal | { winner: string | null } {
  const { team1, team2 } = o.match;
  if (o.winnerTeamId !== undefined && o.winnerTeamId !== team1 && o.winnerTeamId !== team2) return invalid('winnerTeamId: not a team of this match');
  const winner = o.winnerTeamId ?? null;
  const problem = resultProblem({ team1Wins: o.team1Wins, team2Wins: o.team2Wins, winner: winner === null ? null : winner === team1 ? 1 : 2, bestOf: o.bestOf, tieAllowed: o.match.tieAllowed });
  if (problem) return invalid(`${problem.field === 'winner' ? 'winnerTeamId' : problem.field}: ${problem.message}`);
  return { winner };
}

/** A match already played with the result a change would move (its id, when it is stored). */
export interface FollowedMatch {
  id: number | undefined;
  round: number;
}

export interface FollowInput {
  /** the event is complete: the change is a correction */
  completed: boolean;
  /** the changed match is a Swiss match and the top cut was seeded from the Swiss standings */
  swissUnderCut: boolean;
  /** the matches played with the result this changes */
  followed: readonly FollowedMatch[];
  /** force=true: those matches are reset */
  force: boolean;
}

/**
 * Whether a result may change what followed from it: a completed event's Swiss results stay as its
 * cut saw them and its played matches stay; during the event, matches already played with the old
 * result are reset only with force (their names said).
 */
export function followRefusal(f: FollowInput): Refusal | null {
  const n = f.followed.length;
  if (f.completed && f.swissUnderCut) return conflict(`${CORRECTION_MOVES_BRACKET} (the top cut was seeded from the Swiss results)`);
  if (f.completed && n) return conflict(`${CORRECTION_MOVES_BRACKET} (${n} match${n === 1 ? '' : 'es'} followed from it)`);
  if (n && !f.force) {
    const names = f.followed.map((p) => `Match #${p.id} (round ${p.round})`).join(', ');
    return conflict(`${names} ${n === 1 ? 'was' : 'were'} already played with the result this changes: send force=true to reset ${n === 1 ? 'it' : 'them'}`);
  }
  return null;
}

/** A completed event's correction keeps its winner: the champion after it must be the one marked. */
export function championRefusal(championAfter: string | null, winner: string | null): Refusal | null {
  return championAfter !== winner ? conflict(CORRECTION_MOVES_CHAMPION) : null;
}

// ---- flags --------------------------------------------------------------------------------------

/** A flag is resolved only where there is one. */
export function resolveFlagRefusal(m: { flagged: boolean }): Refusal | null {
  return m.flagged ? null : conflict('This match is not flagged');
}
