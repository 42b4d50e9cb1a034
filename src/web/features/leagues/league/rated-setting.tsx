import { useId } from 'react';
import type { League } from '../../../../domain/api/leagues.ts';
import { SettingSwitch } from '../../../components/setting-switch.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { errorText } from '../../../lib/api.ts';
import { useMarkLeagueRated } from '../league-writes.ts';

/**
 * Rated (issue 41, as an event's, decision 028): only an admin marks a league rated, at any time; a
 * rated league's matches move its series' ratings once its leaderboard is final.
 */
export function LeagueRatedSetting({ league: l }: { league: League }) {
  // the heading's id; the switch has its own
  const id = useId();
  const rate = useMarkLeagueRated(l.id);
  const hint = l.rated
    ? l.phase === 'final' ? 'Its matches count toward the series’ ratings.' : 'Its matches count toward the series’ ratings once the leaderboard is final.'
    : 'Its matches do not count toward ratings until you mark it rated.';
  return (
    <section aria-labelledby={`${id}-h`} className="space-y-2 rounded-xl border bg-card p-4 shadow-sm mobile:p-3" data-testid="league-rated-setting">
      <h2 id={`${id}-h`} className="font-semibold">Ratings</h2>
      <SettingSwitch label="Rated" checked={l.rated} disabled={rate.isPending} hint={hint} onChange={(on) => rate.mutate(on)} />
      {rate.isError && <Alert>{errorText(rate.error, 'Failed to change the setting. Please try again.')}</Alert>}
    </section>
  );
}
