import { useMemo, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { CalendarRange, Download, Layers, Pencil, Swords, Trophy } from 'lucide-react';
import { LEAGUE_PHASE_LABEL } from '../../../domain/api/leagues.ts';
import type { Series } from '../../../domain/api/series.ts';
import { parseLflist } from '../../../domain/banlists/lflist.ts';
import { BackLink, StatusLine } from '../../components/page-states.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../components/ui/card.tsx';
import { CoverImage } from '../../components/ui/fallback-image.tsx';
import { useSession } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { RequestToHost } from '../people/request-to-host.tsx';
import { EdoproNumbersCard } from './edopro-numbers-card.tsx';
import { RuleBadges } from './rule-badges.tsx';
import { useSeries, useSeriesLeagues } from './series-api.ts';
import { siteListOf, useSiteBanlists } from './site-banlists.ts';
import { saveBlob } from '../../lib/transfer.ts';

/** Spec 2 §2 /series/{id}: the series, read-only. */
export function SeriesDetailPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const series = useSeries(id);
  useDocumentTitle(series.data?.name ?? 'Series');
  const curator = (user?.auth ?? 0) >= 1;

  return (
    <section className="space-y-6">
      <BackLink to="/series">Back to list</BackLink>
      {series.isPending ? (
        <StatusLine>Loading series…</StatusLine>
      ) : series.isError ? (
        <Alert>{(series.error as { status?: number }).status === 404 ? 'Series not found' : 'Failed to load series'}</Alert>
      ) : (
        <SeriesDetail series={series.data} curator={curator} />
      )}
    </section>
  );
}

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

function SeriesDetail({ series: s, curator }: { series: Series; curator: boolean }) {
  const id = encodeURIComponent(s.id);
  const banlist = useMemo(() => (s.banlist ? parseLflist(s.banlist).lists[0] : undefined), [s.banlist]);

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-start gap-5">
        <div className="size-24 shrink-0 overflow-hidden rounded-xl border bg-muted mobile:size-20">
          <CoverImage src={s.picture} alt={`${s.name} picture`} gradient="square" icon={<Layers aria-hidden="true" className="size-9 text-primary/70" />} />
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <h1 className="text-3xl font-bold tracking-tight break-words mobile:text-2xl">{s.name}</h1>
          <Badge tone="primary" data-testid="series-preset">
            {s.preset}
          </Badge>
        </div>
        {curator && (
          <div className="flex flex-wrap gap-2 mobile:w-full">
            <Link to={`/tournaments/host/${id}`} className={buttonClasses('primary', 'md', 'mobile:flex-1')}>
              <Trophy aria-hidden="true" />
              Host Tournament
            </Link>
            <Link to={`/leagues/new?series=${id}`} className={buttonClasses('secondary', 'md', 'mobile:flex-1')}>
              <Swords aria-hidden="true" />
              Create a league
            </Link>
            <Link to={`/series/${id}/edit`} className={buttonClasses('secondary', 'md', 'mobile:flex-1')}>
              <Pencil aria-hidden="true" />
              Edit
            </Link>
          </div>
        )}
        <RequestToHost className="mobile:max-w-none mobile:w-full" />
      </header>

      <div className="grid gap-4 lg:grid-cols-2">
        <InfoCard title="Overview">
          <p className="text-sm whitespace-pre-line text-muted-foreground">{s.description || 'No description.'}</p>
          <Facts>
            <Fact label="Preset">{s.preset}</Fact>
            <Fact label="Updated">{new Date(s.updatedAt).toLocaleDateString()}</Fact>
          </Facts>
        </InfoCard>

        <InfoCard title="Gameplay & Procedure">
          <Facts>
            <Fact label="Manual deck checking">{yesNo(s.manualDeckChecking)}</Fact>
            <Fact label="Banlist">
              <SeriesBanlist name={s.banlistName ?? banlist?.name ?? null} hash={banlist?.hash} />
            </Fact>
            {banlist && (
              <Fact label="Banlist cards">
                {banlist.entries.length}
                {banlist.whitelist ? ' (whitelist)' : ''}
              </Fact>
            )}
            <Fact label="Relay duels">{yesNo(s.relay)}</Fact>
            <Fact label="Don't shuffle deck">{yesNo(s.dontShuffleDeck)}</Fact>
            <Fact label="Don't check deck contents">{yesNo(s.dontCheckDeckContents)}</Fact>
            <Fact label="Don't check deck size">{yesNo(s.dontCheckDeckSize)}</Fact>
            <Fact label="TCG SEGOC rulings">{yesNo(s.tcgSegocRulings)}</Fact>
          </Facts>
          {s.banlist && (
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => saveBlob(new Blob([s.banlist!], { type: 'text/plain;charset=utf-8' }), `${s.banlistName ?? s.name}.lflist.conf`)}>
              <Download aria-hidden="true" />
              Download banlist
            </Button>
          )}
        </InfoCard>

        <InfoCard title="Match Parameters">
          <Facts>
            <Fact label="Best of">{s.bestOf}</Fact>
            <Fact label="Players per team">
              {s.playersTeam1} vs {s.playersTeam2}
            </Fact>
            <Fact label="Starting LP">{s.startingLp}</Fact>
            <Fact label="Starting hand">{s.startingHand}</Fact>
            <Fact label="Cards per draw">{s.cardsPerDraw}</Fact>
          </Facts>
        </InfoCard>

        <InfoCard title="Deck Construction Limits">
          <Facts>
            <Fact label="Main Deck">
              {s.minMainDeckSize} – {s.maxMainDeckSize}
            </Fact>
            <Fact label="Extra Deck">
              {s.minExtraDeckSize} – {s.maxExtraDeckSize}
            </Fact>
            <Fact label="Side Deck">
              {s.minSideDeckSize} – {s.maxSideDeckSize}
            </Fact>
          </Facts>
        </InfoCard>
      </div>

      <SeriesLeagues seriesId={s.id} />

      <section aria-labelledby="rules-filters" className="space-y-3 rounded-xl border bg-card p-5 shadow-sm">
        <h2 id="rules-filters" className="text-base font-semibold">
          Rules & Filters
        </h2>
        {s.ruleOptions.length + s.cardTypeFilters.length === 0 ? (
          <p className="text-sm text-muted-foreground">No rules or filters.</p>
        ) : (
          <RuleBadges ruleOptions={s.ruleOptions} cardTypeFilters={s.cardTypeFilters} className="gap-2" />
        )}
      </section>

      <EdoproNumbersCard
        duelFlags={s.duelFlags}
        roomDuelFlags={s.roomDuelFlags}
        forbiddenTypes={s.forbiddenTypes}
        banlistHash={banlist?.hash}
      />
    </div>
  );
}

