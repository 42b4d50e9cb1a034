import { useId, useState, type FormEvent } from 'react';
import { LoaderCircle, LogIn } from 'lucide-react';
import type { League } from '../../../../domain/api/leagues.ts';
import type { CurrentUser } from '../../../../domain/api/users.ts';
import { parseDeckText } from '../../../../domain/decks/deck-text.ts';
import { looksLikeYdke } from '../../../../domain/decks/ydke.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DeckTextFields, RefusedDeck, useDeckText } from '../../tournaments/decks/deck-entry.tsx';
import { refusalOf, type Refusal } from '../../tournaments/decks/deck-refusal.ts';
import { useStartRun } from '../league-writes.ts';

/**
 * Join (or start another run) with one deck: a .ydk file or a pasted ydke:// link, read here first, then
 * checked by the server against the league's list and its series' deck rules. A refused deck is shown
 * as the event's deck upload shows it: the sentence, every problem beside the cards.
 */
export function JoinForm({ league: l, user, again }: { league: League; user: CurrentUser; again: boolean }) {
  const start = useStartRun(l.id);
  const id = useId();
  const deck = useDeckText();
  const [localError, setLocalError] = useState<string>();
  const [refused, setRefused] = useState<Refusal>();
  const { text } = deck;

  async function chooseFile(f: File | undefined) {
    setLocalError(undefined);
    setRefused(undefined);
    if (!f) return deck.clearFile();
    await deck.readFile(f);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setLocalError(undefined);
    setRefused(undefined);
    const parsed = parseDeckText(text);
    if (!parsed.ok) return setLocalError(parsed.error);
    const body = looksLikeYdke(text.trim()) ? { ydke: text.trim() } : { ydk: text };
    start.mutate(body, {
      onSuccess: () => deck.clear(),
      onError: (err) => setRefused(refusalOf(err, /^(ydk|ydke|deck): /, 'Failed to join the league')),
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
        <DeckTextFields
          id={id}
          deck={deck}
          onChoose={(f) => void chooseFile(f)}
          onClear={deck.clearFile}
          onPaste={(value) => {
            deck.paste(value);
            setLocalError(undefined);
          }}
        />
        {localError && <Alert>{localError}</Alert>}
        <Button type="submit" disabled={start.isPending || !text.trim()} className="mobile:w-full mobile:h-11">
          {start.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <LogIn aria-hidden="true" />}
          {again ? 'Start a run with this deck' : 'Join with this deck'}
        </Button>
      </form>

      {refused && (
        <RefusedDeck
          refusal={refused}
          title="The deck was not accepted."
          messageTestId="join-error"
          deckLabel={deck.fileName?.replace(/\.ydk$/i, '') || 'League deck'}
          createdBy={user.displayName}
          onDismiss={() => setRefused(undefined)}
        />
      )}
    </div>
  );
}
