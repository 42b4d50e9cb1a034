import { useId, useRef, useState, type FormEvent } from 'react';
import { LoaderCircle, Send, X } from 'lucide-react';
import type { Tournament } from '../../../../domain/api/tournaments.ts';
import type { DeckCard, DeckProblemBody } from '../../../../domain/api/decks.ts';
import type { CurrentUser } from '../../../../domain/api/users.ts';
import { parseDeckText } from '../../../../domain/decks/deck-text.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { ProgressBar } from '../../../components/progress-bar.tsx';
import { DeckPreview } from './deck-preview.tsx';
import { labelFromFileName } from '../tournament-view.ts';
import { DeckRefusedError, useUploadDeck } from './decks-api.ts';

const inputClasses = (invalid?: boolean) =>
  cn('w-full rounded-md border bg-background px-3 py-2 text-sm shadow-sm', invalid && 'border-danger ring-1 ring-danger');

interface Refused {
  message: string;
  problems: DeckProblemBody[];
  deck?: { mainDeck: DeckCard[]; extraDeck: DeckCard[]; sideDeck: DeckCard[] };
  label: string;
}

/** A .ydk file or a pasted ydke:// link, checked here first, then sent with upload progress. */
export function DeckUploadForm({ tournament: t, user, submitted }: { tournament: Tournament; user: CurrentUser; submitted: number }) {
  const upload = useUploadDeck(t.uid);
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string>();
  const [fileText, setFileText] = useState<string>();
  const [pasted, setPasted] = useState('');
  const [label, setLabel] = useState('');
  const [labelTouched, setLabelTouched] = useState(false);
  const [localError, setLocalError] = useState<string>();
  const [progress, setProgress] = useState<number>();
  const [refused, setRefused] = useState<Refused>();

  const text = fileText ?? pasted;
  const reset = () => {
    setFileName(undefined);
    setFileText(undefined);
    setPasted('');
    setLabel('');
    setLabelTouched(false);
    if (fileInput.current) fileInput.current.value = '';
  };

  async function chooseFile(f: File | undefined) {
    setLocalError(undefined);
    setRefused(undefined);
    if (!f) return;
    setFileName(f.name);
    setFileText(await f.text());
    setPasted('');
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
          // a refused deck's sentence names its field ("deck: ..."), which this form does not need
          const sentence = err.message.replace(/^deck: /, '');
          const message = sentence ? sentence.charAt(0).toUpperCase() + sentence.slice(1) : 'Failed to upload deck';
          if (err instanceof DeckRefusedError) setRefused({ message, problems: err.problems, deck: err.deck, label: deckLabel });
          else setRefused({ message, problems: [], label: deckLabel });
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

        <div className="space-y-1.5">
          <label htmlFor={`${id}-file`} className="block text-sm font-medium">
            Deck file (.ydk)
          </label>
          <div className="flex items-center gap-2">
            <input
              ref={fileInput}
              id={`${id}-file`}
              type="file"
              accept=".ydk"
              onChange={(e) => void chooseFile(e.target.files?.[0])}
              className={cn(
                'block min-w-0 flex-1 rounded-md text-sm text-muted-foreground',
                'file:mr-3 file:h-9 file:cursor-pointer file:rounded-md file:border file:border-solid file:bg-card file:px-3',
                'file:text-sm file:font-medium file:text-foreground hover:file:bg-muted',
              )}
            />
            {fileName && (
              <Button variant="ghost" size="sm" onClick={reset} aria-label="Clear the chosen file">
                <X aria-hidden="true" />
              </Button>
            )}
          </div>
        </div>

        <div className="space-y-1.5">
          <label htmlFor={`${id}-ydke`} className="block text-sm font-medium">
            or paste a ydke:// link
          </label>
          <textarea
            id={`${id}-ydke`}
            rows={2}
            value={pasted}
            spellCheck={false}
            placeholder="ydke://…!…!…!"
            onChange={(e) => {
              // the last thing given wins: pasting replaces a chosen file
              if (fileText !== undefined) {
                setFileName(undefined);
                setFileText(undefined);
                if (fileInput.current) fileInput.current.value = '';
                if (!labelTouched) setLabel('');
              }
              setPasted(e.target.value);
              setLocalError(undefined);
            }}
            className={cn(inputClasses(), 'font-mono text-xs')}
          />
        </div>

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
            className={cn(inputClasses(), 'h-10')}
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
        <section aria-label="Refused deck" className="space-y-3 rounded-xl border border-danger/40 bg-card p-4 shadow-sm" data-testid="refused-deck">
          <div className="flex items-start gap-2">
            <Alert className="flex-1">
              <p className="font-medium">{refused.label}: the deck was not accepted.</p>
              <p className="mt-1" data-testid="upload-error">
                {refused.message}
              </p>
            </Alert>
            <Button variant="ghost" size="icon" className="size-9" onClick={() => setRefused(undefined)} aria-label="Dismiss">
              <X aria-hidden="true" />
            </Button>
          </div>
          {(refused.deck || refused.problems.length > 0) && (
            <DeckPreview
              deck={refused.deck ?? { mainDeck: [], extraDeck: [], sideDeck: [] }}
              label={refused.label}
              createdBy={user.displayName}
              problems={refused.problems}
            />
          )}
        </section>
      )}
    </div>
  );
}
