import { describe, expect, test } from 'vitest';
import { formatStart } from './starts-at.ts';

describe('the start time in the viewer’s time zone', () => {
  test.each([
    ['Europe/Paris', 'Sat, Dec 5, 2026, 8:00 PM GMT+1'],
    ['America/New_York', 'Sat, Dec 5, 2026, 2:00 PM EST'],
    ['Asia/Tokyo', 'Sun, Dec 6, 2026, 4:00 AM GMT+9'],
  ])('19:00 UTC read in %s: %s', (timeZone, shown) => {
    expect(formatStart('2026-12-05T19:00:00.000Z', { locale: 'en-US', timeZone }).replace(/\u202f/g, ' ')).toBe(shown);
  });

  test('a value that is no date is shown as it is', () => expect(formatStart('soon')).toBe('soon'));
});
