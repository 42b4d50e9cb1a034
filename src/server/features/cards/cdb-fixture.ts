// Test helper: real EDOPro cards.cdb files written with sql.js from cards of ../shared/data/cards, laid out as
// edopro.md §4 says (written independently of the reader, so a wrong mapping fails the tests).
import { readFileSync } from 'node:fs';
import type { CardJson } from './card-json.ts';
import { loadSqlJs } from './cdb-import.ts';

export const OFFICIAL_CARDS_URL = new URL('../../../../../shared/data/cards/cards-official.json', import.meta.url);

let official: CardJson[] | undefined;
export function officialCards(): CardJson[] {
  official ??= JSON.parse(readFileSync(OFFICIAL_CARDS_URL, 'utf8')) as CardJson[];
  return official;
}

const SCHEMA = `
  create table datas (id integer primary key, ot integer, alias integer, setcode integer, type integer, atk integer,
    def integer, level integer, race integer, attribute integer, category integer);
  create table texts (id integer primary key, name text, desc text, ${Array.from({ length: 16 }, (_, i) => `str${i + 1} text`).join(', ')});`;

/** The bytes of a cards.cdb holding these cards. */
export async function writeCdb(cards: readonly CardJson[]): Promise<Uint8Array> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  db.run(SCHEMA);
  db.run('begin');
  for (const c of cards) {
    const monster = (c.type & 0x1) !== 0;
    const link = monster && (c.type & 0x4000000) !== 0;
    // archetypes packed low first; the top one may set the sign bit of SQLite's int64
    const setcode = BigInt.asIntN(64, (c.setcodes ?? []).reduce((acc, s, i) => acc | (BigInt(s) << BigInt(16 * i)), 0n));
    const level = monster ? ((c.level ?? 0) | ((c.lscale ?? 0) << 24) | ((c.rscale ?? 0) << 16)) >>> 0 : 0;
    const def = link ? (c.linkMarkers ?? 0) : monster ? (c.def ?? 0) : 0;
    const race = monster ? BigInt.asIntN(64, BigInt(c.race ?? 0)) : 0n;
    // 64-bit values as SQL literals: binding would go through doubles
    db.run(
      `insert into datas values (?, ?, ?, ${setcode}, ?, ?, ?, ?, ${race}, ?, 0)`,
      [c.id, c.ot ?? 0, c.alias ?? 0, c.type, monster ? (c.atk ?? 0) : 0, def, level, monster ? (c.attribute ?? 0) : 0],
    );
    db.run('insert into texts (id, name, desc) values (?, ?, ?)', [c.id, c.name, c.desc ?? '']);
  }
  db.run('commit');
  const bytes = db.export();
  db.close();
  return bytes;
}
