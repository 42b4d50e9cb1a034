import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';

type CopyState = { kind: 'idle' } | { kind: 'copied' } | { kind: 'failed'; link: string };

/**
 * 'Copy ydke://': the deck's link to the clipboard, 'Copied' said (and announced) for a few seconds.
 * Where the clipboard is refused (an insecure page, a denied permission) the link is shown selected,
 * for the reader to copy by hand.
 */
export function CopyYdkeButton({ link, deckName }: { link: () => string; deckName: string }) {
  const [state, setState] = useState<CopyState>({ kind: 'idle' });
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (state.kind === 'copied') {
      const t = setTimeout(() => setState({ kind: 'idle' }), 3000);
      return () => clearTimeout(t);
    }
    if (state.kind === 'failed') field.current?.select();
  }, [state]);

  async function copy() {
    let text = '';
    try {
      text = link();
      await navigator.clipboard.writeText(text);
      setState({ kind: 'copied' });
    } catch {
      setState({ kind: 'failed', link: text });
    }
  }

  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <Button variant="secondary" size="sm" onClick={() => void copy()} aria-label={`Copy ydke:// link of ${deckName}`} className="mobile:min-h-11">
        {state.kind === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {state.kind === 'copied' ? 'Copied' : 'Copy ydke://'}
      </Button>
      {/* announced to screen readers; the button's own text says it to the eye */}
      <span role="status" className="sr-only">
        {state.kind === 'copied' ? 'Copied' : ''}
      </span>
      {state.kind === 'failed' && (
        <div className="w-full space-y-1" data-testid="ydke-fallback">
          <p className="text-sm text-muted-foreground" role="alert">
            {state.link ? 'The clipboard is not available here: the link is selected below, copy it yourself.' : 'This deck could not be turned into a ydke:// link.'}
          </p>
          {state.link && (
            <input
              ref={field}
              readOnly
              value={state.link}
              aria-label={`ydke:// link of ${deckName}`}
              onFocus={(e) => e.currentTarget.select()}
              className="w-full rounded-md border bg-background px-2 py-1.5 font-mono text-xs"
            />
          )}
        </div>
      )}
    </div>
  );
}
