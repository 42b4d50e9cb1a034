import { Link } from 'react-router';
import { Layers, ListChecks } from 'lucide-react';
import type { SeriesSummary } from '../../../domain/api/series.ts';
import { CoverImage } from '../../components/ui/fallback-image.tsx';

/** What the series holds (issue 30 §8): its banlist by name, or plainly none. */
export function SeriesBanlistLine({ banlistName, className }: { banlistName: string | null; className?: string }) {
  return (
    <p className={`flex items-start gap-1.5 text-xs text-muted-foreground ${className ?? ''}`} data-testid="series-card-banlist">
      <ListChecks aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      {banlistName ? <span>Banlist: <span className="font-medium text-foreground">{banlistName}</span></span> : <span>No banlist: the host picks one per event</span>}
    </p>
  );
}

export function SeriesCard({ series: s }: { series: SeriesSummary }) {
  return (
    <Link
      to={`/series/${encodeURIComponent(s.id)}`}
      data-testid="series-card"
      className="group flex h-full items-start gap-4 rounded-xl border bg-card p-4 shadow-sm transition hover:border-primary/50 hover:shadow-md"
    >
      <div className="size-16 shrink-0 overflow-hidden rounded-lg bg-muted">
        <CoverImage src={s.picture} alt="" gradient="square" icon={<Layers aria-hidden="true" className="size-7 text-primary/70" />} />
      </div>
      <div className="min-w-0">
        <h3 className="font-semibold leading-snug group-hover:text-primary">{s.name}</h3>
        {s.description && <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{s.description}</p>}
        <SeriesBanlistLine banlistName={s.banlistName} className="mt-1" />
      </div>
    </Link>
  );
}
