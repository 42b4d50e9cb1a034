import { useParams } from 'react-router';
import { Lock, Star } from 'lucide-react';
import { RUN_STATUS_LABEL, type League, type LeagueRun } from '../../../../domain/api/leagues.ts';
import { CardPreviewProvider } from '../../../components/card-preview.tsx';
import { BackLink, PageFailure, StatusLine } from '../../../components/page-states.tsx';
import { PlayerLink } from '../../../components/player-link.tsx';
import { Stat } from '../../../components/stat.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { DeckPreview } from '../../tournaments/decks/deck-preview.tsx';
import { useLeagueLive } from '../league-live.ts';
import { recordText, whenText } from '../league-view.ts';
import { useLeague, useLeagueRun } from '../leagues-api.ts';
import { RunMatches } from './run-matches.tsx';

/** Why a run's deck is not shown, by the league's deck privacy. */
const PRIVATE_DECK: Record<League['deckPrivacy'], string> = {
  closed: 'This league keeps its decks private: only the run’s player and the hosts see them.',
  'top-cut': 'The deck is private until the league is final; then the top 8’s decks are published.',
  all: 'The deck is private until the league is final; then every run’s deck is published.',
};

/** /leagues/{id}/runs/{runId} (issue 41): a run's record and matches and, to whom may see it, its deck. */
export function RunPage() {
  const { id = '', runId = '' } = useParams();
  const league = useLeague(id);
  const run = useLeagueRun(id, Number(runId));
  const { user } = useSession();
  useLeagueLive(id, user?.discordId);
  useDocumentTitle(run.data ? `${run.data.displayName}’s run · ${league.data?.name ?? 'League'}` : 'League run');
  const status = run.error instanceof ApiError ? run.error.status : undefined;
  const badId = !/^\d+$/.test(runId);

  return (
    <section className="space-y-5" aria-label="League run">
      <BackLink to={`/leagues/${encodeURIComponent(id)}`}>{league.data ? `Back to ${league.data.name}` : 'Back to the league'}</BackLink>
      {badId || status === 404 ? (
        <PageFailure title="League run">Run not found in this league</PageFailure>
      ) : run.isPending ? (
        <StatusLine>Loading the run…</StatusLine>
      ) : run.isError ? (
        <PageFailure title="League run" onRetry={() => void run.refetch()}>
          Failed to load the run: {run.error.message}
        </PageFailure>
      ) : (
        <RunView run={run.data} league={league.data} viewer={user?.discordId} />
      )}
    </section>
  );
}

function RunView({ run: r, league: l, viewer }: { run: LeagueRun; league: League | undefined; viewer: string | undefined }) {
  const own = r.discordId === viewer;
  return (
    <div className="space-y-5">
      <header className="space-y-2">
        <p className="text-sm font-medium tracking-wide text-muted-foreground uppercase">{l?.name ?? 'League'} · run #{r.id}</p>
        <h1 className="text-3xl font-bold tracking-tight break-words mobile:text-2xl">
          <PlayerLink discordId={r.discordId} name={r.displayName} />
          <span className="font-normal text-muted-foreground">’s run</span>
        </h1>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge tone={r.status === 'active' ? 'live' : 'neutral'} data-testid="run-status">{RUN_STATUS_LABEL[r.status]}</Badge>
          {r.perfect && (
            <Badge tone="limited">
              <Star aria-hidden="true" className="size-3 fill-current" />
              Perfect run
            </Badge>
          )}
          {own && <Badge tone="primary">Your run</Badge>}
          <span className="text-muted-foreground">
            Started <time dateTime={r.startedAt}>{whenText(r.startedAt)}</time>
            {r.endedAt && <>, ended <time dateTime={r.endedAt}>{whenText(r.endedAt)}</time></>}
          </span>
        </div>
        <dl className="grid max-w-xl grid-cols-3 gap-2 text-sm">
          <Stat look="bordered" label="Record" testId="run-record">{recordText(r)}</Stat>
          <Stat look="bordered" label="Points" testId="run-points">{r.points}</Stat>
          <Stat look="bordered" label="Games">{r.gamesWon}–{r.gamesLost}</Stat>
        </dl>
      </header>

      <div className="rounded-xl border bg-card p-4 shadow-sm mobile:p-3">
        <RunMatches run={r} leagueId={r.leagueId} headingLevel={2} />
      </div>

      <section aria-labelledby="run-deck" className="space-y-3">
        <h2 id="run-deck" className="text-lg font-semibold">
          Deck
        </h2>
        {r.deck ? (
          <div className="space-y-3 rounded-xl border bg-card p-4 shadow-sm mobile:p-3">
            {/* the deck preview's parts are h4: its own heading comes between */}
            <h3 className="text-sm font-semibold">
              {r.mainCount} Main, {r.extraCount} Extra, {r.sideCount} Side
            </h3>
            {!r.deckPublished && (
              <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="deck-private-note">
                <Lock aria-hidden="true" className="size-4 shrink-0" />
                Only {own ? 'you' : 'the run’s player'} and the league’s hosts see this deck until it is published.
              </p>
            )}
            <CardPreviewProvider>
              <DeckPreview deck={r.deck} label={`${r.displayName} - ${l?.name ?? 'league'} run ${r.id}`} createdBy={r.displayName} />
            </CardPreviewProvider>
          </div>
        ) : (
          <p className="flex items-center gap-2 rounded-lg border border-dashed p-4 text-sm text-muted-foreground" data-testid="deck-private">
            <Lock aria-hidden="true" className="size-4 shrink-0" />
            {l ? PRIVATE_DECK[l.deckPrivacy] : 'The deck is private.'}
          </p>
        )}
      </section>
    </div>
  );
}
