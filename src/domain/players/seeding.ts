// Seeding by rating (issue 20, the host's seedByRating): at the start of an event in a series,
// teams are seeded by their members' average rating in that series, a newcomer counting as
// DEFAULT_RATING (1500); equal teams keep their sign-up order. Swiss round 1 then pairs the top
// half against the bottom half (swiss.ts, `seeded`), and brackets seed from it as they always do.
import { DEFAULT_RATING } from './ratings.ts';

export interface SeedableTeam {
  id: string;
  /** the sign-up seed (1 first) */
  seed: number;
  dropped: boolean;
  members: readonly string[];
}

/** A team's strength: its members' average rating (unrated members and memberless teams: 1500). */
export function teamRating(members: readonly string[], ratingOf: (discordId: string) => number | undefined): number {
  if (members.length === 0) return DEFAULT_RATING.rating;
  return members.reduce((sum, m) => sum + (ratingOf(m) ?? DEFAULT_RATING.rating), 0) / members.length;
}

/**
 * New seeds 1..n: active teams by rating (highest first; ties by sign-up seed, then id), then the
 * dropped teams in their sign-up order. Pure: the same input gives the same seeds.
 */
export function seedsByRating(teams: readonly SeedableTeam[], ratingOf: (discordId: string) => number | undefined): Map<string, number> {
  const signUp = (a: SeedableTeam, b: SeedableTeam) => a.seed - b.seed || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const strength = new Map(teams.map((t) => [t.id, teamRating(t.members, ratingOf)]));
  const active = teams.filter((t) => !t.dropped).sort((a, b) => strength.get(b.id)! - strength.get(a.id)! || signUp(a, b));
  const dropped = teams.filter((t) => t.dropped).sort(signUp);
  return new Map([...active, ...dropped].map((t, i) => [t.id, i + 1]));
}
