// One team as the team routes and check-in answer it, and which decks the viewer may see.
import type { Team } from '../../../../domain/api/tournaments.ts';
import type { Tx } from '../../../db/client.ts';
import { decksByMemberOf, deckViewOf, isPrivileged, toTeam, type DeckView } from '../tournament-views.ts';
import type * as Events from '../events-repository.ts';
import * as Teams from './teams-repository.ts';
import * as Decks from '../decks/decks-repository.ts';
import * as Users from '../../users/users-repository.ts';

type Viewer = { discordId: string; auth: number } | null | undefined;

/**
 * What this viewer sees of the tournament's decks: 'full' for an admin or the host who does not
 * play in it (or once it has a winner), else 'public'. A visitor costs no query.
 */
export async function deckViewFor(db: Tx, user: Viewer, t: Events.TournamentRow): Promise<DeckView> {
  if (!user || !isPrivileged(user, t)) return 'public';
  return deckViewOf(user, t, !t.completed && (await Teams.playsIn(db, t.uid, user.discordId)));
}

/** One team with only its own members, decks and users (not every member of a 4,096-team event). */
export async function loadTeam(db: Tx, uid: string, team: Teams.TeamRow, view: DeckView): Promise<Team> {
  const members = await Teams.membersOfTeam(db, uid, team.uid);
  const decks = await Decks.listDeckSummaries(db, uid, members.map((m) => m.id));
  const users = await Users.usersByIds(db, members.map((m) => m.discordId));
  return toTeam(team, members, { decks, users }, decksByMemberOf(decks, view));
}
