// What deck validation needs of every card (passcode, alias, type bits, name), held in memory: a
// whitelist check may look at thousands of listed cards, far too many for a query per deck.
import fs from 'node:fs';
import path from 'node:path';
import { EDOPRO_ASSETS_DIR } from '../../paths.ts';
import type { DeckCard } from '../../../domain/decks/classify-deck.ts';
import type { Db } from '../../db/client.ts';
import { cardRows } from './card-rows.ts';

/** Old prerelease passcodes renumbered by Project Ignis (data/cards/mappings-*.json, merged). */
let mappings: ReadonlyMap<number, number> | undefined;
export function idMappings(): ReadonlyMap<number, number> {
  if (!mappings) {
    const file = path.join(EDOPRO_ASSETS_DIR, 'id-mappings.json');
    mappings = new Map(JSON.parse(fs.readFileSync(file, 'utf8')) as [number, number][]);
  }
  return mappings;
}

export class CardIndex {
  /** by passcode, made once per read of the database's card rows (card-rows.ts: shared with the card search) */
  private readonly byId: () => Promise<ReadonlyMap<number, DeckCard>>;

  constructor(db: Db) {
    this.byId = cardRows(db).derived((rows) => new Map(rows.map((r) => [r.id, r])));
  }

  /** The whole index; read again after an import in this process, or after ten minutes. */
  async lookup(): Promise<(id: number) => DeckCard | undefined> {
    const index = await this.byId();
    return (id) => index.get(id);
  }
}

const byDb = new WeakMap<Db, CardIndex>();

/** The one deck-check index of `db` in this process: the tournaments', the leagues' and the record's routes share it. */
export function cardIndex(db: Db): CardIndex {
  let index = byDb.get(db);
  if (!index) byDb.set(db, (index = new CardIndex(db)));
  return index;
}
