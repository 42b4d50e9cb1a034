import { useState } from 'react';
import { Link } from 'react-router';
import { FileText, Trophy } from 'lucide-react';
import type { Tournament } from '../../../../domain/api/tournaments.ts';
import type { Champion, Standings } from '../../../../domain/api/standings.ts';
import type { CurrentUser } from '../../../../domain/api/users.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { MatchDialog } from './match-dialog.tsx';
import { defaultRound, resetRound, roundsToLoad, type RoundChoice } from './match-view.ts';
import { MatchesSection } from './in-progress-panel.tsx';
import { ChampionBlock, StandingsTable } from './standings-table.tsx';
import { ownEntry, playerName, pointsOf } from '../tournament-view.ts';
import { useMatches, useStandings } from '../tournaments-api.ts';

export const NO_WINNER = 'No winner has been declared for this tournament.';
export const WINNER_UNAVAILABLE = 'Winner information not available';
export const WINNER_TEAM_UNAVAILABLE = 'Winner team information not available';

/**
 * The champion to show: the standings' (kept by Close), else built from the tournament's own team,
 * else from the winner's standings row; null when none of them knows the team.
 */
export function championOf(t: Tournament, standings: Standings | undefined): Champion | null {
  if (!t.winnerTeamUid) return null;
  if (standings?.champion && standings.champion.teamId === t.winnerTeamUid) return standings.champion;
  const team = t.teams.find((x) => x.uid === t.winnerTeamUid);
  const row = standings?.rows.find((r) => r.teamId === t.winnerTeamUid);
  if (team) {
    return {
      teamId: team.uid, teamName: team.name, wins: row?.wins ?? team.wins, losses: row?.losses ?? team.losses, ties: row?.ties ?? team.ties,
      points: row?.points ?? pointsOf(team),
      members: team.members.map((m) => ({ discordId: m.discordId, displayName: playerName(m), avatarUrl: m.image })),
    };
  }
  if (row) return { teamId: row.teamId, teamName: row.teamName, wins: row.wins, losses: row.losses, ties: row.ties, points: row.points, members: [] };
  return null;
}

/** Spec 2 §2 Completed: 'Tournament Completed', the Champion block, the final standings and the results. */
export function CompletedPanel({ tournament: t, user }: { tournament: Tournament; user: CurrentUser | null }) {
  const standings = useStandings(t.uid, true);
  const [choice, setChoice] = useState<RoundChoice | null>(null);
  const round = choice ?? defaultRound(t);
  // Close deletes the matches: nothing to load then
  const shown = useMatches(t.uid, roundsToLoad(t, round), !t.closed);
  const [openId, setOpenId] = useState<number | null>(null);
  const entry = user ? ownEntry(t, user.discordId) : undefined;
  const champion = championOf(t, standings.data);
  const all = shown.matches;
  const usernames = new Map(t.teams.flatMap((team) => team.members.map((m) => [m.discordId, m.username] as const)));

  return (
    <div className="space-y-5">
      <h2 className="flex items-center gap-2 text-2xl font-bold">
        <Trophy aria-hidden="true" className="size-6 text-limited-ink" />
        Tournament Completed
      </h2>
      {!t.winnerTeamUid ? (
        <p className="text-muted-foreground" data-testid="no-winner">
          {NO_WINNER}
        </p>
      ) : champion ? (
        <ChampionBlock champion={champion} usernameOf={(id) => usernames.get(id)} />
      ) : standings.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading the champion…
        </p>
      ) : (
        <Alert>{standings.isError ? WINNER_UNAVAILABLE : WINNER_TEAM_UNAVAILABLE}</Alert>
      )}
      {/* issue 20: the record written when the winner was marked */}
      {t.winnerTeamUid && (
        <Link to={`/tournaments/${encodeURIComponent(t.uid)}/report`} className={buttonClasses('secondary')} data-testid="report-link">
          <FileText aria-hidden="true" />
          Event report
        </Link>
      )}
      {standings.data && <StandingsTable standings={standings.data} title="Final Standings" ownTeamUid={entry?.team.uid} />}
      {all.length > 0 && (
        <MatchesSection tournament={t} matches={all} round={round} onRound={setChoice} onOpen={setOpenId} ownTeamUid={entry?.team.uid} />
      )}
      <MatchDialog
        tournament={t}
        match={openId === null ? undefined : all.find((m) => m.id === openId)}
        user={user}
        ownTeamUid={entry?.team.uid}
        resetRound={resetRound(all)}
        onClose={() => setOpenId(null)}
      />
    </div>
  );
}
