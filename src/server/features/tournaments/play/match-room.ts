// The EDOPro room of a match (issue 19): its name and password, for its players, the host and admins
// only, and only in GET .../matches/{mid} (never a list, the scoreboard or a live message).
import type { Room } from '../../../../domain/api/event-night.ts';
import { roomName } from '../../../../domain/tournaments/rooms.ts';
import type { Tx } from '../../../db/client.ts';
import type * as Events from '../events-repository.ts';
import * as Teams from '../teams/teams-repository.ts';
import type * as Matches from './matches-repository.ts';
import { isPrivileged } from '../tournament-views.ts';

/** The room this viewer may see of this match; undefined when none (no viewer, no right, nothing to play). */
export async function roomFor(
  db: Tx, user: { discordId: string; auth: number } | null | undefined, t: Events.TournamentRow, m: Matches.MatchRow,
): Promise<Room | undefined> {
  if (!user || !m.roomPassword) return undefined;
  // a room to meet in: two teams known, a match to play now (not a bye, a missed round or a later round)
  if (!t.inProgress || t.completed || m.bye || m.missed || !m.team1Uid || !m.team2Uid || m.roundNumber > t.currentRound) return undefined;
  if (!isPrivileged(user, t)) {
    // a player of either team (a dropped member no longer)
    const mine = await Teams.activeMembership(db, t.uid, user.discordId);
    if (!mine || (mine.team.uid !== m.team1Uid && mine.team.uid !== m.team2Uid)) return undefined;
  }
  return { name: roomName(t.uid, m.tableNumber, m.id), password: m.roomPassword };
}
