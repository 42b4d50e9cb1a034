// Issue 39: the decks waiting for the host's check, one after another from 'Needs attention': each
// with its cards and problems, Approve or Reject, and 'Approve all that pass the checks' for the
// decks the event's list and settings find nothing wrong with (the server checks them again).
import { useState } from 'react';
import { CheckCheck, ChevronRight } from 'lucide-react';
import type { Tournament } from '../../../../domain/api/tournaments.ts';
import type { WaitingDeck } from '../../../../domain/tournaments/attention.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DeckDialog, DeckReviewControls, shownDeckOf } from './deck-dialog.tsx';
import { failureSentence } from '../tournament-view.ts';
import { useApprovePassingDecks, useParticipantDecks } from './decks-api.ts';

const APPROVE_ALL_FAILED = 'The decks could not be approved. Please try again.';

/** 'Approved 9 decks; 3 have a problem and still wait.' */
export function approvedSentence(approved: number, left: number): string {
  const done = approved === 0 ? 'No deck passes every check' : `Approved ${approved} ${approved === 1 ? 'deck' : 'decks'}`;
  return left === 0 ? `${done}.` : `${done}; ${left} ${left === 1 ? 'has a problem and still waits' : 'have a problem and still wait'}.`;
}

/**
 * The waiting decks as they were when the dialog opened, the first still waiting shown: a reviewed
 * deck leaves the list (the page's tournament refreshes after each review), so Approve moves on.
 */
export function DeckCheckDialog({ tournament: t, decks, reviewerDiscordId, open, onClose }: {
  tournament: Tournament;
  decks: readonly WaitingDeck[];
  reviewerDiscordId: string;
  open: boolean;
  onClose: () => void;
}) {
  const [skipped, setSkipped] = useState<ReadonlySet<number>>(new Set());
  const approveAll = useApprovePassingDecks(t.uid);
  const queue = decks.filter((d) => !skipped.has(d.deckId));
  const current = open ? (queue[0] ?? decks[0]) : undefined;
  const read = useParticipantDecks(t.uid, current?.participantId);
  const deck = read.data?.find((d) => d.id === current?.deckId);
  const close = () => {
    setSkipped(new Set());
    approveAll.reset();
    onClose();
  };
  const position = current ? decks.findIndex((d) => d.deckId === current.deckId) + 1 : 0;

  return (
    <DeckDialog
      deck={current && deck ? shownDeckOf(deck, `${current.player} (${current.teamName})`) : null}
      loading={!!current && read.isPending}
      error={read.isError ? failureSentence(read.error, 'The deck could not be loaded.') : undefined}
      onClose={close}
      footer={
        <>
          <Button onClick={() => approveAll.mutate()} disabled={approveAll.isPending} data-testid="approve-passing">
            <CheckCheck aria-hidden="true" />
            {approveAll.isPending ? 'Approving…' : 'Approve all that pass the checks'}
          </Button>
          {queue.length > 1 && current && (
            <Button variant="secondary" onClick={() => setSkipped(new Set([...skipped, current.deckId]))}>
              Next deck
              <ChevronRight aria-hidden="true" />
            </Button>
          )}
        </>
      }
      before={
        <>
          <p className="text-sm text-muted-foreground" role="status" data-testid="deck-check-progress">
            {decks.length === 0 ? 'Every deck is checked.' : `Deck ${position} of ${decks.length} waiting for a check`}
          </p>
          {approveAll.isSuccess && <p role="status" className="text-sm font-medium" data-testid="approve-passing-result">{approvedSentence(approveAll.data.approved, approveAll.data.left)}</p>}
          {approveAll.isError && <Alert>{failureSentence(approveAll.error, APPROVE_ALL_FAILED)}</Alert>}
        </>
      }
    >
      {current && deck && (
        <DeckReviewControls
          key={deck.id}
          uid={t.uid}
          participantId={current.participantId}
          deckId={deck.id}
          reviewerDiscordId={reviewerDiscordId}
          onDone={() => setSkipped(new Set([...skipped, current.deckId]))}
        />
      )}
    </DeckDialog>
  );
}
