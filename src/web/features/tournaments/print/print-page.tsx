// /tournaments/{uid}/print?round=N and ?standings (issue 19): the sheets a hall posts, black on
// white, without the site's navigation; on screen a bar to print, switch rounds and download the
// CSV files, which print.css leaves off the paper.
import { useEffect, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ArrowLeft, Download, Printer } from 'lucide-react';
import type { PrintPairings, PrintStandings } from '../../../../domain/api/event-exports.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { RoundClock } from '../round-clock.tsx';
import { useTournamentLive } from '../tournament-live.ts';
import { exportLinks, usePrintPairings, usePrintStandings } from './print-api.ts';
import { PairingsLists, StandingsList } from './print-tables.tsx';
import { clockTime, printTarget, roundTitle } from './print-view.ts';
import './print.css';

const LOAD_FAILED = 'The sheet could not be loaded. Please try again.';

export function TournamentPrintPage() {
  const { uid = '' } = useParams();
  const [search] = useSearchParams();
  const target = printTarget(search);
  const pairings = usePrintPairings(uid, target.kind === 'pairings' ? target.round : undefined, target.kind === 'pairings');
  const standings = usePrintStandings(uid, target.kind === 'standings');
  const query = target.kind === 'pairings' ? pairings : standings;
  const event = query.data;
  const title = !event
    ? 'Print'
    : target.kind === 'standings'
      ? `${event.name} standings`
      : `${event.name} round ${(event as PrintPairings).round} pairings`;
  useDocumentTitle(title);
  // live, as the tournament page is: a print view projected in the hall follows results, extended
  // tables and (without ?round=) the next round's pairings
  useTournamentLive(uid, event?.version);

  // the page is paper: white behind it on screen too, whatever the site's theme
  useEffect(() => {
    document.documentElement.classList.add('print-document');
    return () => document.documentElement.classList.remove('print-document');
  }, []);

  const links = exportLinks(uid);
  const round = target.kind === 'pairings' ? (pairings.data?.round ?? target.round) : undefined;
  return (
    <div className="print-page min-h-dvh bg-white text-black">
      <div className="no-print border-b border-neutral-300 bg-neutral-100">
        <nav aria-label="Print view" className="mx-auto flex max-w-4xl flex-wrap items-center gap-2 px-4 py-3">
          <Link to={`/tournaments/${encodeURIComponent(uid)}`} className={buttonClasses('ghost', 'sm', 'mr-auto')}>
            <ArrowLeft aria-hidden="true" />
            Back to the tournament
          </Link>
          <Button size="sm" onClick={() => window.print()} disabled={!event}>
            <Printer aria-hidden="true" />
            {target.kind === 'standings' ? 'Print standings' : 'Print pairings'}
          </Button>
          {target.kind === 'standings' ? (
            <Link to={links.printPairings()} className={buttonClasses('secondary', 'sm')}>
              Pairings
            </Link>
          ) : (
            <Link to={links.printStandings} className={buttonClasses('secondary', 'sm')}>
              Standings
            </Link>
          )}
          {target.kind === 'pairings' && event && (
            <a href={links.pairingsCsv(round)} download className={buttonClasses('secondary', 'sm')}>
              <Download aria-hidden="true" />
              Download pairings (CSV)
            </a>
          )}
          <a href={links.standingsCsv} download className={buttonClasses('secondary', 'sm')}>
            <Download aria-hidden="true" />
            Download standings (CSV)
          </a>
        </nav>
        {event && event.currentRound > 1 && <RoundLinks uid={uid} current={event.currentRound} shown={round} />}
      </div>

      <main id="main" className="mx-auto max-w-4xl px-4 py-6 print:max-w-none print:p-0">
        {query.isPending ? (
          <p role="status">Loading…</p>
        ) : query.isError ? (
          <p role="alert" className="font-medium">
            {query.error instanceof ApiError && query.error.status > 0 ? query.error.message : LOAD_FAILED}
          </p>
        ) : target.kind === 'standings' ? (
          <Sheet event={query.data} heading={standingsHeading(query.data as PrintStandings)}>
            <StandingsList standings={query.data as PrintStandings} />
          </Sheet>
        ) : (
          <Sheet event={query.data} heading={<RoundHeading pairings={query.data as PrintPairings} />}>
            <PairingsLists pairings={query.data as PrintPairings} />
          </Sheet>
        )}
      </main>
    </div>
  );
}

function Sheet({ event, heading, children }: { event: PrintPairings | PrintStandings; heading: ReactNode; children: ReactNode }) {
  return (
    <article className="space-y-6" aria-labelledby="sheet-title">
      <header className="space-y-1 border-b-2 border-black pb-3">
        <h1 id="sheet-title" className="text-2xl leading-tight font-bold break-words">
          {event.name}
        </h1>
        {event.subtitle && <p className="font-medium">{event.subtitle}</p>}
        <div className="text-base">{heading}</div>
      </header>
      {children}
    </article>
  );
}

function standingsHeading(s: PrintStandings): string {
  if (s.final) return 'Final standings';
  if (s.currentRound < 1) return 'Standings before the first round';
  return `Standings, round ${s.currentRound} of ${s.roundCount}`;
}

/**
 * The round, when it was paired and when its clock reaches zero: as text for paper, which does not
 * count down, and on screen (a print view projected in the hall) the countdown beside it.
 */
function RoundHeading({ pairings: p }: { pairings: PrintPairings }) {
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1" data-testid="round-heading">
      <span className="font-semibold">{roundTitle(p)}</span>
      {p.roundStartedAt && <span>Started {clockTime(p.roundStartedAt)}</span>}
      {p.roundEndsAt && (
        <span className="font-semibold" data-testid="round-ends">
          Time: {clockTime(p.roundEndsAt)}
        </span>
      )}
      {p.roundEndsAt && <RoundClock endsAt={p.roundEndsAt} what={roundTitle(p)} className="print:hidden" />}
    </p>
  );
}

/** Every round paired so far; the one shown is marked. */
function RoundLinks({ uid, current, shown }: { uid: string; current: number; shown: number | undefined }) {
  const links = exportLinks(uid);
  return (
    <nav aria-label="Rounds" className="mx-auto flex max-w-4xl flex-wrap items-center gap-1.5 px-4 pb-3 text-sm">
      <span className="mr-1 text-neutral-700">Round</span>
      {Array.from({ length: current }, (_, i) => i + 1).map((n) => (
        <Link
          key={n}
          to={links.printPairings(n)}
          aria-current={n === shown ? 'page' : undefined}
          aria-label={`Round ${n}`}
          className={cn(buttonClasses(n === shown ? 'primary' : 'secondary', 'sm'), 'min-w-8 px-2')}
        >
          {n}
        </Link>
      ))}
    </nav>
  );
}
