import zlib from 'node:zlib';
import { cardTypeFromBits } from '../../../domain/banlist/card-types.ts';
import { normalizeCardName } from '../../../domain/banlist/card-search.ts';
import type { cards } from '../../db/schema.ts';
import { isSqlite, readCdb } from './cdb-import.ts';

export type CardRow = typeof cards.$inferInsert;

/** A card as in ../shared/data/cards/*.json (converted from cards.cdb). */
export interface CardJson {
  id: number;
  alias?: number;
  name: string;
  type: number;
  ot?: number;
  atk?: number;
  def?: number;
  level?: number;
  lscale?: number;
  rscale?: number;
  linkMarkers?: number;
  race?: number | string;
  attribute?: number;
  setcodes?: number[];
  desc?: string;
}

/** What name search compares (cards.search_name). */
export const searchKey = normalizeCardName;

export function cardRowFromJson(c: CardJson): CardRow {
  if (!Number.isInteger(c.id) || c.id <= 0 || typeof c.name !== 'string' || !Number.isInteger(c.type)) {
    throw new Error(`Not a card: ${JSON.stringify(c).slice(0, 80)}`);
  }
  return {
    id: c.id,
    alias: c.alias ?? 0,
    name: c.name,
    searchName: searchKey(c.name),
    type: c.type,
    cardType: cardTypeFromBits(c.type),
    ot: c.ot ?? 0,
    atk: c.atk ?? null,
    def: c.def ?? null,
    level: c.level ?? null,
    lscale: c.lscale ?? null,
    rscale: c.rscale ?? null,
    linkMarkers: c.linkMarkers ?? null,
    race: c.race === undefined ? null : BigInt(c.race),
    attribute: c.attribute ?? null,
    setcodes: c.setcodes ?? [],
    description: c.desc ?? '',
  };
}

/**
 * Card rows from a file's bytes: an EDOPro cards.cdb (SQLite, recognised by its header), or a JSON array as in
 * ../shared/data/cards, gzipped or not.
 */
export async function cardRowsFromFile(bytes: Uint8Array): Promise<CardRow[]> {
  if (isSqlite(bytes)) return (await readCdb(bytes)).map(cardRowFromJson);
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const text = Buffer.from(gzipped ? zlib.gunzipSync(bytes) : bytes).toString('utf8');
  let cards: unknown;
  try {
    cards = JSON.parse(text);
  } catch (e) {
    throw new Error(`not JSON and not an SQLite cards.cdb (${(e as Error).message})`);
  }
  if (!Array.isArray(cards)) throw new Error('the JSON is not an array of cards');
  return (cards as CardJson[]).map(cardRowFromJson);
}