/** The series' leagues, running ones first (issue 41); nothing while it has none. */
function SeriesLeagues({ seriesId }: { seriesId: string }) {
  const leagues = useSeriesLeagues(seriesId);
  if (leagues.isPending || (leagues.data?.length === 0 && !leagues.isError)) return null;
  const order = { running: 0, upcoming: 1, deciding: 2, final: 3 } as const;
  const list = [...(leagues.data ?? [])].sort((a, b) => order[a.phase] - order[b.phase] || b.endsAt.localeCompare(a.endsAt));
  const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
  return (
    <section aria-labelledby="series-leagues" className="space-y-3 rounded-xl border bg-card p-5 shadow-sm" data-testid="series-leagues">
      <h2 id="series-leagues" className="text-base font-semibold">
        Leagues
      </h2>
      {leagues.isError ? (
        <p className="text-sm text-muted-foreground">The series’ leagues could not be loaded.</p>
      ) : (
        <ul className="divide-y">
          {list.map((l) => (
            <li key={l.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
              <Link to={`/leagues/${encodeURIComponent(l.id)}`} className="min-w-0 font-medium text-primary hover:underline">
                {l.name}
              </Link>
              <Badge tone={l.phase === 'running' ? 'live' : l.phase === 'upcoming' ? 'primary' : 'neutral'}>{LEAGUE_PHASE_LABEL[l.phase]}</Badge>
              <span className="flex items-center gap-1 text-muted-foreground">
                <CalendarRange aria-hidden="true" className="size-3.5" />
                <time dateTime={l.startsAt}>{day(l.startsAt)}</time> – <time dateTime={l.endsAt}>{day(l.endsAt)}</time>
              </span>
              <span className="text-muted-foreground">
                {l.players} {l.players === 1 ? 'player' : 'players'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What the series holds: its list, linked to the site's page when it is one of the site's, or plainly none. */
function SeriesBanlist({ name, hash }: { name: string | null; hash: number | undefined }) {
  const lists = useSiteBanlists();
  if (hash === undefined) {
    return (
      <span data-testid="series-banlist">
        No banlist: the host picks one for each event when hosting it; without one, any card may be played up to three times.
      </span>
    );
  }
  const site = siteListOf(lists.data, { name, hash });
  const label = name?.trim() || 'Unnamed list';
  return (
    <span data-testid="series-banlist">
      {lists.isPending ? (
        label
      ) : site ? (
        <Link to={`/banlist?date=${site.date}`} className="text-primary underline-offset-2 hover:underline">
          {label} ({site.date})
        </Link>
      ) : (
        `${label} (the series’ own list)`
      )}
    </span>
  );
}

function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">{title}</h2>
      </CardHeader>
      <CardContent className="space-y-3">{children}</CardContent>
    </Card>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">{children}</dl>;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </>
  );
}
