// Which list a hosted event plays on (issue 39 §2, decision 037): none only when the host says so.

export type HostBanlist =
  /** the site's list of that date */
  | { kind: 'date'; date: string }
  /** the .lflist.conf text the body holds (pasted, uploaded, or the series') */
  | { kind: 'text' }
  /** no list, on purpose: `banlistDate: null`, or an explicit `banlist: null` */
  | { kind: 'none' }
  /** nothing said: the site's current (newest) list, none when the site has no list */
  | { kind: 'current' };

/**
 * The host body's banlist as said: `banlistDate` first (a date, or null for none), then the text (null
 * is none, as it always was). A body that names no list gets the current one, so a forgotten choice
 * never becomes an event on no list.
 */
export function hostBanlist(body: { banlistDate?: string | null; banlist?: string | null }): HostBanlist {
  if (body.banlistDate === null) return { kind: 'none' };
  if (body.banlistDate !== undefined) return { kind: 'date', date: body.banlistDate };
  if (typeof body.banlist === 'string') return { kind: 'text' };
  if (body.banlist === null) return { kind: 'none' };
  return { kind: 'current' };
}
