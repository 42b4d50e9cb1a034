// /cards/{passcode} (issue 32 §2): one card. Its picture (and alternate artworks), text, stats,
// archetypes and passcode; its status on every format list with the votes behind each change; its
// meta month by month; the public decklists that play it. Signed-in users propose it on the board.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Gavel } from 'lucide-react';
import type { CardHistory } from '../../../domain/api/card-pages.ts';
import type { CardDetail } from '../../../domain/api/cards.ts';
import { cardImageUrl } from '../../../domain/api/cards.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { FallbackImage } from '../../components/ui/fallback-image.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { passcodeOf, useCardDetail, useCardHistory } from './card-page-api.ts';
import { CardDecklists, CardMetaTable, CardTimeline } from './card-page-history.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';

export function CardPage() {
  const passcode = passcodeOf(useParams().passcode);
  const detail = useCardDetail(passcode);
  const history = useCardHistory(passcode);
  useDocumentTitle(detail.data?.name ?? 'Card');
  const missing = passcode === undefined || (detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400));

  if (missing) {
    return (
      <section className="space-y-3">
        <h1 className="text-2xl font-bold">Card not found</h1>
        <p className="text-muted-foreground">No card has this passcode.</p>
        <Link to="/cards" className={buttonClasses('secondary')}>Find a card</Link>
      </section>
    );
  }
  if (detail.isPending) return <p role="status" className="text-muted-foreground">Loading the card…</p>;
  if (detail.isError) return <Alert>The card could not be loaded. Please try again.</Alert>;
  const card = detail.data;
  return (
    <article className="space-y-6" aria-labelledby="card-title">
      <CardHeaderSection card={card} history={history.data} />
      {history.isPending ? (
        <p role="status" className="text-muted-foreground">Loading the card’s history…</p>
      ) : history.isError ? (
        <Alert>The card’s history could not be loaded. Please try again.</Alert>
      ) : (
        <>
          <CardTimeline statuses={history.data.statuses} />
          <CardMetaTable months={history.data.meta} />
          <CardDecklists decklists={history.data.decklists} total={history.data.decklistCount} />
        </>
      )}
    </article>
  );
}

function stats(card: CardDetail): [string, string][] {
  const rows: [string, string | number | null][] = [
    // the heading's line says the kind; the type line adds the monster's race and subtypes
    ['Type', card.typeLine === card.type ? null : card.typeLine],
    ['Attribute', card.attribute],
    ['Level', card.level],
    ['Rank', card.rank],
    ['Link', card.linkRating],
    ['Link arrows', card.linkMarkers?.join(', ') ?? null],
    ['Pendulum scales', card.leftScale === null ? null : `${card.leftScale} / ${card.rightScale}`],
    ['ATK', card.atk],
    ['DEF', card.def],
  ];
  return rows.filter((r): r is [string, string | number] => r[1] !== null).map(([k, v]) => [k, String(v)]);
}

function CardHeaderSection({ card, history }: { card: CardDetail; history: CardHistory | undefined }) {
  const { user } = useSession();
  const artworks = history?.artworks.length ? history.artworks : [card.id];
  const [shown, setShown] = useState(card.id);
  const newest = history?.statuses.at(-1);
  return (
    <div className="grid gap-5 desktop:grid-cols-[260px_minmax(0,1fr)]">
      <div className="space-y-2">
        <FallbackImage
          src={cardImageUrl(shown)}
          alt={`${card.name}${shown === card.id ? '' : `, artwork ${shown}`}`}
          className="mx-auto aspect-[59/86] w-full max-w-[260px] rounded-md bg-muted object-cover"
          fallback={<div className="mx-auto aspect-[59/86] w-full max-w-[260px] rounded-md bg-muted" />}
        />
        {artworks.length > 1 && (
          <ul aria-label="Artworks" className="flex flex-wrap justify-center gap-2">
            {artworks.map((id) => (
              <li key={id}>
                <button type="button" onClick={() => setShown(id)} aria-pressed={shown === id} aria-label={`Artwork ${id}`}
                  className="rounded-sm border-2 border-transparent aria-pressed:border-primary">
                  <img src={cardImageUrl(id, 'small')} alt="" loading="lazy" className="h-[58px] w-10 rounded-sm bg-muted object-cover" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="min-w-0 space-y-4">
        <div className="space-y-1">
          <h1 id="card-title" className="text-2xl font-bold break-words">{card.name}</h1>
          <p className="text-sm text-muted-foreground">{card.type}</p>
        </div>
        {newest && (
          <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="card-current-status">
            <StatusBadge status={newest.status} points={newest.points} />
            <span>on {newest.name}</span>
          </p>
        )}
        <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          {stats(card).map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-muted-foreground">{k}</dt>
              <dd className="font-medium">{v}</dd>
            </div>
          ))}
          {history && history.archetypes.length > 0 && (
            <div className="contents">
              <dt className="text-muted-foreground">Archetypes</dt>
              <dd className="flex flex-wrap gap-1">{history.archetypes.map((a) => <Badge key={a}>{a}</Badge>)}</dd>
            </div>
          )}
          <div className="contents">
            <dt className="self-center text-muted-foreground">Passcode</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <code className="font-mono" data-testid="card-passcode">{card.id}</code>
              <CopyButton text={() => String(card.id)} label="Copy" ariaLabel={`Copy the passcode ${card.id}`} />
            </dd>
          </div>
        </dl>
        <p className="text-sm whitespace-pre-line" data-testid="card-text">{card.text}</p>
        {user && (
          <Link to={`/judgement?propose=${card.id}`} className={buttonClasses('primary', 'md', 'mobile:min-h-11')}>
            <Gavel aria-hidden="true" />
            Propose on the judgement board
          </Link>
        )}
      </div>
    </div>
  );
}
