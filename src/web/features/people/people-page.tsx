// /admin/people (issue 39 §1): the admins find anyone by name or Discord id, change their level,
// suspend them or lift it, and decide the requests to host. Search, level and page live in the URL.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ScrollText, Search, Users } from 'lucide-react';
import type { Person } from '../../../domain/api/people.ts';
import { AdminPage, RetryAlert } from '../../components/admin-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorText } from '../../lib/api.ts';
import { HostRequestsPanel } from './host-requests-panel.tsx';
import { usePeople } from './people-api.ts';
import { PeopleList, type PersonAction } from './people-list.tsx';
import { LevelDialog, LiftDialog, SuspendDialog } from './person-dialogs.tsx';
import { LEVEL_CHOICES } from './people-view.ts';

export function PeoplePage() {
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <AdminPage
      id="people-title" title="People" icon={Users}
      intro="Levels, suspensions and requests to host. A change applies at once; the person is told, and it goes in the admin log."
      sister={{ to: '/admin/log', label: 'Admin log', icon: ScrollText }} refusal="Only admins can manage people."
    >
      {(me) => (
        <>
          <p role="status" className="text-sm font-medium empty:hidden">{notice}</p>
          <HostRequestsPanel onNotice={setNotice} />
          <UsersSection me={me} onNotice={setNotice} />
        </>
      )}
    </AdminPage>
  );
}

function UsersSection({ me, onNotice }: { me: string; onNotice: (notice: string) => void }) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const levelParam = params.get('level');
  const level = levelParam === '0' || levelParam === '1' || levelParam === '2' ? Number(levelParam) as 0 | 1 | 2 : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const people = usePeople({ q: q || undefined, level, page }, true);
  const [draft, setDraft] = useState(q);
  const [acting, setActing] = useState<{ action: PersonAction; person: Person } | null>(null);

  const go = (next: { q?: string; level?: string; page?: number }) => {
    const p = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === undefined || value === '' || (key === 'page' && value === 1)) p.delete(key);
      else p.set(key, String(value));
    }
    if (next.page === undefined) p.delete('page');
    setParams(p, { replace: true });
  };
  const search = (e: FormEvent) => {
    e.preventDefault();
    go({ q: draft.trim() });
  };
  const data = people.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const close = () => setActing(null);

  return (
    <section aria-labelledby="users-title" className="space-y-3">
      <h2 id="users-title" className="text-lg font-semibold">Users{data ? ` (${data.total})` : ''}</h2>
      <form role="search" onSubmit={search} className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1 mobile:basis-full">
          <label htmlFor="people-q" className="text-sm font-medium">Name or Discord id</label>
          <input
            id="people-q" type="search" value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={100} autoComplete="off"
            className="h-10 w-full rounded-md border bg-background px-3 text-sm"
          />
        </div>
        <div className="flex flex-col gap-1 mobile:flex-1">
          <label htmlFor="people-level" className="text-sm font-medium">Level</label>
          <select id="people-level" value={level ?? ''} onChange={(e) => go({ q, level: e.target.value })} className="h-10 rounded-md border bg-card px-3 text-sm">
            <option value="">Every level</option>
            {LEVEL_CHOICES.map((c) => <option key={c.auth} value={c.auth}>{c.label}s</option>)}
          </select>
        </div>
        <Button type="submit" className="mobile:flex-1"><Search aria-hidden="true" />Search</Button>
      </form>
      {people.isPending ? (
        <p role="status" className="text-muted-foreground">Loading users…</p>
      ) : people.isError ? (
        <RetryAlert message={errorText(people.error, 'The users could not be loaded')} onRetry={() => void people.refetch()} />
      ) : data!.users.length === 0 ? (
        <p className="rounded-xl border border-dashed p-6 text-center text-muted-foreground" data-testid="people-empty">
          {q || level !== undefined ? 'Nobody matches: try part of a name, or a Discord id.' : 'Nobody has signed in yet.'}
        </p>
      ) : (
        <PeopleList people={data!.users} me={me} stale={people.isPlaceholderData} onAction={(action, person) => setActing({ action, person })} />
      )}
      {data && pages > 1 && (
        <nav aria-label="Pages of users" className="flex items-center justify-between gap-2">
          <Button variant="secondary" disabled={page <= 1} onClick={() => go({ q, level: levelParam ?? undefined, page: page - 1 })}>Previous</Button>
          <span className="text-sm text-muted-foreground">Page {Math.min(page, pages)} of {pages}</span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => go({ q, level: levelParam ?? undefined, page: page + 1 })}>Next</Button>
        </nav>
      )}
      {acting?.action === 'level' && <LevelDialog person={acting.person} onClose={close} onDone={onNotice} />}
      {acting?.action === 'suspend' && <SuspendDialog person={acting.person} onClose={close} onDone={onNotice} />}
      {acting?.action === 'lift' && <LiftDialog person={acting.person} onClose={close} onDone={onNotice} />}
    </section>
  );
}
