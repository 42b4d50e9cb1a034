import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight, CircleAlert, CircleCheck, Flag, Trophy } from 'lucide-react';
import type { Match } from '../../../../domain/api/tournaments.ts';
import { byeSentence } from '../../../../domain/tournaments/engine/byes.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  flagMessage, matchPlace, matchesSearch, reportMark, shownWins, sideName, statusBadge, winnerSide, type BracketSection, type Side,
} from './match-view.ts';
import { ownClock } from './clock-view.ts';
import { RoundClock } from './round-clock.tsx';

/** Spec 2 §9: a bracket column is 240 px wide (w-60). */
const COLUMN = 'w-60';
/** Height of one bracket slot: a card and the space around it. */
const SLOT_PX = 116;

export interface MatchOpener {
  onOpen: (matchId: number) => void;
  /** the viewer's team: its matches stand out */
  ownTeamUid?: string;
  /** the team search: other matches fade in the bracket */
  search: string;
}

function TeamLine({ match: m, side, compact }: { match: Match; side: Side; compact?: boolean }) {
  const name = sideName(m, side);
  const unknown = (side === 1 ? m.team1Id : m.team2Id) === null;
  const won = winnerSide(m) === side;
  const wins = shownWins(m, side);
  const mark = m.complete ? null : reportMark(m, side);
  return (
    <span className={cn('flex items-center gap-2', compact ? 'px-2.5 py-1' : 'py-0.5')} data-testid={`team-${side}`}>
      <span className={cn('min-w-0 flex-1 truncate text-sm', won && 'font-semibold', unknown && 'text-muted-foreground italic')} title={name}>
        {name}
      </span>
      {won && <Trophy role="img" aria-label="Winner" className="size-3.5 shrink-0 text-limited-ink" />}
      {/* a report in an open dispute is no green tick */}
      {mark?.kind === 'submitted' && <CircleCheck role="img" aria-label={mark.label} className="size-3.5 shrink-0 text-unlimited-ink" />}
      {mark?.kind === 'disagrees' && <CircleAlert role="img" aria-label={mark.label} className="size-3.5 shrink-0 text-forbidden-ink" />}
      {!m.bye && (
        <span className={cn('w-4 shrink-0 text-right text-sm tabular-nums', won ? 'font-bold' : 'text-muted-foreground')} data-testid="wins">
          {wins ?? '–'}
        </span>
      )}
    </span>
  );
}

/** One match as a button that opens the Match modal; the bracket's 240 px card or a row of the list. */
export function MatchCard({ match: m, onOpen, ownTeamUid, search, variant }: MatchOpener & { match: Match; variant: 'bracket' | 'list' }) {
  const mine = !!ownTeamUid && (m.team1Id === ownTeamUid || m.team2Id === ownTeamUid);
  const faded = variant === 'bracket' && search.trim() !== '' && !matchesSearch(m, search);
  const status = statusBadge(m);
  const header = (
    <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
      <span className="font-semibold text-foreground">Match #{m.id}</span>
      {m.table !== null && (
        <span className="font-semibold whitespace-nowrap text-foreground" data-testid="match-table">
          {variant === 'list' ? `Table ${m.table}` : `T${m.table}`}
        </span>
      )}
      {variant === 'list' && <span className="truncate">{matchPlace(m)}</span>}
      <span className="ml-auto flex items-center gap-1">
        {ownClock(m) && <RoundClock endsAt={ownClock(m)} what={m.table !== null ? `Table ${m.table}` : `Match ${m.id}`} size="sm" />}
        {m.flaggedForReview && (
          <Badge tone="forbidden" title={flagMessage(m)} data-testid="flag-badge">
            <Flag aria-hidden="true" className="size-3" />
            <span className={cn(variant === 'bracket' && 'sr-only')}>Flagged</span>
          </Badge>
        )}
        {m.bye ? (
          <Badge>Bye</Badge>
        ) : (
          <Badge tone={status.tone} data-testid="match-status">
            {status.label}
          </Badge>
        )}
      </span>
    </span>
  );
  return (
    <button
      type="button"
      onClick={() => onOpen(m.id)}
      data-testid="match-card"
      data-match-id={m.id}
      className={cn(
        'group block rounded-lg border bg-card text-left shadow-sm transition hover:border-primary/60 hover:shadow',
        variant === 'bracket' ? cn(COLUMN, 'min-h-11 py-1.5') : 'w-full p-3 mobile:p-2.5',
        mine && 'border-primary ring-1 ring-primary/40',
        m.flaggedForReview && 'border-forbidden/60',
        faded && 'opacity-40',
      )}
    >
      <span className={cn('block', variant === 'bracket' ? 'px-2.5 pb-1' : 'pb-1.5')}>{header}</span>
      <span className={cn('block', variant === 'bracket' ? 'divide-y border-t' : 'space-y-0.5')}>
        <TeamLine match={m} side={1} compact={variant === 'bracket'} />
        {!(m.bye && variant === 'list') && <TeamLine match={m} side={2} compact={variant === 'bracket'} />}
        {m.bye && variant === 'list' && <span className="block text-xs text-muted-foreground">{byeSentence(m.bracket)}</span>}
      </span>
    </button>
  );
}

