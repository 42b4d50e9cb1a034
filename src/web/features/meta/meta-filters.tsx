// The filters of /meta: banlist, series, a date range and what was played (events, leagues or both;
// issue 41), each a control that rewrites the URL
// (the URL is the state, so a meta can be shared as a link). A <search> landmark, not a <form>:
// nothing is submitted, and a form without a submit button fails WCAG's H32. The banlist control
// says its default plainly, 'Events on: 2026.07 OCG (current list)', with 'All lists' to widen
// (issue 30 §8: a meta of every format at once described none of them).
import { useId } from 'react';
import { X } from 'lucide-react';
import { META_KIND_LABEL, META_KINDS, type MetaBody, type MetaKind } from '../../../domain/api/records.ts';
import { ALL_BANLISTS } from '../../../domain/meta/banlist-filter.ts';
import { Button } from '../../components/ui/button.tsx';
import { FILTER_NAMES, type MetaFilters } from './meta-api.ts';

const ALL = '';
const control = 'h-10 w-full rounded-md border bg-card px-3 text-sm';

export function MetaFilterBar({ filters, options, onChange }: {
  filters: MetaFilters;
  /** what the filters can take (the last answer's lists; absent while the first loads) */
  options: Pick<MetaBody, 'banlists' | 'seriesOptions' | 'series' | 'currentBanlist'> | undefined;
  /** the filters to set (a key given as undefined is cleared) */
  onChange: (patch: MetaFilters) => void;
}) {
  const id = useId();
  const current = options?.currentBanlist;
  // the current list is the default option (no filter in the URL), not a second one
  const banlists = (options?.banlists ?? []).filter((b) => b !== current);
  const banlist = filters.banlist === current ? ALL : filters.banlist;
  const seriesOptions = options?.seriesOptions ?? [];
  const any = FILTER_NAMES.some((k) => filters[k]);
  return (
    <search
      className="grid grid-cols-[repeat(5,minmax(0,1fr))_auto] items-end gap-3 rounded-xl border bg-card p-4 mobile:grid-cols-2"
      aria-label="Meta filters"
      data-testid="meta-filters"
    >
      {/* the lists and series take a whole row on a phone: '2026.07 OCG (current list)' stays whole */}
      <div className="flex min-w-0 flex-col gap-1 mobile:col-span-2">
        <label htmlFor={`${id}-banlist`} className="text-sm font-medium">Events on</label>
        <select id={`${id}-banlist`} className={control} value={banlist ?? ALL} onChange={(e) => onChange({ banlist: e.target.value || undefined })}>
          <option value={ALL}>{current ? `${current} (current list)` : current === null ? 'All lists (no list yet)' : 'The current list'}</option>
          <option value={ALL_BANLISTS}>All lists</option>
          {banlists.map((b) => <option key={b} value={b}>{b}</option>)}
          {/* a list from the URL that no event was played on is still the one shown */}
          {banlist && banlist !== ALL_BANLISTS && !banlists.includes(banlist) && <option value={banlist}>{banlist}</option>}
        </select>
      </div>
      <div className="flex min-w-0 flex-col gap-1 mobile:col-span-2">
        <label htmlFor={`${id}-series`} className="text-sm font-medium">Series</label>
        <select id={`${id}-series`} className={control} value={filters.series ?? ALL} onChange={(e) => onChange({ series: e.target.value || undefined })}>
          <option value={ALL}>All series</option>
          {seriesOptions.map((s) => <option key={s.uid} value={s.uid}>{s.name}</option>)}
          {filters.series && !seriesOptions.some((s) => s.uid === filters.series) && (
            <option value={filters.series}>{options?.series?.name ?? 'This series'}</option>
          )}
        </select>
      </div>
      <div className="flex min-w-0 flex-col gap-1 mobile:col-span-2">
        <label htmlFor={`${id}-kind`} className="text-sm font-medium">Played in</label>
        <select id={`${id}-kind`} className={control} value={filters.kind ?? ALL} onChange={(e) => onChange({ kind: (e.target.value || undefined) as MetaKind | undefined })}>
          <option value={ALL}>Events and leagues</option>
          {META_KINDS.map((k) => <option key={k} value={k}>{META_KIND_LABEL[k]}</option>)}
        </select>
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${id}-from`} className="text-sm font-medium">From</label>
        <input id={`${id}-from`} type="date" className={control} value={filters.from ?? ''} max={filters.to} onChange={(e) => onChange({ from: e.target.value || undefined })} />
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${id}-to`} className="text-sm font-medium">To</label>
        <input id={`${id}-to`} type="date" className={control} value={filters.to ?? ''} min={filters.from} onChange={(e) => onChange({ to: e.target.value || undefined })} />
      </div>
      <Button variant="ghost" disabled={!any} className="mobile:col-span-2" onClick={() => onChange({ banlist: undefined, series: undefined, from: undefined, to: undefined, kind: undefined })}>
        <X aria-hidden="true" />
        Clear filters
      </Button>
    </search>
  );
}
