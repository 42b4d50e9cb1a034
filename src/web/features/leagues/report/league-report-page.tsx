import { useParams } from 'react-router';
import { Trophy } from 'lucide-react';
import { LEAGUE_TOP } from '../../../../domain/api/leagues.ts';
import type { LeagueReport, LeagueReportDeck } from '../../../../domain/api/league-records.ts';
import { CardPreviewProvider } from '../../../components/card-preview.tsx';
import { BackLink, PageFailure, StatusLine } from '../../../components/page-states.tsx';
import { PlayerLink } from '../../../components/player-link.tsx';
import { ShareChart } from '../../../components/share-chart.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.tsx';
import { SITE_NAME, useDocumentTitle } from '../../../lib/use-document-title.ts';
import { MetaCardsTable } from '../../meta/meta-cards-table.tsx';
import { ReportDeck, type ReportDeckView } from '../../records/report-deck.tsx';
import { ReportDecklists, ReportHeader, ReportNotYet } from '../../records/report-frame.tsx';
import { LeaderboardTable } from '../league/leaderboard-table.tsx';
import { PRIVACY_TEXT } from '../league-view.ts';
import { count, datesText } from '../list/league-order.ts';
import { useLeagueReport } from '../leagues-api.ts';

/** The most played cards shown before "Show all": the decks below are the report's body. */
const REPORT_CARDS = 12;
/** Decks shown open at first; the rest open on demand (a top 8 of several runs each would load hundreds of pictures). */
const OPEN_DECKS = 4;

const NO_DECKS: Record<LeagueReport['league']['deckPrivacy'], string> = {
  closed: 'This league kept its decks private.',
  'top-cut': 'No run of the top 8 had a result: no deck was published.',
  all: 'No run had a result: no deck was published.',
};

/**
 * /leagues/{id}/report (issue 41, "The end"): the league's record once final, as an event's report:
 * its first place and top 8 (each run linked), the meta of every run (archetypes over all of them,
 * cards over the published ones), the published runs' decklists, and the whole final leaderboard.
 * Before that, where to follow it.
 */
export function LeagueReportPage() {
  const { id = '' } = useParams();
  const report = useLeagueReport(id);
  useDocumentTitle(report.data ? `${report.data.league.name}: league report` : 'League report');
  const status = report.error instanceof ApiError ? report.error.status : undefined;
  const page = `/leagues/${encodeURIComponent(id)}`;

  return (
    <section className="space-y-5" aria-label="League report">
      <BackLink to={status === 404 ? '/leagues' : page}>{status === 404 ? 'All leagues' : 'Back to the league'}</BackLink>
      {report.isPending ? (
        <StatusLine>Loading the report…</StatusLine>
      ) : status === 409 ? (
        <ReportNotYet title="League report" to={page} linkText="Go to the league">
          The report is published once the league is final. Until then, follow the leaderboard on the league’s page.
        </ReportNotYet>
      ) : report.isError ? (
        <PageFailure title="League report" onRetry={status !== 404 ? () => void report.refetch() : undefined}>
          {status === 404 ? 'League not found' : `Failed to load the report: ${report.error.message}`}
        </PageFailure>
      ) : (
        <CardPreviewProvider>
          <ReportView report={report.data} />
        </CardPreviewProvider>
      )}
    </section>
  );
}

/** A published run as the event report's deck component shows a deck: its place, its record in the line under the player. */
const deckView = (d: LeagueReportDeck): ReportDeckView => ({
  id: d.runId, discordId: d.discordId, player: d.player, placement: d.placement, archetype: d.archetype, archetypeAuto: d.archetypeAuto,
  corrected: false, main: d.main, extra: d.extra, side: d.side,
  about: `Run ${d.wins}–${d.losses}${d.perfect ? ', perfect' : ''} · ${count(d.points, 'point')}`,
});

function ReportView({ report: r }: { report: LeagueReport }) {
  const { user } = useSession();
  const l = r.league;
  const top = r.leaderboard.filter((row) => row.top8).slice(0, LEAGUE_TOP);
  const champion = top[0];
  return (
    <div className="space-y-6">
      <ReportHeader kind="League report" name={l.name} rated={l.rated}>
        <p className="text-sm text-muted-foreground">
          {datesText(l)} · {l.seriesName} · {l.banlistName ?? 'No banlist'} · {count(l.players, 'player')}, {count(l.runs, 'run')}
        </p>
      </ReportHeader>

      {champion ? (
        <section aria-labelledby="league-champion" className="space-y-2 rounded-xl border border-limited/40 bg-limited/10 p-5 mobile:p-4" data-testid="league-champion">
          <h2 id="league-champion" className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
            <Trophy aria-hidden="true" className="size-4" />
            First place
          </h2>
          <p className="text-2xl font-bold break-words">
            <PlayerLink discordId={champion.discordId} name={champion.displayName} />
          </p>
          <p className="text-sm tabular-nums">
            {count(champion.points, 'point')} · {champion.matchWins}–{champion.matchLosses} in matches · {count(champion.runs, 'run')}
          </p>
        </section>
      ) : (
        <p className="text-muted-foreground">No one placed in this league.</p>
      )}

      <LeaderboardTable leagueId={l.id} rows={top} matchesPerRun={l.matchesPerRun} viewer={user?.discordId} final title={`Top ${LEAGUE_TOP}`} headingId="report-top" limit={Infinity} />

      <LeagueMeta report={r} />

      <ReportDecklists
        headingId="report-decks" count={r.decks.length} empty={NO_DECKS[l.deckPrivacy]} emptyTestId="report-no-decks"
        note={<p className="text-sm text-muted-foreground" data-testid="report-decks-note">{PRIVACY_TEXT[l.deckPrivacy]}</p>}
      >
        {r.decks.map((d, i) => (
          <ReportDeck
            key={d.runId} deck={deckView(d)} siteName={SITE_NAME} open={i < OPEN_DECKS} anchor={`run-${d.runId}`}
            title={`${d.player} · run ${d.wins}–${d.losses}`}
          />
        ))}
      </ReportDecklists>

      <LeaderboardTable leagueId={l.id} rows={r.leaderboard} matchesPerRun={l.matchesPerRun} viewer={user?.discordId} final title="Final leaderboard" headingId="report-leaderboard" />
    </div>
  );
}

/** The meta of every run with a result: archetypes over all of them (an unpublished one only as its archetype), cards over the published ones. */
function LeagueMeta({ report: r }: { report: LeagueReport }) {
  const m = r.meta;
  const list = r.league.banlistName ?? 'no list';
  return (
    <section aria-labelledby="league-meta-title" className="space-y-4 rounded-xl border bg-card p-4 mobile:p-3" data-testid="report-meta">
      <h2 id="league-meta-title" className="font-semibold">
        Meta of the league
      </h2>
      <p className="text-sm text-muted-foreground">
        {m.decks === 0
          ? 'No run was counted: the decks of this league are private.'
          : `${count(m.decks, 'run')} with a result, ${m.topCutDecks} of them the top 8’s (published or not: only their archetype is counted).`}
      </p>
      <ShareChart rows={m.archetypes} caption="Archetypes of the league" id="league-meta" />
      {m.cards.length > 0 && (
        <div className="space-y-2">
          <h3 className="font-medium">Cards by inclusion</h3>
          <p className="text-sm text-muted-foreground">
            In the {count(m.publishedDecks, 'published run')} (Main and Extra Deck); status on {list}.
          </p>
          <MetaCardsTable cards={m.cards} statusList={list} initial={REPORT_CARDS} />
        </div>
      )}
    </section>
  );
}
