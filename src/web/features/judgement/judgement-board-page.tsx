import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Gavel, Plus, RotateCcw, X } from 'lucide-react';
import type { JudgementEntry } from '../../../domain/api/judgement.ts';
import type { CurrentUser } from '../../../domain/api/users.ts';
import { sortBoard, type BoardSortKey } from '../../../domain/judgement/sorting.ts';
import { isContested, isUnresolved, type Vote } from '../../../domain/judgement/votes.ts';
import { CardPreviewProvider } from '../../components/card-preview.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { useSession } from '../../lib/session.tsx';
import { useCardImages } from '../../lib/use-card-images.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { errorText } from '../../lib/api.ts';
import { useAdminIds, useAdminNames, useDeleteEntry, useJudgementEntries, useSendoffStatus, useVote } from './judgement-api.ts';
import { JudgementBoardTable, type BoardSort } from './judgement-board-table.tsx';
import { useJudgementLive } from './judgement-live.ts';
import { JudgementReasonDialog } from './judgement-reason-dialog.tsx';
import { cardImageUrl } from '../../../domain/api/cards.ts';
import { passcodeOf, useCardDetail } from '../cards/card-page-api.ts';
import { ProposeCardDialog } from './propose-card-dialog.tsx';
import { sendoffBlocker } from './sendoff-blocker.ts';
import { EffectiveDate, SendVotes } from './sendoff-controls.tsx';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';

const TITLE = 'The Next Judgement';

export function JudgementBoardPage() {
  useDocumentTitle(TITLE);
  const { user, isLoading, login } = useSession();
  return (
    <section aria-labelledby="judgement-title" className="space-y-6">
      <div className="flex items-center gap-3">
        <Gavel aria-hidden="true" className="size-7 text-primary" />
        <h1 id="judgement-title" className="text-3xl font-bold tracking-tight mobile:text-2xl">
          {TITLE}
        </h1>
        {user?.auth === 2 && <Link to="/admin/archetypes" className="ml-auto text-sm font-medium text-primary underline-offset-4 hover:underline">Archetype signatures</Link>}
      </div>
      {isLoading ? (
        <p role="status" className="text-muted-foreground">
          Checking sign-in…
        </p>
      ) : user ? (
        <Board user={user} />
      ) : (
        <SignInPrompt onLogin={login}>Please log in to view.</SignInPrompt>
      )}
    </section>
  );
}

type Notice = { id: number; tone: 'error' | 'info'; text: ReactNode };

/** Up to four notices; the same sentence again moves to the end instead of stacking a copy. */
function useNotices() {
  const [notices, setNotices] = useState<Notice[]>([]);
  const push = useCallback((tone: Notice['tone'], text: ReactNode) => {
    setNotices((list) => {
      const others = typeof text === 'string' ? list.filter((n) => !(n.tone === tone && n.text === text)) : list;
      return [...others.slice(-3), { id: Date.now() + Math.random(), tone, text }];
    });
  }, []);
  const dismiss = useCallback((id: number) => setNotices((list) => list.filter((n) => n.id !== id)), []);
  return { notices, push, dismiss };
}

