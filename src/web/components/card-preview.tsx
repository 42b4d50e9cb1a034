import {
  createContext, useContext, useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode,
} from 'react';
import { Link } from 'react-router';
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

/** The thumbnail of a picture URL: this site's card pictures come in a small size too. */
export function smallImageUrl(url: string): string {
  return /^\/api\/cards\/\d+\/image$/.test(url) ? `${url}?size=small` : url;
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
function PreviewPanel({ cardId, name, imageUrl }: PreviewCard) {
  const details = useCardDetails(cardId);
  const card = details.data;
  return (
    <div className="flex gap-4 mobile:flex-col mobile:items-center">
      <img
        src={imageUrl ?? cardImageUrl(cardId, 'large')}
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
        {/* issue 32 §2: its history, votes and meta are on its own page */}
        <Link to={`/cards/${cardId}`} className="inline-block rounded text-xs font-medium text-primary hover:underline" data-testid="card-page-link">
          Card page: history and meta
        </Link>
      </div>
    </div>
  );
}

/** Spec 1 §8: a failed card image is silently ignored; an empty frame keeps the row's shape. */
function Thumb({ src, width, height }: { src: string; width: number; height: number }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <span aria-hidden="true" style={{ width, height }} className="block rounded-sm border bg-muted" />;
  return (
    <img
      src={src}
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

interface PreviewCard {
  cardId: number;
  name: string;
  /** the picture, when the page knows it (e.g. from the card-name cache); else the card's own URL */
  imageUrl?: string;
}

interface PreviewControls {
  /** a mouse rests on a trigger (or on the open preview) */
  hover(card: PreviewCard | null, anchor: HTMLElement | null): void;
  leave(): void;
  /** a click, a tap, Enter or Space on a trigger */
  press(card: PreviewCard, anchor: HTMLElement): void;
}

const PreviewContext = createContext<PreviewControls | null>(null);

/**
 * Where the pointer last was by the person's own doing (a move, a press), for every provider of the page.
 * A pointermove at that same place is the page moving under a resting pointer (a dialog opening over it,
 * a scroll), not the person pointing at a card: it opens no preview.
 */
let lastPointer: { x: number; y: number } | null = null;
let tracking = false;
function trackPointer() {
  if (tracking) return;
  tracking = true;
  // on window, so it runs after the triggers' own handlers (React listens at its root): they compare
  // the event with the place before it
  const note = (e: PointerEvent) => {
    lastPointer = { x: e.clientX, y: e.clientY };
  };
  window.addEventListener('pointermove', note, { passive: true });
  window.addEventListener('pointerdown', note, { passive: true });
}

/** A mouse move that really moved (see lastPointer). */
function movedByHand(e: ReactPointerEvent): boolean {
  if (e.pointerType !== 'mouse') return false;
  return !lastPointer || lastPointer.x !== e.clientX || lastPointer.y !== e.clientY;
}

const HOVER_OPEN_MS = 120;
const HOVER_CLOSE_MS = 150;
const REOPEN_AFTER_DISMISS_MS = 1000;

type Shown = PreviewCard & { anchor: HTMLElement; byHover: boolean };

/**
 * One preview popover for the whole page: a list of 2,000 cards renders 2,000 plain buttons, not
 * 2,000 popovers. The preview opens beside the trigger when a mouse moves onto it and rests, on tap,
 * click or Enter otherwise.
 */
export function CardPreviewProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const current = useRef<Shown | null>(null);
  const timer = useRef<number | undefined>(undefined);
  // the trigger a hover is about to open: moves over it do not restart the delay
  const opening = useRef<HTMLElement | null>(null);
  // A preview dismissed (Escape, a press outside) while the mouse rests on its trigger must not
  // come back by itself: focus returning to the trigger can scroll it under the resting pointer.
  const dismissed = useRef<{ anchor: HTMLElement; at: number } | null>(null);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(trackPointer, []);

  const controls = useMemo<PreviewControls>(() => {
    const show = (next: Shown | null) => {
      // the triggers stay plain buttons: their expanded state is kept on the element itself
      if (current.current && current.current.anchor !== next?.anchor) current.current.anchor.setAttribute('aria-expanded', 'false');
      next?.anchor.setAttribute('aria-expanded', 'true');
      current.current = next;
      setShown(next);
    };
    const later = (fn: () => void, ms: number) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(fn, ms);
    };
    return {
      hover(card, anchor) {
        const open = current.current;
        const just = dismissed.current;
        if (!open && anchor && just?.anchor === anchor && Date.now() - just.at < REOPEN_AFTER_DISMISS_MS) return;
        if (open && (!anchor || open.anchor === anchor)) window.clearTimeout(timer.current);
        else if (card && anchor && opening.current !== anchor) {
          opening.current = anchor;
          later(() => {
            opening.current = null;
            show({ ...card, anchor, byHover: true });
          }, HOVER_OPEN_MS);
        }
      },
      leave() {
        const open = current.current;
        if (opening.current) {
          // left before the delay was over: nothing opens
          opening.current = null;
          window.clearTimeout(timer.current);
        }
        if (!open || !open.byHover) return; // nothing to close, or opened by a click: stays until dismissed
        later(() => show(null), HOVER_CLOSE_MS);
      },
      press(card, anchor) {
        opening.current = null;
        window.clearTimeout(timer.current);
        const open = current.current;
        // a click on a preview the mouse already opened pins it instead of closing it
        if (open?.anchor === anchor) show(open.byHover ? { ...open, byHover: false } : null);
        else show({ ...card, anchor, byHover: false });
      },
    };
  }, []);

  const isMobile = useMediaQuery(MOBILE_QUERY);
  const close = () => {
    window.clearTimeout(timer.current);
    if (current.current) dismissed.current = { anchor: current.current.anchor, at: Date.now() };
    current.current?.anchor.setAttribute('aria-expanded', 'false');
    current.current = null;
    setShown(null);
  };
  return (
    <PreviewContext.Provider value={controls}>
      {children}
      <Popover.Root open={!!shown} onOpenChange={(open) => !open && close()}>
        <Popover.Anchor virtualRef={{ current: shown?.anchor ?? null! }} />
        <Popover.Portal>
          {shown && (
            <Popover.Content
              // Beside the picture on desktop; below it on phones, where only the vertical axis has room.
              side={isMobile ? 'bottom' : 'right'}
              align="start"
              sideOffset={8}
              collisionPadding={8}
              aria-label={`${shown.name} preview`}
              className="z-50 w-[32rem] max-w-[calc(100vw-16px)] rounded-xl border bg-card p-4 text-foreground shadow-xl mobile:w-[22rem]"
              onOpenAutoFocus={(e) => {
                if (shown.byHover) e.preventDefault(); // hovering must not steal focus
              }}
              onCloseAutoFocus={(e) => {
                // back to the trigger, which Radix does not know (it is not a Popover.Trigger)
                e.preventDefault();
                if (!shown.byHover && shown.anchor.isConnected) shown.anchor.focus();
              }}
              onPointerDownOutside={(e) => {
                // a press on the open preview's own trigger is handled by the trigger (pin or close)
                if (e.target instanceof Node && shown.anchor.contains(e.target)) e.preventDefault();
              }}
              onPointerEnter={(e) => e.pointerType === 'mouse' && controls.hover(null, null)}
              onPointerLeave={(e) => e.pointerType === 'mouse' && controls.leave()}
            >
              <PreviewPanel cardId={shown.cardId} name={shown.name} imageUrl={shown.imageUrl} />
            </Popover.Content>
          )}
        </Popover.Portal>
      </Popover.Root>
    </PreviewContext.Provider>
  );
}

export interface CardThumbnailProps {
  cardId: number;
  name: string;
  /** rendered width in px (spec 1 §9: 40 in tables, 72 on mobile cards) */
  width: number;
  /** the card's picture when the page knows it by name (card-name cache); else the picture of cardId */
  imageUrl?: string;
  className?: string;
  /** replaces the picture as the trigger (e.g. a card name), keeping the same preview */
  children?: ReactNode;
}

/** A card picture (or any trigger) that opens the larger preview of CardPreviewProvider; details load only then. */
export function CardThumbnail({ cardId, name, width, imageUrl, className, children }: CardThumbnailProps) {
  const preview = useContext(PreviewContext);
  const card: PreviewCard = { cardId, name, imageUrl };
  const height = Math.round((width * 86) / 59);
  return (
    <button
      type="button"
      aria-label={`Preview ${name}`}
      aria-haspopup="dialog"
      aria-expanded="false"
      className={cn('block shrink-0 cursor-zoom-in rounded-sm', children ? 'text-left' : '', className)}
      // a move, not an entry: a dialog opening under a resting pointer enters a card without any move (issue 18)
      onPointerMove={(e) => movedByHand(e) && preview?.hover(card, e.currentTarget)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && preview?.leave()}
      onClick={(e) => preview?.press(card, e.currentTarget)}
    >
      {children ?? <Thumb src={imageUrl ? smallImageUrl(imageUrl) : cardImageUrl(cardId, 'small')} width={width} height={height} />}
    </button>
  );
}
