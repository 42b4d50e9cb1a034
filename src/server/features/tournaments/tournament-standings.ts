// Standings as the API shows them (current, or final once a winner is marked, or kept by Close), and
// the names and people they carry.
import type { Standings } from '../../../domain/api/tournaments.ts';
import { currentStandings, finalStandings } from '../../../domain/tournament/results.ts';
import { TIE_POINTS, WIN_POINTS } from '../../../domain/tournament/standings.ts';
import type { Db } from '../../db/client.ts';
import * as Repo from './tournaments-repository.ts';
import { toEngineMatch, toEngineTeam, UNNAMED_TEAM, userAvatar, userName } from './tournament-views.ts';

/** Team names by uid, for matches and standings. */
export function teamNamer(teams: Repo.TeamRow[]): (uid: string | null) => string | null {
  const names = new Map(teams.map((t) => [t.uid, t.name || UNNAMED_TEAM]));
  return (uid) => (uid === null ? null : (names.get(uid) ?? UNNAMED_TEAM));
}

/** Standings from the stored rows: final standings once completed, or kept by Close. */
export function standingsOf(
  t: Repo.TournamentRow,
  teams: Repo.TeamRow[],
  matches: Repo.MatchRow[],
  winner?: { members: Repo.MemberRow[]; users: Map<string, Repo.UserRow> },
): Standings {
  if (t.closed && t.finalStandings) return { ...(t.finalStandings as Standings), uid: t.uid, version: t.version };
  const engineTeams = teams.map(toEngineTeam);
  const engineMatches = matches.map(toEngineMatch);
  const rows = t.completed ? finalStandings(t.format, engineTeams, engineMatches) : currentStandings(t.format, engineTeams, engineMatches);
  const byUid = new Map(teams.map((x) => [x.uid, x]));
  const body = rows.map((r) => ({
    rank: r.rank, teamId: r.teamId, teamName: byUid.get(r.teamId)?.name || UNNAMED_TEAM, dropped: byUid.get(r.teamId)?.dropped ?? false,
    points: r.points, wins: r.wins, losses: r.losses, ties: r.ties, omw: r.omw, oomw: r.oomw, tieBreaker: r.tieBreaker,
    placement: null, swissRecord: null,
  }));
  // the champion's record counts every match it played (Swiss standings leave the top cut out)
  const team = t.winnerTeamUid ? byUid.get(t.winnerTeamUid) : undefined;
  const champion = team && winner
    ? {
        teamId: team.uid, teamName: team.name || UNNAMED_TEAM, wins: team.wins, losses: team.losses, ties: team.ties,
        points: team.wins * WIN_POINTS + team.ties * TIE_POINTS,
        members: winner.members.map((m) => ({ discordId: m.discordId, displayName: userName(winner.users.get(m.discordId)), avatarUrl: m.image ?? userAvatar(winner.users.get(m.discordId), m.discordId) })),
      }
    : null;
  return { uid: t.uid, version: t.version, final: t.completed, rows: body, champion };
}

/** The winning team's members and their users, for the Champion block. */
export async function winnerPeople(db: Db, t: Repo.TournamentRow) {
  if (!t.winnerTeamUid) return undefined;
  const members = (await Repo.listMembers(db, t.uid)).filter((m) => m.teamUid === t.winnerTeamUid);
  return { members, users: await Repo.usersByIds(db, members.map((m) => m.discordId)) };
}
