// What the league's pages say and offer (issue 41), pure: the live step of a message, who may do what
// with a match, the time a queue entry or a report has left, and the words of records and dates.
import type { League, LeagueMatch, LeagueMessage, LeaguePhase, LeagueRun } from '../../../domain/api/leagues.ts';
import type { ResultChoice } from '../../../domain/tournaments/result-choices.ts';

// ---- live ----------------------------------------------------------------------------------------

export type LiveStep = { kind: 'ignore' } | { kind: 'patch'; patch: Pick<League, 'version' | 'queueSize'> } | { kind: 'refetch' };

/** Changes after which the hosts' list to decide may differ. */
const HOSTS_CHANGES = new Set<LeagueMessage['change']>(['report', 'confirm', 'dispute', 'decide', 'stood', 'closed', 'final']);
/** Changes of the whole league. */
const LEAGUE_CHANGES = new Set<LeagueMessage['change']>(['created', 'closed', 'final', 'rated']);

/**
 * What a page does with a live message: nothing when it shows that version or a later one; reads the
 * league again when the leaderboard moved, when the viewer is among the players concerned, when a host's
 * list to decide may have changed, or the whole league did; else only the queue's size moved: patched.
 */
export function liveStep(shown: Pick<League, 'version' | 'leaderboardVersion' | 'isHost'> | undefined, m: LeagueMessage, viewer: string | undefined): LiveStep {
  if (!m || typeof m.version !== 'number') return { kind: 'ignore' };
  if (!shown) return { kind: 'refetch' };
  if (m.version <= shown.version) return { kind: 'ignore' };
  if (m.leaderboardVersion > shown.leaderboardVersion) return { kind: 'refetch' };
  if (viewer && Array.isArray(m.discordIds) && m.discordIds.includes(viewer)) return { kind: 'refetch' };
  if (LEAGUE_CHANGES.has(m.change) || (shown.isHost && HOSTS_CHANGES.has(m.change))) return { kind: 'refetch' };
  return { kind: 'patch', patch: { version: m.version, queueSize: m.queueSize } };
}

// ---- a match, as its viewer sees it ----------------------------------------------------------------

export type MatchSide = LeagueMatch['player1'];

/** The viewer's side and the opponent's; null sides for someone who does not play in it. */
export function sidesOf(m: Pick<LeagueMatch, 'player1' | 'player2'>, viewer: string | undefined): { own: MatchSide; other: MatchSide } | null {
  if (viewer === m.player1.discordId) return { own: m.player1, other: m.player2 };
  if (viewer === m.player2.discordId) return { own: m.player2, other: m.player1 };
  return null;
}

export type MatchAction =
  /** playing: the viewer reports with the one-tap results */
  | { kind: 'report' }
  /** the opponent reported: the viewer confirms or disputes, until `by` */
  | { kind: 'answer'; by: string }
  /** the viewer reported: the opponent answers until `by` */
  | { kind: 'wait'; by: string }
  /** disputed: the hosts decide */
  | { kind: 'hosts' }
  | { kind: 'none' };

/** What the viewer can do with a match of theirs while the league runs (the server refuses the rest). */
export function matchAction(m: LeagueMatch, viewer: string | undefined, phase: LeaguePhase, now: number): MatchAction {
  if (!sidesOf(m, viewer)) return { kind: 'none' };
  if (m.state === 'disputed') return { kind: 'hosts' };
  if (phase !== 'running') return { kind: 'none' };
  if (m.state === 'playing') return { kind: 'report' };
  if (m.state === 'reported' && m.report) {
    if (Date.parse(m.report.confirmBy) <= now) return { kind: 'none' };
    return m.report.byDiscordId === viewer ? { kind: 'wait', by: m.report.confirmBy } : { kind: 'answer', by: m.report.confirmBy };
  }
  return { kind: 'none' };
}

/** A report in words, the winner's games first: 'Joey reported 2–1: Joey wins', 'You reported 2–0: you win'. */
export function reportSentence(m: Pick<LeagueMatch, 'player1' | 'player2' | 'report'>, viewer?: string): string | null {
  const r = m.report;
  if (!r) return null;
  const [reporter, other] = m.player1.discordId === r.byDiscordId ? [m.player1, m.player2] : [m.player2, m.player1];
  const won = r.gamesWon > r.gamesLost;
  const winner = won ? reporter : other;
  const [hi, lo] = won ? [r.gamesWon, r.gamesLost] : [r.gamesLost, r.gamesWon];
  const by = reporter.discordId === viewer ? 'You' : reporter.displayName;
  return `${by} reported ${hi}–${lo}: ${winner.discordId === viewer ? 'you win' : `${winner.displayName} wins`}`;
}

