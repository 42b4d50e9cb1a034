// Ratings per series (issue 20): recomputed from every rated recorded event of the series (issue 29), in the order
// they were completed, whenever one is recorded or corrected (ratings.ts: nothing is updated in
// place). Kept in player_ratings so a profile or the leaderboard reads them without computing.
import { rateEvents, ratedMatchesOf } from '../../../domain/players/ratings.ts';
import type { Tx } from '../../db/client.ts';
import * as RecordsRepository from './records-repository.ts';

export async function recomputeSeriesRatings(tx: Tx, seriesUid: string): Promise<void> {
  const events = await RecordsRepository.ratedEvents(tx, seriesUid);
  const rated = events.map((e) => {
    const members = new Map(e.placements.map((p) => [p.teamId, p.members.map((m) => m.discordId)]));
    return { id: e.uid, matches: ratedMatchesOf(e.matches, (team) => members.get(team) ?? []) };
  });
  const ratings = rateEvents(rated);
  const totals = new Map((await RecordsRepository.ratedTotals(tx, seriesUid)).map((r) => [r.discordId, r]));
  const rows = [...ratings].filter(([, r]) => r.events > 0).map(([discordId, r]) => ({
    seriesUid, discordId, rating: r.rating, rd: r.rd, vol: r.vol, events: r.events,
    wins: totals.get(discordId)?.wins ?? 0, losses: totals.get(discordId)?.losses ?? 0, ties: totals.get(discordId)?.ties ?? 0,
  }));
  await RecordsRepository.replaceRatings(tx, seriesUid, rows);
}
