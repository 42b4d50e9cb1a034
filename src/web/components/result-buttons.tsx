import { Check, LoaderCircle } from 'lucide-react';
import type { ResultChoice } from '../../domain/tournaments/result-choices.ts';
import { cn } from '../lib/cn.ts';

// The one-tap results of a best of N: an event match's dialog and a league match's report and decision.

export const choiceKey = (c: Pick<ResultChoice, 'own' | 'other'>) => `${c.own}-${c.other}`;

/**
 * The results of a best of N as buttons (issue 30 §2): the wins on one row, the losses under them, the
 * draw across. While one is sent they stay enabled to the keyboard (aria-disabled, so the focus stays
 * on the one pressed) and the pressed one spins; the result already recorded is marked.
 */
export function ResultButtons({ choices, words, current, sending, onTap }: {
  choices: readonly ResultChoice[];
  /** what a button says: the score and, under it, whose result it is ('You win', 'for Team A', 'Draw') */
  words: (c: ResultChoice) => { score: string; note: string };
  /** the key of the result recorded (the player's report, the match's score), if it is one of the choices */
  current: string | null;
  /** the key of the choice being sent, if any */
  sending: string | null;
  /** the choice, and the button pressed (to take the focus back after a confirmation) */
  onTap: (c: ResultChoice, button: HTMLButtonElement) => void;
}) {
  const columns = Math.max(2, choices.filter((c) => c.outcome === 'win').length);
  return (
    <div role="group" aria-label="Results" className="grid gap-2" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }} data-testid="result-buttons">
      {choices.map((c) => {
        const key = choiceKey(c);
        const { score, note } = words(c);
        const draw = c.outcome === 'draw';
        return (
          <button
            key={key}
            type="button"
            aria-disabled={sending !== null || undefined}
            aria-current={current === key || undefined}
            onClick={(e) => sending === null && onTap(c, e.currentTarget)}
            className={cn(
              // the secondary button's look, two lines high (cn does not merge, so no Button size to undo)
              'inline-flex min-h-14 min-w-0 items-center justify-center rounded-md border bg-card px-2 py-1.5 font-medium text-foreground shadow-sm transition-colors hover:bg-muted aria-disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
              draw ? 'col-span-full gap-2' : 'flex-col',
              current === key && 'border-primary ring-1 ring-primary',
            )}
            data-testid="result-button"
          >
            <span className="flex items-center gap-1 text-lg leading-tight font-semibold tabular-nums">
              {sending === key ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : current === key && <Check aria-hidden="true" className="text-primary" />}
              {score}
            </span>
            <span className="block max-w-full truncate text-xs text-muted-foreground" title={note}>
              {note}
            </span>
          </button>
        );
      })}
    </div>
  );
}