function Board({ user }: { user: CurrentUser }) {
  const isAdmin = user.auth === 2;
  const entries = useJudgementEntries(true);
  const sendoff = useSendoffStatus(true);
  const admins = useAdminIds(true);
  const adminIds = useMemo(() => admins.data ?? [], [admins.data]);
  const adminNames = useAdminNames(adminIds);
  useJudgementLive();

  const { notices, push, dismiss } = useNotices();
  const [unresolvedOnly, setUnresolvedOnly] = useState(false);
  const [contestedOnly, setContestedOnly] = useState(false);
  const [sort, setSort] = useState<BoardSort | null>(null);
  const [proposing, setProposing] = useState(false);
  // /judgement?propose={passcode} (a card page's button): the Propose Card form opens with that card
  const [params, setParams] = useSearchParams();
  const asked = useCardDetail(passcodeOf(params.get('propose') ?? undefined)).data;
  const [reasonOf, setReasonOf] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<JudgementEntry | null>(null);

  const vote = useVote(adminIds, () => push('error', 'Failed to save vote. Reverted.'));
  const remove = useDeleteEntry();

  const all = useMemo(() => entries.data ?? [], [entries.data]);
  const rows = useMemo(() => {
    let list = all;
    if (unresolvedOnly) list = list.filter((e) => isUnresolved(e.votes, adminIds));
    if (contestedOnly) list = list.filter((e) => isContested(e.currentOpinion));
    if (!sort) return list;
    const sortable = list.map((e) => ({ ...e, posterName: e.poster.displayName }));
    return sortBoard(sortable, sort.key, sort.direction);
  }, [all, unresolvedOnly, contestedOnly, sort, adminIds]);
  const unresolvedCount = all.filter((e) => isUnresolved(e.votes, adminIds)).length;
  const contestedCount = all.filter((e) => isContested(e.currentOpinion)).length;
  const onBoard = useMemo(() => new Set(all.map((e) => e.cardId)), [all]);
  const initialCard = useMemo(
    () => (asked && entries.data && !onBoard.has(asked.id) ? { id: asked.id, name: asked.name, imageUrl: cardImageUrl(asked.id) } : null),
    [asked, entries.data, onBoard],
  );
  const openPropose = (open: boolean) => {
    setProposing(open);
    if (!open && params.has('propose')) {
      const next = new URLSearchParams(params);
      next.delete('propose');
      setParams(next, { replace: true });
    }
  };
  const names = useMemo(() => all.map((e) => e.cardName), [all]);
  const images = useCardImages(names);
  // the live row, so the dialog follows edits that arrive while it is open
  const reasonEntry = all.find((e) => e.id === reasonOf) ?? null;

  const onSort = (key: BoardSortKey) =>
    setSort((s) =>
      s && JSON.stringify(s.key) === JSON.stringify(key)
        ? { key, direction: s.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: 'asc' },
    );
  const onVote = (entry: JudgementEntry, v: Vote) => vote.mutate({ entryId: entry.id, adminId: user.discordId, vote: v });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { entryId: deleting.id, requesterId: user.discordId },
      { onSuccess: () => setDeleting(null) },
    );
  };

  return (
    <CardPreviewProvider>
      <div className="space-y-5">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <p className="max-w-2xl text-muted-foreground">
            Anyone signed in can suggest a card. Admins vote in their own column; once every admin has voted on every card
            and sent their votes, the decided cards are published as the next banlist.
          </p>
          <Button onClick={() => setProposing(true)}>
            <Plus aria-hidden="true" />
            Suggest Card
          </Button>
        </div>

        <div className="flex flex-wrap items-end gap-x-6 gap-y-4 rounded-xl border bg-card p-4 shadow-sm">
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" size="sm" onClick={() => setUnresolvedOnly((v) => !v)}>
              {unresolvedOnly ? 'Show All' : 'Show Unresolved'}
            </Button>
            <label className="inline-flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={contestedOnly}
                onChange={(e) => setContestedOnly(e.target.checked)}
                className="size-4 accent-[var(--color-primary)]"
              />
              Contested only
            </label>
            <p className="text-sm text-muted-foreground" data-testid="board-counts">
              {all.length} {all.length === 1 ? 'card' : 'cards'} · {unresolvedCount} unresolved · {contestedCount} contested
            </p>
          </div>
          <EffectiveDate user={user} sendoffDate={sendoff.data?.sendoffDate ?? null} loaded={sendoff.isSuccess} />
          {isAdmin && (
            <SendVotes
              user={user}
              blocker={
                entries.isSuccess && admins.isSuccess
                  ? sendoffBlocker(all, adminIds)
                  : entries.isError || admins.isError
                    ? 'The votes could not be loaded.'
                    : 'Loading the votes…'
              }
              pressed={sendoff.data?.pressed ?? []}
              adminIds={adminIds}
              adminNames={adminNames}
              onPublished={(date, changed) =>
                push(
                  'info',
                  <>
                    Banlist {date} is published with {changed} {changed === 1 ? 'change' : 'changes'}.{' '}
                    <Link to="/banlist" className="font-medium underline">
                      Open the banlist
                    </Link>
                  </>,
                )
              }
            />
          )}
        </div>

        {notices.length > 0 && (
          <div className="space-y-2">
            {notices.map((n) => (
              <NoticeBox key={n.id} notice={n} onDismiss={() => dismiss(n.id)} />
            ))}
          </div>
        )}

        {entries.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading the board…
          </p>
        ) : entries.isError ? (
          <Alert>
            <p>Failed to load the board: {errorText(entries.error, 'please try again.')}</p>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void entries.refetch()}>
              <RotateCcw aria-hidden="true" />
              Retry
            </Button>
          </Alert>
        ) : all.length === 0 ? (
          <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
            No cards on the board yet. Suggest one with Suggest Card.
          </p>
        ) : rows.length === 0 ? (
          <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
            No {contestedOnly ? 'contested' : 'unresolved'} cards right now.
          </p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground desktop:hidden">Swipe the table sideways to see every admin's vote →</p>
            <JudgementBoardTable
              rows={rows}
              images={images}
              adminIds={adminIds}
              adminNames={adminNames}
              user={user}
              sort={sort}
              onSort={onSort}
              onVote={onVote}
              onOpenReason={(e) => setReasonOf(e.id)}
              onDelete={(e) => {
                remove.reset();
                setDeleting(e);
              }}
            />
          </>
        )}

        <ProposeCardDialog
          key={initialCard?.id ?? 'pick'}
          open={proposing || initialCard !== null}
          onOpenChange={openPropose}
          initialCard={initialCard}
          posterId={user.discordId}
          isAdmin={isAdmin}
          onBoard={onBoard}
          onProposed={(name) => push('info', `${name} is on the board.`)}
        />
        <JudgementReasonDialog entry={reasonEntry} viewerId={user.discordId} onClose={() => setReasonOf(null)} />
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => !open && setDeleting(null)}
          title={deleting ? `Delete ${deleting.cardName}` : 'Delete'}
          description="Delete this entry?"
          confirmLabel="Delete"
          pendingLabel="Deleting…"
          pending={remove.isPending}
          onConfirm={confirmDelete}
          error={remove.isError ? <Alert>Failed to delete entry</Alert> : null}
        />
      </div>
    </CardPreviewProvider>
  );
}

function NoticeBox({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const close = (
    <button type="button" onClick={onDismiss} aria-label="Dismiss" className="rounded p-0.5 hover:bg-muted">
      <X aria-hidden="true" className="size-4" />
    </button>
  );
  if (notice.tone === 'error') {
    return (
      <Alert>
        <div className="flex items-start justify-between gap-3">
          <span>{notice.text}</span>
          {close}
        </div>
      </Alert>
    );
  }
  return (
    <div role="status" className="flex items-start justify-between gap-3 rounded-lg border border-primary/30 bg-primary/10 p-4 text-sm">
      <span>{notice.text}</span>
      {close}
    </div>
  );
}
