import { lazy, Suspense } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { AppShell } from './components/app-shell.tsx';
import { PageLoading } from './components/page-loading.tsx';
import { RouteError } from './components/route-error.tsx';
import { prefetchBanlistPage } from './features/banlists/banlists-api.ts';
import { HomePage } from './features/home/home-page.tsx';

// Everything but the shell and the home page loads on demand, so the first page stays light.
const BanlistPage = lazy(() => import('./features/banlists/banlist-page.tsx').then((m) => ({ default: m.BanlistPage })));
const JudgementBoardPage = lazy(() =>
  import('./features/judgement/judgement-board-page.tsx').then((m) => ({ default: m.JudgementBoardPage })),
);
const SeriesListPage = lazy(() => import('./features/series/series-list-page.tsx').then((m) => ({ default: m.SeriesListPage })));
const SeriesDetailPage = lazy(() =>
  import('./features/series/series-detail-page.tsx').then((m) => ({ default: m.SeriesDetailPage })),
);
const SeriesFormPage = lazy(() => import('./features/series/series-form-page.tsx').then((m) => ({ default: m.SeriesFormPage })));
const TournamentListPage = lazy(() =>
  import('./features/tournaments/list/tournament-list-page.tsx').then((m) => ({ default: m.TournamentListPage })),
);
const TournamentPage = lazy(() =>
  import('./features/tournaments/event/tournament-page.tsx').then((m) => ({ default: m.TournamentPage })),
);
const HostTournamentPage = lazy(() =>
  import('./features/tournaments/hosting/host-tournament-page.tsx').then((m) => ({ default: m.HostTournamentPage })),
);
const LeagueListPage = lazy(() => import('./features/leagues/list/league-list-page.tsx').then((m) => ({ default: m.LeagueListPage })));
const LeagueFormPage = lazy(() => import('./features/leagues/create/league-form-page.tsx').then((m) => ({ default: m.LeagueFormPage })));
const LeaguePage = lazy(() => import('./features/leagues/league/league-page.tsx').then((m) => ({ default: m.LeaguePage })));
const LeagueRunPage = lazy(() => import('./features/leagues/run/run-page.tsx').then((m) => ({ default: m.RunPage })));
const LeagueReportPage = lazy(() => import('./features/leagues/report/league-report-page.tsx').then((m) => ({ default: m.LeagueReportPage })));
const OAuthCallbackPage = lazy(() =>
  import('./features/users/oauth-callback-page.tsx').then((m) => ({ default: m.OAuthCallbackPage })),
);
const ImageUploadPage = lazy(() => import('./features/images/image-upload-page.tsx').then((m) => ({ default: m.ImageUploadPage })));
const MetaPage = lazy(() => import('./features/meta/meta-page.tsx').then((m) => ({ default: m.MetaPage })));
const CardSearchPage = lazy(() => import('./features/cards/card-search-page.tsx').then((m) => ({ default: m.CardSearchPage })));
const CardPage = lazy(() => import('./features/cards/card-page.tsx').then((m) => ({ default: m.CardPage })));
const ComparePage = lazy(() => import('./features/banlists/compare-page.tsx').then((m) => ({ default: m.ComparePage })));
const PlayerPage = lazy(() => import('./features/players/player-page.tsx').then((m) => ({ default: m.PlayerPage })));
const LeaderboardPage = lazy(() => import('./features/players/leaderboard-page.tsx').then((m) => ({ default: m.LeaderboardPage })));
const ReportPage = lazy(() => import('./features/records/report-page.tsx').then((m) => ({ default: m.ReportPage })));
const ArchetypesAdminPage = lazy(() =>
  import('./features/records/archetypes-admin-page.tsx').then((m) => ({ default: m.ArchetypesAdminPage })),
);
const PeoplePage = lazy(() => import('./features/people/people-page.tsx').then((m) => ({ default: m.PeoplePage })));
const AdminLogPage = lazy(() => import('./features/admin-log/admin-log-page.tsx').then((m) => ({ default: m.AdminLogPage })));
const SettingsPage = lazy(() => import('./features/settings/settings-page.tsx').then((m) => ({ default: m.SettingsPage })));
const NotFoundPage = lazy(() => import('./components/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })));
const TournamentPrintPage = lazy(() =>
  import('./features/tournaments/print/print-page.tsx').then((m) => ({ default: m.TournamentPrintPage })),
);
const TournamentScreenPage = lazy(() =>
  import('./features/tournaments/screen/screen-page.tsx').then((m) => ({ default: m.TournamentScreenPage })),
);

/** The whole URL map of both spec documents. */
export const routes: RouteObject[] = [
  // the print view (issue 19): paper for the hall, without the site's navigation
  {
    path: 'tournaments/:uid/print',
    element: (
      <Suspense fallback={<PageLoading />}>
        <TournamentPrintPage />
      </Suspense>
    ),
    errorElement: <RouteError />,
  },
  // the hall's big screen (issue 30 §6): pairings and clock, then standings, without the site's navigation
  { path: 'tournaments/:uid/screen', element: <Suspense fallback={<PageLoading />}><TournamentScreenPage /></Suspense>, errorElement: <RouteError /> },
  {
    element: <AppShell />,
    children: [
      {
        // Errors render inside the shell, so the navigation bar survives a broken page.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'banlist', element: <BanlistPage /> },
          { path: 'banlist/compare', element: <ComparePage /> },
          { path: 'judgement', element: <JudgementBoardPage /> },
          { path: 'series', element: <SeriesListPage /> },
          { path: 'series/new', element: <SeriesFormPage mode="create" /> },
          { path: 'series/:id', element: <SeriesDetailPage /> },
          { path: 'series/:id/edit', element: <SeriesFormPage mode="edit" /> },
          { path: 'tournaments', element: <TournamentListPage /> },
          // Spec 2 §2: hosting needs a series id; without one, pick a series first.
          { path: 'tournaments/host', element: <Navigate to="/series" replace /> },
          { path: 'tournaments/host/:id', element: <HostTournamentPage /> },
          // hosting without a series (issue 10): the same form with the defaults of spec 2 §5
          { path: 'tournaments/new', element: <HostTournamentPage /> },
          { path: 'tournaments/:uid', element: <TournamentPage /> },
          { path: 'tournaments/:uid/report', element: <ReportPage /> },
          // the league (issue 41)
          { path: 'leagues', element: <LeagueListPage /> },
          { path: 'leagues/new', element: <LeagueFormPage /> },
          { path: 'leagues/:id', element: <LeaguePage /> },
          { path: 'leagues/:id/runs/:runId', element: <LeagueRunPage /> },
          { path: 'leagues/:id/report', element: <LeagueReportPage /> },
          { path: 'meta', element: <MetaPage /> },
          { path: 'cards', element: <CardSearchPage /> },
          { path: 'cards/:passcode', element: <CardPage /> },
          { path: 'players', element: <LeaderboardPage /> },
          { path: 'players/:discordId', element: <PlayerPage /> },
          { path: 'admin/archetypes', element: <ArchetypesAdminPage /> },
          { path: 'admin/people', element: <PeoplePage /> },
          { path: 'admin/log', element: <AdminLogPage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'api/oauth/callback', element: <OAuthCallbackPage /> },
          { path: 'secret/upload', element: <ImageUploadPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** Data of the page at this address that can load in parallel with the page's code. */
function prefetchFor(queryClient: QueryClient, location: { pathname: string; search: string }) {
  if (location.pathname === '/banlist') prefetchBanlistPage(queryClient, new URLSearchParams(location.search));
}

export function createRouter(queryClient: QueryClient) {
  const router = createBrowserRouter(routes);
  prefetchFor(queryClient, window.location);
  let last = router.state.location;
  router.subscribe((state) => {
    if (state.location === last) return;
    last = state.location;
    prefetchFor(queryClient, state.location);
  });
  return router;
}
