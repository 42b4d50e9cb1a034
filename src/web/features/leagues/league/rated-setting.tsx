import { useId } from 'react';
import { Switch } from 'radix-ui';
import type { League } from '../../../../domain/api/leagues.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { errorText } from '../../../lib/api.ts';
import { useMarkLeagueRated } from '../league-writes.ts';

/**
 * Rated (issue 41, as an event's, decision 028): only an admin marks a league rated, at any time; a
 * rated league's matches move its series' ratings once its leaderboard is final.
 */
export function LeagueRatedSetting({ league: l }: { league: League }) {
  const id = useId();
  const rate = useMarkLeagueRated(l.id);
  const hint = l.rated
    ? l.phase === 'final' ? 'Its matches count toward the series’ ratings.' : 'Its matches count toward the series’ ratings once the leaderboard is final.'
    : 'Its matches do not count toward ratings until you mark it rated.';
  return (
    <section aria-labelledby={`${id}-h`} className="space-y-2 rounded-xl border bg-card p-4 shadow-sm mobile:p-3" data-testid="league-rated-setting">
      <h2 id={`${id}-h`} className="font-semibold">Ratings</h2>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <label htmlFor={id} id={`${id}-label`} className="text-sm font-medium">
            Rated
          </label>
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        </div>
        <Switch.Root
          id={id}
          checked={l.rated}
          disabled={rate.isPending}
          onCheckedChange={(on) => rate.mutate(on)}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          className="relative mt-0.5 h-6 w-11 shrink-0 rounded-full border bg-muted transition-colors data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 data-[state=checked]:border-primary data-[state=checked]:bg-primary"
        >
          <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.3rem]" />
        </Switch.Root>
      </div>
      {rate.isError && <Alert>{errorText(rate.error, 'Failed to change the setting. Please try again.')}</Alert>}
    </section>
  );
}
