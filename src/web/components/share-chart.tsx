// Archetype shares as a bar chart with the same numbers in a table beside it: the chart is decoration
// for sighted readers (aria-hidden), the table is what screen readers and keyboards use. Shared by the
// event report and the /meta page. Plain HTML bars sized in percent (no chart library): it lays out at
// any width without measuring, draws no animation to wait for, and is markup a validator accepts
// (Recharts 3 wrote sizes and axis props as attributes SVG does not have, and weighed 440 kB).
import type { ArchetypeShareBody } from '../../domain/api/records.ts';
import { shareScale } from './chart-scale.ts';

export const percent = (x: number) => `${(Math.round(x * 1000) / 10).toFixed(1)}%`;

/** At most this many bars; the table lists every archetype. */
const CHART_BARS = 12;

const SERIES = [
  { label: 'Share of decks', value: (r: ArchetypeShareBody) => r.share, colour: 'bg-blue-600' },
  { label: 'Share of top cuts', value: (r: ArchetypeShareBody) => r.topCutShare, colour: 'bg-amber-600' },
] as const;

export function ShareChart({ rows, caption, id }: { rows: readonly ArchetypeShareBody[]; caption: string; id: string }) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">No decks to count yet.</p>;
  return (
    <div className="grid gap-4 desktop:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]" data-testid={`${id}-chart`}>
      <Bars rows={rows.slice(0, CHART_BARS)} />
      <section className="overflow-x-auto" tabIndex={0} aria-label={`${caption} table`}>
        <table className="w-full text-sm" data-testid={`${id}-table`}>
          <caption className="sr-only">{caption}</caption>
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-2">Archetype</th>
              <th scope="col" className="px-2 py-2 text-right">Decks</th>
              <th scope="col" className="px-2 py-2 text-right">Share</th>
              <th scope="col" className="px-2 py-2 text-right">Top cut</th>
              <th scope="col" className="px-2 py-2 text-right">Conversion</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.archetype} className="border-t">
                <th scope="row" className="py-1.5 pr-2 text-left font-medium">{r.archetype}</th>
                <td className="px-2 py-1.5 text-right tabular-nums">{r.decks}</td>
                <td className="px-2 py-1.5 text-right tabular-nums">{percent(r.share)}</td>
                <td className="px-2 py-1.5 text-right tabular-nums">{r.topCut}</td>
                <td className="px-2 py-1.5 text-right tabular-nums">{percent(r.conversion)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

/**
 * Two bars per archetype on one percent axis: a grid of name, bars and a spare column the value
 * beside the longest bar runs into; the dashed lines of the ticks lie under the bars.
 */
function Bars({ rows }: { rows: readonly ArchetypeShareBody[] }) {
  const { max, ticks } = shareScale(Math.max(...rows.flatMap((r) => SERIES.map((s) => s.value(r)))));
  const at = (pct: number) => `${(pct / max) * 100}%`;
  return (
    <div aria-hidden="true" className="min-w-0 text-xs" data-testid="share-bars">
      <p className="mb-3 flex flex-wrap justify-center gap-x-4 gap-y-1">
        {SERIES.map((s) => (
          <span key={s.label} className="inline-flex items-center gap-1.5">
            <span className={`size-2.5 rounded-sm ${s.colour}`} />
            {s.label}
          </span>
        ))}
      </p>
      <div className="grid grid-cols-[7rem_minmax(0,1fr)_2.75rem] gap-x-2 mobile:grid-cols-[5.5rem_minmax(0,1fr)_2.75rem]">
        <div className="relative" style={{ gridColumn: 2, gridRow: `1 / span ${rows.length}` }}>
          {ticks.map((t) => (
            <span key={t} className="absolute inset-y-0 border-l border-dashed border-border" style={{ left: at(t) }} />
          ))}
        </div>
        {rows.map((r, i) => (
          <div key={r.archetype} className="contents">
            <span className="truncate py-1.5 text-right leading-tight" style={{ gridColumn: 1, gridRow: i + 1 }} title={r.archetype}>
              {r.archetype}
            </span>
            <div className="relative flex flex-col justify-center gap-0.5 py-1.5" style={{ gridColumn: 2, gridRow: i + 1 }}>
              {SERIES.map((s) => (
                <span key={s.label} className="flex items-center gap-1" data-testid="share-bar">
                  <span className={`h-2.5 shrink-0 rounded-r-sm ${s.colour}`} style={{ width: at(s.value(r) * 100) }} />
                  <span className="text-[0.6875rem] leading-none whitespace-nowrap text-muted-foreground tabular-nums">{percent(s.value(r))}</span>
                </span>
              ))}
            </div>
          </div>
        ))}
        <div className="relative h-5 border-t" style={{ gridColumn: 2, gridRow: rows.length + 1 }}>
          {ticks.map((t) => (
            <span key={t} className="absolute top-1 -translate-x-1/2 text-muted-foreground tabular-nums" style={{ left: at(t) }}>
              {t}%
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}
