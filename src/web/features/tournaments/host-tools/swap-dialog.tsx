// Fix a pairing (issue 19): the host picks two teams of two matches of the current Swiss round that have
// no result yet (others of the round may, issue 30) and, after a confirmation, they change places; the
// tables stay with the matches.
import { useId, useMemo, useState } from 'react';
import { ArrowLeftRight } from 'lucide-react';
import type { Match, Tournament } from '../../../../domain/api/tournaments.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog, Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog.tsx';
import { swapChoices, swapPreview, type SwapChoice } from '../playing/round-view.ts';
import { failureSentence } from '../tournament-view.ts';
import { useSwapTeams } from './host-tools-api.ts';

const SWAP_FAILED = 'Failed to swap the teams. Please try again.';
const keyOf = (c: SwapChoice) => `${c.matchId}:${c.teamId}`;

/** Admin Tools' 'Swap Teams': shown while the round's pairings can still change (round-view.ts swapChoices). */
export function SwapTeams({ tournament: t, matches }: { tournament: Tournament; matches: readonly Match[] }) {
  const { choices, blocked } = useMemo(() => swapChoices(t, matches), [t, matches]);
  const swap = useSwapTeams(t.uid);
  const [picking, setPicking] = useState(false);
  const [asking, setAsking] = useState<{ a: SwapChoice; b: SwapChoice } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const reasonId = useId();
  if (choices.length === 0 && !asking) {
    // a Swiss round under way with fewer than two matches left without a result: the button stays, saying why
    const swissRound = t.format === 'DEFAULT' && t.inProgress && !t.completed && matches.some((m) => m.roundNumber === t.currentRound && m.bracket === 'swiss');
    if (!swissRound || !blocked) return null;
    return (
      <div className="space-y-1">
        <Button variant="secondary" className="w-full" disabled aria-describedby={reasonId}>
          <ArrowLeftRight aria-hidden="true" />
          Swap Teams
        </Button>
        <p id={reasonId} className="text-xs text-muted-foreground" data-testid="swap-blocked">
          {blocked}
        </p>
      </div>
    );
  }

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setDone(null);
          setPicking(true);
        }}
      >
        <ArrowLeftRight aria-hidden="true" />
        Swap Teams
      </Button>
      {done && (
        <p role="status" className="text-xs text-muted-foreground" data-testid="swap-done">
          {done}
        </p>
      )}
      <SwapPicker
        open={picking}
        choices={choices}
        matches={matches}
        onClose={() => setPicking(false)}
        onPick={(a, b) => {
          swap.reset();
          setPicking(false);
          setAsking({ a, b });
        }}
      />
      <ConfirmDialog
        open={!!asking}
        onOpenChange={(o) => {
          if (!o && !swap.isPending) setAsking(null);
        }}
        title="Swap these teams?"
        description={asking ? `${swapPreview(matches, asking.a, asking.b)}. The tables stay; both rooms get new passwords.` : ''}
        confirmLabel="Swap Teams"
        pendingLabel="Swapping…"
        pending={swap.isPending}
        onConfirm={() =>
          asking &&
          swap.mutate(
            { a: { matchId: asking.a.matchId, teamId: asking.a.teamId }, b: { matchId: asking.b.matchId, teamId: asking.b.teamId } },
            {
              onSuccess: () => {
                setDone(`Swapped: ${swapPreview(matches, asking.a, asking.b)}.`);
                setAsking(null);
              },
            },
          )
        }
        error={swap.isError ? <Alert>{failureSentence(swap.error, SWAP_FAILED)}</Alert> : undefined}
      />
    </>
  );
}

/** Two teams of two different matches, picked from the round's pairings by table. */
function SwapPicker({
  open, choices, matches, onClose, onPick,
}: {
  open: boolean;
  choices: SwapChoice[];
  matches: readonly Match[];
  onClose: () => void;
  onPick: (a: SwapChoice, b: SwapChoice) => void;
}) {
  const id = useId();
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const a = choices.find((c) => keyOf(c) === first);
  const b = choices.find((c) => keyOf(c) === second && c.matchId !== a?.matchId);
  const select = 'h-10 w-full min-w-0 rounded-md border bg-background px-3 text-sm shadow-sm mobile:h-11';

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) {
          setFirst('');
          setSecond('');
          onClose();
        }
      }}
    >
      {open && (
        <DialogContent
          title="Swap teams"
          description="Pick two teams of two different matches of this round: they change places. Only matches without a result or a score report are listed."
          footer={
            <>
              <DialogClose asChild>
                <Button variant="secondary" className="mobile:h-11">
                  Cancel
                </Button>
              </DialogClose>
              <Button className="mobile:h-11" disabled={!a || !b} onClick={() => a && b && onPick(a, b)}>
                <ArrowLeftRight aria-hidden="true" />
                Review Swap
              </Button>
            </>
          }
        >
          <div className="space-y-4" data-testid="swap-dialog">
            <div className="space-y-1.5">
              <label htmlFor={`${id}-a`} className="block text-sm font-medium">
                First team
              </label>
              <select id={`${id}-a`} value={first} onChange={(e) => setFirst(e.target.value)} className={select}>
                <option value="">Choose a team…</option>
                {choices.map((c) => (
                  <option key={keyOf(c)} value={keyOf(c)}>
                    {c.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="space-y-1.5">
              <label htmlFor={`${id}-b`} className="block text-sm font-medium">
                Second team (another match)
              </label>
              <select id={`${id}-b`} value={second} onChange={(e) => setSecond(e.target.value)} className={select} disabled={!a}>
                <option value="">Choose a team…</option>
                {choices
                  .filter((c) => c.matchId !== a?.matchId)
                  .map((c) => (
                    <option key={keyOf(c)} value={keyOf(c)}>
                      {c.label}
                    </option>
                  ))}
              </select>
            </div>
            {a && b && (
              <p className="rounded-lg border bg-muted/40 p-3 text-sm" data-testid="swap-preview">
                After the swap: {swapPreview(matches, a, b)}
              </p>
            )}
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
