import { describe, expect, it } from 'vitest';
import { fileNameOf } from './transfer.ts';

describe('fileNameOf', () => {
  it.each([
    ['the UTF-8 name before the plain one (the server sends both)', `attachment; filename="Caf_ Night.lflist.conf"; filename*=UTF-8''Caf%C3%A9%20Night.lflist.conf`, 'Café Night.lflist.conf'],
    ['a quoted plain name', 'attachment; filename="2026-07-01_Format Hub.lflist.conf"', '2026-07-01_Format Hub.lflist.conf'],
    ['an unquoted plain name', 'attachment; filename=decks.zip', 'decks.zip'],
    ['spaces around the equals sign, any case', 'attachment; FILENAME = standings.csv', 'standings.csv'],
    ['a malformed encoding: the plain name', `attachment; filename="plain.csv"; filename*=UTF-8''%E0%A4%A`, 'plain.csv'],
    ['no header: the fallback', null, 'fallback.txt'],
    ['a header without a name: the fallback', 'attachment', 'fallback.txt'],
  ])('%s', (_why, header, name) => {
    expect(fileNameOf(header, 'fallback.txt')).toBe(name);
  });
});
