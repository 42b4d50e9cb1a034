// Tournament constants and small rules the pages need without pulling zod into their bundle.

export const TEAM_NAME_MAX = 60;
export const DECK_LABEL_MAX = 100;
export const REJECTION_REASON_MAX = 1000;
export const FLAG_MESSAGE_MAX = 1000;

export const DECK_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type DeckStatus = (typeof DECK_STATUSES)[number];

/** Spec 2 §4: Approved if approved; Rejected if a reviewer is set and not approved; else Pending. */
export function deckStatus(d: { approved: boolean; reviewerDiscordId: string | null }): DeckStatus {
  if (d.approved) return 'Approved';
  return d.reviewerDiscordId ? 'Rejected' : 'Pending';
}

export const MATCH_STATUSES = ['Scheduled', 'In Progress', 'Completed'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** Spec 2 §4: Completed if complete; In Progress if a score exists (or a side reported); otherwise Scheduled. */
export function matchStatus(m: { complete: boolean; hasScore: boolean }): MatchStatus {
  if (m.complete) return 'Completed';
  return m.hasScore ? 'In Progress' : 'Scheduled';
}

/** The message a flag shows when it has none (spec 2 §2). */
export const DEFAULT_FLAG_MESSAGE = 'This match has been flagged for review';
export const REPORTS_DISAGREE_MESSAGE = 'Score reports disagree';
export const DECKS_AFTER_WINNER_MESSAGE = 'Deck download is available after the tournament has a winner.';

/** Nobody decides a match they play in: an override or a flag resolution by a member of one of its teams (issue 18). */
export const OWN_MATCH_MESSAGE = 'You cannot decide a match you play in.';

/** A deck review by someone who plays in the event (a member of any of its teams, dropped or not; decision 013). */
export const DECK_REVIEW_BY_PLAYER_MESSAGE = 'You play in this event: an admin who does not play reviews its decks.';
/** A deck submitted or deleted after Start (issue 29): the lists played are the lists checked. */
export const DECKS_FIXED_MESSAGE = 'Decks are fixed once the tournament has started: ask the host to reject a deck that is wrong.';
/** Download All Decks after Close, which deleted them. */
export const DECKS_CLOSED_MESSAGE = 'Close removed this tournament’s decks.';
