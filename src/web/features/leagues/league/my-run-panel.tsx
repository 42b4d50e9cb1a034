import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Flag, LoaderCircle, Search, Star, X } from 'lucide-react';
import { LEAGUE_MESSAGES, RUN_STATUS_LABEL, type League, type LeagueRun } from '../../../../domain/api/leagues.ts';
import type { CurrentUser } from '../../../../domain/api/users.ts';
import { SignInPrompt } from '../../../components/sign-in-prompt.tsx';
import { Stat } from '../../../components/stat.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { errorText } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.tsx';
import { recordText, runStep, timeLeft, whenText } from '../league-view.ts';
import { count } from '../list/league-order.ts';
import { useFindMatch, useLeaveQueue, useRetire } from '../league-writes.ts';
import { RunMatches } from '../run/run-matches.tsx';
import { useNow } from '../use-now.ts';
import { JoinForm } from './join-form.tsx';
import { LeagueMatchPanel } from './league-match-panel.tsx';

const OPEN_STATES = new Set(['playing', 'reported', 'disputed']);

/**
 * 'Your run' (issue 41): a visitor is asked to log in; a player without an active run joins with a deck
 * (their last run, if any, summed up above); a player with one sees its record, its open matches (the
 * room, Report, Confirm / Dispute), 'Find a match' or the waiting state with Cancel, and Retire.
 */
export function MyRunPanel({ league: l, user }: { league: League; user: CurrentUser | null }) {
  const { login } = useSession();
  const id = useId();
  const run = l.myRun;
  const active = run?.status === 'active';

  let body;
  if (!user) body = <SignInPrompt onLogin={login}>Log in to join the league with a deck</SignInPrompt>;
  else if (active) body = <ActiveRun league={l} run={run} user={user} />;
  else {
    body = (
      <div className="space-y-4">
        {run && <EndedRun league={l} run={run} />}
        {l.phase === 'running' ? (
          <JoinForm league={l} user={user} again={!!run} />
        ) : l.phase === 'upcoming' ? (
          <p className="text-sm text-muted-foreground" data-testid="not-started">
            {LEAGUE_MESSAGES.notStarted(whenText(l.startsAt))}.
          </p>
        ) : (
          <p className="text-sm text-muted-foreground" data-testid="league-over">
            {l.phase === 'final' ? LEAGUE_MESSAGES.final : LEAGUE_MESSAGES.over}.
          </p>
        )}
      </div>
    );
  }

  return (
    <section aria-labelledby={`${id}-h`} className="min-w-0 space-y-4 rounded-xl border bg-card p-4 shadow-sm mobile:p-3" data-testid="my-run">
      <h2 id={`${id}-h`} className="font-semibold">
        Your run
      </h2>
      {body}
    </section>
  );
}

/** The run's numbers: record, points, matches played of its number. */
function RunFacts({ run }: { run: LeagueRun }) {
  return (
    <dl className="grid grid-cols-3 gap-2 text-sm" data-testid="run-facts">
      <Stat label="Record" testId="run-record">{recordText(run)}</Stat>
      <Stat label="Points" testId="run-points" valueClassName="flex items-center gap-1">
        {run.points}
        {run.perfect && <Star aria-label="Perfect run" className="size-3.5 fill-current text-limited-ink" />}
      </Stat>
      <Stat label="Played">{run.played} of {run.matchesPerRun}</Stat>
    </dl>
  );
}

function EndedRun({ league: l, run }: { league: League; run: LeagueRun }) {
  return (
    <div className="space-y-2 rounded-lg border p-3" data-testid="last-run">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">Your last run</span>
        <Badge>{RUN_STATUS_LABEL[run.status]}</Badge>
        <Link to={`/leagues/${encodeURIComponent(l.id)}/runs/${run.id}`} className="font-medium text-primary hover:underline">
          See the run
        </Link>
      </p>
      <RunFacts run={run} />
    </div>
  );
}

