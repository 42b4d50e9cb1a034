// The settings dialog's banlist choice (issue 30 §8): a site list's date, none, or the event's own list.
import type { BanlistSummary } from '../../../../domain/api/banlists.ts';
import type { Tournament } from '../../../../domain/api/tournaments.ts';
import { siteListOf } from '../../series/site-banlists.ts';

/** The choices besides a date: no list, and the list the event holds when it is not the site's. */
export const NO_BANLIST = 'none';
export const OWN_BANLIST = 'own';

/** What the select shows first: the event's list among the site's, its own list, or none. */
export function banlistChoiceOf(t: Pick<Tournament, 'banlistName' | 'hasBanlist'>, lists: readonly BanlistSummary[] | undefined): string {
  if (!t.hasBanlist) return NO_BANLIST;
  return siteListOf(lists, { name: t.banlistName })?.date ?? OWN_BANLIST;
}

/** The body's `banlistDate` for a choice, or nothing when the event keeps its list. */
export function banlistChange(initial: string, chosen: string): { banlistDate?: string | null } {
  if (chosen === initial || chosen === OWN_BANLIST) return {};
  return { banlistDate: chosen === NO_BANLIST ? null : chosen };
}
