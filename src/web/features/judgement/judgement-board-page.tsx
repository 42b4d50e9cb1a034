import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Gavel, LogIn, Plus, RotateCcw, Send, X } from 'lucide-react';
import type { JudgementEntry } from '../../../domain/api/judgement.ts';
import type { CurrentUser } from '../../../domain/api/users.ts';
import { sortBoard, type BoardSortKey } from '../../../domain/judgement/sorting.ts';
import { isContested, isUnresolved, type Vote } from '../../../domain/judgement/votes.ts';
import { CardPreviewProvider } from '../../components/card-preview.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { cn } from '../../lib/cn.ts';
import { useSession } from '../../lib/session.tsx';
import { useCardImages } from '../../lib/use-card-images.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import {
  errorText, useAdminIds, useAdminNames, useDeleteEntry, useJudgementEntries, useSendoffStatus, useSetSendoffDate,
  useToggleSendoff, useVote,
} from './judgement-api.ts';
import { JudgementBoardTable, adminLabel, type BoardSort } from './judgement-board-table.tsx';
import { useJudgementLive } from './judgement-live.ts';
import { JudgementReasonDialog } from './judgement-reason-dialog.tsx';
import { cardImageUrl } from '../../../domain/api/cards.ts';
import { passcodeOf, useCardDetail } from '../cards/card-page-api.ts';
import { ProposeCardDialog } from './propose-card-dialog.tsx';
import { sendoffBlocker } from './sendoff-blocker.ts';

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
        <div className="flex flex-wrap items-center gap-4 rounded-xl border bg-card p-5">
          <p className="font-medium">Please log in to view.</p>
          {/* signing in comes back to this board */}
          <Button onClick={login}>
            <LogIn aria-hidden="true" />
            Login with Discord
          </Button>
        </div>
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

/** Typing a date fires a change per segment: the date is saved once it has settled, or when the field is left. */
const DATE_SAVE_DELAY_MS = 800;

/** 'Effective from': the send-off date, editable by admins only (spec 1 §2); a refused date gives way to the saved one. */
function EffectiveDate({ user, sendoffDate, loaded }: { user: CurrentUser; sendoffDate: string | null; loaded: boolean }) {
  const setDate = useSetSendoffDate();
  const isAdmin = user.auth === 2;
  const saved = sendoffDate ?? '';
  const [draft, setDraft] = useState(saved);
  const [shownSaved, setShownSaved] = useState(saved);
  if (saved !== shownSaved) {
    // a change by another admin (or our own, confirmed) replaces the field's value
    setShownSaved(saved);
    setDraft(saved);
  }
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const save = (value: string) => {
    window.clearTimeout(timer.current);
    if (value === saved || (value !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(value))) return;
    setDate.mutate(
      { date: value, adminId: user.discordId },
      // the server kept its date: show that one again, with its reason below
      { onError: () => setDraft(saved) },
    );
  };

  if (!isAdmin) {
    return (
      <p className="text-sm">
        <span className="font-medium">Effective from</span>{' '}
        <span data-testid="effective-date" className="text-muted-foreground">
          {loaded ? (sendoffDate ?? 'not set yet') : '…'}
        </span>
      </p>
    );
  }
  return (
    <div className="space-y-1">
      <label htmlFor="effective-from" className="block text-sm font-medium">
        Effective from
      </label>
      <input
        id="effective-from"
        type="date"
        value={draft}
        disabled={!loaded}
        onChange={(e) => {
          const value = e.target.value;
          setDraft(value);
          window.clearTimeout(timer.current);
          // a half-typed date reads as '' (badInput): that is not a request to clear the date
          if (!e.target.validity.badInput) timer.current = window.setTimeout(() => save(value), DATE_SAVE_DELAY_MS);
        }}
        onBlur={(e) => {
          if (e.target.validity.badInput) setDraft(saved);
          else save(e.target.value);
        }}
        className="h-9 rounded-md border bg-card px-2 text-sm shadow-sm"
        aria-describedby="effective-from-hint"
      />
      <p
        id="effective-from-hint"
        role={setDate.isError ? 'alert' : undefined}
        className={cn('max-w-sm text-xs', setDate.isError ? 'text-danger' : 'text-muted-foreground')}
      >
        {setDate.isError
          ? `${errorText(setDate.error, 'Failed to save the date')} ${saved ? `It stays ${saved}.` : 'It stays unset.'}`
          : setDate.isPending
            ? 'Saving…'
            : sendoffDate
              ? 'The next banlist takes this date.'
              : 'Not set: the banlist takes the day the votes are sent.'}
      </p>
    </div>
  );
}

/** 'Send Votes' / 'Resend Votes': toggles the admin in the pressed list (spec 1 §4). */
function SendVotes({
  user, blocker, pressed, adminIds, adminNames, onPublished,
}: {
  user: CurrentUser;
  /** why pressing now cannot publish (every admin sees it before pressing); null when it can */
  blocker: string | null;
  pressed: readonly string[];
  adminIds: readonly string[];
  adminNames: Record<string, string | undefined>;
  onPublished: (date: string, changed: number) => void;
}) {
  const toggle = useToggleSendoff();
  const mine = pressed.includes(user.discordId);
  const sent = adminIds.filter((id) => pressed.includes(id));
  // taking one's votes back (Resend Votes) is always allowed
  const blocked = !mine && blocker !== null;
  return (
    <div className="max-w-sm space-y-1 desktop:ml-auto">
      <Button
        onClick={() =>
          toggle.mutate(user.discordId, {
            onSuccess: (r) => r.published && onPublished(r.published.date, r.published.changed),
          })
        }
        disabled={toggle.isPending || blocked}
        aria-describedby={blocked ? 'sendoff-blocker' : undefined}
        variant={mine ? 'secondary' : 'primary'}
      >
        <Send aria-hidden="true" />
        {mine ? 'Resend Votes' : 'Send Votes'}
      </Button>
      <p className="text-xs text-muted-foreground" data-testid="sendoff-progress">
        Sent by {sent.length} of {adminIds.length} admins
        {sent.length > 0 && `: ${sent.map((id) => adminLabel(id, adminNames)).join(', ')}`}
      </p>
      {blocked && (
        <p id="sendoff-blocker" data-testid="sendoff-blocker" className="text-sm text-muted-foreground">
          {blocker}
        </p>
      )}
      {toggle.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorText(toggle.error, 'Failed to send votes')}
        </p>
      )}
    </div>
  );
}
