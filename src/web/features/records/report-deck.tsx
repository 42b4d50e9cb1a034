import { useEffect, useId, useRef, useState } from 'react';
import { ChevronDown, Download, Images, Pencil } from 'lucide-react';
import type { DeckCard as ReportCard, PublishedDeck } from '../../../domain/api/records.ts';
import { buildYdke } from '../../../domain/decks/ydke.ts';
import { PlayerLink } from '../../components/player-link.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { YdkDownloadError, useYdkDownload } from '../../components/ydk-download.tsx';
import { CopyYdkeButton } from './copy-ydke-button.tsx';
import { DeckPictures, DeckText, storedEveryCopy, storeEveryCopy } from './report-cards.tsx';

/** One passcode per copy, in the deck's own order (EDOPro's): what the codecs read. */
const passcodes = (cards: readonly ReportCard[]) => cards.flatMap((c) => Array.from({ length: c.count }, () => c.passcode));
const total = (cards: readonly ReportCard[]) => cards.reduce((n, c) => n + c.count, 0);

/** What a report shows of a deck: an event's published deck, or a league's published run (issue 41). */
export type ReportDeckView = Pick<PublishedDeck, 'id' | 'discordId' | 'player' | 'placement' | 'archetype' | 'archetypeAuto' | 'corrected' | 'main' | 'extra' | 'side'> & {
  /** the line under the player: an event's team, a league run's record; absent: the team's name */
  about?: string;
  teamName?: string;
};

/**
 * A published deck of the report: its player, team, placement and archetype, the cards as a text list
 * ('3x Card Name') beside their pictures (compact, or every copy in EDOPro's order), the .ydk download,
 * 'Copy ydke://', and for the host or an admin a way to correct the archetype.
 */
export function ReportDeck({ deck, siteName, open: startOpen, onCorrect, anchor = `deck-${deck.id}`, title: shownTitle }: {
  deck: ReportDeckView;
  /** written in the .ydk's '#created by' line */
  siteName: string;
  open: boolean;
  /** shown to the host and admins: opens the correction dialog */
  onCorrect?: () => void;
  /** the element's id, which links open it (#deck-{id}; a league's runs: #run-{id}) */
  anchor?: string;
  /** how the deck is named to a screen reader and in its file (default: player · team) */
  title?: string;
}) {
  // a profile links a deck as #deck-{id}: that deck opens and comes into view once the report is drawn
  const linked = typeof window !== 'undefined' && window.location.hash === `#${anchor}`;
  const [open, setOpen] = useState(startOpen || linked);
  const articleRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (linked) articleRef.current?.scrollIntoView({ block: 'start' });
  }, [linked]);
  const cardsId = useId();
  // each deck keeps its own choice (switching all would move the page under the reader); the last one is remembered
  const [everyCopy, setEveryCopy] = useState(storedEveryCopy);
  const ydk = useYdkDownload();
  const title = shownTitle ?? `${deck.player} · ${deck.teamName ?? ''}`;

  const download = () =>
    ydk.download({ main: passcodes(deck.main), extra: passcodes(deck.extra), side: passcodes(deck.side) }, siteName, `${deck.player} - ${deck.archetype}.ydk`);

  return (
    <article
      ref={articleRef} id={anchor} className="scroll-mt-20 rounded-xl border bg-card shadow-sm"
      aria-labelledby={`${cardsId}-title`} data-testid="report-deck" data-deck-id={deck.id}
    >
      <header className="flex flex-wrap items-start gap-x-4 gap-y-2 border-b p-4 mobile:p-3">
        <div className="min-w-0 flex-1 space-y-1">
          <h3 id={`${cardsId}-title`} className="font-semibold">
            <span className="text-muted-foreground tabular-nums">{deck.placement}</span>{' '}
            <PlayerLink discordId={deck.discordId} name={deck.player} className="text-primary" />
            {deck.teamName !== undefined && <span className="sr-only"> of {deck.teamName}</span>}
          </h3>
          <p className="text-sm text-muted-foreground">
            {deck.about ?? deck.teamName} · {total(deck.main)} Main, {total(deck.extra)} Extra, {total(deck.side)} Side
          </p>
          <p className="flex flex-wrap items-center gap-1.5 text-sm">
            <span className="sr-only">Archetype:</span>
            <Badge tone="primary" data-testid="deck-archetype">{deck.archetype}</Badge>
            {deck.corrected && (
              <span className="text-xs text-muted-foreground" data-testid="deck-archetype-auto">
                corrected (the rule says {deck.archetypeAuto})
              </span>
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {onCorrect && (
            <Button variant="ghost" size="sm" onClick={onCorrect} aria-label={`Correct the archetype of ${title}`} className="mobile:min-h-11">
              <Pencil aria-hidden="true" />
              Archetype
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={cardsId}
            className="mobile:min-h-11"
          >
            <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
            {open ? 'Hide cards' : 'Show cards'}
            <span className="sr-only"> of {title}</span>
          </Button>
        </div>
      </header>
      <div id={cardsId} hidden={!open} className="space-y-3 p-4 mobile:p-3">
        {open && (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <CopyYdkeButton
                deckName={title}
                link={() => buildYdke({ main: passcodes(deck.main), extra: passcodes(deck.extra), side: passcodes(deck.side) })}
              />
              <Button variant="secondary" size="sm" onClick={download} aria-label={`Download .ydk of ${title}`} className="mobile:min-h-11">
                <Download aria-hidden="true" />
                Download .ydk
              </Button>
              <Button
                variant="ghost" size="sm" aria-pressed={everyCopy} className="mobile:min-h-11 aria-pressed:bg-primary/10 aria-pressed:text-primary" data-testid="every-copy"
                onClick={() => {
                  setEveryCopy(!everyCopy);
                  storeEveryCopy(!everyCopy);
                }}
              >
                <Images aria-hidden="true" />
                Show every copy
                <span className="sr-only"> of {title}</span>
              </Button>
              <YdkDownloadError error={ydk.error} />
            </div>
            {/* the list beside the pictures where the deck is wide enough, above them on a phone */}
            <div className="@container">
              <div className="grid gap-4 @2xl:grid-cols-[16rem_minmax(0,1fr)] @2xl:items-start @4xl:grid-cols-[30rem_minmax(0,1fr)]">
                <DeckText deck={deck} />
                <DeckPictures deck={deck} everyCopy={everyCopy} />
              </div>
            </div>
          </>
        )}
      </div>
    </article>
  );
}
