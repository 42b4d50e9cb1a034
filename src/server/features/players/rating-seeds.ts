// seedByRating at Start (issue 20): in an event of a series, each team's seed becomes its place by
// its members' average rating in that series (seeding.ts), stored on the teams so that everything
// the engine later rebuilds from stored fields (Swiss round 1's pairs, a bracket's seeding,
// standings' last tie-breaker) follows the same seeds.
import { seedsByRating } from '../../../domain/players/seeding.ts';
import type { Tx } from '../../db/client.ts';
import * as PlayersRepository from './players-repository.ts';
import type * as Events from '../tournaments/events-repository.ts';
import * as Teams from '../tournaments/teams/teams-repository.ts';

/** The teams with their new seeds (stored), or as they were when the event does not seed by rating. */
export async function seedTeamsByRating<T extends { uid: string; seed: number; dropped: boolean }>(
  tx: Tx, t: Pick<Events.TournamentRow, 'uid' | 'seedByRating' | 'seriesUid'>, teams: readonly T[],
): Promise<T[]> {
  if (!t.seedByRating || !t.seriesUid) return [...teams];
  const members = (await Teams.listMembers(tx, t.uid)).filter((m) => !m.dropped);
  const ids = [...new Set(members.map((m) => m.discordId))];
  const rated = await PlayersRepository.ratingsIn(tx, t.seriesUid, ids);
  const membersOf = new Map<string, string[]>();
  for (const m of members) membersOf.set(m.teamUid, [...(membersOf.get(m.teamUid) ?? []), m.discordId]);
  const seeds = seedsByRating(teams.map((x) => ({ id: x.uid, seed: x.seed, dropped: x.dropped, members: membersOf.get(x.uid) ?? [] })), (id) => rated.get(id));
  const changed = teams.filter((x) => seeds.get(x.uid) !== x.seed);
  await PlayersRepository.storeSeeds(tx, changed.map((x) => ({ uid: x.uid, seed: seeds.get(x.uid)! })));
  return teams.map((x) => ({ ...x, seed: seeds.get(x.uid)! }));
}
