// A proposed card's footprint on the judgement board (issue 20): over the last 90 days of events on
// the current list, the public decks that play it (number and share), its share of the top-cut
// decks, and the archetypes a ban would hit. It says which events it counts (issue 30 §8: a bare '7
// of 12 decks' read as every format's). Fetched once the row scrolls into view, so a board of 100
// cards asks for the few on screen, not for all of them.
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { ChevronDown } from 'lucide-react';
import { FOOTPRINT_DAYS_DEFAULT } from '../../../domain/api/records.ts';
import { percent } from '../../components/share-chart.tsx';
import { cn } from '../../lib/cn.ts';
import { useCardFootprint } from '../meta/meta-api.ts';

/** True once the element has come within a screen of the viewport (and from then on). */
function useSeen(ref: RefObject<HTMLElement | null>): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    }, { rootMargin: '200px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}

/** Which events the figures count: the current list's, or every event's while the site has no list. */
const footprintScope = (banlist: string | null) => (banlist === null ? 'on every list' : 'on the current list');

export function CardFootprint({ cardId, cardName }: { cardId: number; cardName: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const seen = useSeen(ref);
  const footprint = useCardFootprint(cardId, seen);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const f = footprint.data;

  return (
    <div ref={ref} className="min-w-32 text-xs" data-testid="card-footprint" data-state={f ? 'loaded' : footprint.isError ? 'error' : 'loading'}>
      {!f ? (
        footprint.isError ? (
          <span className="text-muted-foreground">Meta unavailable</span>
        ) : (
          <span className="text-muted-foreground">
            <span className="sr-only">Loading the meta of {cardName}</span>
            <span aria-hidden="true">…</span>
          </span>
        )
      ) : f.decks === 0 ? (
        <span className="text-muted-foreground" title={f.banlist ? `Events on ${f.banlist}` : undefined}>
          No public decks {footprintScope(f.banlist)} in {f.days} days
        </span>
      ) : (
        <>
          <p className="font-medium whitespace-nowrap">
            <span className="sr-only">{cardName}: </span>
            {f.playing} of {f.decks} decks · {percent(f.share)}
          </p>
          <p className="text-muted-foreground" title={f.banlist ? `Events on ${f.banlist}` : undefined} data-testid="footprint-scope">
            {footprintScope(f.banlist)}
          </p>
          <p className="whitespace-nowrap text-muted-foreground">Top cut {percent(f.topCutShare)} ({f.topCutPlaying} of {f.topCutDecks})</p>
          {f.archetypes.length > 0 && (
            <>
              <button
                type="button"
                aria-expanded={open}
                aria-controls={listId}
                onClick={() => setOpen((o) => !o)}
                className="mt-0.5 inline-flex items-center gap-0.5 rounded text-primary hover:underline"
              >
                {f.archetypes.length} {f.archetypes.length === 1 ? 'archetype' : 'archetypes'} hit
                <span className="sr-only"> by a ban of {cardName}</span>
                <ChevronDown aria-hidden="true" className={cn('size-3.5 transition-transform', open && 'rotate-180')} />
              </button>
              <ul id={listId} hidden={!open} className="mt-1 space-y-0.5" data-testid="footprint-archetypes">
                {f.archetypes.map((a) => (
                  <li key={a.archetype} className="flex justify-between gap-2 whitespace-nowrap">
                    <span>{a.archetype}</span>
                    <span className="text-muted-foreground tabular-nums">{a.playing} of {a.decks}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </div>
  );
}

export const FOOTPRINT_HEADER = `Meta (${FOOTPRINT_DAYS_DEFAULT} days)`;
