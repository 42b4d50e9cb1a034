import ICAL from 'ical.js';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { foldLine, icsText, toIcs, type CalendarEvent } from './ics.ts';

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
        const clean = name.replace(/\r\n?/g, '\n').replace(/[\x00-\x08\x0b-\x1f\x7f]/g, ''); // eslint-disable-line no-control-regex
        const [e] = read(toIcs([event({ summary: name })], options));
        expect(e!.summary).toBe(clean);
      }),
    );
  });
});
