// Pure rules of a tournament in play (spec 2 §2 In progress, Match modal, Bracket details; §4 Match;
// §6 Match modal permissions), kept apart from React so they are tested with tables. Only the engine's
// browser-safe modules: the bracket plans say where each match sits in its bracket.
import type { Match, Tournament } from '../../../../domain/api/tournaments.ts';
import { presence, type PlanNode } from '../../../../domain/tournaments/engine/bracket-plan.ts';
import { doubleEliminationPlan } from '../../../../domain/tournaments/engine/double-elimination.ts';
import type { TournamentFormat } from '../../../../domain/tournaments/formats.ts';
import { DEFAULT_FLAG_MESSAGE, type MatchStatus } from '../../../../domain/tournaments/limits.ts';
import type { ResultChoice } from '../../../../domain/tournaments/result-choices.ts';
import { allowsTie, type Bracket } from '../../../../domain/tournaments/types.ts';
import { UNNAMED_TEAM, isPrivileged, type Viewer } from '../tournament-view.ts';

/** Spec 2 §2: a match slot whose team is not known yet. */
export const TBD = 'TBD';
export const BYE = 'Bye';
/** A late entry's round before it joined: a loss with no opponent (decision 016). */
export const MISSED = 'Missed round';

export type Side = 1 | 2;

export const teamOf = (m: Match, side: Side) => (side === 1 ? { id: m.team1Id, name: m.team1Name } : { id: m.team2Id, name: m.team2Name });

/** A team's name in a match: the name, 'Unnamed Team' for a blank one, 'Bye' or 'TBD' for none. */
export function sideName(m: Match, side: Side): string {
  const t = teamOf(m, side);
  if (t.id === null) return m.bye && side === 2 ? BYE : m.missed && side === 2 ? MISSED : TBD;
  return t.name?.trim() || UNNAMED_TEAM;
}

/** Which side of the match a team plays, if any. */
export function sideOf(m: Pick<Match, 'team1Id' | 'team2Id'>, teamUid: string | undefined): Side | null {
  if (!teamUid) return null;
  if (m.team1Id === teamUid) return 1;
  if (m.team2Id === teamUid) return 2;
  return null;
}

export const winnerSide = (m: Match): Side | null =>
  m.complete && m.outcome?.winnerTeamId ? (m.outcome.winnerTeamId === m.team1Id ? 1 : m.outcome.winnerTeamId === m.team2Id ? 2 : null) : null;

/** Spec 2 §4: a completed match with no winner is a tie (a bye is no tie). */
export const isTie = (m: Match): boolean => m.complete && !m.bye && m.team1Id !== null && m.team2Id !== null && !m.outcome?.winnerTeamId;

export const flagMessage = (m: Pick<Match, 'flaggedMessage'>): string => m.flaggedMessage?.trim() || DEFAULT_FLAG_MESSAGE;

export const STATUS_TONE: Record<MatchStatus, 'unlimited' | 'limited' | 'neutral'> = {
  Completed: 'unlimited',
  'In Progress': 'limited',
  Scheduled: 'neutral',
};

export type ShownStatus = MatchStatus | 'Disputed' | 'Resolved' | 'Tie' | 'Bye' | 'Missed';

/** The two teams' reports disagree (whether or not someone has decided since). */
function reportsDisagree(m: Pick<Match, 'reportFromTeam1' | 'reportFromTeam2'>): boolean {
  const [one, two] = [m.reportFromTeam1, m.reportFromTeam2];
  return !!one && !!two && !(one.gamesWon === two.gamesLost && one.gamesLost === two.gamesWon);
}

/** A dispute the host or an admin settled by setting the result: it reads 'Resolved', never a green 'Completed' (issue 30 §8). */
export const resolvedDispute = (m: Match): boolean => m.complete && m.overridden && reportsDisagree(m);

/**
 * The status a match shows everywhere (list, bracket, modal): 'Disputed' while the two reports disagree
 * and nobody has decided (neither claim is the score), 'Resolved' once someone decided it, 'Tie' for a
 * completed match without a winner.
 */
