import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, Trash2 } from 'lucide-react';
import type { JudgementEntry } from '../../../domain/api/judgement.ts';
import { STATUS_LABEL } from '../../../domain/banlists/statuses.ts';
import type { BoardSortKey, SortDirection } from '../../../domain/judgement/sorting.ts';
import { NO_OPINION, VOTE_LABEL, isContested, type Vote } from '../../../domain/judgement/votes.ts';
import type { CurrentUser } from '../../../domain/api/users.ts';
import { CardThumbnail } from '../../components/card-preview.tsx';
import { CardLink } from '../../components/card-link.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { STATUS_TONE } from '../../components/status-style.ts';
import { CardFootprint, FOOTPRINT_HEADER } from './card-footprint.tsx';
import { VoteSelect } from './vote-select.tsx';
import { VOTE_TONE } from './vote-style.ts';

export interface BoardSort {
  key: BoardSortKey;
  direction: SortDirection;
}

export interface JudgementBoardTableProps {
  rows: readonly JudgementEntry[];
  /** card name → picture URL, from the browser-local card-name cache */
  images: ReadonlyMap<string, string>;
  adminIds: readonly string[];
  adminNames: Record<string, string | undefined>;
  user: CurrentUser;
  sort: BoardSort | null;
  onSort: (key: BoardSortKey) => void;
  onVote: (entry: JudgementEntry, vote: Vote) => void;
  onOpenReason: (entry: JudgementEntry) => void;
  onDelete: (entry: JudgementEntry) => void;
}

const sameKey = (a: BoardSortKey, b: BoardSortKey) =>
  a.column === b.column && (a.column !== 'vote' || (b.column === 'vote' && a.adminId === b.adminId));

export const adminLabel = (id: string, names: Record<string, string | undefined>) => names[id] ?? `Admin …${id.slice(-4)}`;

// Img and Card Name stay put while the other columns scroll sideways (phones, many admins).
const stickyImg = 'sticky left-0 z-10 w-14 min-w-14 bg-card';
const stickyName = 'sticky left-14 z-10 bg-card shadow-[1px_0_0_var(--color-border)]';

/**
 * The board: Img, Card Name, one column per admin, Status, Opinion, Poster, Reason, Actions (spec 1 §2).
 * Narrow padding, and names, posters and reasons that wrap: with two admins it fits 1280 px to its
 * last column (issue 30 §8); more admins, or a phone, scroll it sideways with the card kept in view.
 */
export function JudgementBoardTable({
  rows, images, adminIds, adminNames, user, sort, onSort, onVote, onOpenReason, onDelete,
}: JudgementBoardTableProps) {
  const header = (key: BoardSortKey, label: ReactNode, className?: string, reactKey?: string) => {
    const active = sort !== null && sameKey(sort.key, key);
    const direction = active ? sort.direction : null;
    const Icon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
    return (
      <th
        key={reactKey}
        scope="col"
        aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
        className={cn('px-2 py-2 text-left font-semibold whitespace-nowrap', className)}
      >
        <button
          type="button"
          onClick={() => onSort(key)}
          className="-mx-1 inline-flex items-center gap-1 rounded px-1 hover:text-primary"
        >
          {label}
          <Icon aria-hidden="true" className={cn('size-3.5', !direction && 'opacity-40')} />
        </button>
      </th>
    );
  };

  return (
    // relative: screen-reader-only text inside must not widen the page past the scroller
    <section className="relative overflow-x-auto rounded-xl border bg-card shadow-sm" data-testid="judgement-board" tabIndex={0} aria-label="Judgement board">
      <table className="w-full border-collapse text-sm">
        <thead className="border-b bg-muted text-xs text-muted-foreground">
          <tr>
            <th scope="col" className={cn(stickyImg, 'bg-muted px-3 py-2 text-left font-semibold')}>
              Img
            </th>
            {header({ column: 'cardName' }, 'Card Name', cn(stickyName, 'bg-muted'))}
            {adminIds.map((id) =>
              header(
                { column: 'vote', adminId: id },
                <span className={cn(id === user.discordId && 'text-primary')}>{adminLabel(id, adminNames)}</span>,
                'normal-case',
                id,
              ),
            )}
            {header({ column: 'status' }, 'Status')}
            <th scope="col" className="px-2 py-2 text-left font-semibold whitespace-nowrap">{FOOTPRINT_HEADER}</th>
            {header({ column: 'opinion' }, 'Opinion')}
            {header({ column: 'poster' }, 'Poster')}
            {header({ column: 'reason' }, 'Reason')}
            <th scope="col" className="px-2 py-2 text-left font-semibold">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((entry) => (
            <BoardRow
              key={entry.id}
              entry={entry}
              imageUrl={images.get(entry.cardName)}
              adminIds={adminIds}
              adminNames={adminNames}
              user={user}
              onVote={onVote}
              onOpenReason={onOpenReason}
              onDelete={onDelete}
            />
          ))}
        </tbody>
      </table>
    </section>
  );
}

