import { describe, expect, test } from 'vitest';
import { cardRowFromJson, cardRowsFromFile } from './card-import.ts';
import type { CardJson } from './card-json.ts';
import { isSqlite, readCdb } from './cdb-import.ts';
import { officialCards, writeCdb } from './cdb-fixture.ts';

const byId = (id: number) => {
  const c = officialCards().find((x) => x.id === id);
  if (!c) throw new Error(`no card ${id}`);
  return c;
};

describe('cards.cdb import', () => {
  test('every official card read back from a cards.cdb gives the same row as its JSON', async () => {
    const cards = officialCards();
    const rows = await cardRowsFromFile(await writeCdb(cards));
    const expected = cards.map(cardRowFromJson).sort((a, b) => a.id - b.id);
    expect(rows).toHaveLength(14_723);
    expect(rows).toEqual(expected);
  }, 60_000);

  test.each([
    ['Link monster: markers from def, rating from level, no DEF', 4280258, { level: 4, linkMarkers: 135, def: null, atk: -2, cardType: 'MONSTER_LINK' }],
    ['pendulum: scales from the high bytes of level', 41546, { level: 8, lscale: 6, rscale: 6, def: 2600 }],
    ['normal monster with a 64-bit-safe race', 46986414, { level: 7, race: 2n, attribute: 32, atk: 2500, def: 2100 }],
    ['spell: no stats at all', 483, { atk: null, def: null, level: null, race: null, attribute: null, cardType: 'SPELL_QUICK_PLAY' }],
    ['alternate artwork keeps its alias', 64866, { alias: byId(64866).alias }],
    ['four archetypes, the top one above 0x7fff', 8512558, { setcodes: byId(8512558).setcodes }],
  ] as const)('%s', async (_why, id, fields) => {
    const [row] = (await readCdb(await writeCdb([byId(id)]))).map(cardRowFromJson);
    expect(row).toMatchObject(fields);
  });

  test('different left and right scales, a top archetype with the sign bit and the Yokai race survive', async () => {
    const synthetic: CardJson = {
      id: 99999999, name: 'Test Pendulum', type: 0x1000021, atk: 100, def: 200, level: 3, lscale: 13, rscale: 0,
      race: '4611686018427387904', attribute: 0x20, setcodes: [0x1, 0x2, 0x3, 0xc008], desc: 'x',
    };
    const [row] = (await readCdb(await writeCdb([synthetic]))).map(cardRowFromJson);
    expect(row).toMatchObject({ level: 3, lscale: 13, rscale: 0, race: 0x4000000000000000n, setcodes: [1, 2, 3, 0xc008] });
  });

  test('an SQLite file is told from JSON by its header', async () => {
    expect(isSqlite(await writeCdb([]))).toBe(true);
    expect(isSqlite(Buffer.from('[{"id":1}]'))).toBe(false);
  });

  test('a file that is neither JSON nor a cards.cdb is refused with a reason', async () => {
    await expect(cardRowsFromFile(Buffer.from('hello'))).rejects.toThrow(/not JSON and not an SQLite cards.cdb/);
  });
});
