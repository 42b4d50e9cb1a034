import { useId, useState } from 'react';
import { BellRing, CircleCheck, Gavel } from 'lucide-react';
import { LEAGUE_MATCH_STATE_LABEL, LEAGUE_RESULT_CHOICES, type League, type LeagueMatch } from '../../../../domain/api/leagues.ts';
import type { CurrentUser } from '../../../../domain/api/users.ts';
import { ResultButtons, choiceKey } from '../../../components/result-buttons.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog.tsx';
import { errorText } from '../../../lib/api.ts';
import { decideBody, decideWords, reportSentence, whenText } from '../league-view.ts';
import { useDecide } from '../league-writes.ts';

/**
 * The hosts' attention panel (issue 41, as the event's): the disputed matches, and after the end the
 * matches never reported, each with its report and the dispute's reason, and Decide. Nothing to do:
 * one calm line. Shown to the league's hosts only (its creator and the admins).
 */
export function HostsPanel({ league: l, user }: { league: League; user: CurrentUser }) {
  const id = useId();
  const [deciding, setDeciding] = useState<number | null>(null);
  if (!l.isHost || l.phase === 'upcoming') return null;
  const open = l.toDecide.find((m) => m.id === deciding);

  return (
    <section aria-labelledby={`${id}-h`} className="min-w-0 space-y-3 rounded-xl border bg-card p-4 shadow-sm mobile:p-3" data-testid="hosts-panel">
      <h2 id={`${id}-h`} className="flex items-center gap-2 font-semibold">
        <BellRing aria-hidden="true" className="size-4 text-primary" />
        {l.toDecide.length > 0 ? `Needs attention (${l.toDecide.length})` : 'Needs attention'}
      </h2>
      {l.toDecide.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="attention-none">
          <CircleCheck aria-hidden="true" className="size-4" />
          Nothing needs your attention
        </p>
      ) : (
        <ul className="space-y-2">
          {l.toDecide.map((m) => {
            const own = m.player1.discordId === user.discordId || m.player2.discordId === user.discordId;
            return (
              <li key={m.id} className="space-y-2 rounded-lg border p-3 text-sm" data-testid="to-decide">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">
                    Match #{m.id}: {m.player1.displayName} vs {m.player2.displayName}
                  </span>
                  <Badge tone={m.state === 'disputed' ? 'forbidden' : 'limited'}>{m.state === 'playing' ? 'Never reported' : LEAGUE_MATCH_STATE_LABEL[m.state]}</Badge>
                </div>
                {m.report && <p>{reportSentence(m)} (<time dateTime={m.report.at}>{whenText(m.report.at)}</time>).</p>}
                {m.dispute && (
                  <p className="text-muted-foreground">
                    Disputed by {m.dispute.byDiscordId === m.player1.discordId ? m.player1.displayName : m.player2.displayName}
                    {m.dispute.reason ? `: “${m.dispute.reason}”` : ', without a reason'}
                  </p>
                )}
                {own ? (
                  <p className="text-xs text-muted-foreground">You play in this match: another host decides it.</p>
                ) : (
                  <Button size="sm" variant="secondary" className="mobile:min-h-11" onClick={() => setDeciding(m.id)} aria-label={`Decide match #${m.id}`}>
                    <Gavel aria-hidden="true" />
                    Decide
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Dialog open={!!open} onOpenChange={(o) => !o && setDeciding(null)}>
        {open && <DecideDialog key={open.id} league={l} match={open} onDone={() => setDeciding(null)} />}
      </Dialog>
    </section>
  );
}

/** The result the hosts give: one tap, read from the first player ('2–1 for Joey'). */
function DecideDialog({ league: l, match: m, onDone }: { league: League; match: LeagueMatch; onDone: () => void }) {
  const decide = useDecide(l.id);
  const [sending, setSending] = useState<string | null>(null);
  return (
    <DialogContent
      title={`Decide match #${m.id}`}
      description={`${m.player1.displayName} vs ${m.player2.displayName} · best of ${l.bestOf}`}
      footer={
        <DialogClose asChild>
          <Button variant="secondary" className="mobile:h-11">Close</Button>
        </DialogClose>
      }
    >
      <div className="space-y-3" data-testid="decide-dialog">
        {m.report && <p className="text-sm">{reportSentence(m)}.</p>}
        {m.dispute?.reason && <p className="text-sm text-muted-foreground">The dispute: “{m.dispute.reason}”</p>}
        <p className="text-sm font-medium">Games of {m.player1.displayName} first, then {m.player2.displayName}.</p>
        <ResultButtons
          choices={LEAGUE_RESULT_CHOICES}
          words={decideWords(m)}
          current={null}
          sending={sending}
          onTap={(c) => {
            if (decide.isPending) return;
            setSending(choiceKey(c));
            decide.mutate({ matchId: m.id, ...decideBody(m, c) }, { onSuccess: onDone, onSettled: () => setSending(null) });
          }}
        />
        {decide.isError && <Alert>{errorText(decide.error, 'Failed to save the decision. Please try again.')}</Alert>}
      </div>
    </DialogContent>
  );
}
