import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { WifiOff } from 'lucide-react';
import type { Tournament } from '../../../../domain/api/tournaments.ts';
import type { CurrentUser } from '../../../../domain/api/users.ts';
import { CardPreviewProvider } from '../../../components/card-preview.tsx';
import { BackLink, StatusLine } from '../../../components/page-states.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { cn } from '../../../lib/cn.ts';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { useSession } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AdminTools } from '../host-tools/admin-tools.tsx';
import { AttentionPanel } from '../host-tools/attention-panel.tsx';
import { CheckInPanel } from '../playing/check-in-panel.tsx';
import { LateEntryPanel } from '../playing/late-entry-panel.tsx';
import { CompletedPanel } from '../playing/completed-panel.tsx';
import { InProgressPanel } from '../playing/in-progress-panel.tsx';
import { PlayerPanel } from '../playing/player-panel.tsx';
import { decksChangeable, OwnDecks } from '../decks/own-decks.tsx';
import { TournamentDetails, TournamentHeader } from './tournament-info-panel.tsx';
import { useTournamentLive } from '../tournament-live.ts';
import { TeamFocusContext, type TeamFocus } from '../team-focus.ts';
import { WideSlotContext } from '../wide-slot.ts';
import { isPrivileged, ownEntry, stageOf } from '../tournament-view.ts';
import { useTournament } from '../tournaments-api.ts';
import { LoginButton } from '../../../components/sign-in-prompt.tsx';

/** Spec 2 §2 /tournaments/{uid}: info, the stage of the tournament, and Admin Tools for privileged users. */
export function TournamentPage() {
  const { uid = '' } = useParams();
  const tournament = useTournament(uid);
  useDocumentTitle(tournament.data?.name ?? 'Tournament');

  return (
    <section className="space-y-5" aria-label="Tournament">
      <BackLink to="/tournaments">All tournaments</BackLink>
      {tournament.isPending ? (
        <StatusLine>Loading tournament…</StatusLine>
      ) : tournament.isError ? (
        <Alert>{(tournament.error as { status?: number }).status === 404 ? 'Tournament not found' : 'Failed to load tournament'}</Alert>
      ) : (
        <TournamentView tournament={tournament.data} />
      )}
    </section>
  );
}

