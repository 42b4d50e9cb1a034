import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CircleCheck, Flag, Gavel, LoaderCircle, Send, ShieldCheck, Trophy } from 'lucide-react';
import type { Match, Tournament } from '../../../../domain/api/tournaments.ts';
import type { CurrentUser } from '../../../../domain/api/users.ts';
import { byeSentence } from '../../../../domain/tournaments/engine/byes.ts';
import { choiceForSide, resultChoices, type ResultChoice } from '../../../../domain/tournaments/result-choices.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog, Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog.tsx';
import { ApiError } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';

const REPORT_FAILED = 'Failed to submit the score. Please try again.';
const RESULT_FAILED = 'Failed to save the result. Please try again.';
const RESOLVE_FAILED = 'Failed to resolve the flag. Please try again.';
import { TeamScores } from './match-scores.tsx';
import { FlagForm } from './match-flag-form.tsx';
import { MatchNight } from './match-night.tsx';
import { ResultButtons, choiceKey } from '../../../components/result-buttons.tsx';
import {
  OWN_MATCH, choiceWords, flagMessage, forceQuestion, matchPlace, matchRights, pastRoundQuestion, sideName, teamOf, typedScoreProblem, type MatchRights,
  type Side,
} from './match-view.ts';
import { failureSentence } from '../tournament-view.ts';
import { useOverrideWinner, useReportScore, useResolveFlag, type Override } from './play-api.ts';

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
          description={`${matchPlace(match, resetRound)}${match.table !== null ? ` · Table ${match.table}` : ''} · Best of ${tournament.bestOf}`}
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
      {resolve.isError && <Alert>{failureSentence(resolve.error, RESOLVE_FAILED)}</Alert>}

      <TeamScores match={m} viewerSide={rights.side} />

      <MatchNight tournament={t} match={m} user={user} side={rights.side} />

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
 * The result: one tap on a result of the best-of (issue 30 §2; a draw asks first), or the typed form
 * under 'Other score', which starts empty (nothing goes as 0–0 by default). A player reports from their
 * side; a moderator sets the result, seen from team 1 ('{team} Wins' or 'Tie' in the typed form; ties
 * in Swiss and Round Robin only), but not of a match they play in. A change to a round that is over
 * asks first (the standings move, the pairings made stay); one that would move teams of a bracket
 * match already played is refused with the matches named; the moderator may confirm.
 */