/** Matches as a list (the Swiss rounds, the match list view), newest round first when several are shown. */
export function MatchList({ matches, empty, ...opener }: MatchOpener & { matches: readonly Match[]; empty: string }) {
  if (matches.length === 0) return <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="grid gap-2 @2xl:grid-cols-2" aria-label="Matches">
      {matches.map((m) => (
        <li key={m.id}>
          <MatchCard match={m} variant="list" {...opener} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A bracket section (winners, losers, grand final, top cut, round robin): 240 px columns side by side,
 * each slot of a column as tall as the slots it is fed by, so the tree lines up. Scrolls sideways,
 * with buttons and a fade at the edge that has more.
 */
export function BracketSectionView({ section, selectedRound, ...opener }: MatchOpener & { section: BracketSection; selectedRound?: number }) {
  const rows = Math.max(1, ...section.columns.map((c) => c.slots.length));
  // every column as tall as the first, so each match sits between the two it is fed by
  const height = rows * SLOT_PX;
  return (
    <section aria-label={section.title} className="space-y-2" data-testid={`bracket-${section.bracket}`}>
      <h3 className="text-sm font-semibold">{section.title}</h3>
      <SideScroller label={section.title} selectedKey={section.columns.find((c) => c.round === selectedRound)?.key}>
        {section.columns.map((c) => (
          <div
            key={c.key}
            data-column={c.key}
            data-testid="bracket-column"
            className={cn(COLUMN, 'flex shrink-0 snap-start flex-col')}
          >
            <p
              className={cn(
                'mb-1 truncate rounded px-1 py-0.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase',
                c.round === selectedRound && 'bg-primary/10 text-primary',
              )}
              aria-current={c.round === selectedRound ? 'true' : undefined}
            >
              {c.title}
            </p>
            <ol className="flex flex-col" style={{ height }} aria-label={c.title}>
              {c.slots.map((m, i) => (
                <li key={m?.id ?? `empty-${i}`} className="flex min-h-[7.25rem] flex-1 items-center" aria-hidden={m ? undefined : true}>
                  {m ? <MatchCard match={m} variant="bracket" {...opener} /> : <span className={cn(COLUMN, 'block')} />}
                </li>
              ))}
            </ol>
          </div>
        ))}
      </SideScroller>
    </section>
  );
}

/** A row that scrolls sideways, with visible affordance: edge fades and previous/next buttons. */
function SideScroller({ label, children, selectedKey }: { label: string; children: ReactNode; selectedKey?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const left = el.scrollLeft > 4;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 4;
    setEdges((e) => (e.left === left && e.right === right ? e : { left, right }));
  }, []);
  useLayoutEffect(measure);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);
  // a round the viewer picks comes into view (not on the first showing: that starts at round 1)
  const shownKey = useRef(selectedKey);
  useEffect(() => {
    if (shownKey.current === selectedKey) return;
    shownKey.current = selectedKey;
    const el = ref.current;
    const column = selectedKey ? el?.querySelector<HTMLElement>(`[data-column="${selectedKey}"]`) : null;
    if (!el || !column) return;
    const start = column.offsetLeft - (el.firstElementChild as HTMLElement | null)!.offsetLeft;
    if (start < el.scrollLeft || start + column.offsetWidth > el.scrollLeft + el.clientWidth) el.scrollTo({ left: start, behavior: 'smooth' });
  }, [selectedKey]);
  const by = (direction: 1 | -1) => ref.current?.scrollBy({ left: direction * 256, behavior: 'smooth' });

  return (
    <div>
      <div className="relative">
        <div
          ref={ref}
          onScroll={measure}
          tabIndex={0}
          role="group"
          aria-label={`${label}: scrolls sideways`}
          data-testid="bracket-scroller"
          className="flex snap-x scroll-px-2 gap-4 overflow-x-auto overscroll-x-contain rounded-lg border bg-muted/30 p-2 pb-3"
        >
          {children}
        </div>
        {edges.left && <div aria-hidden="true" className="pointer-events-none absolute inset-y-px left-px w-8 rounded-l-lg bg-gradient-to-r from-card to-transparent" />}
        {edges.right && <div aria-hidden="true" className="pointer-events-none absolute inset-y-px right-px w-10 rounded-r-lg bg-gradient-to-l from-card to-transparent" />}
      </div>
      {(edges.left || edges.right) && (
        <div className="mt-1.5 flex items-center justify-end gap-2" data-testid="scroll-affordance">
          <p className="mr-auto text-xs text-muted-foreground">
            {edges.right ? 'More rounds to the right: swipe or use the arrows.' : 'Swipe or use the arrows for earlier rounds.'}
          </p>
          <Button variant="secondary" size="icon" className="size-11" onClick={() => by(-1)} disabled={!edges.left} aria-label={`Scroll ${label} left`}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button variant="secondary" size="icon" className="size-11" onClick={() => by(1)} disabled={!edges.right} aria-label={`Scroll ${label} right`}>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      )}
    </div>
  );
}
