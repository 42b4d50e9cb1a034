// The leagues in the order the pages list them, and the words of their dates and counts: what the home
// page's card needs, alone in this module (it is in the first page's script).
import type { LeaguePhase, LeagueSummary } from '../../../../domain/api/leagues.ts';

let day: Intl.DateTimeFormat | undefined;
/** A day, in the viewer's calendar: '1 Jun 2026'. */
export const dayText = (iso: string) => (day ??= new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' })).format(new Date(iso));

/** The league's length: '1 May 2026 – 1 Jun 2026'. */
export const datesText = (l: Pick<LeagueSummary, 'startsAt' | 'endsAt'>) => `${dayText(l.startsAt)} – ${dayText(l.endsAt)}`;

/** The running leagues first (the one ending soonest on top), then those to come, then the past ones, newest first. */
export function sortLeagues<T extends Pick<LeagueSummary, 'phase' | 'startsAt' | 'endsAt'>>(list: readonly T[]): { current: T[]; past: T[] } {
  const rank: Record<LeaguePhase, number> = { running: 0, upcoming: 1, deciding: 2, final: 3 };
  const current = list.filter((l) => l.phase === 'running' || l.phase === 'upcoming')
    .sort((a, b) => rank[a.phase] - rank[b.phase] || (a.phase === 'running' ? a.endsAt.localeCompare(b.endsAt) : a.startsAt.localeCompare(b.startsAt)));
  const past = list.filter((l) => l.phase === 'deciding' || l.phase === 'final').sort((a, b) => b.endsAt.localeCompare(a.endsAt));
  return { current, past };
}

/** 1 player, 2 players. */
export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