function ScoreForm({ tournament: t, match: m, user, rights, admin }: { tournament: Tournament; match: Match; user: CurrentUser; rights: MatchRights; admin: boolean }) {
  const id = useId();
  const report = useReportScore(t.uid);
  const override = useOverrideWinner(t.uid);
  const [wins, setWins] = useState<[string, string]>(['', '']);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [sending, setSending] = useState<string | null>(null);
  const [drawAsk, setDrawAsk] = useState<ResultChoice | null>(null);
  const [forcing, setForcing] = useState<{ question: string; override: Override } | null>(null);
  const [asking, setAsking] = useState<{ question: string; override: Override } | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const pending = report.isPending || override.isPending;
  const numbers = wins.map(Number) as [number, number];
  const choices = resultChoices(t.bestOf, rights.tieAllowed);
  const canAct = admin ? rights.canDecide : rights.canReport;
  const own = rights.side === 1 ? m.reportFromTeam1 : rights.side === 2 ? m.reportFromTeam2 : null;
  const recorded = !admin ? (own ? choiceKey({ own: own.gamesWon, other: own.gamesLost }) : null) : m.finalScore ? choiceKey({ own: m.finalScore.team1Wins, other: m.finalScore.team2Wins }) : null;

  const tapped = useRef<HTMLButtonElement | null>(null);
  // a confirmation closed, or the control that sent the result went away (the match completed): the
  // focus goes back to the result button pressed, else to the sentence saying what happened
  useEffect(() => {
    const at = document.activeElement;
    if (!done || (at && at.getAttribute('role') !== 'dialog' && at.closest('[role="dialog"]'))) return;
    if (tapped.current?.isConnected) tapped.current.focus();
    else doneRef.current?.focus();
  }, [done]);

  const check = (tieAllowed: boolean) => {
    setDone(null);
    const p = typedScoreProblem(wins, t.bestOf, tieAllowed);
    setProblem(p);
    if (p) document.getElementById(`${id}-${wins[0].trim() === '' || wins[1].trim() !== '' ? 1 : 2}`)?.focus();
    return p === null;
  };

  function sendReport(mine: number, theirs: number, key: string | null) {
    if (rights.side === null) return;
    setDone(null);
    setSending(key);
    report.mutate(
      { matchId: m.id, fromTeam1: rights.side === 1, gamesWon: mine, gamesLost: theirs, reporterDiscordId: user.discordId },
      {
        onSuccess: (after) => setDone(after.complete ? 'Both teams agree: the match is complete.' : after.disputed || after.flaggedForReview ? 'Score submitted. The reports disagree: the match is flagged for review.' : 'Score submitted. Waiting for the other team.'),
        onSettled: () => setSending(null),
      },
    );
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (admin || !rights.canReport || rights.side === null || !check(rights.tieAllowed)) return;
    const [mine, theirs] = rights.side === 1 ? numbers : [numbers[1], numbers[0]];
    sendReport(mine, theirs, null);
  }

  /** A result button pressed (or, without the button, the draw confirmed): the report, or the override seen from team 1. */
  function choose(c: ResultChoice, button?: HTMLButtonElement) {
    if (pending) return;
    const confirmed = !button;
    if (button) tapped.current = button;
    setProblem(null);
    if (c.outcome === 'draw' && !confirmed) {
      setDrawAsk(c);
      return;
    }
    if (!admin) return sendReport(c.own, c.other, choiceKey(c));
    const r = choiceForSide(c, 1);
    propose({ matchId: m.id, team1Wins: r.team1Wins, team2Wins: r.team2Wins, winnerTeamId: r.winner ? (teamOf(m, r.winner).id ?? undefined) : undefined }, choiceKey(c));
  }

  function decide(winner: Side | null) {
    if (!check(true)) return;
    const o: Override = { matchId: m.id, team1Wins: numbers[0], team2Wins: numbers[1], winnerTeamId: winner ? (teamOf(m, winner).id ?? undefined) : undefined };
    const [w, l] = winner === 2 ? [numbers[1], numbers[0]] : numbers;
    if (winner !== null && w < l) {
      setProblem('The winner cannot have won fewer games.');
      return;
    }
    propose(o, null);
  }

  function propose(o: Override, key: string | null) {
    setDone(null);
    const question = pastRoundQuestion(t, m);
    if (question) setAsking({ question, override: o });
    else send(o, key);
  }

  function send(o: Override, key: string | null = null) {
    setSending(key);
    override.mutate(o, {
      onSuccess: () => {
        setForcing(null);
        setAsking(null);
        setDone('Result saved.');
      },
      onError: (err) => {
        const question = err instanceof ApiError && err.status === 409 ? forceQuestion(err.message) : null;
        if (question && !o.force) {
          // the question replaces the refusal: the dialog shows only a failure of the forced change
          override.reset();
          setAsking(null);
          setForcing({ question, override: { ...o, force: true } });
        }
      },
      onSettled: () => setSending(null),
    });
  }

  const error = report.error ?? (override.isError && !forcing && !asking ? override.error : null);
  const dialogError = override.isError ? <Alert>{failureSentence(override.error, RESULT_FAILED)}</Alert> : undefined;
  const drawWords = drawAsk && `${drawAsk.own}–${drawAsk.other}`;
  return (
    <div role="group" className="space-y-3 rounded-lg border p-3" aria-labelledby={`${id}-legend`} data-testid={admin ? 'admin-form' : 'report-form'}>
      <div>
        <p id={`${id}-legend`} className="flex items-center gap-1.5 text-sm font-semibold">
          {admin ? <Gavel aria-hidden="true" className="size-4 text-primary" /> : <Send aria-hidden="true" className="size-4 text-primary" />}
          {admin ? 'Set the result' : 'Report your score'}
        </p>
        {canAct && (
          <p className="text-xs text-muted-foreground" data-testid="result-reading">
            {admin ? `Games of ${sideName(m, 1)} first, then ${sideName(m, 2)}.` : 'Your games first.'}
          </p>
        )}
      </div>
      {!admin && m.complete && <p className="text-sm text-muted-foreground">This match is complete. Flag it if the result is wrong.</p>}
      {canAct && choices.length > 0 && <ResultButtons choices={choices} words={(c) => choiceWords(m, c, admin ? null : rights.side)} current={recorded} sending={sending} onTap={choose} />}
      {error && <Alert>{failureSentence(error, report.error ? REPORT_FAILED : RESULT_FAILED)}</Alert>}
      {done && (
        <p ref={doneRef} tabIndex={-1} role="status" className="flex items-center gap-1.5 text-sm font-medium text-unlimited-ink outline-none">
          <CircleCheck aria-hidden="true" className="size-4" />
          {done}
        </p>
      )}
      {admin && !rights.canDecide && (
        <p className="text-sm text-muted-foreground" data-testid="own-match-note">
          {OWN_MATCH} Report it from your side (Normal View), or ask another admin.
        </p>
      )}
      <details className="rounded-md border" open={!canAct || choices.length === 0} data-testid="typed-score">
        <summary className="flex min-h-11 cursor-pointer items-center rounded-md px-3 text-sm font-medium select-none hover:bg-muted">Other score</summary>
        <form onSubmit={submit} noValidate className="space-y-3 border-t p-3" aria-label="Other score">
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
                  aria-describedby={problem ? `${id}-problem` : undefined}
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
            <p id={`${id}-problem`} role="alert" className="text-sm font-medium text-danger">
              {problem}
            </p>
          )}
          {admin ? (
            <div className="flex flex-wrap gap-2 mobile:flex-col mobile:[&>*]:w-full">
              {([1, 2] as const).map((side) => (
                <Button key={side} variant="secondary" className={cn(tap, 'max-w-full')} disabled={pending || !rights.canDecide} onClick={() => decide(side)}>
                  <Trophy aria-hidden="true" />
                  <span className="truncate">{sideName(m, side)} Wins</span>
                </Button>
              ))}
              {rights.tieAllowed && (
                <Button variant="secondary" className={tap} disabled={pending || !rights.canDecide} onClick={() => decide(null)}>
                  Tie
                </Button>
              )}
            </div>
          ) : (
            rights.canReport && (
              <Button type="submit" className={cn(tap, 'mobile:w-full')} disabled={pending}>
                {report.isPending && sending === null ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
                Submit Score
              </Button>
            )
          )}
        </form>
      </details>
      <ConfirmDialog
        open={!!drawAsk}
        onOpenChange={(o) => !o && setDrawAsk(null)}
        title={admin ? 'Record a draw?' : 'Report a draw?'}
        description={`${drawWords}: neither team wins the match; both get a tie in the standings.`}
        confirmLabel={admin ? 'Record Draw' : 'Report Draw'}
        onConfirm={() => {
          const c = drawAsk;
          setDrawAsk(null);
          if (c) choose(c);
        }}
      />
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
        error={forcing ? dialogError : undefined}
      />
      <ConfirmDialog
        open={!!asking}
        onOpenChange={(o) => {
          if (!o && !override.isPending) {
            setAsking(null);
            override.reset();
          }
        }}
        title="Change a past result?"
        description={asking?.question ?? ''}
        confirmLabel="Change Result"
        pendingLabel="Changing…"
        pending={override.isPending}
        onConfirm={() => asking && send(asking.override)}
        error={asking ? dialogError : undefined}
      />
    </div>
  );
}
