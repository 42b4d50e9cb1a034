import ICAL from 'ical.js';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { foldLine, icsText, icsUri, toIcs, type CalendarEvent } from './ics.ts';

const event = (over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  uid: 'tournament-1',
  sequence: 3,
  start: new Date('2026-12-05T18:00:00Z'),
  end: new Date('2026-12-05T23:00:00Z'),
  summary: 'Winter Cup #4',
  description: 'Swiss → Top Cut, best of 3',
  url: 'https://hub.example/tournaments/tournament-1',
  updatedAt: new Date('2026-11-25T10:00:00Z'),
  ...over,
});
// X-WR-CALNAME is TEXT, as RFC 5545 has an unknown property by default; ical.js reads it raw unless told
ICAL.design.icalendar.property['x-wr-calname'] = { defaultType: 'text' };

const options = { siteName: 'Format Hub', now: new Date('2026-11-25T12:00:00Z') };

/** The VEVENTs of a file as ical.js reads them. */
function read(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  return root.getAllSubcomponents('vevent').map((v) => ({
    uid: v.getFirstPropertyValue('uid'),
    sequence: v.getFirstPropertyValue('sequence'),
    start: (v.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    end: (v.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
    summary: v.getFirstPropertyValue('summary'),
    description: v.getFirstPropertyValue('description'),
    url: v.getFirstPropertyValue('url'),
    status: v.getFirstPropertyValue('status'),
  }));
}

describe('an iCalendar file (RFC 5545)', () => {
  test('one event reads back with its stable UID, sequence, times, page and status', () => {
    const [e] = read(toIcs([event()], options));
    expect(e).toEqual({
      uid: 'tournament-1@format-hub', sequence: 3, start: '2026-12-05T18:00:00.000Z', end: '2026-12-05T23:00:00.000Z',
      summary: 'Winter Cup #4', description: 'Swiss → Top Cut, best of 3', url: 'https://hub.example/tournaments/tournament-1', status: 'CONFIRMED',
    });
  });

  test('CRLF line ends, the calendar frame, PRODID and DTSTAMP', () => {
    const text = toIcs([event()], { ...options, calendarName: 'Upcoming' });
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Format Hub//Tournaments//EN\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text).toContain('DTSTAMP:20261125T120000Z\r\n');
    expect(text).toContain('X-WR-CALNAME:Upcoming\r\n');
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  test('a cancelled event keeps its UID and says CANCELLED, so calendars remove it', () => {
    expect(read(toIcs([event({ cancelled: true })], options))[0]!.status).toBe('CANCELLED');
  });

  test('an empty calendar is still a calendar', () => {
    expect(read(toIcs([], options))).toEqual([]);
  });

  test.each([
    ['commas and semicolons', 'Cup; round 1, table 2'],
    ['a backslash', 'a\\b'],
    ['line breaks', 'line one\nline two\r\nline three'],
    ['long text with accents and emoji, folded', `${'Ünïcødé 🐉 '.repeat(30)}end`],
  ])('text with %s reads back the same', (_why, text) => {
    const [e] = read(toIcs([event({ summary: text, description: text })], options));
    const expected = text.replace(/\r\n?/g, '\n');
    expect(e!.summary).toBe(expected);
    expect(e!.description).toBe(expected);
  });

  test('control characters are dropped, a tab (which TEXT allows) kept', () => {
    expect(icsText('a\u0000b\u0007c\td')).toBe('abc\td');
  });

  test('no line is longer than 75 octets, and no UTF-8 character is cut', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (s) => {
        const folded = foldLine(`SUMMARY:${s}`);
        for (const line of folded.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
        expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${s}`);
      }),
    );
  });

  test('any name reads back the same through ical.js', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 120 }), (name) => {
        const [e] = read(toIcs([event({ summary: name })], options));
        expect(e!.summary).toBe(cleaned(name));
      }),
    );
  });
});

// ---- hostile text (issue 29 §6) -------------------------------------------------------------------

/**
 * Every Unicode line break (UAX #14's mandatory breaks, and FS, GS, RS which Python's splitlines()
 * also breaks on). A reader that splits lines on any of them must still read the file's own lines.
 */
const ANY_BREAK = /\r\n|[\n\v\f\r\x1c-\x1e\u0085\u2028\u2029]/; // eslint-disable-line no-control-regex
/** The text a value should read back as: each line break one newline, other controls gone (HTAB stays). */
// eslint-disable-next-line no-control-regex
const cleaned = (s: string) => s.replace(/\r\n|[\n\v\f\r\u0085\u2028\u2029]/g, '\n').replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/g, '');

/** The property names, in order, as a reader that splits on every Unicode line break sees them (continuations unfolded). */
function namesSplittingOnEveryBreak(text: string): string[] {
  const lines: string[] = [];
  for (const line of text.split(ANY_BREAK)) {
    if (line.startsWith(' ') && lines.length > 0) lines[lines.length - 1] += line.slice(1);
    else if (line) lines.push(line);
  }
  return lines.map((l) => /^[^:;]*/.exec(l)![0]);
}

const FILE_NAMES = ['BEGIN', 'VERSION', 'PRODID', 'CALSCALE', 'METHOD', 'X-WR-CALNAME', 'BEGIN', 'UID', 'DTSTAMP', 'DTSTART', 'DTEND', 'SEQUENCE', 'LAST-MODIFIED', 'SUMMARY', 'DESCRIPTION', 'URL', 'STATUS', 'END', 'END'];

/** Every C0 and C1 control that is not a line break, DEL, and HTAB (which TEXT allows). */
const CONTROLS = [...Array.from({ length: 0x20 }, (_, i) => i), 0x7f, ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i)]
  .filter((c) => ![0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x85].includes(c))
  .map((c) => String.fromCharCode(c))
  .join('');

describe('hostile text in a calendar file', () => {
  /** Text that would inject properties into a reader splitting on any line break, with every kind of break and control. */
  const hostile = `Cup\u2028URL:http://evil.example\u2029LOCATION:Mars\u0085X-INJECTED:1\rSTATUS:CANCELLED\r\nDTSTART:19700101T000000Z\nEND:VEVENT\vA\fB${CONTROLS}C\tD`;
  const intended = 'Cup\nURL:http://evil.example\nLOCATION:Mars\nX-INJECTED:1\nSTATUS:CANCELLED\nDTSTART:19700101T000000Z\nEND:VEVENT\nA\nBC\tD';

  test('in every text property it reads back as text with its breaks as newlines, and no property is added', () => {
    const text = toIcs([event({ uid: `tournament-1${hostile}`, summary: hostile, description: hostile, url: `https://hub.example/t/a b${hostile}` })], {
      ...options, siteName: `Hub${hostile}`, calendarName: hostile,
    });
    // no raw line break but the CRLF that ends a line, no control character but HTAB
    expect(text.split(ANY_BREAK)).toEqual(text.split('\r\n'));
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029]/); // eslint-disable-line no-control-regex
    expect(namesSplittingOnEveryBreak(text)).toEqual(FILE_NAMES);
    // ical.js reads the intended values
    const root = new ICAL.Component(ICAL.parse(text));
    expect(root.getFirstPropertyValue('x-wr-calname')).toBe(intended);
    expect(root.getFirstPropertyValue('prodid')).toBe(`-//Hub${intended.replace('//', '/')}//Tournaments//EN`);
    const [e] = read(text);
    expect(e!.summary).toBe(intended);
    expect(e!.description).toBe(intended);
    const [uid, domain] = (e!.uid as string).split('@');
    expect(uid).toBe(`tournament-1${intended}`);
    expect(domain).toMatch(/^hub[a-z0-9.-]+$/);
    expect(e!.status).toBe('CONFIRMED');
    expect(e!.start).toBe('2026-12-05T18:00:00.000Z');
    // the URL is a URI: its space, breaks and controls percent-encoded
    expect(e!.url).toBe(icsUri(`https://hub.example/t/a b${hostile}`));
    expect(e!.url).toMatch(/^https:\/\/hub\.example\/t\/a%20bCup%E2%80%A8URL:http:\/\/evil\.example%E2%80%A9LOCATION:Mars%C2%85X-INJECTED:1%0DSTATUS/);
    expect(e!.url).toMatch(/^[\x21-\x7e]+$/);
  });

  test.each([
    ['CR', '\r'], ['LF', '\n'], ['CR LF', '\r\n'], ['VT', '\v'], ['FF', '\f'], ['NEL', '\u0085'], ['LS', '\u2028'], ['PS', '\u2029'],
  ])('a %s reads back as a newline and starts no property', (_name, br) => {
    const summary = `Winter Cup${br}X-INJECTED:1`;
    const text = toIcs([event({ summary, description: summary })], { ...options, calendarName: summary });
    expect(namesSplittingOnEveryBreak(text)).toEqual(FILE_NAMES);
    const [e] = read(text);
    expect(e!.summary).toBe('Winter Cup\nX-INJECTED:1');
    expect(e!.description).toBe('Winter Cup\nX-INJECTED:1');
  });

  test('every other C0 and C1 control and DEL is dropped (RFC 5545 forbids them in a value), a tab kept', () => {
    expect(CONTROLS).toHaveLength(0x20 - 5 + 1 + 0x20 - 1);
    expect(icsText(`a${CONTROLS}\tb`)).toBe('a\tb');
    expect(read(toIcs([event({ summary: `a${CONTROLS}\tb` })], options))[0]!.summary).toBe('a\tb');
  });

  test('a lone surrogate half is the replacement character, in text and URL alike', () => {
    expect(icsText('a\uD83Db\uDC09c')).toBe('a\uFFFDb\uFFFDc');
    expect(icsUri('https://x/\uD83D')).toBe('https://x/%EF%BF%BD');
  });

  test('folding at 75 octets never splits a UTF-8 sequence or a surrogate pair, with emoji and escapes at every boundary', () => {
    const encoder = new TextEncoder();
    const strict = new TextDecoder('utf-8', { fatal: true });
    for (let pad = 55; pad <= 80; pad++) {
      for (const tail of ['🐉🐉🐉', '👩‍👩‍👧 ok', 'é€🐉\u2028🐉', '\\;,\n🐉']) {
        const summary = `${'x'.repeat(pad)}${tail}`.repeat(2);
        const text = toIcs([event({ summary })], options);
        const bytes = encoder.encode(text);
        // split the octets themselves on CRLF: every line is whole UTF-8 of at most 75 octets
        let start = 0;
        for (let i = 0; i <= bytes.length - 2; i++) {
          if (bytes[i] !== 0x0d || bytes[i + 1] !== 0x0a) continue;
          expect(i - start).toBeLessThanOrEqual(75);
          expect(() => strict.decode(bytes.subarray(start, i))).not.toThrow();
          start = i + 2;
        }
        expect(namesSplittingOnEveryBreak(text)).toEqual(FILE_NAMES.filter((n) => n !== 'X-WR-CALNAME'));
        expect(read(text)[0]!.summary).toBe(cleaned(summary));
      }
    }
  });

  test('any text, hostile characters mixed in, reads back cleaned and adds no property', () => {
    const unit = fc.constantFrom('a', ' ', '🐉', 'é', ':', ';', ',', '\\', '\t', '\r', '\n', '\v', '\f', '\u0085', '\u2028', '\u2029', '\u0000', '\u001b', '\u007f', '\u0090', '\uD83D', 'X-INJECTED:1');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 60 }), fc.string({ unit, maxLength: 60 }), (summary, name) => {
        const text = toIcs([event({ summary, description: `${summary}.` })], { ...options, calendarName: `${name}.` });
        expect(namesSplittingOnEveryBreak(text)).toEqual(FILE_NAMES);
        const [e] = read(text);
        expect(e!.summary).toBe(cleaned(summary).replace(/\uD83D(?![\uDC00-\uDFFF])/g, '\uFFFD'));
      }),
    );
  });
});