export function statusBadge(m: Match): { label: ShownStatus; tone: 'unlimited' | 'limited' | 'neutral' | 'forbidden' } {
  if (m.bye) return { label: 'Bye', tone: 'neutral' };
  if (m.missed) return { label: 'Missed', tone: 'neutral' };
  if (m.disputed && !m.complete) return { label: 'Disputed', tone: 'forbidden' };
  if (resolvedDispute(m)) return { label: 'Resolved', tone: 'neutral' };
  if (isTie(m)) return { label: 'Tie', tone: STATUS_TONE[m.status] };
  return { label: m.status, tone: STATUS_TONE[m.status] };
}

/**
 * What a side's report says beside its name: a green tick only for a report that stands; a report in an
 * open dispute 'disagrees', one an admin's result replaced is 'superseded'.
 */
export function reportMark(m: Match, side: Side): { label: string; kind: 'submitted' | 'disagrees' | 'superseded' } | null {
  if (!(side === 1 ? m.reportFromTeam1 : m.reportFromTeam2)) return null;
  if (m.disputed && !m.complete) return { label: 'Reports disagree', kind: 'disagrees' };
  if (m.overridden) return { label: 'Report superseded', kind: 'superseded' };
  return { label: 'Score submitted', kind: 'submitted' };
}

/** A side's games as the public score shows them: none while the match is disputed. */
export function shownWins(m: Match, side: Side): number | null {
  if (!m.finalScore || (m.disputed && !m.complete)) return null;
  return side === 1 ? m.finalScore.team1Wins : m.finalScore.team2Wins;
}

/**
 * One team's report as that team sees the match: 'Team A: 2–0 for Team A' (a report holds the reporter's
 * games won and lost). Null when the team has not reported.
 */
export function reportLine(m: Match, side: Side): string | null {
  const r = side === 1 ? m.reportFromTeam1 : m.reportFromTeam2;
  if (!r) return null;
  const own = sideName(m, side);
  const other = sideName(m, side === 1 ? 2 : 1);
  const score =
    r.gamesWon > r.gamesLost
      ? `${r.gamesWon}–${r.gamesLost} for ${own}`
      : r.gamesWon < r.gamesLost
        ? `${r.gamesLost}–${r.gamesWon} for ${other}`
        : `${r.gamesWon}–${r.gamesLost}, a tie`;
  return `${own}: ${score}`;
}

/**
 * The question before a moderator changes a Swiss or round-robin result of a round that is over: later
 * rounds are already paired from the standings as they were. Null when nothing later depends on it (the
 * current round), or in a bracket (the server names the later matches a change would reset).
 */
export function pastRoundQuestion(t: Pick<Tournament, 'currentRound'>, m: Pick<Match, 'bracket' | 'roundNumber'>): string | null {
  if ((m.bracket !== 'swiss' && m.bracket !== 'rr') || m.roundNumber >= t.currentRound) return null;
  return (
    `Round ${m.roundNumber} is over and round ${t.currentRound} is already paired. Changing this result changes the ` +
    'standings (points and tie-breakers); the pairings already made stay as they are.'
  );
}

/** The server's refusal for a moderator who plays in the match (their own result is the teams' to report). */
export const OWN_MATCH = 'You cannot decide a match you play in.';

export const SECTION_TITLE: Record<Bracket, string> = {
  swiss: 'Swiss Rounds',
  top: 'Top Cut',
  winners: 'Winners Bracket',
  losers: 'Losers Bracket',
  grand: 'Grand Final',
  rr: 'Round Robin',
};

/** Where a match is, for its modal and its row: 'Round 3', 'Round 5 · Losers Bracket', 'Grand Final Reset'. */
export function matchPlace(m: Pick<Match, 'roundNumber' | 'bracket' | 'position'>, resetRound?: number): string {
  if (m.bracket === 'grand') return m.roundNumber === resetRound ? `Round ${m.roundNumber} · Grand Final Reset` : `Round ${m.roundNumber} · Grand Final`;
  if (m.bracket === 'swiss' || m.bracket === 'rr') return `Round ${m.roundNumber}`;
  return `Round ${m.roundNumber} · ${SECTION_TITLE[m.bracket]}`;
}

/** Matches of a team whose name holds the search (case-insensitive); an empty search keeps them all. */
export function matchesSearch(m: Pick<Match, 'team1Name' | 'team2Name'>, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return [m.team1Name, m.team2Name].some((n) => !!n && n.toLowerCase().includes(q));
}