/**
 * A match's score as a person reads it from one side ('2–1' their games first), or from player 1's
 * side for someone else; null before a report.
 */
export function scoreText(m: Pick<LeagueMatch, 'player1' | 'player2'>, from?: string): string | null {
  const [a, b] = from === m.player2.discordId ? [m.player2, m.player1] : [m.player1, m.player2];
  return a.games === null || b.games === null ? null : `${a.games}–${b.games}`;
}

/** 'Won', 'Lost' or null (no result yet) for the side `discordId`. */
export function outcomeFor(m: Pick<LeagueMatch, 'state' | 'winnerDiscordId'>, discordId: string): 'Won' | 'Lost' | null {
  if (m.state !== 'complete' || !m.winnerDiscordId) return null;
  return m.winnerDiscordId === discordId ? 'Won' : 'Lost';
}

/** The words of a host's result buttons, read from player 1: '2–0' for Joey. */
export const decideWords = (m: Pick<LeagueMatch, 'player1' | 'player2'>) => (c: ResultChoice) => ({
  score: `${c.own}–${c.other}`,
  note: `for ${c.outcome === 'win' ? m.player1.displayName : m.player2.displayName}`,
});

/** A host's tap, read from player 1, as the decide body: the winner and the winner's games first. */
export function decideBody(m: Pick<LeagueMatch, 'player1' | 'player2'>, c: ResultChoice) {
  const winner = c.outcome === 'win' ? m.player1 : m.player2;
  return { winnerDiscordId: winner.discordId, gamesWon: Math.max(c.own, c.other), gamesLost: Math.min(c.own, c.other) };
}

// ---- a run -------------------------------------------------------------------------------------------

/** Wins–losses, as the leaderboard and the run read it. */
export const recordText = (r: Pick<LeagueRun, 'wins' | 'losses'>) => `${r.wins}–${r.losses}`;

export type RunStep =
  /** the league is not running: nothing to do */
  | { kind: 'closed' }
  /** in the queue until `until` */
  | { kind: 'waiting'; until: string }
  /** a match to play (and report) */
  | { kind: 'playing'; matchId: number }
  /** every match paired: the run ends with their results */
  | { kind: 'done' }
  /** free to find the next match (an expired queue entry says so) */
  | { kind: 'find'; expired: boolean };

/** Where an active run is now. */
export function runStep(run: Pick<LeagueRun, 'status' | 'waiting' | 'queuedUntil' | 'currentMatchId' | 'matchCount' | 'matchesPerRun'>, phase: LeaguePhase, now: number): RunStep {
  if (phase !== 'running' || run.status !== 'active') return { kind: 'closed' };
  if (run.currentMatchId !== null) return { kind: 'playing', matchId: run.currentMatchId };
  if (run.matchCount >= run.matchesPerRun) return { kind: 'done' };
  const until = run.queuedUntil ? Date.parse(run.queuedUntil) : NaN;
  if (run.waiting && run.queuedUntil && until > now) return { kind: 'waiting', until: run.queuedUntil };
  return { kind: 'find', expired: run.queuedUntil !== null && until <= now };
}

// ---- time and dates -----------------------------------------------------------------------------------

/** What is left until `until`: '14 min left', '2 h 5 min left', 'less than a minute left'; null once past. */
export function timeLeft(until: string, now: number): string | null {
  const ms = Date.parse(until) - now;
  if (!(ms > 0)) return null;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'less than a minute left';
  if (minutes < 60) return `${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min left` : `${hours} h left`;
}

let when: Intl.DateTimeFormat | undefined;
/** A moment, in the viewer's clock: '1 Jun, 18:30'. */
export const whenText = (iso: string) => (when ??= new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })).format(new Date(iso));

/** The deck privacy of a league in words: what becomes public, and when. */
export const PRIVACY_TEXT: Record<League['deckPrivacy'], string> = {
  closed: 'Decks stay private: only each run’s player and the hosts see them.',
  'top-cut': 'The top 8’s decks become public when the league is final; the others stay private.',
  all: 'Every run’s deck becomes public when the league is final.',
};
