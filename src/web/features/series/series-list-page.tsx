import { Link } from 'react-router';
import { Layers, Pencil, Plus, Trophy } from 'lucide-react';
import type { SeriesSummary } from '../../../domain/api/series.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { CoverImage } from '../../components/ui/fallback-image.tsx';
import { useSession } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSeriesSummaries } from './series-api.ts';
import { SeriesBanlistLine } from './series-card.tsx';

/** Spec 2 §2 /series: every series as a card, with Host and Edit links. */
export function SeriesListPage() {
  useDocumentTitle('Series');
  const { user } = useSession();
  const series = useSeriesSummaries();
  const curator = (user?.auth ?? 0) >= 1;

  return (
    <section className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">Series</h1>
          <p className="text-muted-foreground">Rule presets that tournaments are hosted from.</p>
        </div>
        {curator && (
          <Link to="/series/new" className={buttonClasses('primary')}>
            <Plus aria-hidden="true" />
            New Series
          </Link>
        )}
      </header>

      {series.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading series…
        </p>
      ) : series.isError ? (
        <Alert>Failed to load series</Alert>
      ) : series.data.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">No series found.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Series">
          {series.data.map((s) => (
            <li key={s.id}>
              <SeriesListCard series={s} canEdit={curator} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SeriesListCard({ series: s, canEdit }: { series: SeriesSummary; canEdit: boolean }) {
  const id = encodeURIComponent(s.id);
  return (
    <article
      data-testid="series-card"
      className="group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition focus-within:border-primary/50 hover:border-primary/50 hover:shadow-md"
    >
      <div className="aspect-[16/9] overflow-hidden bg-muted">
        <CoverImage src={s.picture} alt="" gradient="wide" icon={<Layers aria-hidden="true" className="size-10 text-primary/70" />} />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="font-semibold leading-snug">
          {/* the name's link covers the whole card; the action links sit above it */}
          <Link to={`/series/${id}`} className="rounded group-hover:text-primary after:absolute after:inset-0 after:content-['']">
            {s.name}
          </Link>
        </h2>
        {s.description && <p className="line-clamp-3 text-sm text-muted-foreground">{s.description}</p>}
        <SeriesBanlistLine banlistName={s.banlistName} />
        <div className="relative z-10 mt-auto flex flex-wrap gap-2 pt-2">
          <Link to={`/tournaments/host/${id}`} className={buttonClasses('secondary', 'sm')} aria-label={`Host a tournament from ${s.name}`}>
            <Trophy aria-hidden="true" />
            Host
          </Link>
          {canEdit && (
            <Link to={`/series/${id}/edit`} className={buttonClasses('ghost', 'sm')} aria-label={`Edit ${s.name}`}>
              <Pencil aria-hidden="true" />
              Edit
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
