// What deck validation needs of every card (passcode, alias, type bits, name), held in memory: a
// whitelist check may look at thousands of listed cards, far too many for a query per deck.
import fs from 'node:fs';
import path from 'node:path';
import { EDOPRO_ASSETS_DIR } from '../../paths.ts';
import type { DeckCard } from '../../../domain/deck/validate-deck.ts';
import type { Db } from '../../db/client.ts';
import { cards } from '../../db/schema.ts';

/** How long the index is trusted: cards change only by an operator's import (often in another process). */
const TTL_MS = 10 * 60 * 1000;

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
  private loaded: Promise<Map<number, DeckCard>> | undefined;
  private at = 0;

  constructor(private readonly db: Db) {}

  /** The whole index (about 2 MB for 20,000 cards); reloaded after TTL_MS. */
  async lookup(): Promise<(id: number) => DeckCard | undefined> {
    if (!this.loaded || Date.now() - this.at > TTL_MS) {
      this.at = Date.now();
      const loading = this.db
        .select({ id: cards.id, alias: cards.alias, type: cards.type, name: cards.name })
        .from(cards)
        .then((rows) => new Map(rows.map((r) => [r.id, r])));
      loading.catch(() => { this.loaded = undefined; });
      this.loaded = loading;
    }
    const index = await this.loaded;
    return (id) => index.get(id);
  }

  /** After a card import in this process. */
  invalidate(): void {
    this.loaded = undefined;
  }
}
