// The users on /admin/people (issue 39): a table at desktop widths, a card per person on a phone,
// each with the level, the suspension, last seen, events hosted and played, and the admin's actions.
import { Link } from 'react-router';
import { Ban, ScrollText, ShieldCheck, Undo2 } from 'lucide-react';
import type { Person } from '../../../domain/api/people.ts';
import { PlayerLink } from '../../components/player-link.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { useMediaQuery, MOBILE_QUERY } from '../../lib/use-media-query.ts';
import { actionsFor, lastSeenText, levelLabel, suspensionEnd } from './people-view.ts';

export type PersonAction = 'level' | 'suspend' | 'lift';

interface ListProps {
  people: readonly Person[];
  me: string;
  stale: boolean;
  onAction: (action: PersonAction, person: Person) => void;
}

const LEVEL_TONE: Record<number, BadgeTone> = { 0: 'neutral', 1: 'primary', 2: 'live' };

function Level({ auth }: { auth: number }) {
  return <Badge tone={LEVEL_TONE[Math.min(auth, 2)] ?? 'neutral'}>{levelLabel(auth)}</Badge>;
}

function Status({ person: p }: { person: Person }) {
  if (!p.suspension) return <span className="text-muted-foreground">Active</span>;
  return (
    <span className="space-y-0.5">
      <Badge tone="forbidden">Suspended {suspensionEnd(p.suspension)}</Badge>
      <span className="block text-xs text-muted-foreground">{p.suspension.reason}</span>
    </span>
  );
}

function Actions({ person: p, me, onAction }: { person: Person; me: string; onAction: ListProps['onAction'] }) {
  const may = actionsFor(p, me);
  const size = 'mobile:h-11 mobile:flex-1';
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" className={size} onClick={() => onAction('level', p)} aria-label={`Change the level of ${p.displayName}`}>
        <ShieldCheck aria-hidden="true" />
        Level
      </Button>
      {may.suspend && (
        <Button variant="secondary" size="sm" className={cn(size, 'text-danger')} onClick={() => onAction('suspend', p)} aria-label={`Suspend ${p.displayName}`}>
          <Ban aria-hidden="true" />
          Suspend
        </Button>
      )}
      {may.lift && (
        <Button variant="secondary" size="sm" className={size} onClick={() => onAction('lift', p)} aria-label={`Lift the suspension of ${p.displayName}`}>
          <Undo2 aria-hidden="true" />
          Lift
        </Button>
      )}
      <Link to={`/admin/log?subject=${p.discordId}`} className={buttonClasses('ghost', 'sm', size)} aria-label={`${p.displayName} in the admin log`}>
        <ScrollText aria-hidden="true" />
        Log
      </Link>
    </div>
  );
}

function Who({ person: p }: { person: Person }) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Avatar src={p.avatarUrl} name={p.displayName} className="text-xs" />
      <span className="min-w-0">
        <PlayerLink discordId={p.discordId} name={p.displayName} className="block truncate font-medium text-primary" />
        <span className="block truncate text-xs text-muted-foreground">@{p.username} · {p.discordId}</span>
      </span>
    </span>
  );
}

export function PeopleList({ people, me, stale, onAction }: ListProps) {
  const phone = useMediaQuery(MOBILE_QUERY);
  const now = Date.now();
  if (phone) {
    return (
      <ul className={cn('space-y-3', stale && 'opacity-60')} aria-busy={stale} aria-label="Users">
        {people.map((p) => (
          <li key={p.discordId} className="space-y-3 rounded-xl border bg-card p-4" data-testid="person">
            <Who person={p} />
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Level</dt><dd><Level auth={p.auth} /></dd>
              <dt className="text-muted-foreground">Status</dt><dd><Status person={p} /></dd>
              <dt className="text-muted-foreground">Last seen</dt><dd>{lastSeenText(p.lastSeenAt, now)}</dd>
              <dt className="text-muted-foreground">Hosted · played</dt><dd className="tabular-nums">{p.hosted} · {p.played}</dd>
            </dl>
            <Actions person={p} me={me} onAction={onAction} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    // a region the keyboard can scroll when the table is wider than the window
    <section className={cn('overflow-x-auto rounded-xl border bg-card', stale && 'opacity-60')} aria-busy={stale} tabIndex={0} aria-label="Users table">
      <table className="w-full text-sm">
        <caption className="sr-only">Users</caption>
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-2 pl-4">Name</th>
            <th scope="col" className="px-2 py-2">Level</th>
            <th scope="col" className="px-2 py-2">Status</th>
            <th scope="col" className="px-2 py-2 whitespace-nowrap">Last seen</th>
            <th scope="col" className="px-2 py-2 text-right">Hosted</th>
            <th scope="col" className="px-2 py-2 text-right">Played</th>
            <th scope="col" className="py-2 pr-4 pl-2"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {people.map((p) => (
            <tr key={p.discordId} className="border-t align-top" data-testid="person">
              <td className="max-w-64 py-2 pr-2 pl-4"><Who person={p} /></td>
              <td className="px-2 py-2"><Level auth={p.auth} /></td>
              <td className="max-w-56 px-2 py-2"><Status person={p} /></td>
              <td className="px-2 py-2 whitespace-nowrap">{lastSeenText(p.lastSeenAt, now)}</td>
              <td className="px-2 py-2 text-right tabular-nums">{p.hosted}</td>
              <td className="px-2 py-2 text-right tabular-nums">{p.played}</td>
              <td className="py-2 pr-4 pl-2"><Actions person={p} me={me} onAction={onAction} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