/** Matches sorted as a list reads them: by round, then bracket part, then position. */
const BRACKET_ORDER: Record<Bracket, number> = { swiss: 0, rr: 0, top: 1, winners: 1, losers: 2, grand: 3 };
export function byRoundThenPosition(a: Match, b: Match): number {
  return a.roundNumber - b.roundNumber || BRACKET_ORDER[a.bracket] - BRACKET_ORDER[b.bracket] || a.position - b.position || a.id - b.id;
}

/** The rounds that have matches so far, oldest first. */
export function roundsOf(matches: readonly Pick<Match, 'roundNumber'>[]): number[] {
  return [...new Set(matches.map((m) => m.roundNumber))].sort((a, b) => a - b);
}

/** The round selector's 'All rounds'. */
export const ALL_ROUNDS = 'all';
export type RoundChoice = number | typeof ALL_ROUNDS;

/** What the round selector starts on: the current round; every round of a small finished event. */
export function defaultRound(t: Pick<Tournament, 'completed' | 'currentRound' | 'teams'>): RoundChoice {
  if (t.currentRound < 1) return ALL_ROUNDS;
  return t.completed && t.teams.length <= 64 ? ALL_ROUNDS : t.currentRound;
}

/**
 * Which rounds to load for a choice: double elimination and round robin load every match (their
 * brackets show them all, and they stay small); Swiss → Top Cut loads the chosen and the current round,
 * and the last three rounds once the top cut (at most three rounds, created at once) may exist.
 */
export function roundsToLoad(t: Pick<Tournament, 'format' | 'currentRound' | 'roundCount'>, choice: RoundChoice): number[] | typeof ALL_ROUNDS {
  if (t.format !== 'DEFAULT' || choice === ALL_ROUNDS) return ALL_ROUNDS;
  const rounds = new Set([choice, t.currentRound].filter((r) => r >= 1));
  if (t.currentRound >= t.roundCount - 2) for (let r = Math.max(1, t.roundCount - 2); r <= t.roundCount; r++) rounds.add(r);
  return [...rounds].sort((a, b) => a - b);
}

/** The round selector's rounds: every round so far, and any later one that already has matches. */
export function selectableRounds(currentRound: number, matches: readonly Pick<Match, 'roundNumber'>[]): number[] {
  const rounds = new Set(roundsOf(matches));
  for (let r = 1; r <= currentRound; r++) rounds.add(r);
  return [...rounds].sort((a, b) => a - b);
}

/**
 * The viewer's match of the current round; else, in a bracket, their next match still to be played
 * (the opponent may be TBD). Undefined when they have none (eliminated, or not playing).
 */
export function ownMatch(matches: readonly Match[], currentRound: number, teamUid: string | undefined): Match | undefined {
  if (!teamUid) return undefined;
  // a late entry's missed round is no match to play
  const mine = matches.filter((m) => sideOf(m, teamUid) !== null && !m.missed).sort(byRoundThenPosition);
  return mine.find((m) => m.roundNumber === currentRound) ?? mine.find((m) => m.roundNumber > currentRound && !m.complete);
}

// ---- who may do what in the match modal (spec 2 §2, §5, §6) ------------------------------------

export interface MatchRights {
  /** the viewer's side, when they play this match */
  side: Side | null;
  /** the match can take a result now: both teams known, no bye, its round reached, the event under way */
  open: boolean;
  /** Submit Score: a player of the match, not complete yet */
  canReport: boolean;
  /** overrides and Resolve: auth >= 1, or privileged (auth >= 2 or the host) */
  canModerate: boolean;
  /** '{team} Wins' and 'Tie': a moderator who does not play in this match */
  canDecide: boolean;
  /** Flag for Review: moderators and the match's players */
  canFlag: boolean;
  /** the Normal View / Admin View toggle: both a moderator and a player of this match */
  canToggle: boolean;
  /** the Tie override: Swiss and Round Robin only */
  tieAllowed: boolean;
}

