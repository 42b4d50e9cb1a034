import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Ban, Download, FlaskConical, LoaderCircle, Lock, Play, SkipForward, Trophy } from 'lucide-react';
import type { Tournament } from '../../../../domain/api/tournaments.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { StartDialog } from './admin-start.tsx';
import { CutConfirmDialog } from './cut-confirm.tsx';
import { swissCut } from '../playing/cut-line.ts';
import { SwapTeams } from './swap-dialog.tsx';
import { AuditEntryText } from './audit-entry.tsx';
import { ExportLinks } from '../print/export-links.tsx';
import { DECKS_AFTER_WINNER, DECKS_ZIP_FAILED, adminActions, failureSentence } from '../tournament-view.ts';
import { downloadFile, useScoreboard } from '../tournaments-api.ts';
import { useAdminAction, useAudit, type AdminAction } from './host-tools-api.ts';

const ACTION_FAILED = 'The action failed. Please try again.';
const CLOSED_ACTIONS = 'Closed: the teams, matches and decks were removed, so there are no decks left to download. The final standings stay.';

type Confirming = { action: AdminAction; title: string; description: string; confirm: string } | null;

/**
 * Admin Tools' Actions (spec 2 §2, §4). An action the state rules out for good is not shown; one that
 * waits (Next Round, Close) is shown disabled; a refusal shows the server's sentence.
 */
