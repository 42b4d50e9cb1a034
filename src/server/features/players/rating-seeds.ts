// seedByRating at Start (issue 20): in an event of a series, each team's seed becomes its place by
// its members' average rating in that series (seeding.ts), stored on the teams so that everything
// the engine later rebuilds from stored fields (Swiss round 1's pairs, a bracket's seeding,
// standings' last tie-breaker) follows the same seeds.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { seedsByRating } from '../../../domain/ratings/seeding.ts';
import type { Tx } from '../../db/client.ts';
import { playerRatings, teams as teamsTable } from '../../db/schema.ts';
import type * as Events from '../tournaments/events-repository.ts';
import * as Teams from '../tournaments/teams-repository.ts';

const CHUNK = 500;

/** The teams with their new seeds (stored), or as they were when the event does not seed by rating. */
export async function seedTeamsByRating<T extends { uid: string; seed: number; dropped: boolean }>(
  tx: Tx, t: Pick<Events.TournamentRow, 'uid' | 'seedByRating' | 'seriesUid'>, teams: readonly T[],
): Promise<T[]> {
  if (!t.seedByRating || !t.seriesUid) return [...teams];
  const members = (await Teams.listMembers(tx, t.uid)).filter((m) => !m.dropped);
  const ids = [...new Set(members.map((m) => m.discordId))];
  const rated = new Map<string, number>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await tx.select({ discordId: playerRatings.discordId, rating: playerRatings.rating }).from(playerRatings)
      .where(and(eq(playerRatings.seriesUid, t.seriesUid), inArray(playerRatings.discordId, ids.slice(i, i + CHUNK))));
    for (const r of rows) rated.set(r.discordId, r.rating);
  }
  const membersOf = new Map<string, string[]>();
  for (const m of members) membersOf.set(m.teamUid, [...(membersOf.get(m.teamUid) ?? []), m.discordId]);
  const seeds = seedsByRating(teams.map((x) => ({ id: x.uid, seed: x.seed, dropped: x.dropped, members: membersOf.get(x.uid) ?? [] })), (id) => rated.get(id));
  const changed = teams.filter((x) => seeds.get(x.uid) !== x.seed);
  for (let i = 0; i < changed.length; i += CHUNK) {
    const values = sql.join(changed.slice(i, i + CHUNK).map((x) => sql`(${x.uid}::text, ${seeds.get(x.uid)!}::int)`), sql`, `);
    await tx.execute(sql`update ${teamsTable} set seed = v.seed from (values ${values}) as v(uid, seed) where ${teamsTable.uid} = v.uid`);
  }
  return teams.map((x) => ({ ...x, seed: seeds.get(x.uid)! }));
}
