import { useEffect, useRef } from 'react';
import { CircleCheck, ClipboardCheck, LoaderCircle, Undo2 } from 'lucide-react';
import type { Tournament } from '../../../../domain/api/tournaments.ts';
import type { CurrentUser } from '../../../../domain/api/users.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useCheckIn, useOpenCheckIn } from './play-api.ts';
import { failureSentence, isPrivileged, ownEntry, teamName } from '../tournament-view.ts';

const CHECK_IN_FAILED = 'Failed to check in. Please try again.';
const OPEN_FAILED = 'Failed to open check-in. Please try again.';

/**
 * Check-in before the start (issue 19): 'n of m checked in' to everyone, live (the page refetches on
 * every live message, which carries the count); Check in / Undo check-in to a team's players while it
 * is open; Open check-in to the host and admins.
 */
export function CheckInPanel({ tournament: t, user }: { tournament: Tournament; user: CurrentUser | null }) {
  const open = useOpenCheckIn(t.uid);
  const checkIn = useCheckIn(t.uid);
  // Check in and Undo check-in replace each other (and are disabled while sent): focus goes to the one
  // now shown instead of falling to the page body (issue 30 §3)
  const own = useRef<HTMLButtonElement>(null);
  /** the check-in state asked for, until the page shows it (it comes after the answer, by a refetch) */
  const refocus = useRef<boolean | null>(null);
  const ownIn = user ? ownEntry(t, user.discordId)?.team.checkedIn : undefined;
  useEffect(() => {
    if (refocus.current === null || checkIn.isPending) return;
    if (!checkIn.isError && ownIn !== refocus.current) return;
    refocus.current = null;
    own.current?.focus();
  }, [checkIn.isPending, checkIn.isError, ownIn]);
  if (!t.checkIn || t.inProgress || t.completed || t.cancelled) return null;
  const { open: isOpen, checkedIn, total } = t.checkInStatus;
  const entry = user ? ownEntry(t, user.discordId) : undefined;
  const mine = entry && !entry.team.dropped ? entry.team : undefined;
  const privileged = isPrivileged(t, user);
  const busy = open.isPending || checkIn.isPending;
  const error = open.isError ? failureSentence(open.error, OPEN_FAILED) : checkIn.isError ? failureSentence(checkIn.error, CHECK_IN_FAILED) : null;

  return (
    <section aria-labelledby="check-in-title" className="space-y-3 rounded-xl border bg-card p-4 shadow-sm" data-testid="check-in-panel">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id="check-in-title" className="flex items-center gap-2 text-lg font-semibold">
          <ClipboardCheck aria-hidden="true" className="size-5 text-primary" />
          Check-in
        </h2>
        <p role="status" className="text-sm font-medium tabular-nums" data-testid="check-in-count">
          {checkedIn} of {total} checked in
        </p>
      </div>
      <p className="text-sm text-muted-foreground" data-testid="check-in-state">
        {isOpen
          ? 'Check-in is open: teams that have not checked in are dropped when the tournament starts.'
          : 'Check-in opens before the start: come back then to check your team in.'}
      </p>

      {mine && isOpen && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-primary/30 bg-primary/5 p-3">
          {mine.checkedIn ? (
            <>
              <p className="flex min-w-0 flex-1 items-center gap-2 text-sm font-medium" data-testid="own-check-in">
                <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-unlimited-ink" />
                <span className="min-w-0 break-words">{teamName(mine)} is checked in.</span>
              </p>
              <Button
                variant="secondary"
                size="sm"
                className="mobile:h-11 mobile:w-full"
                ref={own}
                disabled={busy}
                onClick={() => {
                  refocus.current = false;
                  checkIn.mutate({ teamUid: mine.uid, checkedIn: false });
                }}
              >
                {checkIn.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Undo2 aria-hidden="true" />}
                Undo check-in
              </Button>
            </>
          ) : (
            <>
              <p className="min-w-0 flex-1 text-sm break-words" data-testid="own-check-in">
                {teamName(mine)} has not checked in yet.
              </p>
              <Button
                ref={own}
                className="mobile:h-11 mobile:w-full"
                disabled={busy}
                onClick={() => {
                  refocus.current = true;
                  checkIn.mutate({ teamUid: mine.uid, checkedIn: true });
                }}
              >
                {checkIn.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <CircleCheck aria-hidden="true" />}
                Check in
              </Button>
            </>
          )}
        </div>
      )}

      {privileged && !isOpen && (
        <Button variant="secondary" className="mobile:h-11 mobile:w-full" disabled={busy} onClick={() => open.mutate()}>
          {open.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <ClipboardCheck aria-hidden="true" />}
          Open check-in
        </Button>
      )}
      {error && <Alert>{error}</Alert>}
    </section>
  );
}
