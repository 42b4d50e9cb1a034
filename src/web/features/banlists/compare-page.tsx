// /banlist/compare?from=DATE&to=DATE (issue 32 §3): every change between two format lists, grouped
// (newly Forbidden … Unlimited, off the whitelist, on it), each card linked to its page, and the
// change list as text for a Discord announcement. Without dates: the newest list and the one before.
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ListChangeBody, ListComparison } from '../../../domain/api/card-pages.ts';
import { CHANGE_GROUPS, CHANGE_GROUP_LABEL, changesAsText, type CardState } from '../../../domain/banlists/compare.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { ApiError } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useListComparison } from './compare-api.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { useBanlistDates } from './banlists-api.ts';

const fromState = (c: ListChangeBody): CardState => ({ status: c.fromStatus, points: c.fromPoints });
const toState = (c: ListChangeBody): CardState => ({ status: c.toStatus, points: c.toPoints });

/** The comparison as a Discord announcement. */
export function comparisonText(body: ListComparison): string {
  return changesAsText(
    `${body.from.name} → ${body.to.name}`,
    body.changes.map((c) => ({ passcode: c.passcode, name: c.name, alternateOf: c.alternateOf, group: c.group, from: fromState(c), to: toState(c) })),
  );
}

export function ComparePage() {
  const [params, setParams] = useSearchParams();
  const dates = useBanlistDates();
  const newest = dates.data ?? [];
  // without dates: the newest list against the one before it
  const to = params.get('to') ?? newest[0];
  const from = params.get('from') ?? (to ? newest[newest.indexOf(to) + 1] : undefined);
  const comparison = useListComparison(from, to);
  useDocumentTitle(comparison.data ? `${comparison.data.from.name} → ${comparison.data.to.name}` : 'Compare banlists');
  const choose = (key: 'from' | 'to', value: string) => {
    const next = new URLSearchParams(window.location.search);
    if (from) next.set('from', from);
    if (to) next.set('to', to);
    next.set(key, value);
    setParams(next);
  };
  const error = comparison.error instanceof ApiError ? comparison.error : undefined;

  return (
    <section className="space-y-5" aria-labelledby="compare-title">
      <div>
        <h1 id="compare-title" className="text-2xl font-bold">Compare banlists</h1>
        <p className="text-sm text-muted-foreground">Every card whose status changed from one list to the other.</p>
      </div>
      {newest.length > 0 && (
        <div className="flex flex-wrap items-end gap-3">
          <DateSelect label="From" value={from} dates={newest} onChange={(v) => choose('from', v)} />
          <DateSelect label="To" value={to} dates={newest} onChange={(v) => choose('to', v)} />
        </div>
      )}
      {dates.isPending || (comparison.isPending && comparison.fetchStatus !== 'idle') ? (
        <p role="status" className="text-muted-foreground">Loading…</p>
      ) : !from || !to ? (
        <p className="text-muted-foreground">Two lists are needed to compare: the site has {newest.length === 1 ? 'one' : 'none'}.</p>
      ) : error && (error.status === 400 || error.status === 404) ? (
        <Alert>{error.message}</Alert>
      ) : comparison.isError ? (
        <Alert>The comparison could not be loaded. Please try again.</Alert>
      ) : comparison.data ? (
        <Changes body={comparison.data} />
      ) : null}
    </section>
  );
}

function DateSelect({ label, value, dates, onChange }: { label: string; value: string | undefined; dates: readonly string[]; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">{label}</label>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value)} className="h-10 rounded-md border bg-card px-2 text-sm shadow-sm">
        {value && !dates.includes(value) && <option value={value}>{value}</option>}
        {dates.map((d) => <option key={d} value={d}>{d}</option>)}
      </select>
    </div>
  );
}

function Changes({ body }: { body: ListComparison }) {
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm" data-testid="compare-summary">
          <span className="font-medium">{body.changes.length}</span> {body.changes.length === 1 ? 'change' : 'changes'} from{' '}
          <Link to={`/banlist?date=${body.from.date}`} className="font-medium underline underline-offset-2">{body.from.name}</Link> to{' '}
          <Link to={`/banlist?date=${body.to.date}`} className="font-medium underline underline-offset-2">{body.to.name}</Link>
        </p>
        <CopyButton text={() => comparisonText(body)} label="Copy as text" ariaLabel="Copy as text for Discord" testId="compare-copy" />
      </div>
      {body.changes.length === 0 && <p className="text-muted-foreground">The two lists give every card the same status.</p>}
      {CHANGE_GROUPS.map((group) => {
        const changes = body.changes.filter((c) => c.group === group);
        if (changes.length === 0) return null;
        const id = `compare-${group.toLowerCase()}`;
        return (
          <section key={group} aria-labelledby={id} className="space-y-2" data-testid="compare-group">
            <h2 id={id} className="text-lg font-semibold">{CHANGE_GROUP_LABEL[group]} <span className="text-muted-foreground">({changes.length})</span></h2>
            <ul className="divide-y rounded-md border">
              {changes.map((c) => (
                <li key={c.passcode} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
                  <span className="min-w-0 flex-1 break-words">
                    <Link to={`/cards/${c.passcode}`} className="font-medium underline-offset-2 hover:underline">{c.name}</Link>
                    {/* the card itself may be listed apart, with another status */}
                    {c.alternateOf && <span className="text-muted-foreground"> · passcode{'\u00a0'}{c.passcode}</span>}
                  </span>
                  <span className="flex items-center gap-1.5">
                    <StatusBadge status={c.fromStatus} points={c.fromPoints} />
                    <span aria-hidden="true">→</span>
                    <span className="sr-only">to</span>
                    <StatusBadge status={c.toStatus} points={c.toPoints} />
                  </span>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
