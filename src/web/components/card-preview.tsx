import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Popover } from 'radix-ui';
import { useQuery } from '@tanstack/react-query';
import type { CardDetail } from '../../domain/api/cards.ts';
import { api } from '../lib/api.ts';
import { cn } from '../lib/cn.ts';
import { MOBILE_QUERY, useMediaQuery } from '../lib/use-media-query.ts';

/**
 * Same URLs as cardImageUrl of domain/api/cards.ts, which is not imported here: that module brings zod
 * into every page that shows a thumbnail.
 */
function cardImageUrl(id: number, size: 'small' | 'large'): string {
  return size === 'small' ? `/api/cards/${id}/image?size=small` : `/api/cards/${id}/image`;
}

export const cardKeys = {
  all: ['cards'] as const,
  detail: (id: number) => [...cardKeys.all, 'detail', id] as const,
};

function useCardDetails(cardId: number) {
  return useQuery({
    queryKey: cardKeys.detail(cardId),
    queryFn: ({ signal }) => api.get<CardDetail>(`/cards/${cardId}`, { signal }),
    staleTime: 60 * 60_000,
  });
}

const stat = (v: CardDetail['atk']) => (v === null ? null : String(v));

function Stats({ card }: { card: CardDetail }) {
  const items: [string, string][] = [];
  if (card.attribute) items.push(['Attribute', card.attribute]);
  if (card.linkRating !== null) items.push(['Link', String(card.linkRating)]);
  else if (card.rank !== null) items.push(['Rank', String(card.rank)]);
  else if (card.level !== null) items.push(['Level', String(card.level)]);
  if (card.leftScale !== null) items.push(['Scale', `${card.leftScale} / ${card.rightScale ?? card.leftScale}`]);
  const atk = stat(card.atk);
  if (atk !== null) items.push(['ATK', atk]);
  const def = stat(card.def);
  if (def !== null && card.linkRating === null) items.push(['DEF', def]);
  if (card.linkMarkers?.length) items.push(['Arrows', card.linkMarkers.join(', ')]);
  if (items.length === 0) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
      {items.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="font-medium tabular-nums">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The larger picture with the card's type, stats and text. */
function PreviewPanel({ cardId, name }: { cardId: number; name: string }) {
  const details = useCardDetails(cardId);
  const card = details.data;
  return (
    <div className="flex gap-4 mobile:flex-col mobile:items-center">
      <img
        src={cardImageUrl(cardId, 'large')}
        alt={name}
        width={200}
        height={291}
        className="aspect-[59/86] w-[200px] shrink-0 rounded-md bg-muted object-cover mobile:w-[160px]"
      />
      <div className="min-w-0 flex-1 space-y-2 text-sm mobile:w-full">
        <p className="leading-tight font-semibold">{card?.name ?? name}</p>
        {details.isPending && (
          <p role="status" className="text-xs text-muted-foreground">
            Loading card…
          </p>
        )}
        {details.isError && <p className="text-xs text-muted-foreground">Card details are not available.</p>}
        {card && (
          <>
            {card.typeLine && <p className="text-xs text-muted-foreground">[{card.typeLine}]</p>}
            <Stats card={card} />
            {card.text && <p className="max-h-56 overflow-y-auto text-xs leading-relaxed whitespace-pre-line">{card.text}</p>}
          </>
        )}
      </div>
    </div>
  );
}

/** Spec 1 §8: a failed card image is silently ignored; an empty frame keeps the row's shape. */
function Thumb({ cardId, width, height }: { cardId: number; width: number; height: number }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <span aria-hidden="true" style={{ width, height }} className="block rounded-sm border bg-muted" />;
  return (
    <img
      src={cardImageUrl(cardId, 'small')}
      alt=""
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      style={{ width, height }}
      onError={() => setFailed(true)}
      className="rounded-sm bg-muted object-cover"
    />
  );
}

export interface CardThumbnailProps {
  cardId: number;
  name: string;
  /** rendered width in px (spec 1 §9: 40 in tables, 72 on mobile cards) */
  width: number;
  className?: string;
  /** replaces the picture as the trigger (e.g. a card name), keeping the same preview */
  children?: ReactNode;
}

const HOVER_OPEN_MS = 120;
const HOVER_CLOSE_MS = 150;

/**
 * A card picture that opens a larger preview: on hover with a mouse, on tap or Enter otherwise.
 * The details load only when the preview opens.
 */
export function CardThumbnail({ cardId, name, width, className, children }: CardThumbnailProps) {
  const [open, setOpen] = useState(false);
  const openedByHover = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const schedule = (next: boolean, ms: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      openedByHover.current = next;
      setOpen(next);
    }, ms);
  };
  const onPointerEnter = (e: React.PointerEvent) => {
    if (e.pointerType !== 'mouse') return;
    if (open) window.clearTimeout(timer.current);
    else schedule(true, HOVER_OPEN_MS);
  };
  const onPointerLeave = (e: React.PointerEvent) => {
    if (e.pointerType !== 'mouse') return;
    if (open && !openedByHover.current) return; // opened by a click: stays until dismissed
    schedule(false, HOVER_CLOSE_MS);
  };

  const height = Math.round((width * 86) / 59);
  // Beside the picture on desktop; below it on phones, where only the vertical axis has room.
  const isMobile = useMediaQuery(MOBILE_QUERY);
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        window.clearTimeout(timer.current);
        openedByHover.current = false;
        setOpen(next);
      }}
    >
      <Popover.Trigger
        aria-label={`Preview ${name}`}
        className={cn('block shrink-0 cursor-zoom-in rounded-sm', children ? 'text-left' : '', className)}
        onPointerEnter={onPointerEnter}
        onPointerLeave={onPointerLeave}
        onClick={(e) => {
          // A click on a preview the mouse already opened pins it instead of closing it.
          if (open && openedByHover.current) {
            e.preventDefault();
            openedByHover.current = false;
          }
        }}
      >
        {children ?? <Thumb cardId={cardId} width={width} height={height} />}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side={isMobile ? 'bottom' : 'right'}
          align="start"
          sideOffset={8}
          collisionPadding={8}
          aria-label={`${name} preview`}
          className="z-50 w-[32rem] max-w-[calc(100vw-16px)] rounded-xl border bg-card p-4 text-foreground shadow-xl mobile:w-[22rem]"
          onOpenAutoFocus={(e) => {
            if (openedByHover.current) e.preventDefault(); // hovering must not steal focus
          }}
          onPointerEnter={onPointerEnter}
          onPointerLeave={onPointerLeave}
        >
          <PreviewPanel cardId={cardId} name={name} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
