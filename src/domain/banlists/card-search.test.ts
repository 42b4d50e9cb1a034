import { describe, expect, test } from 'vitest';
import { normalizeCardName, searchRank } from './card-search.ts';

describe('normalizeCardName', () => {
  test.each([
    ['lower case', 'Dark Magician', 'dark magician'],
    ['accents stripped', 'Cú Chulainn the Awakened', 'cu chulainn the awakened'],
    ['umlaut stripped', 'Beast Machine King Barbaros Ür', 'beast machine king barbaros ur'],
    ['hyphen is a word break', 'Blue-Eyes White Dragon', 'blue eyes white dragon'],
    ['apostrophe dropped so "harpies" matches', "Harpie's Feather Duster", 'harpies feather duster'],
    ['typographic apostrophe dropped too', 'Harpie’s Feather Duster', 'harpies feather duster'],
    ['symbols are word breaks', 'Evil★Twin Ki-sikil', 'evil twin ki sikil'],
    ['slashes are word breaks', 'D/D/D Flame King Genghis', 'd d d flame king genghis'],
    ['quotes and runs of punctuation collapse', '"A" Cell Breeding Device', 'a cell breeding device'],
    ['full-width letters become ASCII', 'ＡＢＣ', 'abc'],
    ['LIKE wildcards cannot survive', '100%_sure\\', '100 sure'],
    ['only punctuation gives an empty key', ' -- !! ', ''],
  ])('%s', (_why, name, key) => {
    expect(normalizeCardName(name)).toBe(key);
  });
});

describe('searchRank', () => {
  test.each([
    ['exact name', 'dark magician', 'dark magician', 0],
    ['name starts with the query', 'dark magician girl', 'dark magician', 1],
    ['a later word starts with the query', 'the dark magician', 'dark magician', 2],
    ['query inside a word', 'magicians rod', 'agician', 3],
    ['query inside a later word', 'dark magician', 'agic', 3],
    ['no match', 'blue eyes white dragon', 'dark', undefined],
    ['empty query matches nothing', 'dark magician', '', undefined],
  ] as const)('%s', (_why, name, query, rank) => {
    expect(searchRank(name, query)).toBe(rank);
  });
});
