import { useState, type ReactNode } from 'react';
import { SlidersHorizontal, X } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { SearchInput } from '../../components/search-input.tsx';

// The banlist page's controls: the version, the search, the display options, and the fold that holds the
// options and actions at phone widths.

export const SEARCH_PLACEHOLDER = 'Search cards by name, type, or reason...';

/**
 * The list's identity as EDOPro knows it. EDOPro shows players no hash (a room names its list, or "???" when the
 * player has no list of that hash); the one place a hash can be read is a lobby's room list, whose JSON carries
 * it as a decimal number (`banlist_hash`, edopro gframe/server_lobby.cpp). So the page shows that same decimal
 * number, for a host and players to compare with what their server lists.
 */
export function EdoproHash({ hash }: { hash: number }) {
  return (
    <span data-testid="lflist-hash" title="The number EDOPro knows this list by: the same number means the same list for host and players">
      {' · '}
      <span className="whitespace-nowrap">
        EDOPro hash <code className="font-mono text-foreground">{hash}</code>
      </span>
    </span>
  );
}

function Checkbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 text-sm select-none">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="size-4 accent-primary" />
      {label}
    </label>
  );
}

/** The dated lists, newest first; a date the list lacks (a list deleted meanwhile) stays selectable. */
export function VersionSelect({ id, dates, failed, selectedDate, onChange }: {
  id: string;
  dates: string[] | undefined;
  failed: boolean;
  selectedDate: string | undefined;
  onChange: (date: string) => void;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={`${id}-version`} className="text-xs font-medium text-muted-foreground">
        Version
      </label>
      <select
        id={`${id}-version`}
        value={selectedDate ?? ''}
        disabled={!dates?.length}
        onChange={(e) => onChange(e.target.value)}
        className="h-10 min-w-40 rounded-md border bg-card px-3 text-sm shadow-sm disabled:opacity-60"
      >
        {!dates && <option value="">{failed ? 'Unavailable' : 'Loading…'}</option>}
        {dates?.length === 0 && <option value="">No versions</option>}
        {selectedDate && dates && !dates.includes(selectedDate) && (
          <option value={selectedDate}>{selectedDate}</option>
        )}
        {dates?.map((d, i) => (
          <option key={d} value={d}>
            {i === 0 ? `${d} (newest)` : d}
          </option>
        ))}
      </select>
    </div>
  );
}

export function SearchBox({ id, search, onSearch }: { id: string; search: string; onSearch: (value: string) => void }) {
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <label htmlFor={`${id}-search`} className="text-xs font-medium text-muted-foreground">
        Search
      </label>
      <div className="relative">
        <SearchInput
          iconClassName="left-3"
          id={`${id}-search`}
          value={search}
          onValueChange={onSearch}
          placeholder={SEARCH_PLACEHOLDER}
          className="h-10 w-full rounded-md border bg-card pr-10 pl-9 text-sm shadow-sm [&::-webkit-search-cancel-button]:hidden"
        />
        {search && (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => {
              onSearch('');
              document.getElementById(`${id}-search`)?.focus();
            }}
            className="absolute top-1/2 right-1 flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
    </div>
  );
}

export interface DisplayOptionsProps {
  showPictures: boolean;
  compact: boolean;
  differencesOnly: boolean;
  additionsOnly: boolean;
  setShowPictures: (v: boolean) => void;
  setCompact: (v: boolean) => void;
  setDifferencesOnly: (v: boolean) => void;
  setAdditionsOnly: (v: boolean) => void;
}

export function DisplayOptions({ showPictures, compact, differencesOnly, additionsOnly, setShowPictures, setCompact, setDifferencesOnly, setAdditionsOnly }: DisplayOptionsProps) {
  return (
    <fieldset className="flex flex-wrap gap-x-5 gap-y-2">
      <legend className="sr-only">Display and filters</legend>
      <Checkbox label="Show card pictures" checked={showPictures} onChange={setShowPictures} />
      <Checkbox label="Compact layout" checked={compact} onChange={setCompact} />
      <Checkbox label="Show only differences" checked={differencesOnly} onChange={setDifferencesOnly} />
      <Checkbox label="Show additions only" checked={additionsOnly} onChange={setAdditionsOnly} />
    </fieldset>
  );
}

/** The controls' box: at phone widths the options and actions fold under 'Filters and actions'. */
export function BanlistControls({ id, isMobile, version, search, options, actions }: {
  id: string;
  isMobile: boolean;
  version: ReactNode;
  search: ReactNode;
  options: ReactNode;
  actions: ReactNode;
}) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  return (
    <section aria-label="Banlist controls" className="space-y-3 rounded-xl border bg-card/60 p-4 shadow-sm mobile:p-3">
      <div className="flex flex-wrap items-end gap-3 mobile:flex-col mobile:items-stretch">
        {version}
        {search}
        {!isMobile && actions}
      </div>
      {isMobile ? (
        <>
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={filtersOpen}
            aria-controls={`${id}-filters`}
            onClick={() => setFiltersOpen((o) => !o)}
            className="w-full justify-between!"
          >
            <span className="flex items-center gap-2">
              <SlidersHorizontal aria-hidden="true" />
              Filters and actions
            </span>
            <span className="text-xs text-muted-foreground">{filtersOpen ? 'Hide' : 'Show'}</span>
          </Button>
          <div id={`${id}-filters`} hidden={!filtersOpen} className="space-y-4 border-t pt-3">
            {options}
            {actions}
          </div>
        </>
      ) : (
        options
      )}
    </section>
  );
}
