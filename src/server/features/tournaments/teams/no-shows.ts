// The teams that did not check in, dropped when the event starts.
import type { Tx } from '../../../db/client.ts';
import { conflict } from '../../../errors.ts';
import { UNNAMED_TEAM } from '../tournament-views.ts';
import type * as Events from '../events-repository.ts';
import * as Teams from './teams-repository.ts';
import * as Audit from '../audit-repository.ts';

/**
 * At the start of an event with check-in: the active teams that did not check in are dropped, in one
 * audit line naming them. Refused (nothing kept) when fewer than 2 teams would be left.
 */
export async function dropNoShows(tx: Tx, t: Events.TournamentRow, actorDiscordId: string): Promise<Teams.TeamRow[]> {
  if (!t.checkIn) return [];
  const active = (await Teams.listTeams(tx, t.uid)).filter((x) => !x.dropped);
  const noShows = active.filter((x) => !x.checkedInAt);
  const left = active.length - noShows.length;
  if (active.length >= 2 && left < 2) {
    throw conflict(`${left === 0 ? 'No team has' : 'Only 1 team has'} checked in: a tournament needs at least 2 checked-in teams to start`);
  }
  if (noShows.length === 0) return [];
  await Teams.dropTeams(tx, noShows.map((x) => x.uid));
  await Audit.audit(tx, {
    tournamentUid: t.uid, actorDiscordId, action: 'drop-no-shows',
    after: { teams: noShows.map((x) => ({ uid: x.uid, name: x.name || UNNAMED_TEAM })) },
  });
  return noShows;
}
