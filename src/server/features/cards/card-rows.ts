// Every card row, held in memory for the indexes built from it (the card search's and the deck checker's): one
// read of the cards table per database, shared by both, dropped by an import in this process (upsertCards).
import type { CardSource } from '../../../domain/cards/card-index.ts';
import type { Db } from '../../db/client.ts';
import * as CardsRepository from './cards-repository.ts';

/** How long the rows are trusted: cards change only by an operator's import, often in another process. */
const TTL_MS = 10 * 60 * 1000;

export class CardRows {
  private loaded: Promise<readonly CardSource[]> | undefined;
  private at = 0;

  constructor(private readonly db: Db) {}

  /** Every card (about 25,000); read again after TTL_MS or an invalidate, and the same array until then. */
  get(): Promise<readonly CardSource[]> {
    if (!this.loaded || Date.now() - this.at > TTL_MS) {
      this.at = Date.now();
      // one real promise (an async function's): a drizzle query runs again on each then
      const loading: Promise<readonly CardSource[]> = CardsRepository.cardSources(this.db);
      loading.catch(() => { if (this.loaded === loading) this.loaded = undefined; });
      this.loaded = loading;
    }
    return this.loaded;
  }

  /** After a card import in this process: the next get reads the table again. */
  invalidate(): void {
    this.loaded = undefined;
  }

  /** `make` of the rows, made once per read of them (so once per import or TTL_MS). */
  derived<T>(make: (rows: readonly CardSource[]) => T): () => Promise<T> {
    const made = new WeakMap<readonly CardSource[], T>();
    return async () => {
      const rows = await this.get();
      let value = made.get(rows);
      if (value === undefined) made.set(rows, (value = make(rows)));
      return value;
    };
  }
}

const byDb = new WeakMap<Db, CardRows>();

/** The one loader of `db`'s cards, shared by every app and index on that database in this process. */
export function cardRows(db: Db): CardRows {
  let rows = byDb.get(db);
  if (!rows) byDb.set(db, (rows = new CardRows(db)));
  return rows;
}

/** After cards were written to `db` in this process. */
export function invalidateCardRows(db: Db): void {
  byDb.get(db)?.invalidate();
}
CardsRepository.onCardsWritten(invalidateCardRows);
