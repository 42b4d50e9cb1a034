// The player's own submitted lists, on the event page for the whole event (issue 29): deletable while
// decks may still change (before Start with submission open; a late entry until its first round is
// paired), read-only after that, as the server decides (decks-routes.ts refuseIfDecksFixed).
import { useMemo, useState } from 'react';
import { Eye, Trash2 } from 'lucide-react';
import type { Member, Team, Tournament } from '../../../../domain/api/tournaments.ts';
import type { DeckSummary } from '../../../../domain/api/decks.ts';
import type { CurrentUser } from '../../../../domain/api/users.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { DeckDialog, DeckStatusPill, shownDeckOf } from './deck-dialog.tsx';
import { DECK_DELETE_FAILED, failureSentence, playerName } from '../tournament-view.ts';
import { useDeleteDeck, useParticipantDecks } from './decks-api.ts';

/** Whether the player may still delete (and so replace) a deck now. */
export function decksChangeable(t: Tournament, team: Team): boolean {
  if (t.completed || t.cancelled || t.closed) return false;
  if (!t.inProgress) return t.deckSubmissionOpen;
  return team.lateEntryRound > 0 && team.lateEntryRound === t.currentRound;
}

export function OwnDecks({ tournament: t, user, team, member }: { tournament: Tournament; user: CurrentUser; team: Team; member: Member }) {
  const decks = useParticipantDecks(t.uid, member.id);
  const [viewing, setViewing] = useState<number | null>(null);
  // the tournament shows every deck as "Deck n"; the player's own read has the labels and reasons
  const summaries = useMemo(() => {
    const own = new Map((decks.data ?? []).map((d) => [d.id, d]));
    return member.submittedDecks.map((d) => {
      const mine = own.get(d.id);
      return mine ? { ...d, label: mine.label, rejectionReason: mine.rejectionReason } : d;
    });
  }, [member.submittedDecks, decks.data]);
  const viewed = viewing === null ? undefined : decks.data?.find((d) => d.id === viewing);
  return (
    <>
      <SubmittedDecks tournament={t} user={user} decks={summaries} deletable={decksChangeable(t, team)} onView={setViewing} />
      <DeckDialog
        deck={viewed ? shownDeckOf(viewed, playerName(member)) : null}
        loading={viewing !== null && decks.isPending}
        error={viewing !== null && (decks.isError || (decks.data && !viewed)) ? "Couldn't find any decks for this participant" : undefined}
        onClose={() => setViewing(null)}
      />
    </>
  );
}

function SubmittedDecks({ tournament: t, user, decks, deletable, onView }: { tournament: Tournament; user: CurrentUser; decks: DeckSummary[]; deletable: boolean; onView: (id: number) => void }) {
  const remove = useDeleteDeck(t.uid);
  const [deleting, setDeleting] = useState<DeckSummary | null>(null);
  return (
    <section aria-labelledby="submitted-decks" className="space-y-3 rounded-xl border bg-card p-5 shadow-sm">
      <h2 id="submitted-decks" className="text-lg font-semibold">
        Your Submitted Decks
      </h2>
      {!deletable && t.inProgress && decks.length > 0 && (
        <p className="text-sm text-muted-foreground" data-testid="decks-fixed">
          Your decks are fixed for this event: they are the lists you play.
        </p>
      )}
      {decks.length === 0 ? (
        <p className="text-sm text-muted-foreground">No decks submitted yet.</p>
      ) : (
        <ul className="divide-y" aria-label="Your decks">
          {decks.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3" data-testid="submitted-deck">
              <div className="min-w-0 flex-1 mobile:basis-full">
                <p className="truncate font-medium" data-testid="deck-label" title={d.label}>
                  {d.label}
                </p>
                <p className="text-xs text-muted-foreground tabular-nums">
                  Main {d.mainCount} · Extra {d.extraCount} · Side {d.sideCount}
                </p>
                {d.status === 'Rejected' && d.rejectionReason && (
                  <p className="mt-0.5 text-sm text-danger" data-testid="rejection-reason">
                    Reason: {d.rejectionReason}
                  </p>
                )}
              </div>
              <DeckStatusPill status={d.status} />
              <div className="flex gap-1.5 mobile:ml-auto">
                <Button variant="secondary" size="sm" onClick={() => onView(d.id)} aria-label={`View Deck ${d.label}`}>
                  <Eye aria-hidden="true" />
                  View Deck
                </Button>
                {deletable && (
                  <Button variant="ghost" size="sm" onClick={() => setDeleting(d)} aria-label={`Delete deck ${d.label}`}>
                    <Trash2 aria-hidden="true" />
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => {
          if (!o && !remove.isPending) {
            setDeleting(null);
            remove.reset();
          }
        }}
        title="Delete deck"
        description={`Delete the deck ${deleting?.label ?? ''}? You can submit another ${t.inProgress ? 'until your first round is paired' : 'while deck submission is open'}.`}
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() =>
          deleting && remove.mutate({ deckId: deleting.id, participantDiscordId: user.discordId }, { onSuccess: () => setDeleting(null) })
        }
        error={remove.isError ? <Alert>{failureSentence(remove.error, DECK_DELETE_FAILED)}</Alert> : undefined}
      />
    </section>
  );
}

