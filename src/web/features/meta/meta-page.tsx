// /meta?banlist=&series=&from=&to=&kind= (issue 20): the format's meta; a final league's runs count as an event's decks (issue 41). The archetypes' shares of decks and
// of top cuts (every recorded deck) as a chart with its table, and the cards by inclusion in the
// published decks with their status on the list. The filters live in the URL: a meta is a link.
// Without a banlist in it, the current list's events (?banlist=all: every event; issue 30 §8).
import { useSearchParams } from 'react-router';
import { META_KINDS, type MetaBody } from '../../../domain/api/records.ts';
import { ALL_BANLISTS } from '../../../domain/meta/banlist-filter.ts';
import { CardPreviewProvider } from '../../components/card-preview.tsx';
import { ShareChart } from '../../components/share-chart.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { ApiError } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { FILTER_NAMES, useMeta, type MetaFilters } from './meta-api.ts';
import { MetaCardsTable } from './meta-cards-table.tsx';
import { MetaFilterBar } from './meta-filters.tsx';

export function MetaPage() {
  const [params, setParams] = useSearchParams();
  const filters: MetaFilters = Object.fromEntries(FILTER_NAMES.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : [])));
  // a kind the URL names that is no kind is left out, not sent to be refused
  if (filters.kind && !(META_KINDS as readonly string[]).includes(filters.kind)) delete filters.kind;
  const meta = useMeta(filters);
  const list = filters.banlist ?? meta.data?.currentBanlist;
  useDocumentTitle(filters.banlist === ALL_BANLISTS ? 'The format’s meta on every list' : list ? `Meta of ${list}` : 'The format’s meta');

  const change = (patch: MetaFilters) => {
    // from the address as it is now, not as this render saw it: a second change before the page has
    // rendered the first (a series cleared, then a date typed at once) keeps the first
    const next = new URLSearchParams(window.location.search);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
  };
  const status = meta.error instanceof ApiError ? meta.error.status : undefined;

  return (
    <section className="space-y-5" aria-labelledby="meta-title">
      <div>
        <h1 id="meta-title" className="text-2xl font-bold">The format’s meta</h1>
        <p className="text-sm text-muted-foreground">
          What the recorded events and final leagues were played with: archetypes over every approved deck (a league’s runs
          with a result among them), cards over the decks made public.
        </p>
      </div>
      <MetaFilterBar filters={filters} options={meta.data} onChange={change} />
      {meta.isPending ? (
        <p role="status" className="text-muted-foreground">Loading the meta…</p>
      ) : status === 404 ? (
        <div className="space-y-3">
          <Alert>Series not found: no series has this id.</Alert>
          <Button variant="secondary" onClick={() => change({ series: undefined })}>Show every series</Button>
        </div>
      ) : status === 400 ? (
        <div className="space-y-3">
          <Alert>These dates cannot be used: {meta.error?.message}</Alert>
          <Button variant="secondary" onClick={() => change({ from: undefined, to: undefined })}>Clear the dates</Button>
        </div>
      ) : meta.isError ? (
        <div className="space-y-3">
          <Alert>Failed to load the meta: {meta.error.message}</Alert>
          <Button variant="secondary" onClick={() => void meta.refetch()}>Try again</Button>
        </div>
      ) : meta.data.events + meta.data.leagues === 0 ? (
        <div className="space-y-3 rounded-xl border bg-card p-5" data-testid="meta-empty">
          <p className="text-muted-foreground">
            {meta.data.kind === 'leagues' ? 'No final league matches these filters' : 'No recorded event matches these filters'}
            {meta.data.banlist ? ` on ${meta.data.banlist}` : ''}. Events appear here once their winner is marked, leagues once their leaderboard is final.
          </p>
          {meta.data.banlist !== null && (
            <Button variant="secondary" onClick={() => change({ banlist: ALL_BANLISTS })}>Show events on all lists</Button>
          )}
        </div>
      ) : (
        <MetaView meta={meta.data} stale={meta.isPlaceholderData} />
      )}
    </section>
  );
}

function MetaView({ meta, stale }: { meta: MetaBody; stale: boolean }) {
  const statusList = meta.banlist ?? meta.currentBanlist ?? 'the current list';
  return (
    <div className={cn('space-y-5', stale && 'opacity-60')} aria-busy={stale} data-testid="meta-view">
      <dl className="grid grid-cols-5 gap-3 mobile:grid-cols-2" data-testid="meta-totals">
        <Figure label="Events" value={meta.events} />
        <Figure label="Leagues" value={meta.leagues} />
        <Figure label="Decks" value={meta.decks} />
        <Figure label="Top-cut decks" value={meta.topCutDecks} />
        <Figure label="Public decks" value={meta.publishedDecks} />
      </dl>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Archetypes</CardTitle>
          <p className="text-sm text-muted-foreground">Share of every approved deck, share of the top cuts, and how often the archetype made the cut.</p>
        </CardHeader>
        <CardContent>
          <ShareChart rows={meta.archetypes} caption="Archetypes by share of decks" id="meta-archetypes" />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Cards by inclusion</CardTitle>
          <p className="text-sm text-muted-foreground">
            In the {meta.publishedDecks} public {meta.publishedDecks === 1 ? 'deck' : 'decks'} (Main and Extra Deck); status on {statusList}.
          </p>
        </CardHeader>
        <CardContent>
          {meta.cards.length === 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="meta-cards-empty">
              No public deck in these events: their hosts kept the decks closed.
            </p>
          ) : (
            <CardPreviewProvider>
              {/* other filters start again from the most played cards */}
              <MetaCardsTable key={JSON.stringify([meta.banlist, meta.series?.uid, meta.from, meta.to, meta.kind])} cards={meta.cards} statusList={statusList} />
            </CardPreviewProvider>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border bg-card px-4 py-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value.toLocaleString('en')}</dd>
    </div>
  );
}
