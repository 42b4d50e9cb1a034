import { useMemo } from 'react';
import { Link } from 'react-router';
import { Trophy } from 'lucide-react';
import { sortForHome } from '../../../../domain/tournaments/display-state.ts';
import { ListPageHeader } from '../../../components/list-page-header.tsx';
import { StatusLine } from '../../../components/page-states.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { useSession } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { RequestToHost } from '../../people/request-to-host.tsx';
import { SubscribeToCalendarLink } from '../print/export-links.tsx';
import { TournamentCard } from './tournament-card.tsx';
import { participationsFirst, seesNotificationDot } from '../tournament-view.ts';
import { useParticipating, useTournaments } from '../tournaments-api.ts';

const TITLE = 'Ongoing & Upcoming Tournaments';

/** Spec 2 §2 /tournaments: every tournament as a card, the viewer's own first. */
export function TournamentListPage() {
  useDocumentTitle(TITLE);
  const { user } = useSession();
  const tournaments = useTournaments();
  const participating = useParticipating(user?.discordId);
  const mine = useMemo(() => new Set(participating.data ?? []), [participating.data]);
  const list = useMemo(
    () => (tournaments.data ? participationsFirst(sortForHome(tournaments.data), mine) : []),
    [tournaments.data, mine],
  );

  return (
    <section aria-labelledby="tournaments-title" className="space-y-6">
      <ListPageHeader
        titleId="tournaments-title"
        title={TITLE}
        intro={
          <>
            <p className="text-muted-foreground">Sign up, submit your deck and follow every round live.</p>
            <SubscribeToCalendarLink />
          </>
        }
      >
        {(user?.auth ?? 0) >= 1 && (
          <div className="flex flex-wrap gap-2 mobile:w-full">
            <Link to="/tournaments/new" className={buttonClasses('primary', 'md', 'mobile:flex-1')}>
              <Trophy aria-hidden="true" />
              Host Tournament
            </Link>
            <Link to="/series" className={buttonClasses('secondary', 'md', 'mobile:flex-1')}>
              Host from a series
            </Link>
          </div>
        )}
        <RequestToHost className="mobile:max-w-none mobile:w-full" />
      </ListPageHeader>

      {tournaments.isPending ? (
        <StatusLine>Loading tournaments…</StatusLine>
      ) : tournaments.isError ? (
        <p role="alert" className="font-medium text-danger">
          Failed to load tournaments
        </p>
      ) : list.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">No tournaments yet</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Tournaments">
          {list.map((t) => (
            <li key={t.uid}>
              <TournamentCard tournament={t} detailed headingLevel={2} showDot={seesNotificationDot(t, user)} participating={mine.has(t.uid)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