export function ActionsSection({ tournament: t }: { tournament: Tournament }) {
  const navigate = useNavigate();
  const act = useAdminAction(t.uid);
  const scoreboard = useScoreboard(t.uid, t.inProgress && !t.completed);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [starting, setStarting] = useState(false);
  // Next Round after the last Swiss round pairs the top cut: the host confirms its preview first
  const [cutting, setCutting] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [zipBusy, setZipBusy] = useState(false);
  const closedNoteId = useId();

  const shown = adminActions(t);
  // the scoreboard's state says whether the round is complete and whether the engine has a champion
  const state = scoreboard.data?.state;
  const roundComplete = !!state && state.currentRound === t.currentRound && state.roundComplete;
  const championUid = state?.championTeamUid ?? t.championTeamUid;
  // the last round, or a double elimination decided early (no grand-final reset needed)
  const finishing = t.roundCount > 0 && (t.currentRound >= t.roundCount || !!championUid);
  const championName = championUid ? t.teams.find((team) => team.uid === championUid)?.name : undefined;
  const pending = act.isPending;
  const roundMatches = scoreboard.data?.matches.filter((m) => m.roundNumber === t.currentRound) ?? [];
  const openMatches = roundMatches.filter((m) => !m.complete).length;
  const flagged = roundMatches.filter((m) => m.flaggedForReview).length;
  const failure = act.isError ? <Alert>{failureSentence(act.error, ACTION_FAILED)}</Alert> : undefined;

  const run = (action: AdminAction, after?: () => void) => {
    setNotice(undefined);
    act.mutate(action, {
      onSuccess: () => {
        setConfirming(null);
        after?.();
      },
    });
  };

  async function downloadDecks() {
    setNotice(undefined);
    if (!t.winnerTeamUid) {
      setNotice(DECKS_AFTER_WINNER);
      return;
    }
    setZipBusy(true);
    try {
      await downloadFile(t.uid, '/decks.zip', `${t.name}-decks.zip`);
    } catch (e) {
      // e.g. the server's 410 once Close has removed the decks
      setNotice(failureSentence(e, DECKS_ZIP_FAILED));
    } finally {
      setZipBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      <div className="grid gap-2">
        {shown.start && (
          <Button
            onClick={() => {
              act.reset();
              setStarting(true);
            }}
            disabled={pending}
          >
            <Play aria-hidden="true" />
            Start Tournament
          </Button>
        )}
        {shown.round &&
          (finishing && t.inProgress ? (
            <Button
              variant="secondary"
              disabled={pending || !(roundComplete || championUid)}
              onClick={() =>
                setConfirming({
                  action: { kind: 'winner' },
                  title: 'Mark winner',
                  description: championName
                    ? `Mark ${championName} as the winner and complete this tournament? Matches cannot be changed afterwards.`
                    : 'Mark the winner and complete this tournament? The team with the most points wins, more wins breaking a tie.',
                  confirm: 'Mark Winner',
                })
              }
            >
              <Trophy aria-hidden="true" />
              Mark Winner
            </Button>
          ) : (
            <Button
              variant="secondary"
              disabled={pending || !t.inProgress || !roundComplete}
              onClick={() => {
                if (swissCut(t)?.swiss !== t.currentRound) return run({ kind: 'next-round' });
                act.reset();
                setCutting(true);
              }}
            >
              <SkipForward aria-hidden="true" />
              Next Round ({t.currentRound}/{t.roundCount})
            </Button>
          ))}
        {t.inProgress && !t.completed && state && !roundComplete && !championUid && (
          <p className="text-xs text-muted-foreground" data-testid="round-progress">
            {openMatches === 1 ? '1 match' : `${openMatches} matches`} of round {t.currentRound} still to finish
            {flagged > 0 && `, ${flagged} flagged`}.
          </p>
        )}
        {t.inProgress && !t.completed && state?.currentRound === t.currentRound && <SwapTeams tournament={t} matches={roundMatches} />}
        {shown.close && (
          <Button
            variant="secondary"
            disabled={pending || !t.completed || t.closed}
            aria-describedby={t.closed ? closedNoteId : undefined}
            onClick={() =>
              setConfirming({
                action: { kind: 'close' },
                title: 'Close tournament',
                description: 'Close this tournament? Its teams, matches and decks are deleted for good; the final standings stay.',
                confirm: 'Close Tournament',
              })
            }
          >
            <Lock aria-hidden="true" />
            Close Tournament
          </Button>
        )}
        <Button
          variant="secondary"
          onClick={() => void downloadDecks()}
          disabled={zipBusy || t.closed}
          aria-describedby={t.closed ? closedNoteId : undefined}
        >
          {zipBusy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
          Download All Decks (.zip)
        </Button>
        <ExportLinks tournament={t} />
        {t.closed && (
          <p id={closedNoteId} className="text-xs text-muted-foreground" data-testid="closed-note">
            {CLOSED_ACTIONS}
          </p>
        )}
        {shown.cancel && (
          <Button
            variant="secondary"
            className="text-danger"
            disabled={pending}
            onClick={() =>
              setConfirming({
                action: { kind: 'cancel' },
                title: 'Cancel tournament',
                description: 'Cancel this tournament? It disappears from the lists, and this cannot be undone.',
                confirm: 'Cancel Tournament',
              })
            }
          >
            <Ban aria-hidden="true" />
            Cancel Tournament
          </Button>
        )}
        {shown.seed && (
          <Button variant="ghost" onClick={() => run({ kind: 'seed-test' })} disabled={pending}>
            <FlaskConical aria-hidden="true" />
            Seed Test Data
          </Button>
        )}
      </div>
      {notice && (
        <p role="alert" className="text-sm font-medium text-danger">
          {notice}
        </p>
      )}
      {!confirming && !starting && !cutting && failure}
      <AuditLog uid={t.uid} />
      <ConfirmDialog
        open={!!confirming}
        onOpenChange={(o) => {
          if (!o && !pending) {
            setConfirming(null);
            act.reset();
          }
        }}
        title={confirming?.title ?? ''}
        description={confirming?.description ?? ''}
        confirmLabel={confirming?.confirm ?? ''}
        pendingLabel="Working…"
        pending={pending}
        onConfirm={() =>
          confirming &&
          run(confirming.action, confirming.action.kind === 'cancel' ? () => void navigate('/tournaments', { replace: true }) : undefined)
        }
        error={failure}
      />
      <CutConfirmDialog
        tournament={t}
        open={cutting}
        onOpenChange={(o) => {
          if (!o && !pending) {
            setCutting(false);
            act.reset();
          }
        }}
        onConfirm={() => run({ kind: 'next-round' }, () => setCutting(false))}
        pending={pending}
        error={failure}
      />
      {shown.start && <StartDialog tournament={t} open={starting} onClose={() => setStarting(false)} />}
    </div>
  );
}

/** Who did what (rules.md: every privileged action is logged; the host may read it); loads when opened. */
function AuditLog({ uid }: { uid: string }) {
  const [open, setOpen] = useState(false);
  const audit = useAudit(uid, open);
  return (
    <details className="rounded-lg border text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer rounded-lg px-3 py-2 font-medium">Audit log</summary>
      <div className="border-t px-3 py-2">
        {audit.isPending ? (
          <p className="text-muted-foreground">Loading…</p>
        ) : audit.isError ? (
          <p className="text-danger">Failed to load the audit log</p>
        ) : audit.data.length === 0 ? (
          <p className="text-muted-foreground">Nothing yet.</p>
        ) : (
          <ol className="max-h-64 space-y-1.5 overflow-y-auto" aria-label="Audit log entries">
            {[...audit.data].reverse().map((e) => (
              <li key={e.id} className="leading-snug">
                <AuditEntryText entry={e} />
                <time dateTime={e.at} className="block text-xs text-muted-foreground">
                  {new Date(e.at).toLocaleString()}
                </time>
              </li>
            ))}
          </ol>
        )}
      </div>
    </details>
  );
}
