import { Children, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight, Layers, ScrollText, Trophy } from 'lucide-react';
import { SECTION_STATUSES, STATUS_LABEL, type SectionStatus } from '../../../domain/banlists/statuses.ts';
import { displayState, sortForHome } from '../../../domain/tournaments/display-state.ts';
import type { TournamentSummary } from '../../../domain/api/tournaments.ts';
import { Stat } from '../../components/stat.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { countByStatus, useBanlistDates, useBanlistEntries } from '../banlists/banlists-api.ts';
import { STATUS_LETTER, STATUS_TEXT } from '../../components/status-style.ts';
import { RunningLeagueCard } from '../leagues/list/running-league-card.tsx';
import { SeriesCard } from '../series/series-card.tsx';
import { useSeriesSummaries } from '../series/series-api.ts';
import { TournamentCard } from '../tournaments/list/tournament-card.tsx';
import { useTournaments } from '../tournaments/tournaments-api.ts';

/** Spec 1 §9: six featured tournaments and six series. */
const FEATURED_COUNT = 6;

type LatestBanlist =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'none' }
  | { state: 'ready'; date: string; counts: Record<SectionStatus, number> };

function useLatestBanlist(): LatestBanlist {
  const dates = useBanlistDates();
  const newest = dates.data?.[0];
  const entries = useBanlistEntries(newest);
  if (dates.isError || entries.isError) return { state: 'error' };
  if (dates.isPending) return { state: 'loading' };
  if (!newest) return { state: 'none' };
  if (entries.isPending) return { state: 'loading' };
  return { state: 'ready', date: newest, counts: countByStatus(entries.data) };
}

function countStates(list: readonly TournamentSummary[]) {
  const counts = { Live: 0, Upcoming: 0, Completed: 0 };
  for (const t of list) counts[displayState(t)] += 1;
  return counts;
}

