// Pure rules of the tournament pages (spec 2 §2, §4, §8, §9), kept apart from React so they are tested
// with tables. Types only from the API contract: the home page shares this feature's chunk and stays
// free of zod.
import type { DeckStatus, Member, Team, Tournament } from '../../../domain/api/tournaments.ts';
import type { DeckSummary } from '../../../domain/api/decks.ts';
import type { Standings, StandingsNotice } from '../../../domain/api/standings.ts';

/** Spec 2 §8 fallback labels. */
export const UNKNOWN_PLAYER = 'Unknown Player';
export const UNKNOWN_CAPTAIN = 'Unknown Captain';
export const UNNAMED_TEAM = 'Unnamed Team';

export const playerName = (m: Pick<Member, 'displayName' | 'username'> | undefined): string =>
  m?.displayName?.trim() || m?.username?.trim() || UNKNOWN_PLAYER;
export const teamName = (t: Pick<Team, 'name'> | undefined): string => t?.name?.trim() || UNNAMED_TEAM;
export function captainName(t: Team): string {
  const captain = t.members.find((m) => m.discordId === t.captainDiscordId);
  return captain ? captain.displayName?.trim() || captain.username?.trim() || UNKNOWN_CAPTAIN : UNKNOWN_CAPTAIN;
}

export { iterationSuffix } from '../../../domain/tournaments/iteration.ts';

/** Who the viewer is to this tournament (spec 2 §6). */
export interface Viewer {
  discordId: string;
  auth: number;
}

/** Privileged: auth >= 2, or the tournament's host. Sees Admin Tools. */
export const isPrivileged = (t: Pick<Tournament, 'hostDiscordId'>, v: Viewer | null | undefined): boolean =>
  !!v && (v.auth >= 2 || v.discordId === t.hostDiscordId);

/** Spec 2 §4: the list's notification dot, only for auth >= 1 and the host. */
export const seesNotificationDot = (t: { hostDiscordId: string }, v: Viewer | null | undefined): boolean =>
  !!v && (v.auth >= 1 || v.discordId === t.hostDiscordId);

/** The viewer's active team and their own member entry, if they play in it. */
export function ownEntry(t: Pick<Tournament, 'teams'>, discordId: string | undefined): { team: Team; member: Member } | undefined {
  if (!discordId) return undefined;
  for (const team of t.teams) {
    if (team.dropped) continue;
    const member = team.members.find((m) => m.discordId === discordId && !m.dropped);
    if (member) return { team, member };
  }
  return undefined;
}

/** The centre panel's stage (conventions §8: a discriminated union of page states). */
export type Stage = 'cancelled' | 'signup' | 'in-progress' | 'completed';

export function stageOf(t: Pick<Tournament, 'cancelled' | 'completed' | 'inProgress'>): Stage {
  if (t.cancelled) return 'cancelled';
  if (t.completed) return 'completed';
  return t.inProgress ? 'in-progress' : 'signup';
}

/** Sorted for the list: the tournaments the viewer plays in first, the rest keeping `order`. */
export function participationsFirst<T extends { uid: string }>(list: readonly T[], participating: ReadonlySet<string>): T[] {
  return [...list].sort((a, b) => Number(participating.has(b.uid)) - Number(participating.has(a.uid)));
}

// ---- decks -------------------------------------------------------------------------------------

export const DECK_STATUS_TONE: Record<DeckStatus, 'unlimited' | 'forbidden' | 'limited'> = {
  Approved: 'unlimited',
  Rejected: 'forbidden',
  Pending: 'limited',
};

/** A member's deck tick in the admin panel: at least one approved deck. */
export const hasApprovedDeck = (m: Pick<Member, 'submittedDecks'>): boolean => m.submittedDecks.some((d) => d.status === 'Approved');

export const unapprovedDecks = (m: Pick<Member, 'submittedDecks'>): DeckSummary[] => m.submittedDecks.filter((d) => d.status !== 'Approved');

/** The label a deck file suggests: its name without the .ydk extension. */
export const labelFromFileName = (name: string): string => name.replace(/\.ydk$/i, '').trim();

export const CARDS_PER_ROW = 10;
export const MIN_MAIN_ROWS = 4;
/** Cards per row of a Main Deck under 40 cards. */
export const SMALL_DECK_ROW = 4;

/**
 * Spec 2 §2/§9 deck preview: "10 cards per row, at least 4 rows, and rows of 4 if the main deck has under 40
 * cards". A Main Deck of 40 or more lies in rows of 10 (4 rows or more, as EDOPro's deck editor); a smaller
 * one (a Speed Duel deck of 20 to 30, a deck still being built) in rows of 4 cards, so that it still fills at
 * least 4 rows at the same card size instead of three and a half rows of 10 with holes.
 */
export function mainDeckSlots(count: number, perRow = CARDS_PER_ROW): { columns: number; rows: number; slots: number; width: number } {
  const columns = count < CARDS_PER_ROW * MIN_MAIN_ROWS ? SMALL_DECK_ROW : perRow;
  const rows = Math.max(MIN_MAIN_ROWS, Math.ceil(count / columns));
  // `width`: the share of a full row the grid takes, so that rows of 4 keep the card size of full rows
  return { columns, rows, slots: rows * columns, width: Math.min(1, columns / perRow) };
}

/** Cards per row on a phone: ten would be 28 px wide there (issue 18); five keep a card readable. */
export const PHONE_CARDS_PER_ROW = 5;

/** A card's name, or spec 2 §2's fallback 'Card {id}' when the card database does not know it. */
export function cardLabel(card: { cardId: number; cardName?: string | null }): { name: string; known: boolean } {
  const name = card.cardName?.trim();
  if (!name || name === `Card ${card.cardId}` || /^unknown/i.test(name)) return { name: `Card ${card.cardId}`, known: false };
  return { name, known: true };
}

