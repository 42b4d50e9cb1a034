import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { Medal } from 'lucide-react';
import type { PublishedDeck, Report } from '../../../domain/api/records.ts';
import { CardPreviewProvider } from '../../components/card-preview.tsx';
import { BackLink, PageFailure, StatusLine } from '../../components/page-states.tsx';
import { PlayerLink } from '../../components/player-link.tsx';
import { ShareChart } from '../../components/share-chart.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.tsx';
import { SITE_NAME, useDocumentTitle } from '../../lib/use-document-title.ts';
import { ArchetypeDialog } from './archetype-dialog.tsx';
import { useReport } from './report-api.ts';
import { ReportDeck } from './report-deck.tsx';
import { ReportDecklists, ReportHeader, ReportNotYet } from './report-frame.tsx';
import { PlacementsTable, ReportBracket } from './report-results.tsx';

/** Decks shown open at first; the rest open on demand (a 64-deck report would load thousands of pictures). */
const OPEN_DECKS = 4;

const NO_DECKS: Record<Report['tournament']['deckPrivacy'], string> = {
  closed: 'The host kept this event’s decks private.',
  'top-cut': 'No deck of the top cut was published.',
  all: 'No deck was published.',
};

/** /tournaments/{uid}/report: the record of a completed event (issue 20). */
export function ReportPage() {
  const { uid = '' } = useParams();
  const report = useReport(uid);
  useDocumentTitle(report.data ? `${report.data.tournament.name}: event report` : 'Event report');
  const status = report.error instanceof ApiError ? report.error.status : undefined;
  const eventLink = `/tournaments/${encodeURIComponent(uid)}`;

  return (
    <section className="space-y-5" aria-label="Event report">
      <BackLink to={report.data ? eventLink : '/tournaments'}>{report.data ? 'Back to the event' : 'All tournaments'}</BackLink>
      {report.isPending ? (
        <StatusLine>Loading the report…</StatusLine>
      ) : status === 409 ? (
        <ReportNotYet title="Event report" to={eventLink} linkText="Go to the event">
          The report is published once the winner is marked. Until then, follow the event on its page.
        </ReportNotYet>
      ) : status === 404 ? (
        <PageFailure title="Event report">Tournament not found</PageFailure>
      ) : report.isError ? (
        <PageFailure title="Event report" onRetry={() => void report.refetch()}>
          Failed to load the report: {report.error.message}
        </PageFailure>
      ) : (
        <CardPreviewProvider>
          <ReportView report={report.data} />
        </CardPreviewProvider>
      )}
    </section>
  );
}

function ReportView({ report: r }: { report: Report }) {
  const { user } = useSession();
  const [correcting, setCorrecting] = useState<number | null>(null);
  const t = r.tournament;
  const canCorrect = !!user && (user.discordId === t.hostDiscordId || user.auth >= 2);
  const names = useMemo(() => new Map(r.placements.map((p) => [p.teamId, p.teamName || 'Unnamed Team'])), [r.placements]);
  const teamName = (id: string | null) => (id === null ? 'To be decided' : (names.get(id) ?? 'Unknown team'));
  const day = new Date(t.completedAt).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
  const facts = [t.seriesName, t.banlistName && `Banlist: ${t.banlistName}`, `${r.placements.length} ${r.placements.length === 1 ? 'team' : 'teams'}`].filter(Boolean);
  const deck: PublishedDeck | null = r.decks.find((d) => d.id === correcting) ?? null;

  return (
    <div className="space-y-6">
      <ReportHeader kind="Event report" name={t.name} rated={t.rated}>
        {t.subtitle && <p className="text-muted-foreground">{t.subtitle}</p>}
        <p className="text-sm text-muted-foreground">
          Completed <time dateTime={t.completedAt}>{day}</time>
          {facts.map((f) => ` · ${f}`)}
        </p>
      </ReportHeader>

      <Champion report={r} />

      {/* one above the other: the chart and its table need the width side by side */}
      <div className="space-y-6">
        <PlacementsTable placements={r.placements} />
        <section aria-labelledby="meta-title" className="space-y-3 rounded-xl border bg-card p-4 mobile:p-3" data-testid="report-meta">
          <h2 id="meta-title" className="font-semibold">
            Meta of the event
          </h2>
          <p className="text-sm text-muted-foreground">
            {r.meta.decks === 0
              ? 'No deck was counted: the decks of this event are private.'
              : `${r.meta.decks} approved ${r.meta.decks === 1 ? 'deck' : 'decks'}, ${r.meta.topCutDecks} in the top cut (published or not: only their archetype is counted).`}
          </p>
          <ShareChart rows={r.meta.archetypes} caption="Archetypes of the event" id="report-meta" />
        </section>
      </div>

      <ReportBracket matches={r.bracket} teamName={teamName} />

      <ReportDecklists headingId="decks-title" count={r.decks.length} empty={NO_DECKS[t.deckPrivacy]}>
        {r.decks.map((d, i) => (
          <ReportDeck key={d.id} deck={d} siteName={SITE_NAME} open={i < OPEN_DECKS} onCorrect={canCorrect ? () => setCorrecting(d.id) : undefined} />
        ))}
      </ReportDecklists>
      <ArchetypeDialog uid={t.uid} deck={deck} onClose={() => setCorrecting(null)} />
    </div>
  );
}

function Champion({ report: r }: { report: Report }) {
  const c = r.champion;
  if (!c) return <p className="text-muted-foreground">No champion was recorded for this event.</p>;
  const row = r.placements.find((p) => p.teamId === c.teamId);
  return (
    <section aria-labelledby="report-champion-title" className="space-y-3 rounded-xl border border-limited/40 bg-limited/10 p-5 mobile:p-4" data-testid="report-champion">
      <h2 id="report-champion-title" className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
        <Medal aria-hidden="true" className="size-4" />
        Champion
      </h2>
      <p className="text-2xl font-bold break-words" data-testid="report-champion-name">
        {c.teamName || 'Unnamed Team'}
      </p>
      {row && (
        <p className="text-sm tabular-nums">
          {row.wins}-{row.losses}-{row.ties} · {row.points} {row.points === 1 ? 'point' : 'points'}
        </p>
      )}
      {c.members.length > 0 && (
        <ul className="flex flex-wrap gap-3" aria-label="Champion team members">
          {c.members.map((m) => (
            <li key={m.discordId} className="flex items-center gap-2 rounded-full border bg-card py-1 pr-3 pl-1 text-sm">
              <Avatar src={m.avatarUrl} name={m.displayName || 'Unknown player'} />
              <PlayerLink discordId={m.discordId} name={m.displayName || 'Unknown player'} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
