import { forwardRef, startTransition, useEffect, useImperativeHandle, useState, type CSSProperties } from 'react';
import { flushSync } from 'react-dom';
import { Pencil } from 'lucide-react';
import type { BanlistEntry } from '../../../domain/api/banlists.ts';
import { CARD_TYPE_LABEL } from '../../../domain/banlists/card-types.ts';
import { STATUS_LABEL, type CardStatus, type SectionStatus } from '../../../domain/banlists/statuses.ts';
import { CardThumbnail } from '../../components/card-preview.tsx';
import { CardLink } from '../../components/card-link.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { cn } from '../../lib/cn.ts';
import { POINTS_SECTION_TITLE, formatStatusLabel, remarkOf, type BanlistRow } from './banlist-view.ts';
import { FORMAT_NAME } from './banlists-api.ts';
import { POINTS_DOT, POINTS_TONE, STATUS_DOT, STATUS_TONE } from '../../components/status-style.ts';

export interface BanlistListOptions {
  showPictures: boolean;
  compact: boolean;
  isMobile: boolean;
  /** false on the oldest banlist: no "New" remarks there */
  hasPrevious: boolean;
  /** Discord id of the signed-in user: their own entries get an editable reason */
  viewerId: string | undefined;
}

export interface BanlistListHandle {
  scrollToSection(status: SectionStatus): void;
}

interface BanlistListProps extends BanlistListOptions {
  rows: readonly BanlistRow[];
  onOpenReason: (entry: BanlistEntry) => void;
}

export const STATUS_COLUMN = `${FORMAT_NAME} Status`;

export const sectionHeadingId = (status: SectionStatus) => `banlist-section-${status}`;

/** Height of a row before it was first painted; once painted, the browser remembers the real one. */
function estimate(row: Pick<BanlistRow, 'kind'>, o: Pick<BanlistListOptions, 'showPictures' | 'compact' | 'isMobile'>): number {
  if (row.kind === 'section') return o.isMobile ? 52 : 48;
  // phone cards: the content box, inside the card's padding (72 px pictures are 105 px tall)
  if (o.isMobile) return o.compact ? (o.showPictures ? 58 : 40) : o.showPictures ? 105 : 66;
  if (o.compact) return o.showPictures ? 66 : 33;
  return o.showPictures ? 71 : 45;
}

function StatusBadge({ status, className }: { status: CardStatus; className?: string }) {
  if (status === 'NONE') return <span className="text-muted-foreground">—</span>;
  return (
    <Badge tone={STATUS_TONE[status]} className={className}>
      {STATUS_LABEL[status]}
    </Badge>
  );
}

/** What this list says of the card: its point value on a points list, else its status. */
function FormatBadge({ entry }: { entry: BanlistEntry }) {
  if (entry.points === null) return <StatusBadge status={entry.formatStatus} />;
  return (
    <Badge tone={POINTS_TONE} data-testid="points">
      {formatStatusLabel(entry)}
    </Badge>
  );
}

function Remark({ text }: { text: string }) {
  if (!text) {
    return (
      <span className="text-muted-foreground">
        <span aria-hidden="true">—</span>
        <span className="sr-only">No change</span>
      </span>
    );
  }
  return <span className={cn('font-medium', text === 'New' ? 'text-primary' : 'text-foreground')}>{text}</span>;
}