export function matchRights(
  t: Pick<Tournament, 'hostDiscordId' | 'inProgress' | 'completed' | 'currentRound'>,
  m: Match,
  viewer: Viewer | null | undefined,
  ownTeamUid: string | undefined,
): MatchRights {
  const side = viewer ? sideOf(m, ownTeamUid) : null;
  const live = t.inProgress && !t.completed;
  const open = live && !m.bye && m.team1Id !== null && m.team2Id !== null && m.roundNumber <= t.currentRound;
  const canModerate = !!viewer && (viewer.auth >= 1 || isPrivileged(t, viewer));
  return {
    side,
    open,
    canReport: open && side !== null && !m.complete,
    canModerate,
    canDecide: canModerate && side === null,
    canFlag: live && !m.bye && !m.missed && (canModerate || side !== null),
    canToggle: canModerate && side !== null,
    tieAllowed: allowsTie(m.bracket),
  };
}

/**
 * A score as the inputs hold it, checked before it is sent: whole numbers from 0 to best-of, at most
 * best-of games in all, and a winner in a bracket. Null when it is fine.
 */
export function scoreProblem(team1Wins: number, team2Wins: number, bestOf: number, tieAllowed: boolean): string | null {
  for (const v of [team1Wins, team2Wins]) {
    if (!Number.isInteger(v) || v < 0) return 'Wins must be whole numbers of at least 0.';
    if (v > bestOf) return `A best of ${bestOf} has at most ${bestOf} games.`;
  }
  if (team1Wins + team2Wins > bestOf) return `A best of ${bestOf} has at most ${bestOf} games in all.`;
  if (!tieAllowed && team1Wins === team2Wins) return 'A bracket match needs a winner.';
  return null;
}

/** The typed form's refusal while a box is empty: nothing is sent as 0–0 by default (issue 30 §2). */
export const BOTH_SCORES = 'Type the games each team won in both boxes (0 or more), or tap a result.';

/**
 * The typed form's check: both boxes filled (an empty box is no 0), then scoreProblem. A typed 0–0
 * stays legal where a tie is: a draw by agreement, as the server accepts it.
 */
export function typedScoreProblem(raw: readonly [string, string], bestOf: number, tieAllowed: boolean): string | null {
  if (raw.some((r) => r.trim() === '')) return BOTH_SCORES;
  return scoreProblem(Number(raw[0]), Number(raw[1]), bestOf, tieAllowed);
}

/**
 * A result button's words: the score from the viewer's side (a player's own games first; team 1's for
 * a moderator) and what it means ('You win', 'for Bravo', 'Draw').
 */
export function choiceWords(m: Match, c: ResultChoice, viewerSide: Side | null): { score: string; note: string } {
  const score = `${c.own}–${c.other}`;
  if (c.outcome === 'draw') return { score, note: 'Draw' };
  if (viewerSide !== null) return { score, note: c.outcome === 'win' ? 'You win' : 'You lose' };
  return { score, note: `for ${sideName(m, c.outcome === 'win' ? 1 : 2)}` };
}

/** The server's 409 for an override that moves teams of played matches: its sentence without the API hint. */
export function forceQuestion(message: string): string | null {
  if (!/force=true/.test(message)) return null;
  return message.replace(/:?\s*send force=true.*$/, '').trim();
}

// ---- the bracket view ----------------------------------------------------------------------------

export interface BracketColumn {
  key: string;
  title: string;
  /** the tournament round of the column's matches */
  round: number;
  /** one entry per bracket slot, top to bottom; null: a bye or an empty slot, kept for the tree's shape */
  slots: (Match | null)[];
}

export interface BracketSection {
  bracket: Bracket;
  title: string;
  columns: BracketColumn[];
}

const ELIMINATION: readonly Bracket[] = ['winners', 'losers', 'grand'];

/**
 * The bracket view's sections (spec 2 §2, §9): double elimination as winners, losers and grand final
 * laid out by the engine's plan (byes keep their place, so the tree lines up); a top cut as a
 * single-elimination tree; round robin as one column per round. Swiss rounds are no bracket: the
 * page lists them.
 */
export function bracketSections(format: TournamentFormat, matches: readonly Match[]): BracketSection[] {
  switch (format) {
    case 'DOUBLE_ELIM':
      return doubleEliminationSections(matches.filter((m) => ELIMINATION.includes(m.bracket)));
    case 'DEFAULT': {
      const top = matches.filter((m) => m.bracket === 'top');
      return top.length ? [{ bracket: 'top', title: SECTION_TITLE.top, columns: singleEliminationColumns(top) }] : [];
    }
    case 'ROUND_ROBIN': {
      const rr = matches.filter((m) => m.bracket === 'rr');
      return rr.length ? [{ bracket: 'rr', title: SECTION_TITLE.rr, columns: listColumns(rr) }] : [];
    }
  }
}

