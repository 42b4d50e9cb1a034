import { useId, useState, type FormEvent } from 'react';
import { CircleCheck, Flag, Gavel, LoaderCircle, Send, ShieldCheck, Trophy, User } from 'lucide-react';
import type { Match, Tournament } from '../../../domain/api/tournaments.ts';
import type { CurrentUser } from '../../../domain/api/users.ts';
import { byeSentence } from '../../../domain/tournament/byes.ts';
import { FLAG_MESSAGE_MAX } from '../../../domain/tournament/limits.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog, Dialog, DialogClose, DialogContent } from '../../components/ui/dialog.tsx';
import { ApiError } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import {
  STATUS_TONE, flagMessage, forceQuestion, isTie, matchPlace, matchRights, scoreProblem, sideName, teamOf, winnerSide, type MatchRights,
  type Side,
} from './match-view.ts';
import { useFlagMatch, useOverrideWinner, useReportScore, useResolveFlag, type Override } from './tournaments-api.ts';

const fieldClasses = 'h-10 w-full rounded-md border bg-background px-3 text-sm shadow-sm mobile:h-11';
/** Phones: every control a 44 px tap target. */
const tap = 'mobile:h-11';

export interface MatchDialogProps {
  tournament: Tournament;
  /** the match as the page holds it now (live), undefined when none is open */
  match: Match | undefined;
  user: CurrentUser | null;
  ownTeamUid?: string;
  resetRound?: number;
  onClose: () => void;
}

/** Spec 2 §2 Match modal: the teams, the score, reporting, overrides, flags. */
export function MatchDialog({ tournament, match, user, ownTeamUid, resetRound, onClose }: MatchDialogProps) {
  return (
    <Dialog open={!!match} onOpenChange={(o) => !o && onClose()}>
      {match && (
        <DialogContent
          title={`Match #${match.id}`}
          description={`${matchPlace(match, resetRound)} · Best of ${tournament.bestOf}`}
          footer={
            <DialogClose asChild>
              <Button variant="secondary" className={tap}>
                Close
              </Button>
            </DialogClose>
          }
        >
          <MatchBody key={match.id} tournament={tournament} match={match} user={user} ownTeamUid={ownTeamUid} />
        </DialogContent>
      )}
    </Dialog>
  );
}

type View = 'normal' | 'admin';

function MatchBody({ tournament: t, match: m, user, ownTeamUid }: { tournament: Tournament; match: Match; user: CurrentUser | null; ownTeamUid?: string }) {
  const rights = matchRights(t, m, user, ownTeamUid);
  const [view, setView] = useState<View>(rights.side !== null ? 'normal' : 'admin');
  const admin = rights.canModerate && (view === 'admin' || !rights.canToggle);
  const resolve = useResolveFlag(t.uid);

  return (
    <div className="space-y-4" data-testid="match-modal">
      {m.flaggedForReview && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-forbidden/50 bg-forbidden/10 p-3 text-sm" data-testid="flag-banner">
          <Flag aria-hidden="true" className="size-4 shrink-0 text-forbidden-ink" />
          <p className="min-w-0 flex-1 text-forbidden-ink">
            <span className="font-semibold">Flagged:</span> <span data-testid="flag-message">{flagMessage(m)}</span>
          </p>
          {admin && (
            <Button size="sm" variant="secondary" className={tap} disabled={resolve.isPending} onClick={() => resolve.mutate(m.id)}>
              {resolve.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <ShieldCheck aria-hidden="true" />}
              Resolve
            </Button>
          )}
        </div>
      )}
      {resolve.isError && <Alert>{resolve.error.message}</Alert>}

      <TeamScores match={m} viewerSide={rights.side} />

      {rights.canToggle && <ViewToggle view={view} onChange={setView} />}

      {rights.open && (admin || rights.side !== null) ? (
        <ScoreForm key={view} tournament={t} match={m} user={user!} rights={rights} admin={admin} />
      ) : (
        <ClosedNote tournament={t} match={m} />
      )}

      {rights.canFlag && <FlagForm tournament={t} match={m} />}
    </div>
  );
}

