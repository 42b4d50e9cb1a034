import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import type { LeagueSummary } from '../../../../domain/api/leagues.ts';
import { ListPageHeader } from '../../../components/list-page-header.tsx';
import { StatusLine } from '../../../components/page-states.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { useSession } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { sortLeagues } from './league-order.ts';
import { useLeagues } from '../leagues-api.ts';
import { LeagueCard } from './league-card.tsx';

const TITLE = 'Leagues';

/** /leagues (issue 41): the running and coming leagues, then the past ones; 'Create a league' for curators and admins. */
export function LeagueListPage() {
  useDocumentTitle(TITLE);
  const { user } = useSession();
  const leagues = useLeagues();
  const { current, past } = sortLeagues(leagues.data ?? []);

  return (
    <section aria-labelledby="leagues-title" className="space-y-8">
      <ListPageHeader
        titleId="leagues-title"
        title={TITLE}
        intro={
          <p className="max-w-2xl text-muted-foreground">
            Join with one deck at any time, find an opponent whenever you like and play your matches; the leaderboard moves with every
            result, and the top 8 at the end of the league is its record.
          </p>
        }
      >
        {(user?.auth ?? 0) >= 1 && (
          <Link to="/leagues/new" className={buttonClasses('primary', 'md', 'mobile:w-full')}>
            <Plus aria-hidden="true" />
            Create a league
          </Link>
        )}
      </ListPageHeader>

      {leagues.isPending ? (
        <StatusLine>Loading leagues…</StatusLine>
      ) : leagues.isError ? (
        <div className="space-y-3">
          <Alert>Failed to load leagues: {leagues.error.message}</Alert>
          <Button variant="secondary" onClick={() => void leagues.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <Section id="leagues-current" title="Running and upcoming" list={current} empty="No league is running now." />
          <Section id="leagues-past" title="Past leagues" list={past} empty="No league has ended yet." />
        </>
      )}
    </section>
  );
}

function Section({ id, title, list, empty }: { id: string; title: string; list: LeagueSummary[]; empty: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {list.length === 0 ? (
        <p className="rounded-xl border border-dashed p-6 text-center text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-labelledby={id}>
          {list.map((l) => (
            <li key={l.id}>
              <LeagueCard league={l} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
