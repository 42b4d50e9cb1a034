// /tournaments/{uid}/print?round=N, ?slips and ?standings (issues 19 and 30): the sheets a hall
// posts and the match slips it hands out, black on white, without the site's navigation; on screen
// a bar to print, switch sheets and rounds and download the CSV files, which print.css leaves off the paper.
import { useEffect, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ArrowLeft, Download, Printer } from 'lucide-react';
import type { PrintPairings, PrintStandings } from '../../../../domain/api/event-exports.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { RoundClock } from '../playing/round-clock.tsx';
import { useTournamentLive } from '../tournament-live.ts';
import { useTournament } from '../tournaments-api.ts';
import { MatchSlipsSheet } from './match-slips.tsx';
import { exportLinks, usePrintPairings, usePrintStandings } from './print-api.ts';
import { PairingsLists, StandingsList } from './print-tables.tsx';
import { clockTime, printTarget, roundTitle, standingsHeading, type CutChoice } from './print-view.ts';
import './print.css';

const LOAD_FAILED = 'The sheet could not be loaded. Please try again.';

export function TournamentPrintPage() {
  const { uid = '' } = useParams();
  const [search] = useSearchParams();
  const target = printTarget(search);
  const ofRound = target.kind !== 'standings';
  const pairings = usePrintPairings(uid, ofRound ? target.round : undefined, ofRound);
  const standings = usePrintStandings(uid, !ofRound);
  // the host's Swiss rounds and cut, which name the rounds ('Top 4: semifinals'); the sheet waits for them
  const tournament = useTournament(uid);
  const choice: CutChoice | undefined = tournament.data;
  const query = ofRound ? pairings : standings;
  const event = query.data;
  const title = !event
    ? 'Print'
    : target.kind === 'standings'
      ? `${event.name} standings`
      : `${event.name}, ${roundTitle(event as PrintPairings, choice)}: ${SHEETS[target.kind].toLowerCase()}`;
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
  const round = ofRound ? (pairings.data?.round ?? target.round) : undefined;
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
            Print {SHEETS[target.kind].toLowerCase()}
          </Button>
          {/* the other sheets, of the round shown */}
          {(Object.keys(SHEETS) as (keyof typeof SHEETS)[]).filter((k) => k !== target.kind).map((k) => (
            <Link key={k} to={k === 'standings' ? links.printStandings : k === 'slips' ? links.printSlips(round) : links.printPairings(round)} className={buttonClasses('secondary', 'sm')}>
              {SHEETS[k]}
            </Link>
          ))}
          {ofRound && event && (
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
        {event && event.currentRound > 1 && <RoundLinks current={event.currentRound} shown={round} to={target.kind === 'slips' ? links.printSlips : links.printPairings} />}
      </div>

      <main id="main" className="mx-auto max-w-4xl px-4 py-6 print:max-w-none print:p-0">
        {query.isPending || (tournament.isPending && !tournament.isError) ? (
          <p role="status">Loading…</p>
        ) : query.isError ? (
          <p role="alert" className="font-medium">
            {query.error instanceof ApiError && query.error.status > 0 ? query.error.message : LOAD_FAILED}
          </p>
        ) : target.kind === 'standings' ? (
          <Sheet event={query.data} heading={standingsHeading(query.data as PrintStandings, choice)}>
            <StandingsList standings={query.data as PrintStandings} />
          </Sheet>
        ) : target.kind === 'slips' ? (
          // each slip names the event and the round: the paper is slips only
          <Sheet event={query.data} heading={<RoundHeading pairings={query.data as PrintPairings} choice={choice} />} className="slips-sheet" headerOnScreenOnly>
            <MatchSlipsSheet pairings={query.data as PrintPairings} />
          </Sheet>
        ) : (
          <Sheet event={query.data} heading={<RoundHeading pairings={query.data as PrintPairings} choice={choice} />}>
            <PairingsLists pairings={query.data as PrintPairings} />
          </Sheet>
        )}
      </main>
    </div>
  );
}

/** What the bar calls each sheet. */
const SHEETS = { pairings: 'Pairings', slips: 'Match slips', standings: 'Standings' } as const;

interface SheetProps {
  event: PrintPairings | PrintStandings;
  heading: ReactNode;
  children: ReactNode;
  className?: string;
  headerOnScreenOnly?: boolean;
}

function Sheet({ event, heading, children, className, headerOnScreenOnly }: SheetProps) {
  return (
    <article className={cn('space-y-6', className)} aria-labelledby="sheet-title">
      <header className={cn('space-y-1 border-b-2 border-black pb-3', headerOnScreenOnly && 'no-print')}>
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

/**
 * The round, when it was paired and when its clock reaches zero: as text for paper, which does not
 * count down, and on screen (a print view projected in the hall) the countdown beside it.
 */
function RoundHeading({ pairings: p, choice }: { pairings: PrintPairings; choice: CutChoice | undefined }) {
  const name = roundTitle(p, choice);
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1" data-testid="round-heading">
      <span className="font-semibold">{name}</span>
      {p.roundStartedAt && <span>Started {clockTime(p.roundStartedAt)}</span>}
      {p.roundEndsAt && (
        <span className="font-semibold" data-testid="round-ends">
          Time: {clockTime(p.roundEndsAt)}
        </span>
      )}
      {p.roundEndsAt && <RoundClock endsAt={p.roundEndsAt} what={name} className="print:hidden" />}
    </p>
  );
}

/** Every round paired so far; the one shown is marked. */
function RoundLinks({ current, shown, to }: { current: number; shown: number | undefined; to: (round: number) => string }) {
  return (
    <nav aria-label="Rounds" className="mx-auto flex max-w-4xl flex-wrap items-center gap-1.5 px-4 pb-3 text-sm">
      <span className="mr-1 text-neutral-700">Round</span>
      {Array.from({ length: current }, (_, i) => i + 1).map((n) => (
        <Link
          key={n}
          to={to(n)}
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
