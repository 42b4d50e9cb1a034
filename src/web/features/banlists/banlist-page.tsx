import { useDeferredValue, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Download, LoaderCircle, Trash2, X } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { BanlistEntry, BanlistSummary } from '../../../domain/api/banlists.ts';
import { CardPreviewProvider } from '../../components/card-preview.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { useSession } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { MOBILE_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import { BanlistControls, DisplayOptions, EdoproHash, SearchBox, VersionSelect } from './banlist-controls.tsx';
import { BanlistList, type BanlistListHandle } from './banlist-list.tsx';
import { flattenSections, groupIntoSections, type BanlistFilters } from './banlist-view.ts';
import {
  banlistKeys,
  countByStatus,
  downloadLflist,
  useBanlistDates,
  useBanlistEntries,
  useDeleteBanlist,
  type ImportBanlistResult,
} from './banlists-api.ts';
import { ImportBanlistDialog } from './import-banlist-dialog.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import { STATUS_TEXT } from '../../components/status-style.ts';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

type Notice = { tone: 'error' | 'success'; text: string };

/** One list's name, size and EDOPro hash; under banlistKeys.all, so an import or a delete refreshes it. */
function useBanlistSummary(date: string | undefined) {
  return useQuery({
    queryKey: [...banlistKeys.all, 'summary', date ?? ''],
    queryFn: ({ signal }) => api.get<BanlistSummary>(`/banlists/${encodeURIComponent(date!)}/summary`, { signal }),
    enabled: !!date,
    staleTime: 5 * 60_000,
  });
}

