import { useId, useRef, useState, type FormEvent } from 'react';
import { LoaderCircle, LogIn, X } from 'lucide-react';
import type { League } from '../../../../domain/api/leagues.ts';
import type { CurrentUser } from '../../../../domain/api/users.ts';
import type { DeckCard, DeckProblemBody } from '../../../../domain/api/decks.ts';
import { parseDeckText } from '../../../../domain/decks/deck-text.ts';
import { looksLikeYdke } from '../../../../domain/decks/ydke.ts';
import { inputClasses } from '../../../components/form-fields.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { DeckPreview } from '../../tournaments/decks/deck-preview.tsx';
import { LeagueDeckRefusedError, useStartRun } from '../league-writes.ts';

interface Refused {
  message: string;
  problems: DeckProblemBody[];
  deck?: { mainDeck: DeckCard[]; extraDeck: DeckCard[]; sideDeck: DeckCard[] };
}

/**
 * Join (or start another run) with one deck: a .ydk file or a pasted ydke:// link, read here first, then
 * checked by the server against the league's list and its series' deck rules. A refused deck is shown
 * as the event's deck upload shows it: the sentence, every problem beside the cards.
 */
export function JoinForm({ league: l, user, again }: { league: League; user: CurrentUser; again: boolean }) {
  const start = useStartRun(l.id);
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string>();
  const [fileText, setFileText] = useState<string>();
  const [pasted, setPasted] = useState('');
  const [localError, setLocalError] = useState<string>();
  const [refused, setRefused] = useState<Refused>();
  const text = fileText ?? pasted;

  const clearFile = () => {
    setFileName(undefined);
    setFileText(undefined);
    if (fileInput.current) fileInput.current.value = '';
  };

  async function chooseFile(f: File | undefined) {
    setLocalError(undefined);
    setRefused(undefined);
    if (!f) return clearFile();
    setFileName(f.name);
    setFileText(await f.text());
    setPasted('');
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setLocalError(undefined);
    setRefused(undefined);
    const parsed = parseDeckText(text);
    if (!parsed.ok) return setLocalError(parsed.error);
    const body = looksLikeYdke(text.trim()) ? { ydke: text.trim() } : { ydk: text };
    start.mutate(body, {
      onSuccess: () => {
        clearFile();
        setPasted('');
      },
      onError: (err) => {
        // a refused deck's sentence may name its field ('ydk: …'), which this form does not need
        const sentence = err.message.replace(/^(ydk|ydke|deck): /, '');
        const message = sentence ? sentence.charAt(0).toUpperCase() + sentence.slice(1) : 'Failed to join the league';
        setRefused(err instanceof LeagueDeckRefusedError ? { message, problems: err.problems, deck: err.deck } : { message, problems: [] });
      },
    });
  }

  return (
    <div className="space-y-4">
      <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="space-y-4" data-testid="join-form">
        <div className="space-y-1">
          <h3 id={`${id}-title`} className="font-semibold">
            {again ? 'Start another run' : 'Join with a deck'}
          </h3>
          <p className="text-sm text-muted-foreground">
            One deck for the whole run: {l.matchesPerRun} {l.matchesPerRun === 1 ? 'match' : 'matches'}, best of {l.bestOf}, against
            different opponents. It is checked against {l.banlistName ? <span className="font-medium text-foreground">{l.banlistName}</span> : 'no banlist'} and the series’ deck rules.
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
              <Button variant="ghost" size="sm" onClick={clearFile} aria-label="Clear the chosen file">
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
              if (fileText !== undefined) clearFile();
              setPasted(e.target.value);
              setLocalError(undefined);
            }}
            className={cn(inputClasses(), 'font-mono text-xs')}
          />
        </div>
        {localError && <Alert>{localError}</Alert>}
        <Button type="submit" disabled={start.isPending || !text.trim()} className="mobile:w-full mobile:h-11">
          {start.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <LogIn aria-hidden="true" />}
          {again ? 'Start a run with this deck' : 'Join with this deck'}
        </Button>
      </form>

      {refused && (
        <section aria-label="Refused deck" className="space-y-3 rounded-xl border border-danger/40 bg-card p-4 shadow-sm" data-testid="refused-deck">
          <div className="flex items-start gap-2">
            <Alert className="flex-1">
              <p className="font-medium">The deck was not accepted.</p>
              <p className="mt-1" data-testid="join-error">
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
              label={fileName?.replace(/\.ydk$/i, '') || 'League deck'}
              createdBy={user.displayName}
              problems={refused.problems}
            />
          )}
        </section>
      )}
    </div>
  );
}
