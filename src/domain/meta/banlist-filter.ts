// Which events the meta counts by their banlist (issue 30 §8): by default those played on the
// current list (the newest format list), since a meta mixing formats (GOAT beside Modern) describes
// none of them; 'all' widens to every event, a list's name narrows to that list.

/** The filter value that asks for every event, whatever its list (?banlist=all). */
export const ALL_BANLISTS = 'all';

/**
 * The list name events must carry, or null for every event: the name asked for, every event for
 * 'all', else the current list (every event while the site has no list yet).
 */
export function banlistOfEvents(asked: string | undefined, current: string | null): string | null {
  if (asked === ALL_BANLISTS) return null;
  return asked ?? current;
}
