// Suspensions (issue 39): in force from when an admin sets one until its end (none: until lifted).

export interface Suspension {
  reason: string;
  /** ISO time it ends by itself; null: until an admin lifts it */
  until: string | null;
}

/** True while the suspension holds at `now` (ms). */
export function suspensionHolds(s: { until: string | Date | null } | null | undefined, now: number): boolean {
  if (!s) return false;
  return s.until === null || new Date(s.until).getTime() > now;
}

/** '12 May 2026, 18:00 UTC': one way to write an end everyone reads alike (the server's sentences have no time zone of the reader). */
export function utcMoment(at: string | Date): string {
  const d = new Date(at);
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${hh}:${mm} UTC`;
}

/** What sign-in and the site say to a suspended user: the end and the reason. */
export function suspendedSentence(s: Suspension): string {
  const end = s.until ? `until ${utcMoment(s.until)}` : 'until an admin lifts it';
  return `Your account is suspended ${end}. Reason: ${s.reason}`;
}

/** Whom an admin may suspend: never an admin (demote them first), never themselves. Null when allowed. */
export function suspensionRefusal(o: { self: boolean; targetAuth: number }): string | null {
  if (o.self) return 'You cannot suspend yourself';
  if (o.targetAuth >= 2) return 'An admin cannot be suspended: make them a curator or a player first';
  return null;
}
