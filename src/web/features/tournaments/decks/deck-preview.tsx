import { useId, useMemo, useState } from 'react';
import { CircleAlert, Download } from 'lucide-react';
import type { DeckCard, DeckProblemBody } from '../../../../domain/api/decks.ts';
import { CardThumbnail } from '../../../components/card-preview.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { CARDS_PER_ROW, PHONE_CARDS_PER_ROW, cardLabel, mainDeckSlots } from '../tournament-view.ts';
import { YdkDownloadError, useYdkDownload } from '../../../components/ydk-download.tsx';

export interface DeckCards {
  mainDeck: DeckCard[];
  extraDeck: DeckCard[];
  sideDeck: DeckCard[];
}

export interface DeckPreviewProps {
  deck: DeckCards;
  /** the deck's name, used for the .ydk file */
  label: string;
  /** written in the file's "#created by ..." line */
  createdBy: string;
  problems?: readonly DeckProblemBody[];
  className?: string;
}

export const NO_CARD_DATA = 'No card data available for this deck.';

/**
 * Spec 2 §2 deck preview: the Main Deck 10 per row in at least 4 rows (5 per row on a phone, where ten
 * would be 28 px wide; a tap enlarges a card), Extra and Side Decks below, every problem listed beside
 * the cards (the cards it names outlined), and the deck as a .ydk file.
 */
export function DeckPreview({ deck, label, createdBy, problems = [], className }: DeckPreviewProps) {
  const flagged = useMemo(() => new Set(problems.flatMap((p) => p.cardIds ?? [])), [problems]);
  const ydk = useYdkDownload();
  const empty = deck.mainDeck.length + deck.extraDeck.length + deck.sideDeck.length === 0;
  const perRow = useMediaQuery(MOBILE_QUERY) ? PHONE_CARDS_PER_ROW : CARDS_PER_ROW;
  // a page can show several decks (the report): ids of their own
  const problemsTitle = `${useId()}-problems`;

  const download = () =>
    ydk.download(
      { main: deck.mainDeck.map((c) => c.cardId), extra: deck.extraDeck.map((c) => c.cardId), side: deck.sideDeck.map((c) => c.cardId) },
      createdBy,
      `${label || 'deck'}.ydk`,
    );

  return (
    // a container query puts the problems beside the cards when there is room, above them otherwise
    <div className={cn('@container', className)} data-testid="deck-preview">
      <div className="flex flex-col gap-4 @3xl:flex-row-reverse @3xl:items-start">
        {problems.length > 0 && (
          <section
            aria-labelledby={problemsTitle}
            className="rounded-lg border border-danger/40 bg-danger/5 p-3 text-sm @3xl:sticky @3xl:top-0 @3xl:w-72 @3xl:shrink-0"
          >
            <h4 id={problemsTitle} className="flex items-center gap-1.5 font-semibold text-danger">
              <CircleAlert aria-hidden="true" className="size-4" />
              {problems.length === 1 ? '1 problem' : `${problems.length} problems`}
            </h4>
            <ul className="mt-2 list-disc space-y-1 pl-5" aria-label="Deck problems" data-testid="deck-problems">
              {problems.map((p, i) => (
                <li key={`${p.code}-${i}`}>{p.message}</li>
              ))}
            </ul>
          </section>
        )}
        <div className="min-w-0 flex-1 space-y-4">
          {empty ? (
            <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">{NO_CARD_DATA}</p>
          ) : (
            <>
              <Section title="Main Deck" cards={deck.mainDeck} flagged={flagged} layout={mainDeckSlots(deck.mainDeck.length, perRow)} />
              {deck.extraDeck.length > 0 && <Section title="Extra Deck" cards={deck.extraDeck} flagged={flagged} layout={{ columns: perRow, slots: 0, width: 1 }} />}
              {deck.sideDeck.length > 0 && <Section title="Side Deck" cards={deck.sideDeck} flagged={flagged} layout={{ columns: perRow, slots: 0, width: 1 }} />}
            </>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" size="sm" onClick={download} disabled={empty}>
              <Download aria-hidden="true" />
              Download .ydk
            </Button>
            <YdkDownloadError error={ydk.error} />
          </div>
        </div>
      </div>
    </div>
  );
}

function Section({ title, cards, flagged, layout }: { title: string; cards: DeckCard[]; flagged: Set<number>; layout: { columns: number; slots: number; width: number } }) {
  const empties = Math.max(0, layout.slots - cards.length);
  const { columns } = layout;
  const headingId = useId();
  // not a landmark of its own (a report shows many decks, each with a Main Deck): a heading and its list
  return (
    <div>
      <h4 id={headingId} className="mb-1.5 text-sm font-semibold">
        {title} <span className="font-normal text-muted-foreground tabular-nums">({cards.length})</span>
      </h4>
      <ul
        aria-labelledby={headingId}
        className="grid gap-1"
        // rows of 4 keep the card size of full rows
        style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, maxWidth: `${layout.width * 100}%` }}
        data-testid={`deck-${title.split(' ')[0]!.toLowerCase()}`}
        data-columns={columns}
      >
        {cards.map((c, i) => (
          <li key={`${c.cardId}-${i}`}>
            <CardTile card={c} flagged={flagged.has(c.cardId)} />
          </li>
        ))}
        {Array.from({ length: empties }, (_, i) => (
          <li key={`empty-${i}`} aria-hidden="true" className="aspect-[59/86] rounded-sm border border-dashed bg-muted/40" />
        ))}
      </ul>
    </div>
  );
}

/** A card's small picture (its back when unknown or missing), enlarged on hover or tap; the report's decks use it too. */
export function CardTile({ card, flagged = false }: { card: Pick<DeckCard, 'cardId' | 'cardName'>; flagged?: boolean }) {
  const { name, known } = cardLabel(card);
  const [failed, setFailed] = useState(false);
  const ring = flagged ? 'ring-2 ring-danger ring-offset-1 ring-offset-card' : '';
  if (!known || failed) {
    return (
      <span role="img" aria-label={name} title={name} className={cn('block rounded-sm', ring)} data-testid="card-back">
        <CardBack label={name} />
      </span>
    );
  }
  return (
    <CardThumbnail cardId={card.cardId} name={name} width={59} className={cn('w-full', ring)}>
      <img
        src={`/api/cards/${card.cardId}/image?size=small`}
        // the button around it is named "Preview {name}": the picture adds nothing for a screen reader
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
        className="aspect-[59/86] w-full rounded-sm bg-muted object-cover"
      />
    </CardThumbnail>
  );
}

/** The back of a card, for ids the card database does not know; the id stays readable on it. */
export function CardBack({ label }: { label: string }) {
  return (
    <span className="relative flex aspect-[59/86] w-full items-center justify-center overflow-hidden rounded-sm border border-amber-950/60 bg-gradient-to-br from-amber-800 via-amber-950 to-stone-900 shadow-sm">
      <span aria-hidden="true" className="absolute inset-[12%] rounded-[50%] border border-amber-400/40 bg-stone-950/60" />
      <span className="relative px-0.5 text-center text-[0.5rem] leading-tight font-semibold break-all text-amber-100 @max-xs:hidden">
        {label}
      </span>
    </span>
  );
}
