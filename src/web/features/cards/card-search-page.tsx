// /cards?q=&text=&kind=…&sort= (issue 32 §1): find any card. The filters live in the address (a search is
// a link to share); results come 30 at a time with 'Load more'; each picture loads as it comes into view
// (loading="lazy"); each result leads to the card's page.
import { Link, useSearchParams } from 'react-router';
import type { CardSearchItem } from '../../../domain/api/card-search.ts';
import { STATUS_LABEL } from '../../../domain/banlists/statuses.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { STATUS_TONE } from '../../components/status-style.ts';
import { CARD_FILTER_NAMES, filtersOf, filtersQuery, useCardSearch, type CardFilters } from './card-search-api.ts';
import { CardSearchFilters } from './card-search-filters.tsx';

export function CardSearchPage() {
  useDocumentTitle('Cards');
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const search = useCardSearch(filters);

  const change = (patch: CardFilters) => {
    // from the address as it is now: two quick changes (a name typed, then a kind picked) both stay
    const next = { ...filtersOf(new URLSearchParams(window.location.search)), ...patch };
    setParams(filtersQuery(next), { replace: true });
  };
  const clear = () => change(Object.fromEntries(CARD_FILTER_NAMES.map((k) => [k, undefined])));
  const pages = search.data?.pages ?? [];
  const first = pages[0];
  const cards = pages.flatMap((p) => p.cards);

  return (
    <section className="space-y-5" aria-labelledby="cards-title">
      <div>
        <h1 id="cards-title" className="text-2xl font-bold">Cards</h1>
        <p className="text-sm text-muted-foreground">Every card EDOPro knows, official and unofficial: find one by its name, its text or its stats.</p>
      </div>
      <CardSearchFilters filters={filters} onChange={change} />
      {search.isPending ? (
        <p role="status" className="text-muted-foreground">Searching the cards…</p>
      ) : search.isError && !first ? (
        <div className="space-y-3">
          <Alert>
            {search.error instanceof ApiError && search.error.status === 400
              ? `This search cannot be made: ${search.error.message}`
              : `Failed to search the cards: ${search.error.message}`}
          </Alert>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={clear}>Clear filters</Button>
            <Button variant="ghost" onClick={() => void search.refetch()}>Try again</Button>
          </div>
        </div>
      ) : first && first.total === 0 ? (
        <div className="space-y-3 rounded-xl border bg-card p-5" data-testid="cards-empty">
          <p role="status" className="text-muted-foreground">No card matches these filters.</p>
          <Button variant="secondary" onClick={clear}>Clear filters</Button>
        </div>
      ) : first ? (
        <div className={cn('space-y-4', search.isPlaceholderData && 'opacity-60')} aria-busy={search.isPlaceholderData}>
          <p role="status" className="text-sm text-muted-foreground" data-testid="cards-count">
            {first.total.toLocaleString('en')} {first.total === 1 ? 'card' : 'cards'}
            {first.banlist && ` · statuses on the list of ${first.banlist.date} (${first.banlist.name})`}
          </p>
          {search.isError && <Alert>This search cannot be made: {search.error.message}</Alert>}
          <ul className="grid grid-cols-2 gap-3 mobile:grid-cols-1" data-testid="card-results">
            {cards.map((c) => <CardResult key={c.passcode} card={c} listIsWhitelist={first.banlist?.whitelist ?? false} />)}
          </ul>
          <LoadMore search={search} shown={cards.length} total={first.total} />
        </div>
      ) : null}
    </section>
  );
}

function LoadMore({ search, shown, total }: { search: ReturnType<typeof useCardSearch>; shown: number; total: number }) {
  if (!search.hasNextPage) return null;
  return (
    <div className="flex flex-col items-center gap-1">
      <Button variant="secondary" disabled={search.isFetchingNextPage} onClick={() => void search.fetchNextPage()}>
        {search.isFetchingNextPage ? 'Loading…' : 'Load more'}
      </Button>
      <p className="text-xs text-muted-foreground">{shown.toLocaleString('en')} of {total.toLocaleString('en')} shown</p>
    </div>
  );
}

/** "Level 4 · ATK 1800 · DEF 1000", "Rank 4 · ATK 2500 · DEF 2000", "Link 2 · ATK 1500". */
function statsLine(c: CardSearchItem): string {
  const parts = [
    c.level !== null ? `Level ${c.level}` : c.rank !== null ? `Rank ${c.rank}` : c.linkRating !== null ? `Link ${c.linkRating}` : null,
    c.atk !== null ? `ATK ${c.atk}` : null,
    c.def !== null ? `DEF ${c.def}` : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

function CardResult({ card, listIsWhitelist }: { card: CardSearchItem; listIsWhitelist: boolean }) {
  const stats = statsLine(card);
  const status = card.status;
  return (
    <li>
      <Link
        to={`/cards/${card.passcode}`}
        className="flex h-full gap-3 rounded-xl border bg-card p-3 transition-colors hover:border-primary focus-visible:border-primary"
        data-testid="card-result"
      >
        {/* the name is the link's text: the picture adds nothing to read */}
        <img src={card.imageUrl} alt="" loading="lazy" decoding="async" width={56} height={82} className="h-[82px] w-14 shrink-0 rounded bg-muted object-cover" />
        <div className="min-w-0 space-y-1">
          <p className="font-medium break-words">{card.name}</p>
          <p className="text-xs text-muted-foreground">{[card.typeLine, card.attribute].filter(Boolean).join(' · ')}</p>
          {stats && <p className="text-xs tabular-nums text-muted-foreground">{stats}</p>}
          <div className="flex flex-wrap items-center gap-2">
            {/* unlimited is every unlisted card of a blacklist: said only on a whitelist, where it means 'on it' */}
            {status && status !== 'NONE' && (listIsWhitelist || status !== 'UNLIMITED') && <Badge tone={STATUS_TONE[status]}>{STATUS_LABEL[status]}</Badge>}
            {status === 'NONE' && <Badge>Not on the list</Badge>}
            {card.share !== null && card.share > 0 && <span className="text-xs text-muted-foreground">in {Math.round(card.share * 100)}% of decks</span>}
          </div>
        </div>
      </Link>
    </li>
  );
}
