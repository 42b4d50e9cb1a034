// The Match modal's part of the event night (issue 19): the table and its clock, the EDOPro room for
// the match's players, the host and admins, and Add Time for the host.
import { useId, useState, type FormEvent } from 'react';
import { LoaderCircle, MapPin, Plus } from 'lucide-react';
import { EXTEND_MINUTES_MAX } from '../../../../domain/api/event-night.ts';
import type { Match, Tournament } from '../../../../domain/api/tournaments.ts';
import type { CurrentUser } from '../../../../domain/api/users.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ownClock } from './clock-view.ts';
import type { Side } from './match-view.ts';
import { RoomCard } from './room-card.tsx';
import { RoundClock } from './round-clock.tsx';
import { mayExtend, mayReadRoom, tableLabel } from './round-view.ts';
import { failureSentence } from '../tournament-view.ts';
import { useExtendMatch, useMatchRoom } from './play-api.ts';

const EXTEND_FAILED = 'Failed to add time. Please try again.';
const STEPS = [1, 2, 3, 5, 10, 15, 20, 30].filter((n) => n <= EXTEND_MINUTES_MAX);

export function MatchNight({ tournament: t, match: m, user, side }: { tournament: Tournament; match: Match; user: CurrentUser | null; side: Side | null }) {
  const table = tableLabel(m);
  const running = m.endsAt && !m.complete && !m.bye && m.roundNumber === t.currentRound ? m.endsAt : null;
  const readsRoom = mayReadRoom(t, m, user, side);
  const room = useMatchRoom(t.uid, m.id, readsRoom);
  // a player swapped out of this match keeps its room in the cache (a disabled query is not read
  // again): shown only while the viewer may read it
  const shownRoom = readsRoom ? room.data : undefined;
  if (!table && !running && !shownRoom && !mayExtend(t, m, user, side)) return null;
  return (
    <div className="space-y-3" data-testid="match-night">
      {(table || running) && (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg border bg-muted/40 px-3 py-2">
          {table && (
            <p className="flex items-center gap-1.5 font-semibold" data-testid="modal-table">
              <MapPin aria-hidden="true" className="size-4 text-primary" />
              {table}
            </p>
          )}
          {running && (
            <p className="ml-auto flex items-center gap-2 text-sm text-muted-foreground">
              {ownClock(m) ? `${m.extraMinutes} extra minute${m.extraMinutes === 1 ? '' : 's'}` : 'Round clock'}
              <RoundClock endsAt={running} what={table ?? 'This match'} size="lg" />
            </p>
          )}
        </div>
      )}
      {shownRoom && <RoomCard tournament={t} room={shownRoom} />}
      {mayExtend(t, m, user, side) && <ExtendForm tournament={t} match={m} />}
    </div>
  );
}

/** The host gives one table more time: 1 to 30 minutes at a time. */
function ExtendForm({ tournament: t, match: m }: { tournament: Tournament; match: Match }) {
  const id = useId();
  const extend = useExtendMatch(t.uid);
  const [minutes, setMinutes] = useState('5');
  const [done, setDone] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    setDone(null);
    extend.mutate(
      { matchId: m.id, minutes: Number(minutes) },
      { onSuccess: (after) => setDone(`Added ${minutes} minute${minutes === '1' ? '' : 's'}: ${after.extraMinutes} extra in all.`) },
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2 rounded-lg border p-3" data-testid="extend-form">
      <div className="space-y-1">
        <label htmlFor={id} className="block text-sm font-medium">
          Add time to this table
        </label>
        <select
          id={id}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          className="h-10 rounded-md border bg-background px-3 text-sm shadow-sm mobile:h-11"
        >
          {STEPS.map((n) => (
            <option key={n} value={n}>
              {n} minute{n === 1 ? '' : 's'}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary" className="mobile:h-11" disabled={extend.isPending}>
        {extend.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Plus aria-hidden="true" />}
        Add Time
      </Button>
      {done && (
        <p role="status" className="w-full text-sm text-unlimited-ink">
          {done}
        </p>
      )}
      {extend.isError && <Alert className="w-full">{failureSentence(extend.error, EXTEND_FAILED)}</Alert>}
    </form>
  );
}
