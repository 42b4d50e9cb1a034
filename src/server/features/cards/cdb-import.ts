// EDOPro cards.cdb (SQLite `datas` + `texts`, edopro.md §4) read with sql.js, the SQLite of the web, in process.
import { createRequire } from 'node:module';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import type { CardJson } from './card-json.ts';

const require = createRequire(import.meta.url);
let sqlJs: Promise<SqlJsStatic> | undefined;

/** sql.js with its wasm loaded from node_modules (no network). */
export function loadSqlJs(): Promise<SqlJsStatic> {
  sqlJs ??= initSqlJs({ locateFile: (file: string) => require.resolve(`sql.js/dist/${file}`) });
  return sqlJs;
}

const SQLITE_HEADER = 'SQLite format 3\0';
export function isSqlite(bytes: Uint8Array): boolean {
  return bytes.length >= 16 && Buffer.from(bytes.subarray(0, 16)).toString('latin1') === SQLITE_HEADER;
}

/** A joined row of `datas` and `texts`; 64-bit columns come as decimal text so no bit is lost to doubles. */
export interface CdbRow {
  id: number;
  ot: number | null;
  alias: number | null;
  setcode: string | null;
  type: number | null;
  atk: number | null;
  def: number | null;
  level: number | null;
  race: string | null;
  attribute: number | null;
  name: string | null;
  desc: string | null;
}

const MONSTER = 0x1;
const PENDULUM = 0x1000000;
const LINK = 0x4000000;

const uint64 = (text: string | null) => BigInt.asUintN(64, BigInt(text ?? 0));

/**
 * One card in the shape of the JSON export: setcode split into up to four uint16 archetypes (low first);
 * `level` holds the level/rank/link rating in its low byte and the pendulum scales in bytes 3 (left) and
 * 2 (right); a Link monster's `def` is its link-marker mask. Spells and traps carry no stats.
 */
export function cardJsonFromCdbRow(r: CdbRow): CardJson {
  const type = r.type ?? 0;
  const setcode = uint64(r.setcode);
  const setcodes: number[] = [];
  for (let i = 0n; i < 4n; i++) {
    const archetype = Number((setcode >> (16n * i)) & 0xffffn);
    if (archetype) setcodes.push(archetype);
  }
  const card: CardJson = { id: r.id, alias: r.alias ?? 0, name: r.name ?? '', type, ot: r.ot ?? 0, setcodes, desc: r.desc ?? '' };
  if ((type & MONSTER) === 0) return card;
  const level = (r.level ?? 0) >>> 0;
  const link = (type & LINK) !== 0;
  return {
    ...card,
    atk: r.atk ?? 0,
    ...(link ? { linkMarkers: r.def ?? 0 } : { def: r.def ?? 0 }),
    level: level & 0xff,
    ...((type & PENDULUM) !== 0 ? { lscale: (level >>> 24) & 0xff, rscale: (level >>> 16) & 0xff } : {}),
    race: uint64(r.race).toString(),
    attribute: r.attribute ?? 0,
  };
}

/** Every card of a cards.cdb, joined as EDOPro joins them (texts.id = datas.id). */
export async function readCdb(bytes: Uint8Array): Promise<CardJson[]> {
  const SQL = await loadSqlJs();
  const cdb = new SQL.Database(bytes);
  try {
    const stmt = cdb.prepare(`
      select d.id, d.ot, d.alias, cast(d.setcode as text) as setcode, d.type, d.atk, d.def, d.level,
        cast(d.race as text) as race, d.attribute, t.name, t.desc
      from datas d join texts t on t.id = d.id order by d.id`);
    const cards: CardJson[] = [];
    while (stmt.step()) cards.push(cardJsonFromCdbRow(stmt.getAsObject() as unknown as CdbRow));
    stmt.free();
    return cards;
  } catch (e) {
    throw new Error(`not an EDOPro cards.cdb (${(e as Error).message})`);
  } finally {
    cdb.close();
  }
}