/** The reason as a button that opens the modal; plain text when there is nothing to open. */
function ReasonCell({
  entry,
  viewerId,
  compact,
  onOpen,
}: {
  entry: BanlistEntry;
  viewerId: string | undefined;
  compact: boolean;
  onOpen: (e: BanlistEntry) => void;
}) {
  const isPoster = !!viewerId && entry.poster?.discordId === viewerId;
  const reason = entry.reason?.trim();
  if (!reason && !isPoster) return <span className="text-muted-foreground">—</span>;
  if (!reason) {
    return (
      <button
        type="button"
        onClick={() => onOpen(entry)}
        aria-label={`Reason for ${entry.cardName}`}
        className="inline-flex items-center gap-1 rounded-sm text-xs text-muted-foreground hover:text-foreground"
      >
        <Pencil aria-hidden="true" className="size-3" />
        Add reason
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={() => onOpen(entry)}
      aria-label={`Reason for ${entry.cardName}`}
      className={cn(
        'w-full rounded-sm text-left underline decoration-dotted decoration-muted-foreground/60 underline-offset-4 hover:decoration-foreground',
        compact ? 'line-clamp-1' : 'line-clamp-2',
      )}
    >
      {reason}
    </button>
  );
}

/**
 * The name links the card's page (issue 32 §2); without pictures it opens the preview instead, so
 * previews stay one tap away (the preview links the page).
 */
function CardName({ entry, previewable, className }: { entry: BanlistEntry; previewable: boolean; className: string }) {
  if (!previewable) return <CardLink passcode={entry.cardId} name={entry.cardName} className={className} />;
  return (
    <CardThumbnail cardId={entry.cardId} name={entry.cardName} width={40} className="max-w-full cursor-help">
      <span className={className} title={entry.cardName}>
        {entry.cardName}
      </span>
    </CardThumbnail>
  );
}

function SectionHeading({ status, title, count, compact }: { status: SectionStatus; title: string; count: number; compact?: boolean }) {
  const points = title === POINTS_SECTION_TITLE;
  return (
    <h2
      id={sectionHeadingId(status)}
      data-testid={`section-${status}`}
      // below the sticky navigation bar, and on desktop the sticky table head too
      className={cn('flex scroll-mt-20 items-center gap-2 text-lg font-semibold desktop:scroll-mt-32', compact && 'text-base')}
    >
      <span className={cn('inline-block size-3 rounded-full', points ? POINTS_DOT : STATUS_DOT[status])} aria-hidden="true" />
      {title}
      <Badge tone={points ? POINTS_TONE : STATUS_TONE[status]} data-testid={`section-count-${status}`}>
        {count}
      </Badge>
      <span className="sr-only">{count === 1 ? 'card' : 'cards'}</span>
    </h2>
  );
}

/** The alternate artworks' passcodes of a card, listed once under its row. */
function AlsoPasscodes({ alternates }: { alternates: readonly BanlistEntry[] }) {
  if (alternates.length === 0) return null;
  return (
    <span data-testid="also-passcodes" className="block text-xs font-normal text-muted-foreground" title="Alternate artworks of this card">
      also {alternates.map((a) => a.cardId).join(', ')}
    </span>
  );
}

const rowHeight = (h: number) => ({ '--row-height': `${h}px` }) as CSSProperties;

/** Rows rendered at once when a list opens: several screens' worth, so the first paint never waits for a whole list. */
export const FIRST_RENDER_ROWS = 120;

/**
 * A long list opens with its first rows, then renders the rest in a transition (React yields to input
 * between rows): on a slow phone the 1,700-card GOAT list shows at once instead of after seconds.
 * Only on opening: later changes (filters, options) render in full, so the scroll position never jumps.
 */
function useOpeningRows(rows: readonly BanlistRow[]) {
  const [complete, setComplete] = useState(rows.length <= FIRST_RENDER_ROWS);
  useEffect(() => {
    if (complete) return;
    const id = setTimeout(() => startTransition(() => setComplete(true)), 0);
    return () => clearTimeout(id);
  }, [complete]);
  return {
    shown: complete ? rows : rows.slice(0, FIRST_RENDER_ROWS),
    /** render every row now (a jump to a section below the first rows) */
    completeNow: () => {
      if (!complete) flushSync(() => setComplete(true));
    },
  };
}

/**
 * Every section and card of a banlist, all in the document (so Find, printing and screen readers see
 * every card); rows off screen are laid out at an estimated height and not painted (content-visibility).
 * A table on desktop, cards on phones.
 */
export const BanlistList = forwardRef<BanlistListHandle, BanlistListProps>(function BanlistList(props, ref) {
  const { showPictures, compact, isMobile, hasPrevious, viewerId, onOpenReason } = props;
  const { shown: rows, completeNow } = useOpeningRows(props.rows);

  useImperativeHandle(
    ref,
    () => ({
      scrollToSection(status) {
        completeNow();
        document.getElementById(sectionHeadingId(status))?.scrollIntoView({ block: 'start' });
      },
    }),
    [completeNow],
  );

  const options = { showPictures, compact, isMobile };
  const entryHeight = rowHeight(estimate({ kind: 'entry' }, options));

  if (isMobile) {
    return (
      <div data-testid="banlist-cards">
        {rows.map((row) =>
          row.kind === 'section' ? (
            <div key={`s-${row.status}`} className="pt-3 pb-3">
              <SectionHeading status={row.status} title={row.title} count={row.count} />
              {row.count === 0 && <p className="mt-1 text-sm text-muted-foreground">No cards.</p>}
            </div>
          ) : (
            <EntryCard key={`e-${row.entry.id}`} entry={row.entry} alternates={row.alternates} status={row.status} style={entryHeight} {...props} />
          ),
        )}
      </div>
    );
  }

  // A data table, with the native semantics of its elements and no role attributes (a role on a table's own
  // elements only repeats or contradicts them). Its rows are laid out as grids, which can be contained
  // (content-visibility) where table rows cannot; Chromium keeps the table roles of the elements whatever
  // their display (the e2e tests read the rows and cells by role).
  const columns = showPictures ? 7 : 6;
  const grid = cn(
    'grid',
    showPictures
      ? 'grid-cols-[4rem_10rem_minmax(0,24%)_11rem_8rem_8rem_minmax(0,1fr)]'
      : 'grid-cols-[10rem_minmax(0,24%)_11rem_8rem_8rem_minmax(0,1fr)]',
  );
  const cell = cn('min-w-0 px-3', compact ? 'py-1' : 'py-1.5');
  return (
    <table data-testid="banlist-table" className="block w-full text-sm">
      <thead className="sticky top-16 z-10 block border-b bg-background">
        <tr className={grid}>
          {(showPictures ? ['Img'] : []).concat(['Type', 'Name', STATUS_COLUMN, 'Remarks', 'Advanced', 'Reason']).map((h) => (
            <th
              key={h}
              scope="col"
              className="px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase"
            >
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="block">
        {rows.map((row) => {
          if (row.kind === 'section') {
            return (
              <tr key={`s-${row.status}`} className="block border-b">
                <td colSpan={columns} className="block px-3 pt-5 pb-2">
                  <SectionHeading status={row.status} title={row.title} count={row.count} />
                  {row.count === 0 && <p className="mt-1 text-sm text-muted-foreground">No cards.</p>}
                </td>
              </tr>
            );
          }
          const e = row.entry;
          return (
            <tr
              key={`e-${e.id}`}
              data-testid="banlist-entry"
              data-card-id={e.cardId}
              className={cn(grid, 'paint-when-visible items-center border-b hover:bg-muted/50')}
              style={entryHeight}
            >
              {showPictures && (
                <td className={cell}>
                  <CardThumbnail cardId={e.cardId} name={e.cardName} width={40} />
                </td>
              )}
              <td className={cn(cell, 'text-muted-foreground')}>{CARD_TYPE_LABEL[e.cardType]}</td>
              <td className={cn(cell, 'font-medium')}>
                <CardName entry={e} previewable={!showPictures} className={cn('block', compact ? 'truncate' : 'line-clamp-2')} />
                <AlsoPasscodes alternates={row.alternates} />
              </td>
              <td className={cell}>
                <FormatBadge entry={e} />
              </td>
              <td className={cell}>
                <Remark text={remarkOf(e, hasPrevious)} />
              </td>
              <td className={cell}>
                <StatusBadge status={e.advancedFormatStatus} />
              </td>
              <td className={cell}>
                <ReasonCell entry={e} viewerId={viewerId} compact={compact} onOpen={onOpenReason} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
});

function EntryCard({
  entry: e,
  alternates,
  showPictures,
  compact,
  hasPrevious,
  viewerId,
  onOpenReason,
  style,
}: BanlistListProps & { entry: BanlistEntry; alternates: readonly BanlistEntry[]; status: SectionStatus; style: CSSProperties }) {
  const remark = remarkOf(e, hasPrevious);
  return (
    <article
      aria-label={e.cardName}
      data-testid="banlist-entry"
      data-card-id={e.cardId}
      style={style}
      className={cn('paint-when-visible mb-3 flex gap-3 rounded-lg border bg-card shadow-sm', compact ? 'p-2' : 'p-3')}
    >
      {showPictures && <CardThumbnail cardId={e.cardId} name={e.cardName} width={compact ? 40 : 72} />}
      <div className="min-w-0 flex-1 space-y-1.5">
        <div>
          <CardName entry={e} previewable={!showPictures} className="block leading-tight font-semibold" />
          <AlsoPasscodes alternates={alternates} />
          <p className="text-xs text-muted-foreground">{CARD_TYPE_LABEL[e.cardType]}</p>
        </div>
        <dl className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          <div className="flex items-center gap-1">
            <dt className="sr-only">{STATUS_COLUMN}</dt>
            <dd>
              <FormatBadge entry={e} />
            </dd>
          </div>
          <div className="flex items-center gap-1">
            <dt className="text-muted-foreground">Advanced</dt>
            <dd>
              <StatusBadge status={e.advancedFormatStatus} />
            </dd>
          </div>
          {remark && (
            <div className="flex items-center gap-1">
              <dt className="sr-only">Remarks</dt>
              <dd>
                <Remark text={remark} />
              </dd>
            </div>
          )}
        </dl>
        {(e.reason?.trim() || (viewerId && e.poster?.discordId === viewerId)) && (
          <div className={compact ? 'text-xs' : 'text-sm'}>
            <ReasonCell entry={e} viewerId={viewerId} compact={compact} onOpen={onOpenReason} />
          </div>
        )}
      </div>
    </article>
  );
}
