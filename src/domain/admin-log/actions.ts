// The site's admin log (issue 39 §1): what each action is called, and where its subject lives.

export const ADMIN_ACTIONS = [
  'level', 'suspend', 'lift-suspension', 'host-request', 'host-request-approve', 'host-request-decline',
  'banlist-import', 'banlist-delete', 'sendoff', 'mark-rated', 'mark-unrated', 'cancel-event',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/** Labels for the log's filter, in the order above. */
export const ACTION_LABELS: Record<AdminAction, string> = {
  level: 'Level changed',
  suspend: 'Suspended',
  'lift-suspension': 'Suspension lifted',
  'host-request': 'Asked to host',
  'host-request-approve': 'Request to host approved',
  'host-request-decline': 'Request to host declined',
  'banlist-import': 'Banlist imported',
  'banlist-delete': 'Banlist deleted',
  sendoff: 'Banlist sent off',
  'mark-rated': 'Event or league marked rated',
  'mark-unrated': 'Event or league marked unrated',
  'cancel-event': 'Event cancelled',
};

export const SUBJECT_KINDS = ['user', 'banlist', 'tournament', 'league'] as const;
export type SubjectKind = (typeof SUBJECT_KINDS)[number];

/**
 * The page of a log line's subject: a user's profile, a banlist by date (reference lists are not
 * shown on a page: none), an event. Null when there is nothing to open (a deleted list).
 */
export function subjectPath(kind: string, id: string, action: string): string | null {
  const e = encodeURIComponent(id);
  if (kind === 'user') return `/players/${e}`;
  if (kind === 'tournament') return `/tournaments/${e}`;
  if (kind === 'league') return `/leagues/${e}`;
  if (kind === 'banlist') return action === 'banlist-delete' || id.startsWith('reference:') ? null : `/banlist?date=${e}`;
  return null;
}
