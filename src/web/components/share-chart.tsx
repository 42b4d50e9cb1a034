// Archetype shares as a bar chart (recharts) with the same numbers in a table beside it: the chart
// is decoration for sighted readers (aria-hidden), the table is what screen readers and keyboards
// use. Shared by the event report and the /meta page.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ArchetypeShareBody } from '../../domain/api/records.ts';

export const percent = (x: number) => `${(Math.round(x * 1000) / 10).toFixed(1)}%`;

/** At most this many bars; the table lists every archetype. */
const CHART_BARS = 12;

export function ShareChart({ rows, caption, id }: { rows: readonly ArchetypeShareBody[]; caption: string; id: string }) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">No decks to count yet.</p>;
  const data = rows.slice(0, CHART_BARS).map((r) => ({
    archetype: r.archetype, 'Share of decks': Math.round(r.share * 1000) / 10, 'Share of top cuts': Math.round(r.topCutShare * 1000) / 10,
  }));
  return (
    <div className="grid gap-4 desktop:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]" data-testid={`${id}-chart`}>
      <div aria-hidden="true" className="h-72 min-w-0 mobile:h-64">
        <ResponsiveContainer width="100%" height="100%">
          {/* no keyboard layer: the chart is aria-hidden (a focusable element inside it is an axe error); the table is for keyboards */}
          <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16, top: 8, bottom: 8 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" unit="%" domain={[0, 'dataMax']} tick={{ fontSize: 12 }} />
            <YAxis type="category" dataKey="archetype" width={110} tick={{ fontSize: 12 }} interval={0} />
            <Tooltip formatter={(v) => `${v}%`} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="Share of decks" fill="#2563eb" />
            <Bar dataKey="Share of top cuts" fill="#d97706" />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`${caption} table`}>
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
      </div>
    </div>
  );
}
