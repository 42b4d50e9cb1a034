// A host changes an event's banlist before the start (issue 30 §8, decision 030): the decks already
// submitted are checked again with the validator the submission uses, and a deck the new list refuses
// is rejected with a reason that names the list and its cards, so none stays approved by mistake.
import { BANLIST_PROBLEM_CODES, type DeckProblem } from '../decks/validate-deck.ts';
import { REJECTION_REASON_MAX } from './limits.ts';

/** What an event's list is called in a sentence: its name, or 'no banlist'. */
export const banlistLabel = (name: string | null | undefined): string => name?.trim() || 'no banlist';

/**
 * The rejection reason of a deck under the event's new list, or null when the list allows it. Only
 * the list's own problems count (forbidden, over its limit, not on a whitelist): the deck passed
 * every other check when it was submitted, and the list is what changed.
 */
export function banlistRejection(listName: string | null, problems: readonly DeckProblem[]): string | null {
  const refused = problems.filter((p) => BANLIST_PROBLEM_CODES.has(p.code));
  if (refused.length === 0) return null;
  const head = `The host changed the banlist to ${banlistLabel(listName)}, which this deck breaks: `;
  const tail = '. Submit a legal deck.';
  const body = refused.map((p) => p.message).join('; ');
  const room = REJECTION_REASON_MAX - head.length - tail.length;
  return `${head}${body.length > room ? `${body.slice(0, room - 1)}…` : body}${tail}`;
}

/** The audit line's words for the change: 'from A to B; n decks rejected'. */
export function banlistChangeSummary(before: string | null, after: string | null, rejected: number): string {
  const decks = rejected === 0 ? 'no deck rejected' : `${rejected} deck${rejected === 1 ? '' : 's'} rejected`;
  return `from ${banlistLabel(before)} to ${banlistLabel(after)}; ${decks}`;
}
