// What the print view, the CSV files and the calendar feed read (issue 19).
import { and, asc, count, eq, gte, isNotNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { members, teams, tournaments, users } from '../../../db/schema.ts';

/** Every member's name by team, in sign-up order: one query for the print view and the CSV files. */
export async function playerNames(db: Tx, uid: string) {
  return db
    .select({ teamUid: members.teamUid, dropped: members.dropped, name: sql<string | null>`coalesce(${users.preferredName}, ${users.displayName}, ${users.username})` })
    .from(members)
    .leftJoin(users, eq(users.discordId, members.discordId))
    .where(eq(members.tournamentUid, uid))
    .orderBy(asc(members.id));
}

/** Each team's name and whether it dropped: what the print view needs of 4,096 teams, not every column. */
export async function teamNames(db: Tx, uid: string) {
  return db.select({ uid: teams.uid, name: teams.name, dropped: teams.dropped }).from(teams).where(eq(teams.tournamentUid, uid));
}

/**
 * The calendar feed's events with a start time: not started, not closed, and not cancelled, or
 * cancelled since `cancelledSince` with a start still ahead of `startsAfter` (listed as cancelled,
 * so subscribed calendars remove them); with their active teams (the length estimate).
 */
export async function listCalendarEvents(db: Tx, { cancelledSince, startsAfter }: { cancelledSince: Date; startsAfter: Date }) {
  return db
    .select({ t: tournaments, activeTeams: sql<number>`(select count(*)::int from ${teams} where ${teams.tournamentUid} = ${tournaments.uid} and not ${teams.dropped})` })
    .from(tournaments)
    .where(and(
      isNotNull(tournaments.startsAt),
      eq(tournaments.closed, false), eq(tournaments.inProgress, false), eq(tournaments.completed, false),
      or(
        eq(tournaments.cancelled, false),
        and(gte(tournaments.updatedAt, cancelledSince), gte(tournaments.startsAt, startsAfter)),
      ),
    ))
    .orderBy(asc(tournaments.startsAt), asc(tournaments.createdAt));
}

/** Active teams of one tournament (the calendar's length estimate). */
export async function activeTeamCount(db: Tx, uid: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(teams).where(and(eq(teams.tournamentUid, uid), eq(teams.dropped, false)));
  return row?.n ?? 0;
}
