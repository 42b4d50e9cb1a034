// A copy button that says 'Copied' (and shows the text to copy by hand where the clipboard is refused): the card
// page's and the list comparison's.
import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from './ui/button.tsx';
import { useCopy } from '../lib/use-copy.ts';

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
