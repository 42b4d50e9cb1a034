// The filters of /cards: each control rewrites the address (the address is the search, so it can be
// shared). Name, text, kind, subtype and sort are always in view; the rest folds under 'More filters',
// open when one of them is in use. Typed fields wait for a pause (or Enter) before they search.
import { useEffect, useId, useState, type ChangeEvent, type ComponentProps, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { STATUS_LABEL } from '../../../domain/banlists/statuses.ts';
import {
  ATTRIBUTES, ATTRIBUTE_SLUGS, CARD_KINDS, CARD_SORTS, RACES, RACE_SLUGS, SORT_LABEL, STATUS_FILTERS, STATUS_OF_FILTER, SUBTYPES, SUBTYPE_NAMES,
} from '../../../domain/cards/card-vocabulary.ts';
import { Button } from '../../components/ui/button.tsx';
import { useBanlistDates } from '../banlists/banlists-api.ts';
import { CARD_FILTER_NAMES, useArchetypeNames, type CardFilterName, type CardFilters } from './card-search-api.ts';

const DEBOUNCE_MS = 300;
const control = 'h-10 w-full min-w-0 rounded-md border bg-card px-3 text-sm';
const MORE: readonly CardFilterName[] = ['attribute', 'race', 'level', 'atkMin', 'atkMax', 'defMin', 'defMax', 'archetype', 'banlist', 'status'];
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A text field that sets its filter after a pause in typing, at once on Enter; it follows the address when that changes. */
function DebouncedInput({ value, onCommit, ...props }: { value: string; onCommit: (v: string) => void } & Omit<ComponentProps<'input'>, 'value' | 'onChange'>) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // the address changed (a search made, Clear filters, Back): show what it holds
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  useEffect(() => {
    // the filter is the trimmed text: a trailing space is no new search
    if (draft.trim() === value) return;
    const t = setTimeout(() => onCommit(draft), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [draft, value, onCommit]);
  return (
    <input
      {...props}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && draft.trim() !== value) onCommit(draft);
      }}
    />
  );
}

