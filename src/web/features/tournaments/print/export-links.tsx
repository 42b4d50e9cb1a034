// Links to the print view, the hall's big screen, the CSV files and the calendar (issues 19 and 30),
// for the panels that offer them.
// Plain links: the server names the files, so a download needs no script.
import { Link } from 'react-router';
import { CalendarPlus, Check, Copy, Download, Monitor, Printer } from 'lucide-react';
import type { Tournament } from '../../../../domain/api/tournaments.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { useCopy } from '../../../lib/use-copy.ts';
import { calendarAddresses } from './calendar-address.ts';
import { CALENDAR_FEED, exportLinks } from './print-api.ts';

/**
 * Admin Tools: print and download the current round's pairings (and its match slips) and the
 * standings, once there are any, and open the big screen for the hall.
 */
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
      <Link to={links.screen} className={cls}>
        <Monitor aria-hidden="true" />
        Big screen
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

/**
 * The list page: every upcoming event in one calendar that stays up to date. The link opens the
 * calendar app on webcal:// (issue 30 §8); 'Copy address' is for apps that want it pasted.
 */
export function SubscribeToCalendarLink() {
  const { web, webcal } = calendarAddresses(window.location.origin, CALENDAR_FEED);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="calendar-feed">
      <a
        href={webcal}
        className="inline-flex min-h-11 items-center gap-1.5 rounded text-sm font-medium text-primary underline-offset-4 hover:underline desktop:min-h-0"
        title="An iCalendar feed of every upcoming tournament: your calendar app subscribes and keeps it up to date"
      >
        <CalendarPlus aria-hidden="true" className="size-4" />
        Subscribe to the calendar
      </a>
      <CopyAddressButton address={web} />
    </div>
  );
}

/** 'Copy address': the feed's address to the clipboard, 'Copied' said and announced; refused, the address shown selected. */
function CopyAddressButton({ address }: { address: string }) {
  const { state, field, copy: toClipboard } = useCopy<HTMLInputElement>();
  const copy = () => toClipboard(address);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => void copy()} className="mobile:min-h-11">
        {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {state === 'copied' ? 'Copied' : 'Copy address'}
      </Button>
      <span role="status" className="sr-only">
        {state === 'copied' ? 'Copied the calendar’s address' : ''}
      </span>
      {state === 'failed' && (
        <span className="w-full space-y-1">
          <span className="block text-sm text-muted-foreground" role="alert">
            The clipboard is not available here: the address is selected below, copy it yourself.
          </span>
          <input
            ref={field}
            readOnly
            value={address}
            aria-label="The calendar's address"
            onFocus={(e) => e.currentTarget.select()}
            className="w-full rounded-md border bg-background px-2 py-1.5 font-mono text-xs"
          />
        </span>
      )}
    </>
  );
}