/** Columns by round, matches in position order (round robin, and any match a plan does not place). */
function listColumns(matches: readonly Match[], prefix = 'r'): BracketColumn[] {
  return roundsOf(matches).map((round) => ({
    key: `${prefix}${round}`,
    title: `Round ${round}`,
    round,
    slots: matches.filter((m) => m.roundNumber === round).sort(byRoundThenPosition),
  }));
}

/** A single-elimination tree: column c of R has 2^(R-c) slots (all of the cut is created at once). */
function singleEliminationColumns(matches: readonly Match[]): BracketColumn[] {
  const rounds = roundsOf(matches);
  return rounds.map((round, c) => {
    const count = 2 ** (rounds.length - 1 - c);
    const inRound = matches.filter((m) => m.roundNumber === round);
    const slots: (Match | null)[] = Array.from({ length: Math.max(count, ...inRound.map((m) => m.position)) }, (_, i) =>
      inRound.find((m) => m.position === i + 1) ?? null,
    );
    const title = c === rounds.length - 1 ? 'Final' : c === rounds.length - 2 ? 'Semifinals' : c === rounds.length - 3 ? 'Quarterfinals' : `Round ${round}`;
    return { key: `top${round}`, title: `${title} · Round ${round}`, round, slots };
  });
}

function doubleEliminationSections(matches: readonly Match[]): BracketSection[] {
  const entrants = new Set(matches.flatMap((m) => [m.team1Id, m.team2Id]).filter((id): id is string => id !== null));
  if (entrants.size < 2) return matches.length ? [{ bracket: 'winners', title: SECTION_TITLE.winners, columns: listColumns(matches) }] : [];
  const plan = doubleEliminationPlan(entrants.size);
  const real = presence(plan);
  const byKey = new Map(matches.map((m) => [`${m.bracket}:${m.roundNumber}:${m.position}`, m]));
  const placed = new Set<number>();
  const sections: BracketSection[] = [];
  for (const bracket of ELIMINATION) {
    const groups = new Map<number, { node: PlanNode; index: number }[]>();
    plan.nodes.forEach((node, index) => {
      if (node.bracket !== bracket) return;
      const list = groups.get(node.bracketRound) ?? [];
      list.push({ node, index });
      groups.set(node.bracketRound, list);
    });
    const columns: BracketColumn[] = [];
    for (const [bracketRound, nodes] of [...groups].sort((a, b) => a[0] - b[0])) {
      const round = nodes.find((n) => real[n.index] === 2)?.node.round ?? 0;
      if (round === 0) continue; // every slot a bye: the column takes no round
      const slots = nodes
        .sort((a, b) => a.node.slot - b.node.slot)
        .map(({ node }) => {
          const m = byKey.get(`${bracket}:${node.round}:${node.slot}`) ?? null;
          if (m) placed.add(m.id);
          return m;
        });
      // the grand-final reset exists only once the losers-bracket champion won the first set
      if (bracket === 'grand' && slots.every((s) => s === null)) continue;
      const title = bracket === 'grand' ? (bracketRound === 1 ? 'Grand Final' : 'Reset') : `Round ${round}`;
      columns.push({ key: `${bracket}${bracketRound}`, title: bracket === 'grand' ? `${title} · Round ${round}` : title, round, slots });
    }
    const rest = matches.filter((m) => m.bracket === bracket && !placed.has(m.id));
    if (rest.length) columns.push(...listColumns(rest, `${bracket}-extra`)); // a plan that disagrees with the data still shows it all
    if (columns.length) sections.push({ bracket, title: SECTION_TITLE[bracket], columns });
  }
  return sections;
}

/** The grand-final reset's round, if it exists (for the match's place line). */
export function resetRound(matches: readonly Match[]): number | undefined {
  const grand = roundsOf(matches.filter((m) => m.bracket === 'grand'));
  return grand.length > 1 ? grand[grand.length - 1] : undefined;
}
