// The cards of the meta by inclusion in the published decks: picture, name, share of decks that
// play it, copies per deck that plays it, share of top-cut decks, and its status on the list. On
// phones the copies, top cut and status go under the name, so the table fits 390 px without scrolling.
import { useState } from 'react';
import type { MetaBody } from '../../../domain/api/records.ts';
import { STATUS_LABEL, type CardStatus } from '../../../domain/banlists/statuses.ts';
import { CardThumbnail } from '../../components/card-preview.tsx';
import { CardLink } from '../../components/card-link.tsx';
import { percent } from '../../components/share-chart.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { STATUS_TONE } from '../../components/status-style.ts';

const copies = (n: number) => (Math.round(n * 10) / 10).toFixed(1);
/** Rows shown before "Show all": the most played cards, without a page of 100 pictures. */
export const CARDS_SHOWN = 40;

export function StatusBadge({ status }: { status: CardStatus }) {
  return status === 'NONE' ? <Badge>Not listed</Badge> : <Badge tone={STATUS_TONE[status]}>{STATUS_LABEL[status]}</Badge>;
}

export function MetaCardsTable({ cards, statusList, initial = CARDS_SHOWN }: {
  cards: MetaBody['cards'];
  statusList: string;
  /** rows before "Show all" */
  initial?: number;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? cards : cards.slice(0, initial);
  return (
    <>
      <section className="relative overflow-x-auto" tabIndex={0} aria-label="Cards by inclusion table">
        <table className="w-full text-sm" data-testid="meta-cards">
          <caption className="sr-only">Cards by inclusion in the published decks, with their status on {statusList}</caption>
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="w-12 py-2 pr-2"><span className="sr-only">Picture</span></th>
              <th scope="col" className="px-2 py-2">Card</th>
              <th scope="col" className="px-2 py-2 text-right">Inclusion</th>
              <th scope="col" className="px-2 py-2 text-right mobile:hidden">Avg copies</th>
              <th scope="col" className="px-2 py-2 text-right mobile:hidden">Top-cut inclusion</th>
              <th scope="col" className="py-2 pl-2 mobile:hidden">Status</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((c) => (
              <tr key={c.passcode} className="border-t" data-testid="meta-card-row" data-passcode={c.passcode}>
                <td className="py-1.5 pr-2">
                  <CardThumbnail cardId={c.passcode} name={c.name} width={36} />
                </td>
                <th scope="row" className="px-2 py-1.5 text-left font-medium">
                  <CardLink passcode={c.passcode} name={c.name} />
                  <span className="hidden text-xs font-normal text-muted-foreground mobile:block">
                    {copies(c.averageCopies)} copies · top cut {percent(c.topCutInclusion)}
                  </span>
                  <span className="hidden pt-1 mobile:block"><StatusBadge status={c.status} /></span>
                </th>
                <td className="px-2 py-1.5 text-right tabular-nums">
                  {percent(c.inclusion)}
                  <span className="block text-xs text-muted-foreground">{c.decks} {c.decks === 1 ? 'deck' : 'decks'}</span>
                </td>
                <td className="px-2 py-1.5 text-right tabular-nums mobile:hidden">{copies(c.averageCopies)}</td>
                <td className="px-2 py-1.5 text-right tabular-nums mobile:hidden">{percent(c.topCutInclusion)}</td>
                <td className="py-1.5 pl-2 mobile:hidden"><StatusBadge status={c.status} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {cards.length > shown.length && (
        <Button variant="secondary" className="mt-3" onClick={() => setAll(true)}>
          Show all {cards.length} cards
        </Button>
      )}
    </>
  );
}
