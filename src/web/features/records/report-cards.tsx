// A report deck's cards (issue 30 §8): the text list ('3x Card Name') and the pictures, compact (one
// small picture per card with its copies on it) or every copy in the deck's own order.
import { useId } from 'react';
import type { DeckCard, PublishedDeck } from '../../../domain/api/records.ts';
import { CardTile } from '../tournaments/decks/deck-preview.tsx';
import { CardLink } from '../../components/card-link.tsx';
import { byKind, deckList, PART_TITLE, type DeckPart } from './deck-list.ts';

/** The reader's last choice of pictures, kept for the next report (localStorage; absent: compact). */
const EVERY_COPY_KEY = 'fh.report.everyCopy';

export function storedEveryCopy(): boolean {
  try {
    return localStorage.getItem(EVERY_COPY_KEY) === '1';
  } catch {
    return false; // storage refused (a private window, a policy)
  }
}

export function storeEveryCopy(on: boolean): void {
  try {
    localStorage.setItem(EVERY_COPY_KEY, on ? '1' : '0');
  } catch {
    // the choice then lasts for this page only
  }
}

/** Main, Extra and Side as a decklist is written, the Main Deck under Monsters, Spells and Traps. */
export function DeckText({ deck }: { deck: Pick<PublishedDeck, DeckPart> }) {
  const base = useId();
  return (
    // two columns where the deck is wide (Main, then Extra and Side), so the list is not three times the pictures' height
    <div className="text-sm @4xl:columns-2 @4xl:gap-6" data-testid="deck-list">
      {deckList(deck).map((p) => (
        <div key={p.part} className="mb-3 break-inside-avoid last:mb-0">
          <h4 id={`${base}-${p.part}`} className="font-semibold">
            {p.title} <span className="font-normal text-muted-foreground tabular-nums">({p.count})</span>
          </h4>
          {p.groups.map((g, i) => (
            <div key={g.title ?? 'all'} className="mt-1">
              {g.title && (
                <p className="text-xs font-medium text-muted-foreground" id={`${base}-${p.part}-${i}`}>
                  {g.title} <span className="tabular-nums">({g.count})</span>
                </p>
              )}
              <ul aria-labelledby={g.title ? `${base}-${p.part} ${base}-${p.part}-${i}` : `${base}-${p.part}`}>
                {g.lines.map((l) => (
                  <li key={l.name} className="break-words tabular-nums" data-testid="deck-line">
                    {l.count}x <CardLink passcode={l.passcode} name={l.name} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/** One entry per copy, in the deck's own order (EDOPro's). */
const everyCopyOf = (cards: readonly DeckCard[]): DeckCard[] => cards.flatMap((c) => Array.from({ length: c.count }, () => ({ ...c, count: 1 })));

/** The pictures: compact (a picture per card, '×3' on it, in the text list's order) or every copy. */
export function DeckPictures({ deck, everyCopy }: { deck: Pick<PublishedDeck, DeckPart>; everyCopy: boolean }) {
  const base = useId();
  const parts = (['main', 'extra', 'side'] as const).filter((p) => deck[p].length > 0);
  return (
    <div className="min-w-0 space-y-3" data-testid="deck-pictures" data-every-copy={everyCopy}>
      {parts.map((part: DeckPart) => {
        const cards = everyCopy ? everyCopyOf(deck[part]) : byKind(deck[part]);
        return (
          <div key={part}>
            <p id={`${base}-${part}`} className="mb-1 text-xs font-medium text-muted-foreground">
              {PART_TITLE[part]} pictures
            </p>
            <ul
              aria-labelledby={`${base}-${part}`}
              className="grid gap-1"
              // small pictures, as many to a row as fit the width: 5 on a phone, 10 beside the list at 1280 px
              style={{ gridTemplateColumns: `repeat(auto-fill, minmax(${everyCopy ? '3rem' : '3.25rem'}, 1fr))` }}
              data-testid={`deck-${part}`}
            >
              {cards.map((c, i) => (
                <li key={`${c.passcode}-${i}`} className="relative">
                  <CardTile card={{ cardId: c.passcode, cardName: c.name }} />
                  {c.count > 1 && (
                    // the text list says the copies to a screen reader
                    <span aria-hidden="true" className="pointer-events-none absolute right-0.5 bottom-0.5 rounded bg-black/75 px-1 text-xs font-semibold text-white tabular-nums" data-testid="card-copies">
                      ×{c.count}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

