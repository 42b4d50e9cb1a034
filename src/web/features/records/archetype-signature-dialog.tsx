import { useId, useState } from 'react';
import { X } from 'lucide-react';
import { cardImageUrl } from '../../../domain/api/cards.ts';
import { ARCHETYPE_NAME_MAX, SIGNATURE_CARDS_MAX, type Signature } from '../../../domain/api/records.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { FallbackImage } from '../../components/ui/fallback-image.tsx';
import { errorText } from '../../lib/api.ts';
import { CARD_SEARCH_MIN_LENGTH, useCardSearch } from '../judgement/judgement-api.ts';
import { useSaveSignature } from './archetype-signatures-api.ts';
import { SearchInput } from '../../components/search-input.tsx';

interface PickedCard { passcode: number; name: string }

export interface SignatureDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the signature edited; none to add one */
  signature?: Signature;
  onSaved: (name: string) => void;
}

/** Add or edit a signature: its name, the cards that mark it, and how many of them a deck must hold. */
export function SignatureDialog({ open, onOpenChange, signature, onSaved }: SignatureDialogProps) {
  const save = useSaveSignature();
  // the page mounts the dialog for each opening: its fields start from the signature edited
  const [name, setName] = useState(signature?.name ?? '');
  const [cards, setCards] = useState<PickedCard[]>(signature?.cards ?? []);
  const [min, setMin] = useState<number | null>(signature?.min ?? null);
  const nameId = useId();
  const minId = useId();

  const full = cards.length >= SIGNATURE_CARDS_MAX;
  const add = (card: PickedCard) => setCards((list) => (list.some((c) => c.passcode === card.passcode) || list.length >= SIGNATURE_CARDS_MAX ? list : [...list, card]));
  const remove = (passcode: number) => {
    setCards((list) => list.filter((c) => c.passcode !== passcode));
    setMin((m) => (m !== null && m >= cards.length ? null : m));
  };
  const ready = name.trim().length > 0 && cards.length > 0 && !save.isPending;

  const submit = () => {
    if (!ready) return;
    const body = { name: name.trim(), cards: cards.map((c) => c.passcode), min: min !== null && min < cards.length ? min : null };
    save.mutate({ id: signature?.id, body }, { onSuccess: (s) => { onSaved(s.name); onOpenChange(false); } });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent
        size="lg"
        title={signature ? `Edit ${signature.name}` : 'Add signature'}
        description="A deck that no EDOPro archetype names is named by the first signature whose cards it holds."
        footer={
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={save.isPending}>Cancel</Button>
            <Button type="submit" form="signature-form" disabled={!ready}>
              {save.isPending ? 'Saving…' : signature ? 'Save signature' : 'Add signature'}
            </Button>
          </>
        }
      >
        <form id="signature-form" className="space-y-5" onSubmit={(e) => { e.preventDefault(); submit(); }}>
          <div className="space-y-1.5">
            <label htmlFor={nameId} className="block text-sm font-medium">Name</label>
            <input
              id={nameId}
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={ARCHETYPE_NAME_MAX}
              required
              autoComplete="off"
              placeholder="Goat Control"
              className="h-10 w-full rounded-md border bg-card px-3 text-sm shadow-sm"
            />
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Marking cards ({cards.length} of at most {SIGNATURE_CARDS_MAX})</legend>
            {cards.length === 0 ? (
              <p className="text-sm text-muted-foreground">No card yet: find the cards that mark this deck below.</p>
            ) : (
              <ul aria-label="Marking cards" className="flex flex-wrap gap-2">
                {cards.map((c) => (
                  <li key={c.passcode} className="flex items-center gap-2 rounded-md border bg-muted/40 py-1 pr-1 pl-1.5 text-sm">
                    <FallbackImage src={cardImageUrl(c.passcode, 'small')} alt="" className="h-[35px] w-6 rounded-sm bg-muted object-cover" fallback={<span aria-hidden="true" className="h-[35px] w-6 rounded-sm bg-muted" />} />
                    <span>{c.name}</span>
                    <Button variant="ghost" size="sm" className="size-8 px-0 mobile:size-10" aria-label={`Remove ${c.name}`} onClick={() => remove(c.passcode)}>
                      <X aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <CardFinder picked={cards} full={full} onPick={add} />
          </fieldset>
          <div className="space-y-1.5">
            <label htmlFor={minId} className="block text-sm font-medium">A deck must hold</label>
            <select
              id={minId}
              value={min === null || min >= cards.length ? 'all' : String(min)}
              onChange={(e) => setMin(e.target.value === 'all' ? null : Number(e.target.value))}
              disabled={cards.length < 2}
              className="h-10 w-full max-w-72 rounded-md border bg-card px-3 text-sm shadow-sm"
            >
              <option value="all">All of these cards</option>
              {Array.from({ length: Math.max(0, cards.length - 1) }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>At least {n} of them</option>
              ))}
            </select>
          </div>
          {save.isError && <Alert>{errorText(save.error, 'The signature could not be saved')}</Alert>}
        </form>
      </DialogContent>
    </Dialog>
  );
}

function CardFinder({ picked, full, onPick }: { picked: readonly PickedCard[]; full: boolean; onPick: (c: PickedCard) => void }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const search = useCardSearch(query);
  const results = search.data ?? [];
  const short = query.trim().length < CARD_SEARCH_MIN_LENGTH;
  const chosen = new Set(picked.map((c) => c.passcode));
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm text-muted-foreground">Find a card by name</label>
      <div className="relative">
        <SearchInput
          iconClassName="left-3"
          id={id}
          autoComplete="off"
          value={query}
          onValueChange={setQuery}
          placeholder="Type at least 2 characters"
          disabled={full}
          className="h-10 w-full rounded-md border bg-card pr-3 pl-9 text-sm shadow-sm"
        />
      </div>
      <div aria-live="polite" className="min-h-5 text-sm text-muted-foreground">
        {full ? `A signature has at most ${SIGNATURE_CARDS_MAX} cards.`
          : short ? (query.trim() ? 'Keep typing: at least 2 characters.' : null)
          : search.isError ? <span className="text-danger">Card search failed. Please try again.</span>
          : search.isFetching || !search.settled ? 'Searching…'
          : results.length === 0 ? 'No cards match.'
          : `${results.length} card${results.length === 1 ? '' : 's'} found`}
      </div>
      {!short && !full && results.length > 0 && (
        <ul aria-label="Search results" className="max-h-60 divide-y overflow-y-auto rounded-md border">
          {results.map((c) => {
            const taken = chosen.has(c.id);
            return (
              <li key={c.id}>
                <button
                  type="button"
                  disabled={taken}
                  onClick={() => onPick({ passcode: c.id, name: c.name })}
                  className="flex w-full items-center gap-3 px-3 py-2 text-left text-sm hover:bg-muted disabled:cursor-not-allowed disabled:opacity-60"
                >
                  <FallbackImage src={c.imageUrl} alt="" className="h-[44px] w-[30px] shrink-0 rounded-sm bg-muted object-cover" fallback={<span aria-hidden="true" className="h-[44px] w-[30px] shrink-0 rounded-sm bg-muted" />} />
                  <span className="min-w-0 flex-1 font-medium">{c.name}</span>
                  <span className="text-xs text-muted-foreground">{taken ? 'Added' : 'Add'}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
