// What /admin/people says of a person: their level, their suspension, when they were last seen.
import type { Person } from '../../../domain/api/people.ts';
import { levelName } from '../../../domain/people/levels.ts';

export const LEVEL_CHOICES = [
  { auth: 0, label: 'Player', hint: 'Plays: signs up, submits decks, reports, proposes cards.' },
  { auth: 1, label: 'Curator', hint: 'Hosts tournaments, edits series, decides matches.' },
  { auth: 2, label: 'Admin', hint: 'Votes on the judgement board, imports banlists, manages people.' },
] as const;

/** 'Player', 'Curator', 'Admin'. */
export const levelLabel = (auth: number) => {
  const name = levelName(auth);
  return name.charAt(0).toUpperCase() + name.slice(1);
};

const DAY = 86_400_000;

/** A day as the reader's locale writes it: '12 May 2026'. */
export const dayText = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** 'today', 'yesterday', '5 days ago', then the day; 'never' without one. `now` in ms. */
export function lastSeenText(iso: string | null, now: number, day: (iso: string) => string = dayText): string {
  if (!iso) return 'never';
  const days = Math.floor(now / DAY) - Math.floor(Date.parse(iso) / DAY);
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return day(iso);
}

/** 'until 12 May 2026' or 'until lifted'. */
export function suspensionEnd(s: NonNullable<Person['suspension']>, day: (iso: string) => string = dayText): string {
  return s.until ? `until ${day(s.until)}` : 'until lifted';
}

/** What an admin may do to this person: never suspend an admin, nor themselves. */
export function actionsFor(p: Pick<Person, 'discordId' | 'auth' | 'suspended'>, me: string): { suspend: boolean; lift: boolean } {
  const self = p.discordId === me;
  return { suspend: !self && !p.suspended && p.auth < 2, lift: !self && p.suspended };
}

/** '3 events' / '1 event'. */
export const events = (n: number) => `${n} event${n === 1 ? '' : 's'}`;

/** The value for a datetime-local input a week from now, in the reader's time. */
export function inAWeek(now: number): string {
  const d = new Date(now + 7 * DAY);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
