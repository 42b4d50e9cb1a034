// Standings as the API shows them (current, or final once a winner is marked, or kept by Close), and
// the names and people they carry.
import type { Standings } from '../../../../domain/api/standings.ts';
import { currentStandings, finalStandings, type FinalStandingRow } from '../../../../domain/tournaments/engine/results.ts';
import type { StandingRow } from '../../../../domain/tournaments/standings/standings.ts';
import type { Db } from '../../../db/client.ts';
import type * as Events from '../events-repository.ts';
import * as Teams from '../teams/teams-repository.ts';
import type * as Matches from './matches-repository.ts';
import * as Users from '../../users/users-repository.ts';
import { toEngineMatch, toEngineTeam, UNNAMED_TEAM, userAvatar, userName } from '../tournament-views.ts';

/** Team names by uid, for matches and standings. */
export function teamNamer(teams: Pick<Teams.TeamRow, 'uid' | 'name'>[]): (uid: string | null) => string | null {
  const names = new Map(teams.map((t) => [t.uid, t.name || UNNAMED_TEAM]));
  return (uid) => (uid === null ? null : (names.get(uid) ?? UNNAMED_TEAM));
}

/**
 * Standings from the stored rows: final standings once completed (placements, records that count
 * every match, a top cut's Swiss part), or those kept by Close.
 */
export function standingsOf(
  t: Events.TournamentRow,
  teams: Pick<Teams.TeamRow, 'uid' | 'name' | 'seed' | 'dropped'>[],
  matches: Matches.EngineMatchRow[],
  winner?: { members: Teams.MemberRow[]; users: Map<string, Users.UserRow> },
): Standings {
  if (t.closed && t.finalStandings) return keptStandings(t);
  const engineTeams = teams.map(toEngineTeam);
  const engineMatches = matches.map(toEngineMatch);
  const rows: Array<StandingRow & Partial<FinalStandingRow>> = t.completed
    ? finalStandings(t.format, engineTeams, engineMatches, t.winnerTeamUid)
    : currentStandings(t.format, engineTeams, engineMatches);
  const byUid = new Map(teams.map((x) => [x.uid, x]));
  const body = rows.map((r) => {
    const dropped = byUid.get(r.teamId)?.dropped ?? false;
    return {
      rank: r.rank, teamId: r.teamId, teamName: byUid.get(r.teamId)?.name || UNNAMED_TEAM, dropped,
      points: r.points, wins: r.wins, losses: r.losses, ties: r.ties,
      // a share of nobody's matches is no 0 %: unknown until the team meets an opponent
      omw: r.opponents > 0 ? r.omw : null, oomw: r.opponents > 0 ? r.oomw : null, tieBreaker: r.tieBreaker,
      // an active team not yet paired (a late entry) plays later; a dropped one, or any once the event is over, did not play
      didNotPlay: !r.played && (dropped || t.completed),
      placement: r.placement ?? null, swissRecord: r.swiss ?? null,
    };
  });
  // the Champion block reads the winner's final row: both count every match it played, top cut included
  const team = t.winnerTeamUid ? byUid.get(t.winnerTeamUid) : undefined;
  const row = team && body.find((r) => r.teamId === team.uid);
  const champion = team && row && winner
    ? {
        teamId: team.uid, teamName: row.teamName, wins: row.wins, losses: row.losses, ties: row.ties, points: row.points,
        members: winner.members.map((m) => ({ discordId: m.discordId, displayName: userName(winner.users.get(m.discordId)), avatarUrl: m.image ?? userAvatar(winner.users.get(m.discordId), m.discordId) })),
      }
    : null;
  return { uid: t.uid, version: t.version, final: t.completed, rows: body, champion };
}

/** What Close stored; standings stored before placements existed read with none. */
function keptStandings(t: Events.TournamentRow): Standings {
  const kept = t.finalStandings as Standings;
  // kept before issue 39: every row counted as played
  const rows = kept.rows.map((r) => ({ ...r, placement: r.placement ?? null, swissRecord: r.swissRecord ?? null, didNotPlay: r.didNotPlay ?? false }));
  return { ...kept, rows, uid: t.uid, version: t.version };
}

/** The winning team's members and their users, for the Champion block. */
export async function winnerPeople(db: Db, t: Events.TournamentRow) {
  if (!t.winnerTeamUid) return undefined;
  const members = (await Teams.listMembers(db, t.uid)).filter((m) => m.teamUid === t.winnerTeamUid);
  return { members, users: await Users.usersByIds(db, members.map((m) => m.discordId)) };
}
