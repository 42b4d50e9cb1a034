// Ratings per series (issue 20): recomputed from every rated recorded event of the series (issue 29), in the order
// they were completed, whenever one is recorded or corrected (ratings.ts: nothing is updated in
// place). Kept in player_ratings so a profile or the leaderboard reads them without computing.
// A final league an admin marked rated adds its complete matches (issue 41): the matches played
// between two rated events are one rating period before the later one (domain/leagues/rating-periods.ts).
import { ratingPeriods } from '../../../domain/leagues/rating-periods.ts';
import { rateEvents, ratedMatchesOf } from '../../../domain/players/ratings.ts';
import type { Tx } from '../../db/client.ts';
import * as LeagueRecords from './league-records-repository.ts';
import * as RecordsRepository from './records-repository.ts';

export async function recomputeSeriesRatings(tx: Tx, seriesUid: string): Promise<void> {
  const events = await RecordsRepository.ratedEvents(tx, seriesUid);
  const rated = events.map((e) => {
    const members = new Map(e.placements.map((p) => [p.teamId, p.members.map((m) => m.discordId)]));
    return { id: e.uid, at: e.completedAt, matches: ratedMatchesOf(e.matches, (team) => members.get(team) ?? []) };
  });
  const leagueMatches = await LeagueRecords.ratedLeagueMatches(tx, seriesUid);
  const ratings = rateEvents(ratingPeriods(rated, leagueMatches));

  // what the board shows beside a rating: the events and leagues played, and the W-L-T of both
  const eventsPlayed = new Map<string, number>();
  for (const e of rated) for (const id of new Set(e.matches.flatMap((m) => [m.player1, m.player2]))) eventsPlayed.set(id, (eventsPlayed.get(id) ?? 0) + 1);
  const leaguesOf = new Map<string, Set<string>>();
  const leagueWins = new Map<string, { wins: number; losses: number }>();
  for (const m of leagueMatches) {
    for (const [id, won] of [[m.player1, m.result === 1], [m.player2, m.result === 2]] as const) {
      let set = leaguesOf.get(id);
      if (!set) leaguesOf.set(id, (set = new Set()));
      set.add(m.leagueId);
      const t = leagueWins.get(id) ?? { wins: 0, losses: 0 };
      if (won) t.wins++;
      else t.losses++;
      leagueWins.set(id, t);
    }
  }
  const totals = new Map((await RecordsRepository.ratedTotals(tx, seriesUid)).map((r) => [r.discordId, r]));
  const rows = [...ratings].filter(([discordId]) => eventsPlayed.has(discordId) || leaguesOf.has(discordId)).map(([discordId, r]) => ({
    seriesUid, discordId, rating: r.rating, rd: r.rd, vol: r.vol, events: eventsPlayed.get(discordId) ?? 0, leagues: leaguesOf.get(discordId)?.size ?? 0,
    wins: (totals.get(discordId)?.wins ?? 0) + (leagueWins.get(discordId)?.wins ?? 0),
    losses: (totals.get(discordId)?.losses ?? 0) + (leagueWins.get(discordId)?.losses ?? 0),
    ties: totals.get(discordId)?.ties ?? 0,
  }));
  await RecordsRepository.replaceRatings(tx, seriesUid, rows);
}
