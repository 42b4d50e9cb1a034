import { Link } from 'react-router';
import { ArrowRight, Swords } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { count, dayText, sortLeagues } from './league-order.ts';
import { useLeagues } from '../leagues-api.ts';

/**
 * The home page's card of the running league (issue 41): a reason to open the site between events.
 * Nothing while none runs, while loading, or when the list fails (the home page has its own news).
 */
export function RunningLeagueCard() {
  const leagues = useLeagues({ phase: 'running' });
  const [first, ...more] = sortLeagues(leagues.data ?? []).current;
  if (!first) return null;
  const page = `/leagues/${encodeURIComponent(first.id)}`;
  return (
    <section
      aria-labelledby="running-league"
      className="flex flex-wrap items-center gap-4 rounded-xl border border-live/40 bg-live/5 p-5 shadow-sm mobile:p-4"
      data-testid="running-league"
    >
      <Swords aria-hidden="true" className="size-8 shrink-0 text-live-ink mobile:hidden" />
      <div className="min-w-0 flex-1 space-y-1">
        <h2 id="running-league" className="text-sm font-medium text-live-ink">
          League running now
        </h2>
        <p className="text-xl font-bold break-words">
          <Link to={page} className="hover:underline" data-testid="running-league-link">
            {first.name}
          </Link>
        </p>
        <p className="text-sm text-muted-foreground">
          {first.seriesName} · until <time dateTime={first.endsAt}>{dayText(first.endsAt)}</time> · {count(first.players, 'player')} ·{' '}
          {count(first.matchesPerRun, 'match', 'matches')} a run
          {more.length > 0 && (
            <>
              {' · '}
              <Link to="/leagues" className="font-medium text-primary underline underline-offset-2">
                {count(more.length, 'more league')}
              </Link>
            </>
          )}
        </p>
      </div>
      <Link to={page} className={buttonClasses('primary', 'md', 'mobile:w-full')} aria-label={`Join or follow ${first.name}`}>
        Join or follow
        <ArrowRight aria-hidden="true" />
      </Link>
    </section>
  );
}
