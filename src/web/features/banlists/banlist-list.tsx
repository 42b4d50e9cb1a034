import { forwardRef, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Pencil } from 'lucide-react';
import type { BanlistEntry } from '../../../domain/api/banlists.ts';
import { CARD_TYPE_LABEL } from '../../../domain/banlist/card-types.ts';
import { STATUS_LABEL, type CardStatus, type SectionStatus } from '../../../domain/banlist/statuses.ts';
import { CardThumbnail } from '../../components/card-preview.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { cn } from '../../lib/cn.ts';
import { remarkOf, type BanlistRow } from './banlist-view.ts';
import { FORMAT_NAME } from './banlists-api.ts';
import { STATUS_DOT, STATUS_TONE } from './status-style.ts';

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

/** Height of the sticky navigation bar (h-16), so jumps and focus scrolling land below it. */
const NAV_HEIGHT = 64;
const TABLE_HEAD_HEIGHT = 41;

export const STATUS_COLUMN = `${FORMAT_NAME} Status`;

export const sectionHeadingId = (status: SectionStatus) => `banlist-section-${status}`;

function estimate(row: BanlistRow | undefined, o: Pick<BanlistListOptions, 'showPictures' | 'compact' | 'isMobile'>): number {
  if (!row || row.kind === 'section') return o.isMobile ? 52 : 48;
  if (o.isMobile) return o.compact ? (o.showPictures ? 70 : 56) : o.showPictures ? 130 : 104;
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

function Remark({ text }: { text: string }) {
  if (!text) return <span className="text-muted-foreground" aria-label="No change">—</span>;
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

/** The name; without pictures it opens the preview instead, so previews stay one tap away. */
function CardName({ entry, previewable, className }: { entry: BanlistEntry; previewable: boolean; className: string }) {
  const name = (
    <span className={className} title={entry.cardName}>
      {entry.cardName}
    </span>
  );
  if (!previewable) return name;
  return (
    <CardThumbnail cardId={entry.cardId} name={entry.cardName} width={40} className="max-w-full cursor-help">
      {name}
    </CardThumbnail>
  );
}

function SectionHeading({ status, count, compact }: { status: SectionStatus; count: number; compact?: boolean }) {
  return (
    <h2
      id={sectionHeadingId(status)}
      data-testid={`section-${status}`}
      className={cn('flex items-center gap-2 text-lg font-semibold', compact && 'text-base')}
    >
      <span className={cn('inline-block size-3 rounded-full', STATUS_DOT[status])} aria-hidden="true" />
      {STATUS_LABEL[status]}
      <Badge tone={STATUS_TONE[status]} data-testid={`section-count-${status}`} aria-label={`${count} cards`}>
        {count}
      </Badge>
    </h2>
  );
}

/**
 * Every section and card of a banlist as one window-scrolled virtual list: only the rows near the
 * viewport are in the DOM, so 6,000 entries scroll as smoothly as 60. A table on desktop, cards on phones.
 */
export const BanlistList = forwardRef<BanlistListHandle, BanlistListProps>(function BanlistList(props, ref) {
  const { rows, showPictures, compact, isMobile, hasPrevious, viewerId, onOpenReason } = props;
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // The list starts below the toolbar, whose height changes (filter panel, alerts): re-measure after every
  // render; the guard stops the loop once the value is stable.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    if (Math.abs(top - scrollMargin) > 0.5) setScrollMargin(top);
  });

  const options = { showPictures, compact, isMobile };
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (i) => estimate(rows[i], options),
    overscan: 8,
    scrollMargin,
    scrollPaddingStart: NAV_HEIGHT + (isMobile ? 0 : TABLE_HEAD_HEIGHT),
    getItemKey: (i) => {
      const r = rows[i]!;
      return r.kind === 'section' ? `s-${r.status}` : `e-${r.entry.id}`;
    },
  });

  useImperativeHandle(
    ref,
    () => ({
      scrollToSection(status) {
        const index = rows.findIndex((r) => r.kind === 'section' && r.status === status);
        if (index >= 0) virtualizer.scrollToIndex(index, { align: 'start' });
      },
    }),
    [rows, virtualizer],
  );

  const items = virtualizer.getVirtualItems();
  const before = items.length ? items[0]!.start - scrollMargin : 0;
  const after = items.length ? virtualizer.getTotalSize() - (items[items.length - 1]!.end - scrollMargin) : 0;

  if (isMobile) {
    return (
      <div ref={listRef} data-testid="banlist-cards" style={{ paddingTop: before, paddingBottom: after }}>
        {items.map((item) => {
          const row = rows[item.index]!;
          return (
            <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} className="pb-3">
              {row.kind === 'section' ? (
                <div className="pt-3">
                  <SectionHeading status={row.status} count={row.count} />
                  {row.count === 0 && <p className="mt-1 text-sm text-muted-foreground">No cards.</p>}
                </div>
              ) : (
                <EntryCard entry={row.entry} status={row.status} {...props} />
              )}
            </div>
          );
        })}
      </div>
    );
  }

  const columns = showPictures ? 7 : 6;
  return (
    <div ref={listRef}>
      <table
        data-testid="banlist-table"
        aria-rowcount={rows.length + 1}
        className="w-full table-fixed border-separate border-spacing-0 text-sm"
      >
        <colgroup>
          {showPictures && <col className="w-16" />}
          <col className="w-40" />
          <col className="w-[24%]" />
          <col className="w-44" />
          <col className="w-32" />
          <col className="w-32" />
          <col />
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            {(showPictures ? ['Img'] : []).concat(['Type', 'Name', STATUS_COLUMN, 'Remarks', 'Advanced', 'Reason']).map((h) => (
              <th
                key={h}
                scope="col"
                className="sticky top-16 z-10 border-b bg-background px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase"
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {before > 0 && (
            <tr aria-hidden="true">
              <td colSpan={columns} style={{ height: before, padding: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index]!;
            if (row.kind === 'section') {
              return (
                <tr key={item.key} data-index={item.index} ref={virtualizer.measureElement} aria-rowindex={item.index + 2}>
                  <th colSpan={columns} scope="colgroup" className="border-b px-3 pt-5 pb-2 text-left">
                    <SectionHeading status={row.status} count={row.count} />
                    {row.count === 0 && <p className="mt-1 text-sm font-normal text-muted-foreground">No cards.</p>}
                  </th>
                </tr>
              );
            }
            const e = row.entry;
            const cell = cn('border-b px-3 align-middle', compact ? 'py-1' : 'py-1.5');
            return (
              <tr
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                aria-rowindex={item.index + 2}
                data-testid="banlist-entry"
                data-card-id={e.cardId}
                className="hover:bg-muted/50"
              >
                {showPictures && (
                  <td className={cell}>
                    <CardThumbnail cardId={e.cardId} name={e.cardName} width={40} />
                  </td>
                )}
                <td className={cn(cell, 'text-muted-foreground')}>{CARD_TYPE_LABEL[e.cardType]}</td>
                <td className={cn(cell, 'font-medium')}>
                  <CardName entry={e} previewable={!showPictures} className={cn('block', compact ? 'truncate' : 'line-clamp-2')} />
                </td>
                <td className={cell}>
                  <StatusBadge status={e.formatStatus} />
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
          {after > 0 && (
            <tr aria-hidden="true">
              <td colSpan={columns} style={{ height: after, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
});

function EntryCard({
  entry: e,
  showPictures,
  compact,
  hasPrevious,
  viewerId,
  onOpenReason,
}: BanlistListProps & { entry: BanlistEntry; status: SectionStatus }) {
  const remark = remarkOf(e, hasPrevious);
  return (
    <article
      aria-label={e.cardName}
      data-testid="banlist-entry"
      data-card-id={e.cardId}
      className={cn('flex gap-3 rounded-lg border bg-card shadow-sm', compact ? 'p-2' : 'p-3')}
    >
      {showPictures && <CardThumbnail cardId={e.cardId} name={e.cardName} width={compact ? 40 : 72} />}
      <div className="min-w-0 flex-1 space-y-1.5">
        <div>
          <CardName entry={e} previewable={!showPictures} className="block leading-tight font-semibold" />
          <p className="text-xs text-muted-foreground">{CARD_TYPE_LABEL[e.cardType]}</p>
        </div>
        <dl className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          <div className="flex items-center gap-1">
            <dt className="sr-only">{STATUS_COLUMN}</dt>
            <dd>
              <StatusBadge status={e.formatStatus} />
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
