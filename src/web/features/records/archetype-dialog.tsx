import { useId, useRef, useState, type FormEvent } from 'react';
import type { PublishedDeck } from '../../../domain/api/records.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog.tsx';
import { useCorrectArchetype } from './report-api.ts';

/** Same bound as ARCHETYPE_NAME_MAX of domain/api/records.ts (not imported: that module brings zod). */
export const ARCHETYPE_MAX = 40;

/**
 * The host's or an admin's correction of a published deck's archetype: a name, or 'Use the rule's
 * name' (null) to give back what the archetype rule says. The report (and its meta) follow at once.
 */
export function ArchetypeDialog({ uid, deck, onClose }: { uid: string; deck: PublishedDeck | null; onClose: () => void }) {
  return (
    <Dialog open={!!deck} onOpenChange={(open) => !open && onClose()}>
      {deck && <ArchetypeForm key={deck.id} uid={uid} deck={deck} onClose={onClose} />}
    </Dialog>
  );
}

function ArchetypeForm({ uid, deck, onClose }: { uid: string; deck: PublishedDeck; onClose: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState(deck.archetype);
  const correct = useCorrectArchetype(uid);
  const blank = draft.trim() === '';
  const field = useRef<HTMLInputElement>(null);

  const send = (archetype: string | null) => correct.mutate({ deckId: deck.id, archetype }, { onSuccess: onClose });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!blank) send(draft.trim());
  };

  return (
    <DialogContent
      title={`Archetype of ${deck.player}’s deck`}
      description={`The archetype rule names it ${deck.archetypeAuto}.`}
      // the name's field first, its text selected for typing over (not the close button)
      onOpenAutoFocus={(e) => {
        e.preventDefault();
        field.current?.select();
      }}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant="secondary" onClick={() => send(null)} disabled={correct.isPending || !deck.corrected}>
            Use the rule’s name
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={blank || correct.isPending}>
            {correct.isPending ? 'Saving…' : 'Save'}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} className="space-y-2">
        <label htmlFor={id} className="block text-sm font-medium">
          Archetype
        </label>
        <input
          ref={field}
          id={id}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          maxLength={ARCHETYPE_MAX}
          autoComplete="off"
          aria-describedby={`${id}-hint`}
          className="h-10 w-full rounded-md border bg-background px-3 text-sm mobile:h-11"
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {blank ? 'An archetype cannot be blank.' : `At most ${ARCHETYPE_MAX} characters. The meta of the event counts the deck under this name.`}
        </p>
        {correct.isError && <Alert>{correct.error.message || 'The archetype could not be saved'}</Alert>}
      </form>
    </DialogContent>
  );
}
