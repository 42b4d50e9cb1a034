// Ratings per series (issue 20): recomputed from every rated recorded event of the series (issue 29), in the order
// they were completed, whenever one is recorded or corrected (ratings.ts: nothing is updated in
// place). Kept in player_ratings so a profile or the leaderboard reads them without computing.
import { and, asc, eq, sql } from 'drizzle-orm';
import { rateEvents, ratedMatchesOf } from '../../../domain/ratings/ratings.ts';
import type { Tx } from '../../db/client.ts';
import { eventRecords, playerRatings, recordPlayers, tournaments } from '../../db/schema.ts';

const INSERT_CHUNK = 1000;

export async function recomputeSeriesRatings(tx: Tx, seriesUid: string): Promise<void> {
  const events = await tx
    .select({ uid: eventRecords.tournamentUid, placements: eventRecords.placements, matches: eventRecords.matches })
    .from(eventRecords)
    // only the events an admin marked rated count (issue 29: a host could manufacture the others)
    .innerJoin(tournaments, eq(tournaments.uid, eventRecords.tournamentUid))
    .where(and(eq(eventRecords.seriesUid, seriesUid), eq(tournaments.rated, true)))
    .orderBy(asc(eventRecords.completedAt), asc(eventRecords.tournamentUid));
  const rated = events.map((e) => {
    const members = new Map(e.placements.map((p) => [p.teamId, p.members.map((m) => m.discordId)]));
    return { id: e.uid, matches: ratedMatchesOf(e.matches, (team) => members.get(team) ?? []) };
  });
  const ratings = rateEvents(rated);
  const records = await tx
    .select({
      discordId: recordPlayers.discordId,
      wins: sql<number>`sum(${recordPlayers.wins})::int`, losses: sql<number>`sum(${recordPlayers.losses})::int`, ties: sql<number>`sum(${recordPlayers.ties})::int`,
    })
    .from(recordPlayers)
    .innerJoin(tournaments, eq(tournaments.uid, recordPlayers.tournamentUid))
    .where(and(eq(recordPlayers.seriesUid, seriesUid), eq(tournaments.rated, true)))
    .groupBy(recordPlayers.discordId);
  const totals = new Map(records.map((r) => [r.discordId, r]));
  await tx.delete(playerRatings).where(eq(playerRatings.seriesUid, seriesUid));
  const rows = [...ratings].filter(([, r]) => r.events > 0).map(([discordId, r]) => ({
    seriesUid, discordId, rating: r.rating, rd: r.rd, vol: r.vol, events: r.events,
    wins: totals.get(discordId)?.wins ?? 0, losses: totals.get(discordId)?.losses ?? 0, ties: totals.get(discordId)?.ties ?? 0,
  }));
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await tx.insert(playerRatings).values(rows.slice(i, i + INSERT_CHUNK));
}
