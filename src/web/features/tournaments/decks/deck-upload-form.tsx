import { useId, useState, type FormEvent } from 'react';
import { LoaderCircle, Send } from 'lucide-react';
import type { Tournament } from '../../../../domain/api/tournaments.ts';
import type { CurrentUser } from '../../../../domain/api/users.ts';
import { parseDeckText } from '../../../../domain/decks/deck-text.ts';
import { inputClasses } from '../../../components/form-fields.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { ProgressBar } from '../../../components/progress-bar.tsx';
import { DeckTextFields, RefusedDeck, useDeckText } from './deck-entry.tsx';
import { refusalOf, type Refusal } from './deck-refusal.ts';
import { labelFromFileName } from '../tournament-view.ts';
import { useUploadDeck } from './decks-api.ts';

/** A .ydk file or a pasted ydke:// link, checked here first, then sent with upload progress. */
export function DeckUploadForm({ tournament: t, user, submitted }: { tournament: Tournament; user: CurrentUser; submitted: number }) {
  const upload = useUploadDeck(t.uid);
  const id = useId();
  const deck = useDeckText();
  const [label, setLabel] = useState('');
  const [labelTouched, setLabelTouched] = useState(false);
  const [localError, setLocalError] = useState<string>();
  const [progress, setProgress] = useState<number>();
  const [refused, setRefused] = useState<Refusal & { label: string }>();

  const { text, fileName } = deck;
  const reset = () => {
    deck.clear();
    setLabel('');
    setLabelTouched(false);
  };

  async function chooseFile(f: File | undefined) {
    setLocalError(undefined);
    setRefused(undefined);
    if (!f) return;
    await deck.readFile(f);
    if (!labelTouched) setLabel(labelFromFileName(f.name));
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setLocalError(undefined);
    setRefused(undefined);
    const parsed = parseDeckText(text);
    if (!parsed.ok) {
      setLocalError(parsed.error);
      return;
    }
    const deckLabel = label.trim() || (fileName ? labelFromFileName(fileName) : `Deck ${submitted + 1}`);
    setProgress(0);
    upload.mutate(
      { participantDiscordId: user.discordId, label: deckLabel, text, onProgress: setProgress },
      {
        onSuccess: () => {
          setProgress(undefined);
          reset();
        },
        onError: (err) => {
          setProgress(undefined);
          // spec 2 §8: the server's sentence, else the error's message, else 'Failed to upload deck'
          setRefused({ ...refusalOf(err, /^deck: /, 'Failed to upload deck'), label: deckLabel });
        },
      },
    );
  }

  return (
    <div className="space-y-4">
      <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="space-y-4 rounded-xl border bg-card p-5 shadow-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            Submit a Deck
          </h2>
          <p className="text-sm text-muted-foreground tabular-nums" data-testid="deck-allowance">
            {submitted} of {t.decksAllowedPerPlayer} submitted
          </p>
        </div>

        <DeckTextFields
          id={id}
          deck={deck}
          mutedPlaceholder={false}
          onChoose={(f) => void chooseFile(f)}
          onClear={reset}
          onPaste={(value) => {
            // a label taken from the file goes with it
            if (deck.paste(value) && !labelTouched) setLabel('');
            setLocalError(undefined);
          }}
        />

        <div className="space-y-1.5">
          <label htmlFor={`${id}-label`} className="block text-sm font-medium">
            Deck label
          </label>
          <input
            id={`${id}-label`}
            value={label}
            autoComplete="off"
            placeholder={fileName ? labelFromFileName(fileName) : `Deck ${submitted + 1}`}
            onChange={(e) => {
              setLabel(e.target.value);
              setLabelTouched(true);
            }}
            className={cn(inputClasses(false, { mutedPlaceholder: false }), 'h-10')}
          />
        </div>

        {localError && <Alert>{localError}</Alert>}
        {progress !== undefined && <ProgressBar value={progress} label="Uploading deck" />}

        <Button type="submit" disabled={upload.isPending || !text.trim()}>
          {upload.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
          Submit Deck
        </Button>
      </form>

      {refused && (
        <RefusedDeck
          refusal={refused}
          title={<>{refused.label}: the deck was not accepted.</>}
          messageTestId="upload-error"
          deckLabel={refused.label}
          createdBy={user.displayName}
          onDismiss={() => setRefused(undefined)}
        />
      )}
    </div>
  );
}
