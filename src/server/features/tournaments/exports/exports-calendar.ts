// Tournaments in calendars (issue 19, decision 017): each event with a start time as an iCalendar
// VEVENT, its length an estimate from its rounds, and the SEQUENCE that tells a calendar app its
// copy is stale.
import { DEFAULT_ROUND_MINUTES } from '../../../../domain/api/event-night.ts';
import type { CalendarEvent } from '../../../../domain/tournaments/exports/ics.ts';
import { FORMAT_LABEL } from '../../../../domain/tournaments/formats.ts';
import { roundRobinRounds, swissRounds, topCutSize } from '../../../../domain/tournaments/engine/round-count.ts';
import { doubleEliminationRounds } from '../../../../domain/tournaments/engine/double-elimination.ts';
import { iterationSuffix } from '../../../../domain/tournaments/iteration.ts';
import type { TournamentRow } from '../events-repository.ts';

/** Minutes between two rounds: results, pairings, finding the next table. */
export const TURNOVER_MINUTES = 10;
/** The shortest an event is estimated to last. */
export const MIN_EVENT_MINUTES = 120;
/** Teams assumed while fewer have signed up (a calendar is often added before the sign-ups). */
export const EXPECTED_TEAMS_MIN = 8;

type LengthFields = Pick<TournamentRow, 'format' | 'swissRounds' | 'topCut' | 'roundMinutes' | 'topCutRoundMinutes'>;

/**
 * How long an event is expected to last, in minutes: each round its clock plus TURNOVER_MINUTES
 * (an untimed round counted as DEFAULT_ROUND_MINUTES), rounds from the host's Swiss rounds and top
 * cut or else the rule for the teams signed up (at least EXPECTED_TEAMS_MIN); never under 2 hours.
 */
export function estimatedMinutes(t: LengthFields, activeTeams: number): number {
  const n = Math.max(activeTeams, EXPECTED_TEAMS_MIN);
  const round = (minutes: number) => (minutes > 0 ? minutes : DEFAULT_ROUND_MINUTES) + TURNOVER_MINUTES;
  let total: number;
  if (t.format === 'DEFAULT') {
    const cut = Math.min(t.topCut ?? topCutSize(n), n);
    const cutRounds = cut >= 2 ? Math.log2(cut) : 0;
    total = (t.swissRounds ?? swissRounds(n)) * round(t.roundMinutes) + cutRounds * round(t.topCutRoundMinutes || t.roundMinutes);
  } else {
    total = (t.format === 'ROUND_ROBIN' ? roundRobinRounds(n) : doubleEliminationRounds(n)) * round(t.roundMinutes);
  }
  return Math.max(MIN_EVENT_MINUTES, total);
}

type CalendarFields = Pick<TournamentRow, 'name' | 'subtitle' | 'description' | 'startsAt' | 'cancelled'>;

/** What a calendar shows changed: the SEQUENCE moves on. */
export function calendarChanged(before: CalendarFields, after: Partial<CalendarFields>): boolean {
  const differs = <K extends keyof CalendarFields>(k: K) => k in after && after[k] !== undefined && after[k] !== before[k];
  const startMoved = 'startsAt' in after && after.startsAt !== undefined && (after.startsAt?.getTime() ?? null) !== (before.startsAt?.getTime() ?? null);
  return startMoved || differs('name') || differs('subtitle') || differs('description') || differs('cancelled');
}

/**
 * For a write's `set`: `{ calendarSequence: n + 1 }` when it changes what a calendar shows (name,
 * subtitle, description, start, cancellation), else nothing. Use:
 * `Repo.updateTournament(tx, uid, { ...set, ...bumpCalendarIfChanged(t, set) })`.
 */
export function bumpCalendarIfChanged(
  before: CalendarFields & Pick<TournamentRow, 'calendarSequence'>,
  after: Partial<CalendarFields>,
): { calendarSequence?: number } {
  return calendarChanged(before, after) ? { calendarSequence: before.calendarSequence + 1 } : {};
}

/** The event as the calendar file holds it (needs a start time). */
export function calendarEvent(t: TournamentRow, activeTeams: number, origin: string): CalendarEvent | undefined {
  if (!t.startsAt) return undefined;
  const url = `${origin}/tournaments/${encodeURIComponent(t.uid)}`;
  // as the page heads it: the iteration after the name unless the name says it already
  const suffix = iterationSuffix(t);
  const summary = suffix ? `${t.name} ${suffix}` : t.name;
  const lines = [t.subtitle, t.description, `${FORMAT_LABEL[t.format]}, best of ${t.bestOf}.`, url].filter((x): x is string => !!x?.trim());
  return {
    uid: `tournament-${t.uid}`,
    sequence: t.calendarSequence,
    start: t.startsAt,
    end: new Date(t.startsAt.getTime() + estimatedMinutes(t, activeTeams) * 60_000),
    summary: t.cancelled ? `Cancelled: ${summary}` : summary,
    description: lines.join('\n\n'),
    url,
    updatedAt: t.updatedAt,
    cancelled: t.cancelled,
  };
}
