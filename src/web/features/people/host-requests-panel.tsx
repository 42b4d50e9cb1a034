// The open requests to host on /admin/people (issue 39): each with what the person did on the site
// and their earlier requests; Approve makes them a curator, Decline asks why.
import { useState } from 'react';
import { Link } from 'react-router';
import { Check, Hand, ScrollText, X } from 'lucide-react';
import type { HostRequest } from '../../../domain/api/people.ts';
import { RetryAlert } from '../../components/admin-page.tsx';
import { PlayerLink } from '../../components/player-link.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { errorText } from '../../lib/api.ts';
import { useDecideRequest, useHostRequests } from './people-api.ts';
import { DeclineDialog } from './person-dialogs.tsx';
import { dayText, events, lastSeenText } from './people-view.ts';

export function HostRequestsPanel({ onNotice }: { onNotice: (notice: string) => void }) {
  const requests = useHostRequests(true);
  const list = requests.data?.requests ?? [];
  return (
    <section aria-labelledby="requests-title" className="space-y-3 rounded-xl border bg-card p-4 shadow-sm" data-testid="host-requests">
      <h2 id="requests-title" className="flex items-center gap-2 text-lg font-semibold">
        <Hand aria-hidden="true" className="size-5 text-primary" />
        Requests to host{requests.data ? ` (${list.length})` : ''}
      </h2>
      {requests.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">Loading requests…</p>
      ) : requests.isError ? (
        <RetryAlert message={errorText(requests.error, 'The requests could not be loaded')} onRetry={() => void requests.refetch()} />
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">No request to host is waiting.</p>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {list.map((r) => <RequestCard key={r.id} request={r} onNotice={onNotice} />)}
        </ul>
      )}
    </section>
  );
}

function RequestCard({ request: r, onNotice }: { request: HostRequest; onNotice: (notice: string) => void }) {
  const decide = useDecideRequest();
  const [declining, setDeclining] = useState(false);
  const h = r.history;
  // the card leaves the list once the requests are read again: the notice is the page's, told by the promise
  const run = (v: Parameters<typeof decide.mutateAsync>[0], notice: string) => decide.mutateAsync(v).then(() => onNotice(notice), () => undefined);
  const approve = () => void run({ id: r.id, decision: 'approve' }, `${r.displayName} is a curator now and can host.`);
  return (
    <li className="space-y-2 rounded-lg border p-3" data-testid="host-request">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <PlayerLink discordId={r.discordId} name={r.displayName} className="font-semibold text-primary" />
        <span className="text-xs text-muted-foreground">asked {lastSeenText(r.createdAt, Date.now())}</span>
      </p>
      {r.note ? <blockquote className="border-l-2 pl-3 text-sm whitespace-pre-line">{r.note}</blockquote> : <p className="text-sm text-muted-foreground">No note.</p>}
      <p className="text-xs text-muted-foreground">
        Member since {dayText(h.memberSince)} · last seen {lastSeenText(h.lastSeenAt, Date.now())} · played {events(h.played)} · hosted {events(h.hosted)}
      </p>
      {h.earlier.length > 0 && (
        <ul className="space-y-0.5 text-xs text-muted-foreground" aria-label="Earlier requests">
          {h.earlier.map((e) => (
            <li key={e.id}>{e.status === 'approved' ? 'Approved' : 'Declined'} {e.decidedAt ? dayText(e.decidedAt) : ''}{e.reason ? `: ${e.reason}` : ''}</li>
          ))}
        </ul>
      )}
      {decide.isError && !declining && <Alert>{errorText(decide.error, 'The request could not be decided')}</Alert>}
      <div className="flex flex-wrap gap-2 mobile:[&>*]:flex-1">
        <Button size="sm" className="mobile:h-11" onClick={approve} disabled={decide.isPending} aria-label={`Approve ${r.displayName}’s request to host`}>
          <Check aria-hidden="true" />
          Approve
        </Button>
        <Button variant="secondary" size="sm" className="mobile:h-11" onClick={() => { decide.reset(); setDeclining(true); }} disabled={decide.isPending} aria-label={`Decline ${r.displayName}’s request to host`}>
          <X aria-hidden="true" />
          Decline
        </Button>
        <Link to={`/admin/log?subject=${r.discordId}`} className={buttonClasses('ghost', 'sm', 'mobile:h-11')} aria-label={`${r.displayName} in the admin log`}>
          <ScrollText aria-hidden="true" />
          Log
        </Link>
      </div>
      {declining && (
        <DeclineDialog
          name={r.displayName} pending={decide.isPending} error={decide.error} onClose={() => setDeclining(false)}
          onDecline={(reason) => void run({ id: r.id, decision: 'decline', reason }, `Declined ${r.displayName}’s request to host.`)}
        />
      )}
    </li>
  );
}
