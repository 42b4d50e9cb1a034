import zlib from 'node:zlib';
import { cardTypeFromBits } from '../../../domain/banlists/card-types.ts';
import { normalizeCardName } from '../../../domain/banlists/card-search.ts';
import type { CardRow } from './cards-repository.ts';
import { isSqlite, readCdb } from './cdb-import.ts';
import type { CardJson } from './card-json.ts';

export type { CardRow };

/** What name search compares (cards.search_name). */
export const searchKey = normalizeCardName;

const UINT32_MAX = 0xffffffff;
const INT32 = [-0x80000000, 0x7fffffff] as const;

/** A card the import refuses: which one, and why (one line for the operator). */
export class CardImportError extends Error {
  constructor(readonly cardId: unknown, readonly problem: string) {
    super(`card ${typeof cardId === 'number' || typeof cardId === 'string' ? cardId : '(no id)'}: ${problem}`);
  }
}

function checkInt(c: CardJson, field: keyof CardJson, [min, max]: readonly [number, number], optional = true): void {
  const v = c[field];
  if (v === undefined || v === null) {
    if (!optional) throw new CardImportError(c.id, `${field} is missing`);
    return;
  }
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw new CardImportError(c.id, `${field} ${JSON.stringify(v)} is not a whole number from ${min} to ${max}`);
  }
}

/** EDOPro's columns at their real widths: passcodes and type bits are uint32, race 64 bits, setcodes uint16. */
function checkCard(c: CardJson): void {
  if (c === null || typeof c !== 'object') throw new CardImportError(undefined, 'not a card object');
  checkInt(c, 'id', [1, UINT32_MAX], false);
  if (typeof c.name !== 'string' || c.name.trim() === '') throw new CardImportError(c.id, 'name is missing');
  checkInt(c, 'type', [0, UINT32_MAX], false);
  checkInt(c, 'alias', [0, UINT32_MAX]);
  for (const f of ['ot', 'atk', 'def', 'level', 'lscale', 'rscale', 'linkMarkers', 'attribute'] as const) checkInt(c, f, INT32);
  if (c.race !== undefined && c.race !== null) {
    let race: bigint | undefined;
    try {
      race = BigInt(c.race);
    } catch {
      race = undefined;
    }
    if (race === undefined || race < 0n || race >= 2n ** 64n) throw new CardImportError(c.id, `race ${JSON.stringify(c.race)} is not a 64-bit bit field`);
  }
  if (c.setcodes !== undefined && (!Array.isArray(c.setcodes) || c.setcodes.some((x) => !Number.isInteger(x) || x < 0 || x > 0xffff))) {
    throw new CardImportError(c.id, 'setcodes must be a list of 16-bit archetype codes');
  }
  for (const [k, v] of [['name', c.name], ['desc', c.desc ?? '']] as const) {
    if (v.includes('\u0000')) throw new CardImportError(c.id, `${k} contains a NUL character`);
  }
}

export function cardRowFromJson(c: CardJson): CardRow {
  checkCard(c);
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
