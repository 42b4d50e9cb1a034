import { describe, expect, test } from 'vitest';
import { hostBanlist } from './host-banlist.ts';

describe('the list a hosted event plays on', () => {
  test.each([
    ['a date is the site’s list of that date, whatever text comes with it', { banlistDate: '2026-05-01', banlist: '!x' }, { kind: 'date', date: '2026-05-01' }],
    ['banlistDate null is no list, on purpose, even beside a series’ text', { banlistDate: null, banlist: '!x' }, { kind: 'none' }],
    ['text is that list', { banlist: '!2005.4 GOAT' }, { kind: 'text' }],
    ['an explicit banlist null keeps meaning none', { banlist: null }, { kind: 'none' }],
    ['nothing said is the current list, never none by omission', {}, { kind: 'current' }],
  ] as const)('%s', (_why, body, expected) => {
    expect(hostBanlist(body)).toEqual(expected);
  });
});
