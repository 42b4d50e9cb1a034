// /admin/log (issue 39 §1): every admin action of the site, newest first: who, what, whom, why, with
// links to the people, lists and events. Filters (action, who, whom, days) and the page live in the URL.
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Filter, ScrollText, Users, X } from 'lucide-react';
import { ACTION_LABELS, ADMIN_ACTIONS, type AdminAction } from '../../../domain/admin-log/actions.ts';
import type { AdminLogEntry } from '../../../domain/api/admin-log.ts';
import { PlayerLink } from '../../components/player-link.tsx';
import { AdminPage, RetryAlert } from '../../components/admin-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { errorText } from '../../lib/api.ts';
import { useAdminLog } from './admin-log-api.ts';
import { logLine } from './log-line.ts';

const FILTERS = ['action', 'actor', 'subject', 'from', 'to'] as const;
type FilterKey = (typeof FILTERS)[number];

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

export function AdminLogPage() {
  return (
    <AdminPage
      id="log-title" title="Admin log" icon={ScrollText}
      intro="Every admin action of the site, newest first: levels, suspensions, requests to host, banlists, send-offs, rated marks and cancelled events."
      sister={{ to: '/admin/people', label: 'People', icon: Users }} refusal="Only admins can read the admin log."
    >
      {() => <LogSection />}
    </AdminPage>
  );
}

function LogSection() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const value = (k: FilterKey) => params.get(k) ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const action = ADMIN_ACTIONS.includes(value('action') as AdminAction) ? (value('action') as AdminAction) : undefined;
  const log = useAdminLog({
    action, actor: value('actor') || undefined, subject: value('subject') || undefined, from: value('from') || undefined, to: value('to') || undefined, page,
  }, true);
  const [draft, setDraft] = useState(() => Object.fromEntries(FILTERS.map((k) => [k, value(k)])) as Record<FilterKey, string>);

  const show = (next: Record<string, string>, nextPage = 1) => {
    const p = new URLSearchParams();
    for (const k of FILTERS) if (next[k]) p.set(k, next[k]);
    if (nextPage > 1) p.set('page', String(nextPage));
    setParams(p, { replace: true });
  };
  const apply = (e: FormEvent) => {
    e.preventDefault();
    show(draft);
  };
  /** one click on a name or a subject: that filter alone is set (the form follows) */
  const only = (k: 'actor' | 'subject', v: string) => {
    const next = { ...draft, [k]: v };
    setDraft(next);
    show(next);
  };
  const clear = () => {
    const empty = Object.fromEntries(FILTERS.map((k) => [k, ''])) as Record<FilterKey, string>;
    setDraft(empty);
    show(empty);
  };
  const current = Object.fromEntries(FILTERS.map((k) => [k, value(k)]));
  const filtered = FILTERS.some((k) => value(k));
  const data = log.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const field = 'h-10 w-full rounded-md border bg-background px-3 text-sm';

  return (
    <div className="space-y-4">
      <form onSubmit={apply} aria-label="Filter the log" className="grid grid-cols-2 gap-3 rounded-xl border bg-card p-4 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end">
        <div className="col-span-2 space-y-1 text-sm font-medium sm:col-span-1">
          <label htmlFor={`${id}-action`}>Action</label>
          <select id={`${id}-action`} value={draft.action} onChange={(e) => setDraft({ ...draft, action: e.target.value })} className={cn(field, 'bg-card')}>
            <option value="">Every action</option>
            {ADMIN_ACTIONS.map((a) => <option key={a} value={a}>{ACTION_LABELS[a]}</option>)}
          </select>
        </div>
        <div className="col-span-2 space-y-1 text-sm font-medium sm:col-span-1">
          <label htmlFor={`${id}-actor`}>Who (Discord id)</label>
          <input id={`${id}-actor`} type="text" value={draft.actor} onChange={(e) => setDraft({ ...draft, actor: e.target.value.trim() })} inputMode="numeric" maxLength={20} autoComplete="off" className={field} />
        </div>
        <div className="col-span-2 space-y-1 text-sm font-medium sm:col-span-1">
          <label htmlFor={`${id}-subject`}>About (id or date)</label>
          <input id={`${id}-subject`} type="text" value={draft.subject} onChange={(e) => setDraft({ ...draft, subject: e.target.value.trim() })} maxLength={100} autoComplete="off" className={field} />
        </div>
        <div className="space-y-1 text-sm font-medium">
          <label htmlFor={`${id}-from`}>From</label>
          <input id={`${id}-from`} type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} className={field} />
        </div>
        <div className="space-y-1 text-sm font-medium">
          <label htmlFor={`${id}-to`}>To</label>
          <input id={`${id}-to`} type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} className={field} />
        </div>
        <div className="col-span-2 flex gap-2 lg:col-span-1 mobile:[&>*]:flex-1">
          <Button type="submit"><Filter aria-hidden="true" />Filter</Button>
          {filtered && <Button variant="secondary" onClick={clear}><X aria-hidden="true" />Clear</Button>}
        </div>
      </form>
      {log.isPending ? (
        <p role="status" className="text-muted-foreground">Loading the log…</p>
      ) : log.isError ? (
        <RetryAlert message={errorText(log.error, 'The log could not be loaded')} onRetry={() => void log.refetch()} />
      ) : data!.entries.length === 0 ? (
        <p className="rounded-xl border border-dashed p-6 text-center text-muted-foreground" data-testid="log-empty">
          {filtered ? 'No action matches these filters.' : 'No admin action yet.'}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{data!.total === 1 ? '1 action' : `${data!.total} actions`}{filtered ? ' match' : ''}</p>
          <ol className={cn('divide-y rounded-xl border bg-card', log.isPlaceholderData && 'opacity-60')} aria-busy={log.isPlaceholderData} aria-label="Admin actions, newest first">
            {data!.entries.map((e) => <Line key={e.id} entry={e} onActor={(id) => only('actor', id)} onSubject={(id) => only('subject', id)} />)}
          </ol>
        </>
      )}
      {data && pages > 1 && (
        <nav aria-label="Pages of the log" className="flex items-center justify-between gap-2">
          <Button variant="secondary" disabled={page <= 1} onClick={() => show(current, page - 1)}>Newer</Button>
          <span className="text-sm text-muted-foreground">Page {Math.min(page, pages)} of {pages}</span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => show(current, page + 1)}>Older</Button>
        </nav>
      )}
    </div>
  );
}

