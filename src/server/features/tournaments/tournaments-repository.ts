import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { teams, tournaments } from '../../db/schema.ts';
import type { TournamentSummary } from '../../../domain/api/tournaments.ts';

/** Every tournament that is not cancelled, with its active team count. */
export async function listSummaries(db: Tx): Promise<TournamentSummary[]> {
  const teamCounts = db
    .select({ tournamentUid: teams.tournamentUid, n: sql<number>`count(*)::int`.as('n') })
    .from(teams)
    .where(eq(teams.dropped, false))
    .groupBy(teams.tournamentUid)
    .as('team_counts');
  const rows = await db
    .select({ t: tournaments, n: teamCounts.n })
    .from(tournaments)
    .leftJoin(teamCounts, eq(teamCounts.tournamentUid, tournaments.uid))
    .where(eq(tournaments.cancelled, false))
    .orderBy(tournaments.createdAt);
  return rows.map(({ t, n }) => ({
    uid: t.uid,
    name: t.name,
    subtitle: t.subtitle,
    iteration: t.iteration,
    imageUri: t.imageUri,
    seriesUid: t.seriesUid,
    hostDiscordId: t.hostDiscordId,
    format: t.format,
    bestOf: t.bestOf,
    inProgress: t.inProgress,
    completed: t.completed,
    currentRound: t.currentRound,
    roundCount: t.roundCount,
    teamCount: n ?? 0,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  }));
}