export function HomePage() {
  useDocumentTitle();
  const tournaments = useTournaments();
  const series = useSeriesSummaries();
  const banlist = useLatestBanlist();

  const errors = [
    tournaments.isError && 'Failed to load tournaments',
    series.isError && 'Failed to load series',
    banlist.state === 'error' && 'Failed to load banlist',
  ].filter((e): e is string => !!e);

  const featured = tournaments.data ? sortForHome(tournaments.data).slice(0, FEATURED_COUNT) : [];
  const states = tournaments.data ? countStates(tournaments.data) : null;
  const spotlight = series.data?.slice(0, FEATURED_COUNT) ?? [];

  return (
    <div className="space-y-12 mobile:space-y-10">
      {errors.length > 0 && (
        <Alert>
          <ul className="space-y-1">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </Alert>
      )}

      <section
        aria-labelledby="home-title"
        className="relative overflow-hidden rounded-2xl border bg-gradient-to-br from-primary/15 via-card to-card px-6 py-12 shadow-sm mobile:py-10 desktop:px-12"
      >
        <h1 id="home-title" className="max-w-2xl text-4xl font-bold tracking-tight mobile:text-3xl">
          Format Hub
        </h1>
        <p className="mt-3 max-w-2xl text-lg text-muted-foreground mobile:text-base">
          The home of our EDOPro duel format: the current banlist, rule-preset series and community tournaments, all in
          one place.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/banlist" className={buttonClasses('primary', 'lg')}>
            <ScrollText aria-hidden="true" />
            View Banlist
          </Link>
          <Link to="/tournaments" className={buttonClasses('secondary', 'lg')}>
            <Trophy aria-hidden="true" />
            Browse Tournaments
          </Link>
        </div>
      </section>

      <RunningLeagueCard />

      <section aria-labelledby="at-a-glance">
        {/* the quick cards' titles are h3: their section needs its h2 between them and the h1 */}
        <h2 id="at-a-glance" className="sr-only">
          At a glance
        </h2>
        {/* Only mobile: the rows of this page scroll sideways. */}
        <p data-testid="swipe-hint" className="mb-2 text-sm text-muted-foreground desktop:hidden">
          Swipe to explore →
        </p>
        <Row>
          <Card data-testid="quick-banlist" className="h-full">
            <CardHeader>
              <QuickTitle icon={<ScrollText aria-hidden="true" />}>Latest Banlist</QuickTitle>
            </CardHeader>
            <CardContent className="space-y-3">
              {banlist.state === 'ready' ? (
                <>
                  <p className="text-sm text-muted-foreground">
                    Effective <time dateTime={banlist.date} className="font-medium text-foreground">{banlist.date}</time>
                  </p>
                  <dl className="flex gap-4">
                    {SECTION_STATUSES.map((s) => (
                      <div key={s} className="flex items-baseline gap-1">
                        <dt className={cn('font-bold', STATUS_TEXT[s])}>
                          <abbr title={STATUS_LABEL[s]} className="no-underline">
                            {STATUS_LETTER[s]}
                          </abbr>
                        </dt>
                        <dd data-testid={`quick-banlist-${s}`} className="text-lg font-semibold tabular-nums">
                          {banlist.counts[s]}
                        </dd>
                      </div>
                    ))}
                  </dl>
                </>
              ) : (
                <p className="text-sm text-muted-foreground">{quickText(banlist.state, 'None yet')}</p>
              )}
              <CardLink to="/banlist">Open the banlist</CardLink>
            </CardContent>
          </Card>

          <Card data-testid="quick-tournaments" className="h-full">
            <CardHeader>
              <QuickTitle icon={<Trophy aria-hidden="true" />}>Tournaments</QuickTitle>
            </CardHeader>
            <CardContent className="space-y-3">
              {states && tournaments.data ? (
                <>
                  <p className="text-sm text-muted-foreground">
                    <span data-testid="tournaments-total" className="text-2xl font-bold text-foreground tabular-nums">
                      {tournaments.data.length}
                    </span>{' '}
                    total
                  </p>
                  <dl className="grid grid-cols-3 gap-2 text-sm">
                    <Stat label="Ongoing" testId="tournaments-ongoing">{states.Live}</Stat>
                    <Stat label="Upcoming" testId="tournaments-upcoming">{states.Upcoming}</Stat>
                    <Stat label="Completed" testId="tournaments-completed">{states.Completed}</Stat>
                  </dl>
                </>
              ) : (
                <p className="text-sm text-muted-foreground">{quickText(tournaments.isError ? 'error' : 'loading')}</p>
              )}
              <CardLink to="/tournaments">See all tournaments</CardLink>
            </CardContent>
          </Card>

          <Card data-testid="quick-series" className="h-full">
            <CardHeader>
              <QuickTitle icon={<Layers aria-hidden="true" />}>Series</QuickTitle>
            </CardHeader>
            <CardContent className="space-y-3">
              {series.data ? (
                <p className="text-sm text-muted-foreground">
                  <span data-testid="series-count" className="text-2xl font-bold text-foreground tabular-nums">
                    {series.data.length}
                  </span>{' '}
                  available
                </p>
              ) : (
                <p className="text-sm text-muted-foreground">{quickText(series.isError ? 'error' : 'loading')}</p>
              )}
              <CardLink to="/series">Browse series</CardLink>
            </CardContent>
          </Card>
        </Row>
      </section>

      <HomeSection id="featured-tournaments" title="Featured Tournaments">
        {tournaments.isPending ? (
          <Loading>Loading tournaments…</Loading>
        ) : tournaments.isError ? (
          <Unavailable />
        ) : featured.length === 0 ? (
          <Empty>No tournaments to show yet.</Empty>
        ) : (
          <Row wide>
            {featured.map((t) => (
              <TournamentCard key={t.uid} tournament={t} />
            ))}
          </Row>
        )}
      </HomeSection>

      <HomeSection id="series-spotlight" title="Series Spotlight">
        {series.isPending ? (
          <Loading>Loading series…</Loading>
        ) : series.isError ? (
          <Unavailable />
        ) : spotlight.length === 0 ? (
          <Empty>No series available.</Empty>
        ) : (
          <Row wide>
            {spotlight.map((s) => (
              <SeriesCard key={s.id} series={s} />
            ))}
          </Row>
        )}
      </HomeSection>

      <HomeSection id="banlist-highlights" title="Banlist Highlights">
        {banlist.state === 'loading' ? (
          <Loading>Loading banlist…</Loading>
        ) : banlist.state === 'error' ? (
          <Unavailable />
        ) : banlist.state === 'none' ? (
          <Empty>No banlist published yet.</Empty>
        ) : (
          <div className="space-y-4">
            <p className="text-muted-foreground">
              Effective from{' '}
              <time dateTime={banlist.date} data-testid="banlist-effective-date" className="font-semibold text-foreground">
                {banlist.date}
              </time>
            </p>
            <ul className="grid grid-cols-4 gap-4 mobile:grid-cols-2">
              {SECTION_STATUSES.map((s) => (
                <li key={s} data-testid={`banlist-count-${s}`} className="rounded-xl border bg-card p-4 shadow-sm">
                  <span className={cn('block h-1 w-10 rounded-full bg-current', STATUS_TEXT[s])} aria-hidden="true" />
                  <p className="mt-3 text-3xl font-bold tabular-nums">{banlist.counts[s]}</p>
                  <p className={cn('text-sm font-medium', STATUS_TEXT[s])}>{STATUS_LABEL[s]}</p>
                </li>
              ))}
            </ul>
          </div>
        )}
      </HomeSection>
    </div>
  );
}

function quickText(state: 'loading' | 'error' | 'none', none = ''): string {
  if (state === 'loading') return '…';
  if (state === 'error') return 'Unavailable';
  return none;
}

function QuickTitle({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <CardTitle className="flex items-center gap-2 [&_svg]:size-4 [&_svg]:text-primary">
      {icon}
      {children}
    </CardTitle>
  );
}

function CardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1 rounded text-sm font-medium text-primary hover:underline">
      {children}
      <ArrowRight aria-hidden="true" className="size-3.5" />
    </Link>
  );
}

/** A grid on desktop; on mobile a row that scrolls sideways (spec 1 §2). */
function Row({ wide, children }: { wide?: boolean; children: ReactNode }) {
  return (
    <ul
      className={cn(
        'grid gap-4 sm:grid-cols-2 lg:grid-cols-3',
        'mobile:-mx-4 mobile:flex mobile:snap-x mobile:snap-mandatory mobile:scroll-px-4 mobile:overflow-x-auto mobile:px-4 mobile:pb-3',
      )}
    >
      {Children.map(children, (child) => (
        <li className={cn('mobile:shrink-0 mobile:snap-start', wide ? 'mobile:w-[80%]' : 'mobile:w-[72%]')}>{child}</li>
      ))}
    </ul>
  );
}

function HomeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Loading({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="text-muted-foreground">
      {children}
    </p>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed p-6 text-center text-muted-foreground">{children}</p>;
}

/** The error itself is listed once, in the alert at the top of the page. */
function Unavailable() {
  return <p className="text-muted-foreground">Unavailable right now.</p>;
}
