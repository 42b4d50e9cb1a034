// A 1-vs-1 sign-up without a team name plays under the player's own name (issue 39 §2): the page, the
// API and the bot's /signup alike. A team event still needs a name its members chose.
import { TEAM_NAME_MAX } from './limits.ts';

/** Each side is one player: a team is its player. */
export const isOneVsOne = (t: { playersTeam1: number; playersTeam2: number }) => t.playersTeam1 === 1 && t.playersTeam2 === 1;

/** The name the site shows for a person (their chosen name, else Discord's). */
export const personName = (u: { preferredName: string | null; displayName: string; username: string }) =>
  (u.preferredName || u.displayName || u.username).trim().replace(/\s+/g, ' ');

/**
 * The names a player's own team may take, in order: their name, then with their Discord username when
 * another player of the same name signed up first ('Ada', 'Ada (ada_2)'). Clipped to a team name's length.
 */
export function playerTeamNames(u: { preferredName: string | null; displayName: string; username: string }): string[] {
  const name = personName(u).slice(0, TEAM_NAME_MAX);
  const handle = u.username.trim();
  const withHandle = `${personName(u).slice(0, Math.max(1, TEAM_NAME_MAX - handle.length - 3))} (${handle})`.slice(0, TEAM_NAME_MAX);
  return name === handle ? [name] : [name, withHandle];
}
