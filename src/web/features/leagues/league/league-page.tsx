import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { FileText, WifiOff } from 'lucide-react';
import { LEAGUE_PHASE_LABEL, type League } from '../../../../domain/api/leagues.ts';
import { CardPreviewProvider } from '../../../components/card-preview.tsx';
import { BackLink, PageFailure, StatusLine } from '../../../components/page-states.tsx';
import { Stat } from '../../../components/stat.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { DuelSettings } from '../../tournaments/playing/room-card.tsx';
import { PhaseBadge } from '../list/league-card.tsx';
import { useLeagueLive } from '../league-live.ts';
import { PRIVACY_TEXT, whenText } from '../league-view.ts';
import { count, dayText } from '../list/league-order.ts';
import { useLeague } from '../leagues-api.ts';
import { HostsPanel } from './hosts-panel.tsx';
import { LeaderboardTable } from './leaderboard-table.tsx';
import { MyRunPanel } from './my-run-panel.tsx';
import { LeagueRatedSetting } from './rated-setting.tsx';

/** /leagues/{id} (issue 41): the leaderboard, the queue, the viewer's run and its actions, the hosts' panel; live. */
export function LeaguePage() {
  const { id = '' } = useParams();
  const league = useLeague(id);
  useDocumentTitle(league.data?.name ?? 'League');
  const status = league.error instanceof ApiError ? league.error.status : undefined;

  return (
    <section className="space-y-5" aria-label="League">
      <BackLink to="/leagues">All leagues</BackLink>
      {league.isPending ? (
        <StatusLine>Loading the league…</StatusLine>
      ) : league.isError ? (
        <PageFailure title="League" onRetry={status !== 404 ? () => void league.refetch() : undefined}>
          {status === 404 ? 'League not found' : `Failed to load the league: ${league.error.message}`}
        </PageFailure>
      ) : (
        <LeagueView league={league.data} />
      )}
    </section>
  );
}

function LeagueView({ league: l }: { league: League }) {
  const { user, isLoading } = useSession();
  const live = useLeagueLive(l.id, user?.discordId);

  return (
    // a refused deck's cards enlarge on a tap, as everywhere
    <CardPreviewProvider>
      <div className="space-y-5" data-live={live}>
        {live === 'reconnecting' && (
          <p role="status" className="flex items-center gap-2 rounded-lg border border-limited/40 bg-limited/10 px-3 py-2 text-sm" data-testid="live-status">
            <WifiOff aria-hidden="true" className="size-4 shrink-0 text-limited-ink" />
            Live updates paused: reconnecting…
          </p>
        )}
        <LeagueHeader league={l} />
        <div className="grid items-start gap-5 lg:grid-cols-2">
          <div className="min-w-0 space-y-5">
            {user && <HostsPanel league={l} user={user} />}
            {isLoading ? (
              <StatusLine>Checking sign-in…</StatusLine>
            ) : (
              <MyRunPanel league={l} user={user} />
            )}
          </div>
          <div className="min-w-0 space-y-5">
            <LeaderboardTable leagueId={l.id} rows={l.leaderboard} matchesPerRun={l.matchesPerRun} viewer={user?.discordId} final={l.phase === 'final'} />
            <LeagueFacts league={l} />
            {user && user.auth >= 2 && <LeagueRatedSetting league={l} />}
          </div>
        </div>
      </div>
    </CardPreviewProvider>
  );
}

function LeagueHeader({ league: l }: { league: League }) {
  return (
    <header className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <PhaseBadge phase={l.phase} />
        {l.rated && <Badge tone="primary">Rated</Badge>}
      </div>
      <h1 className="text-3xl font-bold tracking-tight break-words mobile:text-2xl" data-testid="league-name">
        {l.name}
      </h1>
      <p className="text-sm text-muted-foreground">
        <Link to={`/series/${encodeURIComponent(l.seriesId)}`} className="font-medium text-primary underline underline-offset-2">
          {l.seriesName}
        </Link>
        {' · '}
        <time dateTime={l.startsAt}>{dayText(l.startsAt)}</time> – <time dateTime={l.endsAt}>{dayText(l.endsAt)}</time>
        {' · '}
        {l.banlistName ?? 'No banlist'}
      </p>
      <dl className="grid grid-cols-3 gap-2 text-sm sm:max-w-xl">
        <Stat look="bordered" label="Players" testId="league-players">{l.players}</Stat>
        <Stat look="bordered" label="Runs" testId="league-runs">{l.runs}</Stat>
        <Stat look="bordered" label="In the queue" testId="queue-size">{l.queueSize}</Stat>
      </dl>
      <p className="text-sm" data-testid="league-phase-line">
        {l.phase === 'upcoming' && <>Starts <time dateTime={l.startsAt}>{whenText(l.startsAt)}</time>.</>}
        {l.phase === 'running' && <>Runs until <time dateTime={l.endsAt}>{whenText(l.endsAt)}</time>.</>}
        {l.phase === 'deciding' && <>{LEAGUE_PHASE_LABEL.deciding}, by <time dateTime={l.decideBy}>{whenText(l.decideBy)}</time> at the latest.</>}
        {l.phase === 'final' && 'The leaderboard is final.'}
      </p>
      {l.phase === 'final' && (
        <Link to={`/leagues/${encodeURIComponent(l.id)}/report`} className={buttonClasses('secondary', 'md', 'mobile:w-full')}>
          <FileText aria-hidden="true" />
          League report
        </Link>
      )}
    </header>
  );
}

function LeagueFacts({ league: l }: { league: League }) {
  return (
    <section aria-labelledby="league-facts" className="space-y-3 rounded-xl border bg-card p-4 shadow-sm mobile:p-3">
      <h2 id="league-facts" className="font-semibold">
        How this league plays
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        <Fact label="A run">{count(l.matchesPerRun, 'match', 'matches')} against different opponents, best of {l.bestOf}</Fact>
        <Fact label="Points">1 a match won, 1 more for a run that wins every match</Fact>
        <Fact label="Results">Either player reports; the other confirms or disputes within {count(l.confirmHours, 'hour')}, or the report stands</Fact>
        <Fact label="Queue">A place lasts {l.queueMinutes} minutes</Fact>
        <Fact label="Decks">{PRIVACY_TEXT[l.deckPrivacy]}</Fact>
        <Fact label="Hosts">{l.createdBy.displayName} and the admins</Fact>
      </dl>
      <DuelSettings tournament={l} title="EDOPro duel settings" />
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}
