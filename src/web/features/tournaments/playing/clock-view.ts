// The round clock's pure parts (issue 19): the countdown as a table reads it, and how far the
// browser's clock is from the server's. Kept apart from React so they are tested with tables.

/** What a clock shows at zero and after. */
export const TIME_UP = 'Time';

/**
 * The time left as mm:ss ('50:00', '04:07', '75:00' for a long round), counting whole seconds up (the
 * last second shows '00:01'), or 'Time' once it has run out.
 */
export function formatCountdown(msLeft: number): string {
  if (!(msLeft > 0)) return TIME_UP;
  const seconds = Math.ceil(msLeft / 1000);
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

/** A skew under this is left alone: a Date header has whole seconds, so two right clocks would differ by up to one. */
export const SKEW_IGNORED_MS = 1500;

/** A round trip longer than this gives no estimate (its middle may be anywhere in it). */
export const MAX_TRIP_MS = 10_000;

/**
 * How far to move the browser's clock to read the server's, from a response's Date header and when
 * the request left and its answer came (local ms). The header has whole seconds: the middle of that
 * second is the best guess, set against the middle of the round trip. 0 when the clocks agree within
 * SKEW_IGNORED_MS, when the header is missing or unreadable, or when the trip took over MAX_TRIP_MS.
 */
export function serverOffset(dateHeader: string | null, sentAt: number, receivedAt: number): number {
  const server = dateHeader ? Date.parse(dateHeader) : NaN;
  if (Number.isNaN(server)) return 0;
  // a trip this long (a stalled network, a laptop that slept, a test's clock moved meanwhile) says nothing reliable
  if (!(receivedAt - sentAt >= 0 && receivedAt - sentAt <= MAX_TRIP_MS)) return 0;
  const offset = server + 500 - (sentAt + receivedAt) / 2;
  return Math.abs(offset) < SKEW_IGNORED_MS ? 0 : Math.round(offset);
}

/** The end of a clock in the viewer's words: '8:50 PM'. */
export function endTime(iso: string, locale?: string): string {
  return new Date(iso).toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
}

/** The clock a match shows on its own (a card, the modal): one that runs differently from the round's (extended), still being played. */
export function ownClock(m: { endsAt: string | null; extraMinutes: number; complete: boolean; bye: boolean }): string | null {
  return m.endsAt && m.extraMinutes > 0 && !m.complete && !m.bye ? m.endsAt : null;
}

/**
 * Every match of the round has its result (byes and walkovers included): the round's clock stops.
 * Decided in the page from the round's matches, which live messages update at once, so the banner
 * turns without a reload; the same test as the server's roundComplete for the current round.
 */
export function allResultsIn(matches: readonly { roundNumber: number; complete: boolean }[], round: number): boolean {
  const of = matches.filter((m) => m.roundNumber === round);
  return of.length > 0 && of.every((m) => m.complete);
}

/** Where the round's clock stands: counting down, time called, every result in (stopped), or no clock. */
export type RoundClockState = 'running' | 'time' | 'all-in' | 'untimed';

export function roundClockState(endsAt: string | null | undefined, now: number, allIn: boolean): RoundClockState {
  if (allIn) return 'all-in';
  if (!endsAt) return 'untimed';
  return new Date(endsAt).getTime() > now ? 'running' : 'time';
}

/** What the stopped clock says. */
export const ALL_IN = 'All results in';
