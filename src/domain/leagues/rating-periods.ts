// How a rated league's matches enter a series' Glicko-2 rating periods (issue 41, decision 042's
// "The record"). An event is one period (ratings.ts). League matches are played any day of a month,
// between the series' event nights: the matches played between two consecutive rated events make one
// period, rated before the later event, so an event night sees the ratings its players' league
// matches gave them, and the league's matches see the events before them. Without an event in the
// league's weeks, a league is one period, as an event is.
import type { RatedMatch } from '../players/ratings.ts';

export interface TimedPeriod {
  id: string;
  /** when the event's winner was marked */
  at: Date;
  matches: readonly RatedMatch[];
}

export interface TimedLeagueMatch extends RatedMatch {
  /** when the match was played (its report, else the hosts' decision) */
  at: Date;
}

/**
 * The periods in rating order: each event in its order, and before it one period of the league
 * matches played since the previous event (a match at the very moment of an event's end comes after
 * it); the league matches after the last event last. Empty league periods are left out.
 */
export function ratingPeriods(events: readonly TimedPeriod[], leagueMatches: readonly TimedLeagueMatch[]): { id: string; matches: readonly RatedMatch[] }[] {
  const ordered = [...events].sort((a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const buckets: RatedMatch[][] = ordered.map(() => []);
  const after: RatedMatch[] = [];
  const played = [...leagueMatches].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const m of played) {
    // the first event that ended after the match: its bucket comes before it
    let lo = 0;
    let hi = ordered.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ordered[mid]!.at.getTime() <= m.at.getTime()) lo = mid + 1;
      else hi = mid;
    }
    (lo < ordered.length ? buckets[lo]! : after).push({ player1: m.player1, player2: m.player2, result: m.result });
  }
  const periods: { id: string; matches: readonly RatedMatch[] }[] = [];
  ordered.forEach((e, i) => {
    if (buckets[i]!.length) periods.push({ id: `leagues before ${e.id}`, matches: buckets[i]! });
    periods.push({ id: e.id, matches: e.matches });
  });
  if (after.length) periods.push({ id: 'leagues after the last event', matches: after });
  return periods;
}