function Field({ id, label, children, className }: { id: string; label: string; children: ReactNode; className?: string }) {
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className ?? ''}`}>
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      {children}
    </div>
  );
}

export function CardSearchFilters({ filters, onChange }: { filters: CardFilters; onChange: (patch: CardFilters) => void }) {
  const id = useId();
  const dates = useBanlistDates();
  // the 756 names come when the field is first used
  const [archetypesWanted, setArchetypesWanted] = useState(false);
  const archetypes = useArchetypeNames(archetypesWanted);
  const newest = dates.data?.[0];
  const set = (k: CardFilterName) => (v: string) => onChange({ [k]: v.trim() || undefined });
  const select = (k: CardFilterName) => ({ id: `${id}-${k}`, className: control, value: filters[k] ?? '', onChange: (e: ChangeEvent<HTMLSelectElement>) => onChange({ [k]: e.target.value || undefined }) });
  const moreInUse = MORE.filter((k) => filters[k]).length;
  const number = (k: CardFilterName, label: string) => (
    <Field id={`${id}-${k}`} label={label}>
      <DebouncedInput id={`${id}-${k}`} className={control} type="number" inputMode="numeric" min={0} step={100} value={filters[k] ?? ''} onCommit={set(k)} />
    </Field>
  );

  return (
    <search className="space-y-3 rounded-xl border bg-card p-4" aria-label="Card filters" data-testid="card-filters">
      <div className="grid grid-cols-[2fr_2fr_1fr_1fr_1fr] items-end gap-3 mobile:grid-cols-2">
        <Field id={`${id}-q`} label="Name" className="mobile:col-span-2">
          <DebouncedInput id={`${id}-q`} className={control} type="search" placeholder="e.g. dark magician" autoComplete="off" value={filters.q ?? ''} onCommit={set('q')} />
        </Field>
        <Field id={`${id}-text`} label="Card text" className="mobile:col-span-2">
          <DebouncedInput id={`${id}-text`} className={control} type="search" placeholder="e.g. banish graveyard" autoComplete="off" value={filters.text ?? ''} onCommit={set('text')} />
        </Field>
        <Field id={`${id}-kind`} label="Kind">
          <select {...select('kind')}>
            <option value="">Any kind</option>
            {CARD_KINDS.map((k) => <option key={k} value={k}>{capital(k)}</option>)}
          </select>
        </Field>
        <Field id={`${id}-subtype`} label="Subtype">
          <select {...select('subtype')}>
            <option value="">Any subtype</option>
            {SUBTYPE_NAMES.map((s) => <option key={s} value={s}>{SUBTYPES[s].label}</option>)}
            {filters.subtype?.includes(',') && <option value={filters.subtype}>{filters.subtype.split(',').map(capital).join(' + ')}</option>}
          </select>
        </Field>
        <Field id={`${id}-sort`} label="Sort by" className="mobile:col-span-2">
          <select {...select('sort')}>
            <option value="">{filters.q ? 'Best match' : SORT_LABEL.name}</option>
            {CARD_SORTS.filter((s) => s !== 'name' || filters.q).map((s) => <option key={s} value={s}>{SORT_LABEL[s]}</option>)}
          </select>
        </Field>
      </div>
      {/* keyed by whether a filter under it is in use, so a shared link opens it and Clear folds it */}
      <details key={moreInUse > 0 ? 'used' : 'unused'} open={moreInUse > 0} className="group">
        <summary className="cursor-pointer rounded-md py-1 text-sm font-medium text-primary">
          More filters{moreInUse > 0 ? ` (${moreInUse} in use)` : ''}
        </summary>
        <div className="mt-3 grid grid-cols-4 items-end gap-3 mobile:grid-cols-2">
          <Field id={`${id}-attribute`} label="Attribute">
            <select {...select('attribute')}>
              <option value="">Any attribute</option>
              {ATTRIBUTE_SLUGS.map((a) => <option key={a} value={a}>{ATTRIBUTES[a].label}</option>)}
            </select>
          </Field>
          <Field id={`${id}-race`} label="Type">
            <select {...select('race')}>
              <option value="">Any type</option>
              {RACE_SLUGS.map((r) => <option key={r} value={r}>{RACES[r].label}</option>)}
            </select>
          </Field>
          <Field id={`${id}-level`} label="Level, rank or link">
            <select {...select('level')}>
              <option value="">Any</option>
              {Array.from({ length: 14 }, (_, n) => <option key={n} value={String(n)}>{n}</option>)}
            </select>
          </Field>
          <Field id={`${id}-archetype`} label="Archetype">
            <DebouncedInput
              id={`${id}-archetype`} className={control} type="text" placeholder="e.g. HERO" autoComplete="off" list={`${id}-archetypes`}
              value={filters.archetype ?? ''} onCommit={set('archetype')} onFocus={() => setArchetypesWanted(true)}
            />
            <datalist id={`${id}-archetypes`}>
              {archetypes.data?.map((a) => <option key={a.code} value={a.name} />)}
            </datalist>
          </Field>
          {number('atkMin', 'ATK from')}
          {number('atkMax', 'ATK to')}
          {number('defMin', 'DEF from')}
          {number('defMax', 'DEF to')}
          <Field id={`${id}-banlist`} label="Status on" className="col-span-2">
            <select {...select('banlist')}>
              <option value="">{newest ? `The list of ${newest} (newest)` : 'The newest list'}</option>
              {(dates.data ?? []).slice(1).map((d) => <option key={d} value={d}>The list of {d}</option>)}
              {filters.banlist && !dates.data?.includes(filters.banlist) && <option value={filters.banlist}>The list of {filters.banlist}</option>}
            </select>
          </Field>
          <Field id={`${id}-status`} label="Status" className="col-span-2">
            <select {...select('status')}>
              <option value="">Any status</option>
              {STATUS_FILTERS.map((s) => (
                <option key={s} value={s}>{s === 'not-listed' ? 'Not on the list (a whitelist)' : STATUS_LABEL[STATUS_OF_FILTER[s]]}</option>
              ))}
            </select>
          </Field>
        </div>
      </details>
      <Button
        variant="ghost"
        size="sm"
        disabled={!CARD_FILTER_NAMES.some((k) => filters[k])}
        onClick={() => onChange(Object.fromEntries(CARD_FILTER_NAMES.map((k) => [k, undefined])))}
      >
        <X aria-hidden="true" />
        Clear filters
      </Button>
    </search>
  );
}