function TournamentView({ tournament: t }: { tournament: Tournament }) {
  const { user, isLoading } = useSession();
  const live = useTournamentLive(t.uid, t.version);
  const privileged = isPrivileged(t, user);
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [wide, setWide] = useState<HTMLDivElement | null>(null);
  const [focusRequest, setFocusRequest] = useState<TeamFocus['request']>(null);
  const teamFocus = useMemo<TeamFocus>(() => ({ request: focusRequest, open: (uid) => setFocusRequest({ uid, at: Date.now() }) }), [focusRequest]);
  const adminTools = privileged && user ? <AdminTools tournament={t} user={user} /> : null;
  // issue 39: during a round a player's own match is the first thing on their phone; the cover and the description follow it
  const matchFirst = isMobile && !!user && !!ownEntry(t, user.discordId) && t.inProgress && !t.completed && !t.cancelled;
  const info = (
    <aside aria-label="Tournament information" className="min-w-0 min-[769px]:col-start-1 min-[769px]:row-start-1">
      <TournamentHeader tournament={t} />
    </aside>
  );

  return (
    <CardPreviewProvider>
      <TeamFocusContext.Provider value={teamFocus}>
        {live === 'reconnecting' && (
          <p role="status" className="mb-3 flex items-center gap-2 rounded-lg border border-limited/40 bg-limited/10 px-3 py-2 text-sm" data-testid="live-status">
            <WifiOff aria-hidden="true" className="size-4 shrink-0 text-limited-ink" />
            Live updates paused: reconnecting…
          </p>
        )}
        {/*
          Issue 30 §3: the host's tools where the host is. Phones read top to bottom: the tournament, what
          needs attention, Admin Tools (tabs), what to do now, the details. Wider screens put the tournament
          and its details in a left column beside the centre panel, Admin Tools to the right from 1280 px
          (below both before that), and the matches in a row as wide as the page. Admin Tools never
          scrolls inside itself: once matches are under it, its team list does (admin-teams.tsx).
        */}
        <div
          data-live={live}
          className={cn(
            'grid items-start gap-x-6 gap-y-5 min-[769px]:grid-rows-[auto_1fr]',
            adminTools
              ? 'min-[769px]:grid-cols-[15rem_minmax(0,1fr)] min-[1280px]:grid-cols-[15rem_minmax(0,1fr)_20rem]'
              : 'min-[769px]:grid-cols-[15rem_minmax(0,1fr)] min-[1280px]:grid-cols-[17rem_minmax(0,1fr)]',
          )}
        >
          {!matchFirst && info}
          {/* from 769 px the centre panel lends the page grid its parts: the stage beside the left column, the wide row under all */}
          <div className="min-w-0 min-[769px]:contents" data-testid="centre-panel">
            <div className="min-w-0 min-[769px]:col-start-2 min-[769px]:row-span-2 min-[769px]:row-start-1">
              {/* issue 30 §1: what needs doing, first, for the host and admins */}
              {privileged && user && (
                <div className="mb-5 empty:hidden">
                  <AttentionPanel tournament={t} user={user} />
                </div>
              )}
              {isMobile && adminTools && (
                <aside aria-label="Admin panel" className="mb-5 min-w-0">
                  {adminTools}
                </aside>
              )}
              {isLoading ? (
                <p role="status" className="text-muted-foreground">
                  Checking sign-in…
                </p>
              ) : (
                <WideSlotContext.Provider value={isMobile ? null : wide}>
                  <CentrePanel tournament={t} user={user} />
                </WideSlotContext.Provider>
              )}
            </div>
            <div ref={setWide} className="hidden min-w-0 min-[769px]:col-span-full min-[769px]:row-start-3 min-[769px]:block min-[769px]:empty:hidden" data-testid="wide-row" />
          </div>
          {matchFirst && info}
          <aside aria-label="Tournament details" className="min-w-0 min-[769px]:col-start-1 min-[769px]:row-start-2">
            <TournamentDetails tournament={t} />
          </aside>
          {!isMobile && adminTools && (
            <aside
              aria-label="Admin panel"
              className="min-w-0 min-[769px]:col-span-2 min-[769px]:row-start-4 min-[1280px]:col-span-1 min-[1280px]:col-start-3 min-[1280px]:row-span-2 min-[1280px]:row-start-1"
            >
              {adminTools}
            </aside>
          )}
        </div>
      </TeamFocusContext.Provider>
    </CardPreviewProvider>
  );
}

/** Conventions §8: one branch per stage of the tournament. */
function CentrePanel({ tournament: t, user }: { tournament: Tournament; user: CurrentUser | null }) {
  const stage = stageOf(t);
  switch (stage) {
    case 'cancelled':
      return <Alert>This tournament was cancelled.</Alert>;
    case 'signup':
      return (
        <div className="space-y-5">
          <CheckInPanel tournament={t} user={user} />
          {user ? <PlayerPanel tournament={t} user={user} entry={ownEntry(t, user.discordId)} /> : <LoginPrompt />}
        </div>
      );
    case 'in-progress': {
      // a late entry's decks may change until it is first paired: they come first, under its note
      const entry = user ? ownEntry(t, user.discordId) : undefined;
      const ownDecks = entry && user && <OwnDecks tournament={t} user={user} team={entry.team} member={entry.member} />;
      const entering = !!entry && decksChangeable(t, entry.team);
      return (
        <div className="space-y-5">
          <LateEntryPanel tournament={t} user={user} />
          {entering && ownDecks}
          <InProgressPanel tournament={t} user={user} />
          {!entering && ownDecks}
        </div>
      );
    }
    case 'completed': {
      const entry = user ? ownEntry(t, user.discordId) : undefined;
      return (
        <div className="space-y-5">
          <CompletedPanel tournament={t} user={user} />
          {entry && user && !t.closed && <OwnDecks tournament={t} user={user} team={entry.team} member={entry.member} />}
        </div>
      );
    }
  }
}

function LoginPrompt() {
  const { login } = useSession();
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl border bg-card p-5 shadow-sm" data-testid="login-prompt">
      <p className="font-medium">Log in to sign up and submit your deck.</p>
      <LoginButton onLogin={login} />
    </div>
  );
}
