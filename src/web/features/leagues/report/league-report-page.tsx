import { Link, useParams } from 'react-router';
import { ArrowLeft, Trophy } from 'lucide-react';
import { LEAGUE_TOP, type League } from '../../../../domain/api/leagues.ts';
import { PlayerLink } from '../../../components/player-link.tsx';
import { RatedBadge } from '../../../components/rated-badge.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { LeaderboardTable } from '../league/leaderboard-table.tsx';
import { PRIVACY_TEXT } from '../league-view.ts';
import { count, datesText } from '../list/league-order.ts';
import { useLeague } from '../leagues-api.ts';

/**
 * /leagues/{id}/report (issue 41): the league's record once final: its champion and top 8, and the whole
 * final leaderboard. Before that, where to follow it.
 */
export function LeagueReportPage() {
  const { id = '' } = useParams();
  const league = useLeague(id);
  useDocumentTitle(league.data ? `${league.data.name}: league report` : 'League report');
  const status = league.error instanceof ApiError ? league.error.status : undefined;
  const page = `/leagues/${encodeURIComponent(id)}`;

  return (
    <section className="space-y-5" aria-label="League report">
      <Link to={league.data ? page : '/leagues'} className="inline-flex items-center gap-1 rounded text-sm font-medium text-primary hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {league.data ? 'Back to the league' : 'All leagues'}
      </Link>
      {league.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading the report…
        </p>
      ) : league.isError ? (
        <div className="space-y-3">
          <h1 className="text-2xl font-bold">League report</h1>
          <Alert>{status === 404 ? 'League not found' : `Failed to load the report: ${league.error.message}`}</Alert>
          {status !== 404 && (
            <Button variant="secondary" onClick={() => void league.refetch()}>
              Try again
            </Button>
          )}
        </div>
      ) : league.data.phase !== 'final' ? (
        <div className="space-y-3 rounded-xl border bg-card p-5" data-testid="report-not-yet">
          <h1 className="text-2xl font-bold">League report</h1>
          <p>The report is published once the league is final. Until then, follow the leaderboard on the league’s page.</p>
          <Link to={page} className="inline-flex font-medium text-primary hover:underline">
            Go to the league
          </Link>
        </div>
      ) : (
        <ReportView league={league.data} />
      )}
    </section>
  );
}

function ReportView({ league: l }: { league: League }) {
  const { user } = useSession();
  const top = l.leaderboard.filter((r) => r.top8).slice(0, LEAGUE_TOP);
  const champion = top[0];
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <p className="text-sm font-medium tracking-wide text-muted-foreground uppercase">League report</p>
        <h1 className="text-3xl font-bold break-words mobile:text-2xl" data-testid="report-title">{l.name}</h1>
        <p className="text-sm text-muted-foreground">
          {datesText(l)} · {l.seriesName} · {l.banlistName ?? 'No banlist'} · {count(l.players, 'player')}, {count(l.runs, 'run')}
        </p>
        <RatedBadge rated={l.rated} />
      </header>

      {champion ? (
        <section aria-labelledby="league-champion" className="space-y-2 rounded-xl border border-limited/40 bg-limited/10 p-5 mobile:p-4" data-testid="league-champion">
          <h2 id="league-champion" className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
            <Trophy aria-hidden="true" className="size-4" />
            First place
          </h2>
          <p className="text-2xl font-bold break-words">
            <PlayerLink discordId={champion.discordId} name={champion.displayName} />
          </p>
          <p className="text-sm tabular-nums">
            {count(champion.points, 'point')} · {champion.matchWins}–{champion.matchLosses} in matches · {count(champion.runs, 'run')}
          </p>
        </section>
      ) : (
        <p className="text-muted-foreground">No one placed in this league.</p>
      )}

      <LeaderboardTable rows={top} viewer={user?.discordId} final title={`Top ${LEAGUE_TOP}`} headingId="report-top" limit={Infinity} />

      <section aria-labelledby="report-decks" className="space-y-2">
        <h2 id="report-decks" className="text-lg font-semibold">
          Decklists
        </h2>
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground" data-testid="report-decks-note">
          {PRIVACY_TEXT[l.deckPrivacy]} A published deck is on its run’s page, linked from the matches of the runs that met it.
        </p>
      </section>

      <LeaderboardTable rows={l.leaderboard} viewer={user?.discordId} final title="Final leaderboard" headingId="report-leaderboard" />
    </div>
  );
}
