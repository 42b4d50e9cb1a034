import { useId, useState } from 'react';
import { FlaskConical } from 'lucide-react';
import type { Signature } from '../../../domain/api/records.ts';
import { ARCHETYPE_PREVIEW_TEXT_MAX } from '../../../domain/api/records.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorText } from '../../lib/api.ts';
import { usePreviewArchetype } from './archetype-signatures-api.ts';
import { previewReason } from './archetype-view.ts';

/** Paste a deck, get the name the rule gives it with today's table. */
export function TestDeckPanel({ signatures }: { signatures: readonly Signature[] | undefined }) {
  const id = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const preview = usePreviewArchetype();
  const submit = () => {
    if (text.trim()) preview.mutate(text);
  };
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-xl border bg-card p-5 mobile:p-4">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
        <FlaskConical aria-hidden="true" className="size-5 text-primary" />
        Test a deck
      </h2>
      <form className="space-y-3" onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <label htmlFor={id} className="block text-sm font-medium">Deck</label>
        <p id={hintId} className="text-sm text-muted-foreground">Paste a .ydk file’s text or a ydke:// link: the rule names it with the signatures above.</p>
        <textarea
          id={id}
          aria-describedby={hintId}
          value={text}
          onChange={(e) => { setText(e.target.value); if (preview.data || preview.error) preview.reset(); }}
          maxLength={ARCHETYPE_PREVIEW_TEXT_MAX}
          rows={5}
          spellCheck={false}
          className="w-full rounded-md border bg-background p-2 font-mono text-xs shadow-sm"
        />
        <Button type="submit" disabled={!text.trim() || preview.isPending}>{preview.isPending ? 'Naming…' : 'Name this deck'}</Button>
      </form>
      <div aria-live="polite">
        {preview.data && (
          <div className="rounded-lg border border-primary/30 bg-primary/5 p-4" data-testid="archetype-preview">
            <p className="text-sm text-muted-foreground">The rule names this deck</p>
            <p className="text-xl font-bold">{preview.data.name}</p>
            <p className="mt-1 text-sm">{previewReason(preview.data, signatures)}</p>
          </div>
        )}
      </div>
      {preview.isError && <Alert>{errorText(preview.error, 'The deck could not be named')}</Alert>}
    </section>
  );
}
