import { useId, useState } from 'react';
import { Link } from 'react-router';
import { CircleCheck, Clock, LoaderCircle, MessageSquareWarning, Swords } from 'lucide-react';
import {
  DISPUTE_REASON_MAX, LEAGUE_MATCH_STATE_LABEL, LEAGUE_RESULT_CHOICES, type League, type LeagueMatch,
} from '../../../../domain/api/leagues.ts';
import { ResultButtons, choiceKey } from '../../../components/result-buttons.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog.tsx';
import { errorText } from '../../../lib/api.ts';
import { RoomCard } from '../../tournaments/playing/room-card.tsx';
import { matchAction, reportSentence, sidesOf, whenText } from '../league-view.ts';
import { useLeagueMatch } from '../leagues-api.ts';
import { useConfirm, useDispute, useReport } from '../league-writes.ts';

const tap = 'mobile:h-11';

/**
 * One open match of the viewer's run: the opponent, the EDOPro room (name and password with copy, the
 * league's duel settings), and what the viewer does now: report with one tap; confirm or dispute the
 * opponent's report; or wait for the opponent's answer, or for the hosts.
 */
export function LeagueMatchPanel({ league: l, match: m, viewer, now }: { league: League; match: LeagueMatch; viewer: string; now: number }) {
  const id = useId();
  const sides = sidesOf(m, viewer);
  const action = matchAction(m, viewer, l.phase, now);
  // the run brings the room while the match is open; a run read before the pairing may not have it yet
  const fetched = useLeagueMatch(l.id, m.id, !m.room && m.state === 'playing');
  const room = m.room ?? fetched.data?.room;
  if (!sides) return null;
  const opponent = sides.other;

  return (
    <section aria-labelledby={`${id}-h`} className="space-y-3 rounded-xl border border-primary/40 bg-card p-4 shadow-sm mobile:p-3" data-testid="league-match">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-h`} tabIndex={-1} className="flex items-center gap-2 font-semibold outline-none" data-testid="league-match-title">
          <Swords aria-hidden="true" className="size-4 text-primary" />
          <span>
            Match #{m.id} against{' '}
            <Link to={`/leagues/${encodeURIComponent(l.id)}/runs/${opponent.runId}`} className="text-primary underline underline-offset-2" data-testid="opponent">
              {opponent.displayName}
            </Link>
          </span>
        </h3>
        <Badge tone={m.state === 'disputed' ? 'forbidden' : m.state === 'reported' ? 'limited' : 'primary'} data-testid="league-match-state">
          {LEAGUE_MATCH_STATE_LABEL[m.state]}
        </Badge>
      </div>

      {action.kind === 'report' && room && <RoomCard tournament={l} room={room} seenBy="the two of you and the league’s hosts" />}
      {action.kind === 'report' && !room && fetched.isError && <Alert>The room could not be loaded: {fetched.error.message}</Alert>}
      {action.kind === 'report' && <ReportButtons league={l} match={m} />}
      {action.kind === 'answer' && <AnswerReport league={l} match={m} viewer={viewer} by={action.by} opponent={opponent.displayName} />}
      {action.kind === 'wait' && (
        <p className="flex items-start gap-2 text-sm" data-testid="waiting-confirmation">
          <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>
            {reportSentence(m, viewer)}. Waiting for {opponent.displayName} to confirm or dispute, until{' '}
            <time dateTime={action.by}>{whenText(action.by)}</time>; then the report stands.
          </span>
        </p>
      )}
      {action.kind === 'hosts' && (
        <p className="flex items-start gap-2 text-sm" data-testid="disputed-note">
          <MessageSquareWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-forbidden-ink" />
          <span>
            {reportSentence(m, viewer)}, and {m.dispute?.byDiscordId === viewer ? 'you' : opponent.displayName} disputed it
            {m.dispute?.reason ? `: “${m.dispute.reason}”` : ''}. The league’s hosts decide the result.
          </span>
        </p>
      )}
    </section>
  );
}

/** The one-tap results, from the viewer's side: 2–0 and 2–1 'You win', 1–2 and 0–2 'You lose'. */
function ReportButtons({ league: l, match: m }: { league: League; match: LeagueMatch }) {
  const report = useReport(l.id);
  const [sending, setSending] = useState<string | null>(null);
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium">Report the result: your games first</p>
      <ResultButtons
        choices={LEAGUE_RESULT_CHOICES}
        words={(c) => ({ score: `${c.own}–${c.other}`, note: c.outcome === 'win' ? 'You win' : 'You lose' })}
        current={null}
        sending={sending}
        onTap={(c) => {
          if (report.isPending) return;
          setSending(choiceKey(c));
          report.mutate({ matchId: m.id, gamesWon: c.own, gamesLost: c.other }, { onSettled: () => setSending(null) });
        }}
      />
      {report.isError && <Alert>{errorText(report.error, 'Failed to report the result. Please try again.')}</Alert>}
    </div>
  );
}

/** The opponent reported: Confirm, or Dispute with what is wrong (for the hosts). */
function AnswerReport({ league: l, match: m, viewer, by, opponent }: { league: League; match: LeagueMatch; viewer: string; by: string; opponent: string }) {
  const confirm = useConfirm(l.id);
  const dispute = useDispute(l.id);
  const [disputing, setDisputing] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const failed = confirm.error ?? dispute.error;
  return (
    <div className="space-y-3" data-testid="answer-report">
      <p className="text-sm" data-testid="opponent-report">
        <span className="font-medium">{reportSentence(m, viewer)}.</span> Confirm it, or dispute it for the hosts to decide, until{' '}
        <time dateTime={by}>{whenText(by)}</time>; after that it stands.
      </p>
      <div className="flex flex-wrap gap-2 mobile:flex-col mobile:[&>*]:w-full">
        <Button className={tap} disabled={confirm.isPending || dispute.isPending} onClick={() => confirm.mutate(m.id)}>
          {confirm.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <CircleCheck aria-hidden="true" />}
          Confirm
        </Button>
        <Button variant="secondary" className={tap} disabled={confirm.isPending || dispute.isPending} onClick={() => setDisputing(true)}>
          <MessageSquareWarning aria-hidden="true" />
          Dispute
        </Button>
      </div>
      {failed && <Alert>{errorText(failed, 'Failed to send your answer. Please try again.')}</Alert>}
      <Dialog open={disputing} onOpenChange={setDisputing}>
        {disputing && (
          <DialogContent
            title={`Dispute match #${m.id}`}
            description={`${opponent}’s report goes to the league’s hosts, who decide the result.`}
            footer={
              <>
                <DialogClose asChild>
                  <Button variant="secondary" className={tap}>Cancel</Button>
                </DialogClose>
                <Button
                  className={tap}
                  disabled={dispute.isPending}
                  onClick={() => dispute.mutate({ matchId: m.id, reason: reason.trim() || undefined }, { onSuccess: () => setDisputing(false) })}
                >
                  {dispute.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
                  Dispute
                </Button>
              </>
            }
          >
            <div className="space-y-1.5">
              <label htmlFor={reasonId} className="block text-sm font-medium">
                What is wrong with the report? (optional)
              </label>
              <textarea
                id={reasonId}
                value={reason}
                maxLength={DISPUTE_REASON_MAX}
                rows={4}
                onChange={(e) => setReason(e.target.value)}
                className="block w-full resize-y rounded-md border bg-background px-3 py-2 text-sm"
              />
              <p className="text-xs text-muted-foreground tabular-nums">{reason.length} / {DISPUTE_REASON_MAX}</p>
              {dispute.isError && <Alert>{errorText(dispute.error, 'Failed to dispute the report. Please try again.')}</Alert>}
            </div>
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}
