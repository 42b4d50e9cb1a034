// A league's life by the clock (issue 41): upcoming, running, the hosts' day after the end, final;
// the default length (a calendar month), and the bounds a new league's dates must keep.
import { LEAGUE_DAYS_MAX, LEAGUE_DECIDE_HOURS, LEAGUE_MESSAGES, type LeaguePhase } from '../api/leagues.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface LeagueTimes {
  startsAt: Date;
  endsAt: Date;
  /** set when the leaderboard became final (by the settling of the end) */
  finalAt: Date | null;
}

/** Where the league is at `now`. 'deciding' lasts until the settling of the end makes it final. */
export function leaguePhase(l: LeagueTimes, now: Date): LeaguePhase {
  if (l.finalAt) return 'final';
  if (now < l.startsAt) return 'upcoming';
  if (now < l.endsAt) return 'running';
  return 'deciding';
}

/** The end of the hosts' day after the end: matches still open then have no result. */
export function decideBy(endsAt: Date): Date {
  return new Date(endsAt.getTime() + LEAGUE_DECIDE_HOURS * HOUR);
}

/**
 * A calendar month after `startsAt`, at the same time of day (UTC): 1 May 00:00 → 1 June 00:00;
 * a day the next month lacks becomes its last day (31 January → 28 or 29 February).
 */
export function defaultLeagueEnd(startsAt: Date): Date {
  const y = startsAt.getUTCFullYear();
  const m = startsAt.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(startsAt.getUTCDate(), lastDay);
  return new Date(Date.UTC(y, m, day, startsAt.getUTCHours(), startsAt.getUTCMinutes(), startsAt.getUTCSeconds(), startsAt.getUTCMilliseconds()));
}

/** What is wrong with a new league's dates at `now` (null: nothing): it ends after it starts, in the future, within LEAGUE_DAYS_MAX. */
export function leagueDatesProblem(startsAt: Date, endsAt: Date, now: Date): string | null {
  if (endsAt <= startsAt) return LEAGUE_MESSAGES.endsBeforeStart;
  if (endsAt <= now) return LEAGUE_MESSAGES.endsInPast;
  if (endsAt.getTime() - startsAt.getTime() > LEAGUE_DAYS_MAX * DAY) return LEAGUE_MESSAGES.tooLong;
  return null;
}

/** What the settling of the end does at `now`: close the runs and the queue; make the leaderboard final. */
export function endSteps(l: LeagueTimes & { closedAt: Date | null }, now: Date, openMatches: number): { close: boolean; final: boolean } {
  if (l.finalAt || now < l.endsAt) return { close: false, final: false };
  return { close: !l.closedAt, final: openMatches === 0 || now >= decideBy(l.endsAt) };
}
