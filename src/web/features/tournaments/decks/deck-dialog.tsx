import { useId, useState, type ReactNode } from 'react';
import { Check, X } from 'lucide-react';
import type { DeckStatus } from '../../../../domain/api/tournaments.ts';
import type { Deck, DeckProblemBody } from '../../../../domain/api/decks.ts';
import { CardPreviewProvider } from '../../../components/card-preview.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { RequiredTextarea } from '../../../components/ui/required-textarea.tsx';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog.tsx';
import { DeckPreview, type DeckCards } from './deck-preview.tsx';
import { DECK_STATUS_TONE, failureSentence } from '../tournament-view.ts';

const REVIEW_FAILED = 'Failed to review the deck. Please try again.';
import { useReviewDeck } from './decks-api.ts';

export function DeckStatusPill({ status }: { status: DeckStatus }) {
  return (
    <Badge tone={DECK_STATUS_TONE[status]} data-testid="deck-status">
      {status}
    </Badge>
  );
}

export interface ShownDeck {
  label: string;
  owner: string;
  cards: DeckCards;
  problems: readonly DeckProblemBody[];
  status?: DeckStatus;
  rejectionReason?: string | null;
}

export const shownDeckOf = (deck: Deck, owner: string): ShownDeck => ({
  label: deck.label,
  owner,
  cards: deck,
  problems: deck.problems,
  status: deck.status,
  rejectionReason: deck.rejectionReason,
});

/** A deck in a wide dialog: the cards with their problems beside them (spec 2 §2). */
export function DeckDialog({
  deck, onClose, footer, before, children, loading, error,
}: {
  deck: ShownDeck | null;
  onClose: () => void;
  footer?: ReactNode;
  /** above the deck (where a list of decks stands, say) */
  before?: ReactNode;
  children?: ReactNode;
  loading?: boolean;
  error?: string;
}) {
  const open = !!deck || !!loading || !!error;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      {open && (
        <DialogContent
          title={deck ? deck.label : 'Deck'}
          description={deck ? `Submitted by ${deck.owner}` : undefined}
          className="max-w-5xl!"
          footer={
            <>
              {footer}
              <DialogClose asChild>
                <Button variant="secondary">Close</Button>
              </DialogClose>
            </>
          }
        >
          {/* inside the dialog, so card previews open above it and stay reachable */}
          <CardPreviewProvider>
            {before && <div className="mb-4 space-y-2">{before}</div>}
            {loading && (
              <p role="status" className="text-sm text-muted-foreground">
                Loading deck…
              </p>
            )}
            {error && <Alert>{error}</Alert>}
            {deck && (
              <div className="space-y-4">
                {deck.status && (
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <DeckStatusPill status={deck.status} />
                    {deck.status === 'Rejected' && deck.rejectionReason && (
                      <span data-testid="rejection-reason">Reason: {deck.rejectionReason}</span>
                    )}
                  </div>
                )}
                <DeckPreview deck={deck.cards} label={deck.label} createdBy={deck.owner} problems={deck.problems} />
                {children}
              </div>
            )}
          </CardPreviewProvider>
        </DialogContent>
      )}
    </Dialog>
  );
}

/** Approve or reject (with a reason, which may not be blank) a deck: the admin's deck view. */
export function DeckReviewControls({
  uid, participantId, deckId, reviewerDiscordId, onDone,
}: {
  uid: string;
  participantId: number;
  deckId: number;
  reviewerDiscordId: string;
  onDone: () => void;
}) {
  const review = useReviewDeck(uid);
  const reasonId = useId();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [blank, setBlank] = useState(false);

  const send = (approved: boolean) => {
    if (!approved && reason.trim() === '') {
      setBlank(true);
      document.getElementById(reasonId)?.focus();
      return;
    }
    review.mutate(
      { participantId, deckId, approved, reviewerDiscordId, reason: approved ? undefined : reason.trim() },
      { onSuccess: onDone },
    );
  };

  return (
    <div className="space-y-3 rounded-lg border bg-muted/40 p-3" data-testid="deck-review">
      {rejecting && (
        <div className="space-y-1.5">
          <RequiredTextarea
            id={reasonId}
            label="Rejection reason"
            missing={blank}
            requiredMessage="A reason is required to reject a deck."
            rows={3}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setBlank(false);
            }}
          />
        </div>
      )}
      {review.isError && <Alert>{failureSentence(review.error, REVIEW_FAILED)}</Alert>}
      <div className="flex flex-wrap gap-2 mobile:flex-col mobile:[&>*]:w-full">
        <Button onClick={() => send(true)} disabled={review.isPending}>
          <Check aria-hidden="true" />
          Approve
        </Button>
        {rejecting ? (
          <Button className="bg-danger text-white hover:bg-danger/90" onClick={() => send(false)} disabled={review.isPending}>
            <X aria-hidden="true" />
            Confirm Reject
          </Button>
        ) : (
          <Button variant="secondary" className="text-danger" onClick={() => setRejecting(true)} disabled={review.isPending}>
            <X aria-hidden="true" />
            Reject
          </Button>
        )}
      </div>
    </div>
  );
}
