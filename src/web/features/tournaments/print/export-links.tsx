// Links to the print view, the CSV files and the calendar (issue 19), for the panels that offer them.
// Plain links: the server names the files, so a download needs no script.
import { Link } from 'react-router';
import { CalendarPlus, Download, Printer } from 'lucide-react';
import type { Tournament } from '../../../../domain/api/tournaments.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { CALENDAR_FEED, exportLinks } from './print-api.ts';

/** Admin Tools: print and download the current round's pairings (and its match slips) and the standings, once there are any. */
export function ExportLinks({ tournament: t }: { tournament: Pick<Tournament, 'uid' | 'inProgress' | 'completed' | 'closed' | 'currentRound'> }) {
  if (!t.inProgress && !t.completed) return null;
  const links = exportLinks(t.uid);
  // after Close the matches are gone: the standings remain
  const pairings = !t.closed && t.currentRound >= 1;
  const cls = buttonClasses('secondary', 'sm', 'justify-start');
  return (
    <div className="grid gap-2" data-testid="export-links">
      {pairings && (
        <Link to={links.printPairings()} className={cls}>
          <Printer aria-hidden="true" />
          Print pairings
        </Link>
      )}
      {pairings && (
        <Link to={links.printSlips()} className={cls}>
          <Printer aria-hidden="true" />
          Print match slips
        </Link>
      )}
      <Link to={links.printStandings} className={cls}>
        <Printer aria-hidden="true" />
        Print standings
      </Link>
      {pairings && (
        <a href={links.pairingsCsv()} download className={cls}>
          <Download aria-hidden="true" />
          Download pairings (CSV)
        </a>
      )}
      <a href={links.standingsCsv} download className={cls}>
        <Download aria-hidden="true" />
        Download standings (CSV)
      </a>
    </div>
  );
}

/** The tournament page: its start in the visitor's calendar (an .ics file any calendar app opens). */
export function AddToCalendarLink({ tournament: t }: { tournament: Pick<Tournament, 'uid' | 'startsAt' | 'cancelled' | 'closed'> }) {
  if (!t.startsAt || t.cancelled || t.closed) return null;
  return (
    <a href={exportLinks(t.uid).calendar} download className={buttonClasses('secondary', 'sm')} data-testid="add-to-calendar">
      <CalendarPlus aria-hidden="true" />
      Add to calendar
    </a>
  );
}

/** The list page: every upcoming event in one calendar that stays up to date. */
export function SubscribeToCalendarLink() {
  return (
    <a
      href={CALENDAR_FEED}
      className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-primary underline-offset-4 hover:underline"
      title="An iCalendar feed of every upcoming tournament: add its address to your calendar app to subscribe"
      data-testid="calendar-feed"
    >
      <CalendarPlus aria-hidden="true" className="size-4" />
      Subscribe to the calendar
    </a>
  );
}
