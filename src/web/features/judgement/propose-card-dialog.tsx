import { useEffect, useId, useState } from 'react';
import { ArrowLeft } from 'lucide-react';
import type { CardSearchResult } from '../../../domain/api/cards.ts';
import { REASON_MAX_LENGTH } from '../../../domain/judgement/limits.ts';
import { NO_OPINION, type Vote } from '../../../domain/judgement/votes.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { FallbackImage } from '../../components/ui/fallback-image.tsx';
import { cardImageCache } from '../../lib/card-image-cache.ts';
import { errorText } from '../../lib/api.ts';
import { CARD_SEARCH_MIN_LENGTH, useCardSearch, useProposeCard } from './judgement-api.ts';
import { VoteSelect } from './vote-select.tsx';
import { SearchInput } from '../../components/search-input.tsx';

export interface ProposeCardDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  posterId: string;
  /** admins choose an initial vote for their own column */
  isAdmin: boolean;
  /** card ids already on the board: they cannot be proposed twice */
  onBoard: ReadonlySet<number>;
  onProposed: (cardName: string) => void;
  /** the card to propose, chosen already (a card page's 'Propose on the judgement board'): the picker is skipped */
  initialCard?: CardSearchResult | null;
}

/** 'Suggest Card': a card picker, then the Propose Card form (spec 1 §2). */
export function ProposeCardDialog({ open, onOpenChange, posterId, isAdmin, onBoard, onProposed, initialCard }: ProposeCardDialogProps) {
  const [card, setCard] = useState<CardSearchResult | null>(initialCard ?? null);
  const [query, setQuery] = useState('');
  const [reason, setReason] = useState('');
  const [vote, setVote] = useState<Vote>(NO_OPINION);
  const propose = useProposeCard();

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setCard(null);
      setQuery('');
      setReason('');
      setVote(NO_OPINION);
      propose.reset();
    }
  };

  const submit = () => {
    if (!card || !reason.trim()) return;
    propose.mutate(
      { card, reason, posterId, initialVote: vote },
      {
        onSuccess: (entry) => {
          onProposed(entry.cardName);
          close(false);
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      {card ? (
        <DialogContent
          title="Propose Card"
          description="Say why this card's status should change. Admins then vote on it."
          footer={
            <>
              <Button variant="secondary" onClick={() => { setCard(null); propose.reset(); }} disabled={propose.isPending}>
                <ArrowLeft aria-hidden="true" />
                Back
              </Button>
              <Button type="submit" form="propose-card-form" disabled={!reason.trim() || propose.isPending}>
                {propose.isPending ? 'Submitting…' : 'Submit'}
              </Button>
            </>
          }
        >
          <ProposeForm
            card={card}
            reason={reason}
            onReason={setReason}
            vote={vote}
            onVote={setVote}
            isAdmin={isAdmin}
            onSubmit={submit}
            error={propose.isError ? errorText(propose.error, 'Failed to propose the card') : null}
          />
        </DialogContent>
      ) : (
        <DialogContent title="Suggest Card" description="Find the card you want the admins to judge.">
          <CardPicker query={query} onQuery={setQuery} onBoard={onBoard} onPick={setCard} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function CardPicker({
  query, onQuery, onBoard, onPick,
}: { query: string; onQuery: (q: string) => void; onBoard: ReadonlySet<number>; onPick: (c: CardSearchResult) => void }) {
  const id = useId();
  const search = useCardSearch(query);
  const results = search.data ?? [];
  // every search answer names pictures: the board's rows find them in the card-name cache later
  useEffect(() => {
    if (search.data) cardImageCache.remember(search.data);
  }, [search.data]);
  const short = query.trim().length < CARD_SEARCH_MIN_LENGTH;
  return (
    <div className="space-y-3">
      <label htmlFor={id} className="block text-sm font-medium">
        Card name
      </label>
      <div className="relative">
        <SearchInput
          iconClassName="left-3"
          id={id}
          autoFocus
          autoComplete="off"
          value={query}
          onValueChange={onQuery}
          placeholder="Type at least 2 characters"
          className="h-10 w-full rounded-md border bg-card pr-3 pl-9 text-sm shadow-sm"
        />
      </div>
      <div aria-live="polite" className="min-h-6 text-sm text-muted-foreground">
        {short ? (
          query.trim() ? 'Keep typing: at least 2 characters.' : null
        ) : search.isError ? (
          <span className="text-danger">Card search failed. Please try again.</span>
        ) : search.isFetching || !search.settled ? (
          'Searching…'
        ) : results.length === 0 ? (
          'No cards match.'
        ) : (
          `${results.length} card${results.length === 1 ? '' : 's'} found`
        )}
      </div>
      {!short && results.length > 0 && (
        <ul aria-label="Search results" className="max-h-80 divide-y overflow-y-auto rounded-md border">
          {results.map((c) => {
            const taken = onBoard.has(c.id);
            return (
              <li key={c.id}>
                <button
                  type="button"
                  disabled={taken}
                  onClick={() => onPick(c)}
                  className="flex w-full items-center gap-3 px-3 py-2 text-left text-sm hover:bg-muted disabled:cursor-not-allowed disabled:opacity-60"
                >
                  <FallbackImage
                    src={c.imageUrl}
                    alt=""
                    className="h-[58px] w-10 shrink-0 rounded-sm bg-muted object-cover"
                    fallback={<span aria-hidden="true" className="h-[58px] w-10 shrink-0 rounded-sm bg-muted" />}
                  />
                  <span className="min-w-0 flex-1 font-medium">{c.name}</span>
                  {taken && <span className="text-xs text-muted-foreground">Already on the board</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function ProposeForm({
  card, reason, onReason, vote, onVote, isAdmin, onSubmit, error,
}: {
  card: CardSearchResult;
  reason: string;
  onReason: (r: string) => void;
  vote: Vote;
  onVote: (v: Vote) => void;
  isAdmin: boolean;
  onSubmit: () => void;
  error: string | null;
}) {
  const reasonId = useId();
  const voteId = useId();
  return (
    <form
      id="propose-card-form"
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <div className="flex items-center gap-3">
        <FallbackImage
          src={card.imageUrl}
          alt=""
          className="h-[87px] w-[60px] shrink-0 rounded-sm bg-muted object-cover"
          fallback={<span aria-hidden="true" className="h-[87px] w-[60px] shrink-0 rounded-sm bg-muted" />}
        />
        <p className="font-semibold" data-testid="proposed-card-name">
          {card.name}
        </p>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={reasonId} className="block text-sm font-medium">
          Reason
        </label>
        <textarea
          id={reasonId}
          value={reason}
          onChange={(e) => onReason(e.target.value)}
          maxLength={REASON_MAX_LENGTH}
          rows={5}
          required
          autoFocus
          className="w-full rounded-md border bg-card p-2 text-sm shadow-sm"
        />
        <p className="text-xs text-muted-foreground">
          {reason.length} / {REASON_MAX_LENGTH}
        </p>
      </div>
      {isAdmin && (
        <div className="space-y-1.5">
          <label htmlFor={voteId} className="block text-sm font-medium">
            Initial vote
          </label>
          <VoteSelect id={voteId} value={vote} onChange={onVote} label="Initial vote" className="max-w-56" />
        </div>
      )}
      {error && <Alert>{error}</Alert>}
    </form>
  );
}