/** The two teams, their games, the winner, and a tick for each side that submitted a score. */
function TeamScores({ match: m, viewerSide }: { match: Match; viewerSide: Side | null }) {
  const won = winnerSide(m);
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        {m.bye ? <Badge>Bye</Badge> : <Badge tone={STATUS_TONE[m.status]} data-testid="modal-status">{isTie(m) ? 'Tie' : m.status}</Badge>}
      </div>
      <ul className="divide-y rounded-lg border" aria-label="Teams">
        {([1, 2] as const).map((side) => {
          const report = side === 1 ? m.reportFromTeam1 : m.reportFromTeam2;
          const wins = m.finalScore ? (side === 1 ? m.finalScore.team1Wins : m.finalScore.team2Wins) : null;
          const known = teamOf(m, side).id !== null;
          return (
            <li key={side} className="flex items-center gap-3 px-3 py-2.5" data-testid={`modal-team-${side}`}>
              <div className="min-w-0 flex-1">
                <p className={cn('flex items-center gap-1.5 font-medium', !known && 'text-muted-foreground italic', won === side && 'font-bold')}>
                  <span className="truncate" data-testid="team-name">
                    {sideName(m, side)}
                  </span>
                  {won === side && <Trophy role="img" aria-label="Winner" className="size-4 shrink-0 text-limited-ink" />}
                  {viewerSide === side && (
                    <Badge tone="primary">
                      <User aria-hidden="true" className="size-3" />
                      You
                    </Badge>
                  )}
                </p>
                {report && (
                  <p className="mt-0.5 flex items-center gap-1 text-xs text-unlimited-ink" data-testid="score-submitted">
                    <CircleCheck role="img" aria-label="Score submitted" className="size-3.5" />
                    Score submitted: won {report.gamesWon}, lost {report.gamesLost}
                  </p>
                )}
              </div>
              {!m.bye && (
                <span className={cn('text-2xl tabular-nums', won === side ? 'font-bold' : 'text-muted-foreground')} data-testid="team-wins">
                  {wins ?? '–'}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ViewToggle({ view, onChange }: { view: View; onChange: (v: View) => void }) {
  return (
    <div role="group" aria-label="Match view" className="inline-flex rounded-lg border bg-muted p-0.5">
      {(['normal', 'admin'] as const).map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={view === v}
          onClick={() => onChange(v)}
          className={cn(
            'h-9 rounded-md px-3 text-sm font-medium text-muted-foreground mobile:h-11',
            view === v && 'bg-card text-foreground shadow-sm',
          )}
        >
          {v === 'normal' ? 'Normal View' : 'Admin View'}
        </button>
      ))}
    </div>
  );
}

function ClosedNote({ tournament: t, match: m }: { tournament: Tournament; match: Match }) {
  let note: string | null = null;
  if (m.bye) note = `${byeSentence(m.bracket)} There is nothing to report.`;
  else if (!t.inProgress || t.completed) note = null;
  else if (m.team1Id === null || m.team2Id === null) note = 'This match waits for its teams.';
  else if (m.roundNumber > t.currentRound) note = 'This match is played in a later round.';
  return note ? <p className="text-sm text-muted-foreground">{note}</p> : null;
}

/**
 * Wins inputs for each team (minimum 0). A player submits a score from their side; a moderator sets
 * the result with '{team} Wins' or 'Tie' (Swiss and Round Robin only). A change that would move teams
 * of a bracket match already played is refused with the matches named; the moderator may confirm.
 */
function ScoreForm({ tournament: t, match: m, user, rights, admin }: { tournament: Tournament; match: Match; user: CurrentUser; rights: MatchRights; admin: boolean }) {
  const id = useId();
  const report = useReportScore(t.uid);
  const override = useOverrideWinner(t.uid);
  const own = rights.side === 1 ? m.reportFromTeam1 : rights.side === 2 ? m.reportFromTeam2 : null;
  const initial: [number, number] = !admin && own
    ? rights.side === 1 ? [own.gamesWon, own.gamesLost] : [own.gamesLost, own.gamesWon]
    : m.finalScore ? [m.finalScore.team1Wins, m.finalScore.team2Wins] : [0, 0];
  const [wins, setWins] = useState<[string, string]>([String(initial[0]), String(initial[1])]);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [forcing, setForcing] = useState<{ question: string; override: Override } | null>(null);
  const pending = report.isPending || override.isPending;
  const numbers = wins.map((w) => (w.trim() === '' ? NaN : Number(w))) as [number, number];

  const check = (tieAllowed: boolean) => {
    setDone(null);
    const p = scoreProblem(numbers[0], numbers[1], t.bestOf, tieAllowed);
    setProblem(p);
    return p === null;
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    if (admin || !rights.canReport || rights.side === null || !check(rights.tieAllowed)) return;
    const [mine, theirs] = rights.side === 1 ? numbers : [numbers[1], numbers[0]];
    report.mutate(
      { matchId: m.id, fromTeam1: rights.side === 1, gamesWon: mine, gamesLost: theirs, reporterDiscordId: user.discordId },
      { onSuccess: (after) => setDone(after.complete ? 'Both teams agree: the match is complete.' : after.flaggedForReview ? 'Score submitted. The reports disagree: the match is flagged for review.' : 'Score submitted. Waiting for the other team.') },
    );
  }

  function decide(winner: Side | null) {
    if (!check(true)) return;
    const o: Override = { matchId: m.id, team1Wins: numbers[0], team2Wins: numbers[1], winnerTeamId: winner ? (teamOf(m, winner).id ?? undefined) : undefined };
    const [w, l] = winner === 2 ? [numbers[1], numbers[0]] : numbers;
    if (winner !== null && w < l) {
      setProblem('The winner cannot have won fewer games.');
      return;
    }
    send(o);
  }

  function send(o: Override) {
    override.mutate(o, {
      onSuccess: () => {
        setForcing(null);
        setDone('Result saved.');
      },
      onError: (err) => {
        const question = err instanceof ApiError && err.status === 409 ? forceQuestion(err.message) : null;
        if (question && !o.force) {
          // the question replaces the refusal: the dialog shows only a failure of the forced change
          override.reset();
          setForcing({ question, override: { ...o, force: true } });
        }
      },
    });
  }

  const error = report.error ?? (override.isError && !forcing ? override.error : null);
  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border p-3" aria-labelledby={`${id}-legend`} data-testid={admin ? 'admin-form' : 'report-form'}>
      <p id={`${id}-legend`} className="flex items-center gap-1.5 text-sm font-semibold">
        {admin ? <Gavel aria-hidden="true" className="size-4 text-primary" /> : <Send aria-hidden="true" className="size-4 text-primary" />}
        {admin ? 'Set the result' : 'Report your score'}
      </p>
      {!admin && m.complete && <p className="text-sm text-muted-foreground">This match is complete. Flag it if the result is wrong.</p>}
      <div className="grid grid-cols-2 gap-3">
        {([1, 2] as const).map((side) => (
          <div key={side} className="min-w-0 space-y-1">
            <label htmlFor={`${id}-${side}`} className="block truncate text-xs font-medium" title={sideName(m, side)}>
              {sideName(m, side)} wins
            </label>
            <input
              id={`${id}-${side}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={t.bestOf}
              step={1}
              value={wins[side - 1]}
              disabled={!admin && !rights.canReport}
              aria-invalid={problem ? true : undefined}
              onChange={(e) => {
                const next: [string, string] = [...wins];
                next[side - 1] = e.target.value;
                setWins(next);
                setProblem(null);
              }}
              className={cn(fieldClasses, 'tabular-nums')}
            />
          </div>
        ))}
      </div>
      {problem && (
        <p role="alert" className="text-sm font-medium text-danger">
          {problem}
        </p>
      )}
      {error && <Alert>{error.message}</Alert>}
      {done && (
        <p role="status" className="flex items-center gap-1.5 text-sm font-medium text-unlimited-ink">
          <CircleCheck aria-hidden="true" className="size-4" />
          {done}
        </p>
      )}
      {admin ? (
        <div className="flex flex-wrap gap-2 mobile:flex-col mobile:[&>*]:w-full">
          {([1, 2] as const).map((side) => (
            <Button key={side} variant="secondary" className={cn(tap, 'max-w-full')} disabled={pending} onClick={() => decide(side)}>
              <Trophy aria-hidden="true" />
              <span className="truncate">{sideName(m, side)} Wins</span>
            </Button>
          ))}
          {rights.tieAllowed && (
            <Button variant="secondary" className={tap} disabled={pending} onClick={() => decide(null)}>
              Tie
            </Button>
          )}
        </div>
      ) : (
        rights.canReport && (
          <Button type="submit" className={cn(tap, 'mobile:w-full')} disabled={pending}>
            {report.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
            Submit Score
          </Button>
        )
      )}
      <ConfirmDialog
        open={!!forcing}
        onOpenChange={(o) => {
          if (!o && !override.isPending) {
            setForcing(null);
            override.reset();
          }
        }}
        title="Reset later matches?"
        description={forcing ? `${forcing.question}. Change this result anyway and reset ${/ were /.test(forcing.question) ? 'them' : 'it'}?` : ''}
        confirmLabel="Change Result"
        pendingLabel="Changing…"
        pending={override.isPending}
        onConfirm={() => forcing && send(forcing.override)}
        error={override.isError && forcing ? <Alert>{override.error.message}</Alert> : undefined}
      />
    </form>
  );
}

/** Spec 2 §2, §5: a message (required, trimmed) and 'Flag for Review'. */
function FlagForm({ tournament: t, match: m }: { tournament: Tournament; match: Match }) {
  const id = useId();
  const flag = useFlagMatch(t.uid);
  const [message, setMessage] = useState('');
  const [blank, setBlank] = useState(false);
  const [done, setDone] = useState(false);

  function submit(e: FormEvent) {
    e.preventDefault();
    setDone(false);
    const text = message.trim();
    if (!text) {
      setBlank(true);
      document.getElementById(id)?.focus();
      return;
    }
    flag.mutate({ matchId: m.id, message: text }, { onSuccess: () => { setMessage(''); setDone(true); } });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-2" data-testid="flag-form">
      <label htmlFor={id} className="block text-sm font-medium">
        Flag message
      </label>
      <textarea
        id={id}
        rows={2}
        value={message}
        maxLength={FLAG_MESSAGE_MAX}
        placeholder="What should an admin look at?"
        aria-invalid={blank || undefined}
        aria-describedby={blank ? `${id}-error` : undefined}
        onChange={(e) => {
          setMessage(e.target.value);
          setBlank(false);
        }}
        className="block w-full rounded-md border bg-background px-3 py-2 text-sm shadow-sm"
      />
      {blank && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          A message is required to flag a match.
        </p>
      )}
      {flag.isError && <Alert>{flag.error.message}</Alert>}
      {done && (
        <p role="status" className="text-sm font-medium text-unlimited-ink">
          The match is flagged for review.
        </p>
      )}
      <Button type="submit" variant="secondary" className={cn(tap, 'text-danger mobile:w-full')} disabled={flag.isPending}>
        {flag.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Flag aria-hidden="true" />}
        Flag for Review
      </Button>
    </form>
  );
}