// ---- the admin panel's team list --------------------------------------------------------------

export type TeamSortKey = 'name' | 'joined';
export type SortDirection = 'asc' | 'desc';

export function sortTeams(teams: readonly Team[], key: TeamSortKey, direction: SortDirection, search: string): Team[] {
  const q = search.trim().toLowerCase();
  const shown = q
    ? teams.filter((t) => teamName(t).toLowerCase().includes(q) || t.members.some((m) => playerName(m).toLowerCase().includes(q)))
    : [...teams];
  const sign = direction === 'asc' ? 1 : -1;
  return shown.sort((a, b) => {
    const by =
      key === 'name'
        ? teamName(a).localeCompare(teamName(b), undefined, { sensitivity: 'base' })
        : Date.parse(a.createdAt) - Date.parse(b.createdAt);
    return sign * (by || a.seed - b.seed || a.uid.localeCompare(b.uid));
  });
}

/**
 * Active teams that would play without an approved deck: one of their active players has none. Start pairs
 * them all the same, so its confirmation names them.
 */
export function teamsWithoutApprovedDeck(teams: readonly Team[]): Team[] {
  return teams.filter((t) => !t.dropped && t.members.some((m) => !m.dropped && !hasApprovedDeck(m)));
}

/** What Close did, wherever a team count shows: the teams are gone, their number is kept with the final standings. */
export function teamCountLabel(count: number, closed: boolean): string {
  return `${count} ${count === 1 ? 'team' : 'teams'}${closed ? ' played' : ''}`;
}

export const CLOSED_NOTE = 'Close removed the teams, their matches and their decks for good; the final standings keep every team’s result.';

/**
 * Which Admin Tools actions the state still allows at all (issue 18: hide what cannot succeed). Those that
 * only wait (Next Round for the round, Close for the winner) stay, disabled; Close and Download stay after
 * Close, disabled with the reason.
 */
export function adminActions(t: Pick<Tournament, 'inProgress' | 'completed' | 'cancelled' | 'testData'>): { start: boolean; round: boolean; cancel: boolean; seed: boolean; close: boolean } {
  const before = !t.inProgress && !t.completed && !t.cancelled;
  const open = !t.completed && !t.cancelled;
  // Seed Test Data only where the site runs on demo data: a real event never offers it (decision 037)
  return { start: before, seed: before && t.testData, round: open, cancel: open, close: !t.cancelled };
}

// ---- failures ----------------------------------------------------------------------------------

/** Spec 2 §8's sentences of failed actions: shown when the server gave none (see failureSentence). */
export const SIGNUP_FAILED = 'Failed to sign up';
export const DECK_DELETE_FAILED = 'Failed to delete deck';
export const DROP_SELF_FAILED = 'Failed to drop from tournament. Please try again or contact an admin.';
export const NO_PARTICIPANT_ID = 'Could not determine your participant ID to drop. Please contact an admin.';
export const DROP_TEAM_FAILED = 'Failed to drop team. Please try again or contact an admin.';
export const DECKS_AFTER_WINNER = 'Deck download is available after the tournament has a winner.';
export const DECKS_ZIP_FAILED = 'Failed to download decks. Please try again.';
export const BANLIST_FAILED = 'Failed to download banlist';

/**
 * The sentence of a failed action: the server's own (the web client's ApiError carries its `{ error }`),
 * without the field name a validation message starts with; the catalogue's sentence (spec 2 §8) when
 * there is none: the network failed, or the server hid a 5xx behind a generic one.
 */
export function failureSentence(error: unknown, fallback: string): string {
  const status = (error as { status?: unknown } | null | undefined)?.status;
  const message = error instanceof Error ? error.message.trim() : '';
  if (typeof status !== 'number' || status === 0 || status >= 500 || !message) return fallback;
  const sentence = message.replace(/^[a-z][A-Za-z0-9_.[\]]*: (?=\S)/, '');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** spec 2 §9 points: 3 a win, 1 a tie. */
export const pointsOf = (t: Pick<Team, 'wins' | 'ties'>): number => 3 * t.wins + t.ties;

/**
 * What a message on the standings topic does to the standings shown (decision 022): judged against
 * their own version, not the tournament's (whose refetch may already be past it). Rows are shown as
 * they are; a large event's notice is followed by a read of what it announced; a message without a
 * version makes the page read the standings again.
 */
export type StandingsStep =
  | { kind: 'ignore' }
  | { kind: 'put'; standings: Standings }
  | { kind: 'read'; version: number }
  | { kind: 'refetch' };

export function standingsStep(message: unknown, shown: Standings | undefined): StandingsStep {
  if (!message || typeof message !== 'object') return { kind: 'ignore' };
  const m = message as Partial<Standings> & Partial<StandingsNotice>;
  if (typeof m.version !== 'number') return { kind: 'refetch' };
  if (shown && shown.version >= m.version) return { kind: 'ignore' };
  if (Array.isArray(m.rows)) return { kind: 'put', standings: m as Standings };
  if (m.notice === true) return { kind: 'read', version: m.version };
  return { kind: 'refetch' };
}

/** Whether a live message is news: older or equal versions than the one shown are ignored. */
export function isNewer(message: unknown, shownVersion: number | undefined): boolean {
  if (!message || typeof message !== 'object') return false;
  const v = (message as { version?: unknown }).version;
  if (typeof v !== 'number') return true; // no version: refetch to be safe
  return shownVersion === undefined || v > shownVersion;
}