/** Spec 1 §2 "Banlist page": one dated banlist, filtered, previewed, downloaded, and managed by admins. */
export function BanlistPage() {
  useDocumentTitle('Banlist');
  const { user } = useSession();
  const isAdmin = user?.auth === 2; // spec 1 §6: auth exactly 2
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const id = useId();

  // The selected date and the search live in the URL, so a filtered view can be shared.
  const [params, setParams] = useSearchParams();
  const dateParam = params.get('date') || undefined;
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  const [syncedQ, setSyncedQ] = useState(q);
  if (q !== syncedQ) {
    // The URL changed from outside (back button, a shared link): adopt its search.
    setSyncedQ(q);
    setSearch(q);
  }
  const updateParams = (changes: Record<string, string | undefined>, replace = true) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace },
    );
  };
  const onSearch = (value: string) => {
    setSearch(value);
    setSyncedQ(value);
    updateParams({ q: value || undefined });
  };

  const [showPictures, setShowPictures] = useState(true);
  const [compact, setCompact] = useState(false);
  const [differencesOnly, setDifferencesOnly] = useState(false);
  const [additionsOnly, setAdditionsOnly] = useState(false);

  const dates = useBanlistDates();
  const newest = dates.data?.[0];
  // With a well-formed ?date= the entries load at once, in parallel with the dates. A date that is not one
  // (?date=garbage), or that the fresh list of dates lacks, falls back to the newest list with a notice.
  const unknownDate =
    !!dateParam &&
    (!DATE_PATTERN.test(dateParam) || (!!dates.data && !dates.isFetching && !dates.data.includes(dateParam)));
  const selectedDate = dateParam && !unknownDate ? dateParam : newest;
  const entries = useBanlistEntries(selectedDate);
  const summary = useBanlistSummary(selectedDate);
  // The address then names the list shown; the notice says what was asked for.
  const [fallbackFrom, setFallbackFrom] = useState<string | null>(null);
  useEffect(() => {
    if (!unknownDate || !newest || !dateParam) return;
    setFallbackFrom(dateParam);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('date');
        return next;
      },
      { replace: true },
    );
  }, [unknownDate, newest, dateParam, setParams]);
  const dateIndex = selectedDate && dates.data ? dates.data.indexOf(selectedDate) : -1;
  const hasPrevious = !!dates.data && dateIndex >= 0 && dateIndex < dates.data.length - 1;

  const deferredSearch = useDeferredValue(search);
  const filters: BanlistFilters = { search: deferredSearch, differencesOnly, additionsOnly };
  const sections = useMemo(
    () => (entries.data ? groupIntoSections(entries.data, { search: deferredSearch, differencesOnly, additionsOnly }) : null),
    [entries.data, deferredSearch, differencesOnly, additionsOnly],
  );
  const rows = useMemo(() => (sections ? flattenSections(sections) : []), [sections]);
  const shown = sections?.reduce((n, s) => n + s.cards.length, 0) ?? 0;
  const total = useMemo(() => (entries.data ? Object.values(countByStatus(entries.data)).reduce((a, b) => a + b, 0) : 0), [entries.data]);
  const filtering = !!filters.search.trim() || differencesOnly || additionsOnly;

  const [notice, setNotice] = useState<Notice | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [reasonEntry, setReasonEntry] = useState<BanlistEntry | null>(null);
  const deleteBanlist = useDeleteBanlist();
  const listRef = useRef<BanlistListHandle>(null);

  const download = async () => {
    if (!selectedDate || downloading) return;
    setDownloading(true);
    setNotice(null);
    try {
      await downloadLflist(selectedDate);
    } catch {
      setNotice({ tone: 'error', text: 'Failed to download lflist file' });
    } finally {
      setDownloading(false);
    }
  };

  const runDelete = () => {
    if (!selectedDate || !user) return;
    setNotice(null);
    deleteBanlist.mutate(
      { date: selectedDate, adminId: user.discordId },
      {
        onSuccess: () => {
          setConfirmDelete(false);
          // Spec 1 §4: the dates reload and the newest is selected (no date in the URL means the newest).
          updateParams({ date: undefined }, false);
          setNotice({ tone: 'success', text: `Deleted the banlist dated ${selectedDate}.` });
        },
        onError: () => {
          setConfirmDelete(false);
          setNotice({ tone: 'error', text: 'Failed to delete banlist' });
        },
      },
    );
  };

  const onImported = (r: ImportBanlistResult) => {
    const what = `${r.name.trim() || 'the list'} (${r.entries.toLocaleString('en-US')} cards${r.skippedLines ? `, ${r.skippedLines} lines skipped` : ''})`;
    setNotice({
      tone: 'success',
      text: r.reference ? `Imported ${what} as the Advanced reference list from ${r.date}.` : `Imported ${what} for ${r.date}.`,
    });
    if (!r.reference) updateParams({ date: r.date }, false);
  };

  const clearFilters = () => {
    onSearch('');
    setDifferencesOnly(false);
    setAdditionsOnly(false);
  };

  const datesError = dates.isError;
  const entriesError = entries.isError;
  const notFound = entries.error instanceof ApiError && (entries.error.status === 404 || entries.error.status === 400);
  const noBanlists = dates.isSuccess && dates.data.length === 0;

  const actions = (
    <div className="flex flex-wrap gap-2 mobile:[&>*]:flex-1">
      <Button variant="primary" onClick={() => void download()} disabled={!selectedDate || downloading || notFound}>
        {downloading ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
        {downloading ? 'Downloading...' : 'Download Banlist File'}
      </Button>
      {isAdmin && (
        <>
          <Button variant="secondary" onClick={() => setConfirmDelete(true)} disabled={!selectedDate || notFound || deleteBanlist.isPending}>
            <Trash2 aria-hidden="true" />
            Delete Banlist
          </Button>
          <ImportBanlistDialog onImported={onImported} />
        </>
      )}
    </div>
  );

  let body: ReactNode;
  if (datesError && !selectedDate) {
    body = <LoadError onRetry={() => void dates.refetch()} />;
  } else if (noBanlists) {
    body = <p className="py-10 text-center text-muted-foreground">No banlist published yet.</p>;
  } else if (notFound && (!dates.data || dates.isFetching)) {
    // the dates are still on their way: they decide whether the newest list stands in for this one
    body = <Loading />;
  } else if (notFound) {
    // the list of dates is stale (a list deleted meanwhile): fetch it again, then the newest takes over
    body = <LoadError onRetry={() => void dates.refetch()} />;
  } else if (entriesError) {
    body = <LoadError onRetry={() => void entries.refetch()} />;
  } else if (!sections) {
    body = <Loading />;
  } else if (entries.data?.length === 0) {
    body = <p className="py-10 text-center text-muted-foreground">This banlist has no cards.</p>;
  } else if (shown === 0) {
    body = (
      <div className="py-10 text-center text-muted-foreground">
        <p>No cards match the search or filters.</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={clearFilters}>
          Clear search and filters
        </Button>
      </div>
    );
  } else {
    body = (
      <BanlistList
        ref={listRef}
        rows={rows}
        showPictures={showPictures}
        compact={compact}
        isMobile={isMobile}
        hasPrevious={hasPrevious}
        viewerId={user?.discordId}
        onOpenReason={setReasonEntry}
      />
    );
  }

  return (
    <CardPreviewProvider>
      <div className="space-y-5">
        <header className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-3xl font-bold tracking-tight mobile:text-2xl">Banlist</h1>
            <p className="mt-1 text-sm text-muted-foreground">
              {selectedDate ? (
                <>
                  Effective <time dateTime={selectedDate} className="font-medium text-foreground">{selectedDate}</time>
                  {sections && (
                    <span data-testid="shown-count">
                      {' · '}
                      {filtering
                        ? `${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} cards shown`
                        : `${total.toLocaleString('en-US')} cards`}
                    </span>
                  )}
                  {summary.data && summary.data.date === selectedDate && <EdoproHash hash={summary.data.hash} />}
                  {hasPrevious && (
                    <>
                      {' · '}
                      <Link to={`/banlist/compare?from=${dates.data![dateIndex + 1]}&to=${selectedDate}`} className="font-medium text-foreground underline underline-offset-2" data-testid="compare-link">
                        Changes since {dates.data![dateIndex + 1]}
                      </Link>
                    </>
                  )}
                </>
              ) : (
                'Cards by status for a chosen effective date.'
              )}
            </p>
          </div>
        </header>

        <BanlistControls
          id={id}
          isMobile={isMobile}
          version={
            <VersionSelect
              id={id}
              dates={dates.data}
              failed={dates.isError}
              selectedDate={selectedDate}
              onChange={(date) => {
                setFallbackFrom(null);
                updateParams({ date }, false);
              }}
            />
          }
          search={<SearchBox id={id} search={search} onSearch={onSearch} />}
          options={<DisplayOptions {...{ showPictures, compact, differencesOnly, additionsOnly, setShowPictures, setCompact, setDifferencesOnly, setAdditionsOnly }} />}
          actions={actions}
        />

        {fallbackFrom && (
          <div role="status" data-testid="date-fallback" className="flex items-start gap-3 rounded-lg border border-primary/30 bg-primary/10 p-3 text-sm">
            <p className="flex-1">
              No banlist is dated “{fallbackFrom}”: showing the newest{newest ? `, ${newest}` : ''}.
            </p>
            <button type="button" aria-label="Dismiss" onClick={() => setFallbackFrom(null)} className="rounded-sm opacity-70 hover:opacity-100">
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        )}

        {notice && (
          <div
            role={notice.tone === 'error' ? 'alert' : 'status'}
            className={cn(
              'flex items-start gap-3 rounded-lg border p-3 text-sm',
              notice.tone === 'error' ? 'border-danger/40 bg-danger/10 text-danger' : 'border-unlimited/40 bg-unlimited/10',
            )}
          >
            <p className="flex-1">{notice.text}</p>
            <button type="button" aria-label="Dismiss" onClick={() => setNotice(null)} className="rounded-sm opacity-70 hover:opacity-100">
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        )}

        {/* a points list has one section: nothing to jump between */}
        {sections && shown > 0 && sections.length > 1 && (
          <nav aria-label="Sections" className="flex flex-wrap gap-2">
            {sections.map(({ status, title, cards }) => (
              <button
                key={status}
                type="button"
                onClick={() => listRef.current?.scrollToSection(status)}
                data-testid={`jump-${status}`}
                className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-sm shadow-sm hover:bg-muted"
              >
                <span className={cn('font-semibold', STATUS_TEXT[status])}>{title}</span>
                <span className="tabular-nums">{cards.length}</span>
              </button>
            ))}
          </nav>
        )}

        {body}

        {selectedDate && (
          <ReasonDialog date={selectedDate} entry={reasonEntry} viewerId={user?.discordId} onClose={() => setReasonEntry(null)} />
        )}
        {isAdmin && selectedDate && (
          <ConfirmDialog
            open={confirmDelete}
            onOpenChange={setConfirmDelete}
            title="Delete Banlist"
            description={`Delete banlist dated ${selectedDate}? This cannot be undone.`}
            confirmLabel="Delete"
            pendingLabel="Deleting…"
            pending={deleteBanlist.isPending}
            onConfirm={runDelete}
          />
        )}
      </div>
    </CardPreviewProvider>
  );
}

function Loading() {
  return (
    <p role="status" className="flex items-center gap-2 py-10 text-muted-foreground">
      <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
      Loading banlist…
    </p>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert>
      <p>Failed to load banlist</p>
      <button type="button" onClick={onRetry} className="mt-2 font-medium underline">
        Try again
      </button>
    </Alert>
  );
}