function BoardRow({
  entry, imageUrl, adminIds, adminNames, user, onVote, onOpenReason, onDelete,
}: Omit<JudgementBoardTableProps, 'rows' | 'images' | 'sort' | 'onSort'> & { entry: JudgementEntry; imageUrl: string | undefined }) {
  const canVote = user.auth === 2;
  const canDelete = user.auth === 2 || entry.poster.discordId === user.discordId;
  const contested = isContested(entry.currentOpinion);
  return (
    <tr data-testid="judgement-row" data-card-id={entry.cardId} data-contested={contested || undefined} className="align-middle">
      <td className={cn(stickyImg, 'px-3 py-2')}>
        <CardThumbnail cardId={entry.cardId} name={entry.cardName} imageUrl={imageUrl} width={40} />
      </td>
      <th scope="row" className={cn(stickyName, 'max-w-48 min-w-32 px-2 py-2 text-left font-medium mobile:max-w-32 mobile:min-w-28')}>
        <CardLink passcode={entry.cardId} name={entry.cardName} />
      </th>
      {adminIds.map((id) => {
        const vote = entry.votes[id] ?? NO_OPINION;
        const own = canVote && id === user.discordId;
        return (
          <td key={id} className="px-2 py-2" data-testid={`vote-${id}`}>
            {own ? (
              <VoteSelect value={vote} onChange={(v) => onVote(entry, v)} label={`Your vote on ${entry.cardName}`} />
            ) : (
              // whose vote, in words for a screen reader (a span takes no aria-label)
              <Badge tone={VOTE_TONE[vote]}>
                <span className="sr-only">{adminLabel(id, adminNames)}: </span>
                {VOTE_LABEL[vote]}
              </Badge>
            )}
          </td>
        );
      })}
      <td className="px-2 py-2">
        {entry.currentStatus === 'NONE' ? (
          <Badge title="Not on the newest banlist">Not listed</Badge>
        ) : (
          <Badge tone={STATUS_TONE[entry.currentStatus]}>{STATUS_LABEL[entry.currentStatus]}</Badge>
        )}
      </td>
      <td className="px-2 py-2">
        <CardFootprint cardId={entry.cardId} cardName={entry.cardName} />
      </td>
      <td className="px-2 py-2" data-testid="opinion">
        <Badge tone={VOTE_TONE[entry.currentOpinion]}>{VOTE_LABEL[entry.currentOpinion]}</Badge>
      </td>
      <td className="max-w-32 min-w-16 px-2 py-2 break-words">{entry.poster.displayName}</td>
      <td className="max-w-72 min-w-40 px-2 py-2">
        <button
          type="button"
          onClick={() => onOpenReason(entry)}
          className="line-clamp-2 rounded text-left hover:text-primary hover:underline"
        >
          <span className="sr-only">Reason for {entry.cardName}: </span>
          {entry.reason}
        </button>
      </td>
      <td className="px-2 py-2">
        {canDelete && (
          <Button variant="ghost" size="icon" className="size-8 text-danger" aria-label={`Delete ${entry.cardName}`} onClick={() => onDelete(entry)}>
            <Trash2 aria-hidden="true" />
          </Button>
        )}
      </td>
    </tr>
  );
}