function Line({ entry: e, onActor, onSubject }: { entry: AdminLogEntry; onActor: (id: string) => void; onSubject: (id: string) => void }) {
  const l = logLine(e, day);
  const filterButton = 'rounded text-xs text-muted-foreground underline-offset-2 hover:underline mobile:py-2';
  return (
    <li className="flex flex-wrap items-start gap-x-4 gap-y-1 px-4 py-3 text-sm" data-testid="log-line">
      <time dateTime={e.at} className="w-40 shrink-0 text-muted-foreground tabular-nums mobile:w-full">{when(e.at)}</time>
      <div className="min-w-0 flex-1 space-y-1">
        <p>
          {l.actor ? <PlayerLink discordId={l.actor.discordId} name={l.actor.name} className="font-medium text-primary" /> : <span className="font-medium">The operator</span>}
          {` ${l.verb} `}
          {l.subject && (l.subject.path ? <Link to={l.subject.path} className="font-medium text-primary hover:underline">{l.subject.name}</Link> : <span className="font-medium">{l.subject.name}</span>)}
          {l.rest}
        </p>
        {l.quote && <p className="border-l-2 pl-3 text-muted-foreground whitespace-pre-line">{l.quote}</p>}
        <p className="flex flex-wrap gap-x-3">
          {l.actor && l.actor.discordId !== e.subject.id && <button type="button" className={filterButton} onClick={() => onActor(l.actor!.discordId)}>Only by {l.actor.name}</button>}
          <button type="button" className={filterButton} onClick={() => onSubject(e.subject.id)}>Only about {e.subject.name}</button>
        </p>
      </div>
      <span className="text-xs text-muted-foreground mobile:order-first">{ACTION_LABELS[e.action]}</span>
    </li>
  );
}
