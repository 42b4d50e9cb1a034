// iCalendar files (RFC 5545) for events: one VEVENT per tournament with a stable UID, and a
// SEQUENCE that grows with each change so calendar apps replace the old copy. Small enough to
// write here; tests read the output back with ical.js, an independent parser.

export interface CalendarEvent {
  /** stable for the life of the event: the same event in every download */
  uid: string;
  /** raised on each change of what the calendar shows */
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  /** the event's page */
  url: string;
  /** when the event last changed (LAST-MODIFIED) */
  updatedAt: Date;
  cancelled?: boolean;
}

export interface CalendarOptions {
  /** the site's name, for PRODID and the calendar's name */
  siteName: string;
  calendarName?: string;
  /** DTSTAMP: when this file was made */
  now?: Date;
}

/** UTC date-time form 20261125T190000Z. */
export function icsDate(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/**
 * Every Unicode line break (UAX #14's mandatory breaks): CR LF, CR, LF, VT, FF, NEL, LS, PS. Some
 * readers split lines on each of them (JavaScript's `^`/`$` and Python's splitlines() do), so none
 * may reach the file raw or a name could start a property of its own.
 */
const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/g;
/** RFC 5545's CONTROL (C0 and DEL) and the C1 controls, not allowed in a value; HTAB is, LF is kept to be written `\n`. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;
/** A surrogate half without its pair (JavaScript strings allow it, UTF-8 does not). */
const LONE_SURROGATE = /\p{Cs}/gu;

/**
 * TEXT escaping: backslash, semicolon and comma escaped; every line break an escaped newline
 * (`\n`); other control characters dropped; a lone surrogate the replacement character.
 */
export function icsText(s: string): string {
  return s
    .replace(LONE_SURROGATE, '\uFFFD')
    .replace(LINE_BREAK, '\n')
    .replace(CONTROL, '')
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n');
}

/** A URI value (not TEXT, no escapes): anything but printable ASCII percent-encoded as UTF-8, so no space, control or line break. */
export function icsUri(s: string): string {
  return s.replace(LONE_SURROGATE, '\uFFFD').replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
}

const encoder = new TextEncoder();

/** Lines longer than 75 octets continue on lines that start with a space, never inside a UTF-8 character. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    // the first line holds 75 octets, continuations 74 after their leading space
    const room = parts.length === 0 ? 75 : 74;
    if (octets + size > room) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function eventLines(e: CalendarEvent, stamp: string, domain: string): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${icsText(e.uid)}@${domain}`,
    `DTSTAMP:${stamp}`,
    `DTSTART:${icsDate(e.start)}`,
    `DTEND:${icsDate(e.end)}`,
    `SEQUENCE:${Math.max(0, Math.floor(e.sequence))}`,
    `LAST-MODIFIED:${icsDate(e.updatedAt)}`,
    `SUMMARY:${icsText(e.summary)}`,
    ...(e.description ? [`DESCRIPTION:${icsText(e.description)}`] : []),
    `URL:${icsUri(e.url)}`,
    `STATUS:${e.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
  ];
}

/** A whole calendar file, CRLF line ends. */
export function toIcs(events: readonly CalendarEvent[], { siteName, calendarName, now = new Date() }: CalendarOptions): string {
  const stamp = icsDate(now);
  // UIDs are globally unique: the event's id at a name of the site's
  const domain = siteName.toLowerCase().replace(/[^a-z0-9.-]+/g, '-').replace(/^-+|-+$/g, '') || 'format-hub';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${icsText(siteName.replace(/\/\//g, '/'))}//Tournaments//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(calendarName ? [`X-WR-CALNAME:${icsText(calendarName)}`] : []),
    ...events.flatMap((e) => eventLines(e, stamp, domain)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
