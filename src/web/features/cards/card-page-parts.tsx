// Pieces of the card and comparison pages: a status badge that reads effective statuses, and a copy
// button that says 'Copied' (and shows the text to copy by hand where the clipboard is refused).
import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import type { CardStatus } from '../../../domain/banlist/statuses.ts';
import { stateLabel } from '../../../domain/banlist/compare.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useCopy } from '../../lib/use-copy.ts';
import { POINTS_TONE, STATUS_TONE } from '../../components/status-style.ts';

/** A card's effective status on a list: NONE is 'Not on the whitelist'; points on a points list. */
export function StatusBadge({ status, points }: { status: CardStatus; points: number | null }) {
  const tone = points !== null ? POINTS_TONE : status === 'NONE' ? 'neutral' : STATUS_TONE[status];
  return <Badge tone={tone}>{stateLabel({ status, points })}</Badge>;
}

/**
 * `ariaLabel` says more than the visible `label` and must begin with it (WCAG 2.5.3: a person who
 * speaks the words they see must reach the button); once copied, the name is the visible 'Copied'.
 */
export function CopyButton({ text, label, ariaLabel, testId }: { text: () => string; label: string; ariaLabel?: string; testId?: string }) {
  const { state, field, copy: toClipboard } = useCopy<HTMLTextAreaElement>();
  const [shown, setShown] = useState('');
  const copy = async () => {
    const value = text();
    setShown(value);
    await toClipboard(value);
  };

  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <Button variant="secondary" size="sm" onClick={() => void copy()} aria-label={state === 'copied' ? undefined : ariaLabel} className="mobile:min-h-11" data-testid={testId}>
        {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {state === 'copied' ? 'Copied' : label}
      </Button>
      <span role="status" className="sr-only">{state === 'copied' ? 'Copied' : ''}</span>
      {state === 'failed' && (
        <div className="w-full space-y-1">
          <p className="text-sm text-muted-foreground" role="alert">The clipboard is not available here: the text is selected below, copy it yourself.</p>
          <textarea ref={field} readOnly value={shown} rows={Math.min(12, shown.split('\n').length)} aria-label="Text to copy"
            className="w-full rounded-md border bg-background px-2 py-1.5 font-mono text-xs" />
        </div>
      )}
    </div>
  );
}