function ActiveRun({ league: l, run, user }: { league: League; run: LeagueRun; user: CurrentUser }) {
  const now = useNow(run.waiting ? 5_000 : 30_000);
  const step = runStep(run, l.phase, now);
  const open = run.matches.filter((m) => OPEN_STATES.has(m.state));
  const [retiring, setRetiring] = useState(false);
  const retire = useRetire(l.id);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone="live">{RUN_STATUS_LABEL[run.status]}</Badge>
        <span className="text-muted-foreground">since <time dateTime={run.startedAt}>{whenText(run.startedAt)}</time></span>
        <Link to={`/leagues/${encodeURIComponent(l.id)}/runs/${run.id}`} className="ml-auto font-medium text-primary hover:underline" data-testid="my-run-link">
          Your run’s page
        </Link>
      </div>
      <RunFacts run={run} />

      {open.map((m) => (
        <LeagueMatchPanel key={m.id} league={l} match={m} viewer={user.discordId} now={now} />
      ))}

      <QueueBox league={l} step={step} now={now} />

      <RunMatches run={run} leagueId={l.id} />

      {/* a run retires between matches: the one being played is reported first */}
      {step.kind !== 'playing' && (
        <div className="border-t pt-3">
          <Button variant="ghost" size="sm" className="text-danger mobile:min-h-11" onClick={() => setRetiring(true)}>
            <Flag aria-hidden="true" />
            Retire
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={retiring}
        onOpenChange={(o) => {
          setRetiring(o);
          if (!o) retire.reset();
        }}
        title="Retire this run?"
        description={`It ends now with its record (${recordText(run)}, ${count(run.points, 'point')}) and plays no more matches. You may start another run with a deck afterwards.`}
        confirmLabel="Retire"
        pendingLabel="Retiring…"
        pending={retire.isPending}
        onConfirm={() => retire.mutate(run.id, { onSuccess: () => setRetiring(false) })}
        error={retire.isError ? <Alert>{errorText(retire.error, 'Failed to retire the run. Please try again.')}</Alert> : undefined}
      />
    </div>
  );
}

/**
 * 'Find a match', or the waiting state: the queue entry's time left and Cancel. Pressing one moves the
 * focus to what replaces it (the other button, or the match when paired at once), never to the page.
 */
function QueueBox({ league: l, step, now }: { league: League; step: ReturnType<typeof runStep>; now: number }) {
  const find = useFindMatch(l.id);
  const leave = useLeaveQueue(l.id);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const findRef = useRef<HTMLButtonElement>(null);
  const pressed = useRef<'find' | 'cancel' | null>(null);
  useEffect(() => {
    if (!pressed.current) return;
    if (step.kind === 'waiting' && pressed.current === 'find') cancelRef.current?.focus();
    else if (step.kind === 'find' && pressed.current === 'cancel') findRef.current?.focus();
    else if (step.kind === 'playing') document.querySelector<HTMLElement>('[data-testid="league-match-title"]')?.focus();
    else return;
    pressed.current = null;
  }, [step.kind]);
  const failed = find.error ?? leave.error;

  if (step.kind === 'closed' || step.kind === 'playing') return null;
  if (step.kind === 'done') {
    return <p className="text-sm text-muted-foreground">Every match of this run is paired: it ends with their results.</p>;
  }
  return (
    <div className="space-y-2 rounded-lg border border-dashed p-3" data-testid="queue-box">
      {step.kind === 'waiting' ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="status" className="flex min-w-0 flex-1 items-center gap-2 text-sm" data-testid="queue-waiting">
            <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin text-primary" />
            <span>
              <span className="font-medium">Looking for an opponent…</span>{' '}
              <span className="text-muted-foreground" data-testid="queue-time-left">
                {timeLeft(step.until, now) ?? 'the entry ends now'} in the queue ({count(l.queueSize, 'run')} waiting)
              </span>
            </span>
          </p>
          <Button
            ref={cancelRef}
            variant="secondary"
            className="mobile:h-11 mobile:w-full"
            disabled={leave.isPending}
            onClick={() => {
              pressed.current = 'cancel';
              leave.mutate();
            }}
          >
            {leave.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <X aria-hidden="true" />}
            Cancel
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="min-w-0 flex-1 text-sm text-muted-foreground">
            {step.expired
              ? `Your place in the queue ran out after ${l.queueMinutes} minutes: find a match again when you are ready.`
              : `Ready to play? The first waiting run you have not met is paired with yours at once; a place in the queue lasts ${l.queueMinutes} minutes.`}
          </p>
          <Button
            ref={findRef}
            className="mobile:h-11 mobile:w-full"
            disabled={find.isPending}
            onClick={() => {
              pressed.current = 'find';
              find.mutate();
            }}
          >
            {find.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Search aria-hidden="true" />}
            Find a match
          </Button>
        </div>
      )}
      {failed && <Alert>{errorText(failed, 'The queue could not be reached. Please try again.')}</Alert>}
    </div>
  );
}
