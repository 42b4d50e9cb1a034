// The read side of banlists, cached per list version so that a hit is a buffer send.
import { lflistFileName } from '../../../domain/api/banlists.ts';
import { serializeLflist } from '../../../domain/banlists/lflist.ts';
import type { Db } from '../../db/client.ts';
import { CachedBody, Lru } from '../../http/http-cache.ts';
import * as BanlistsRepository from './banlists-repository.ts';
import type { BanlistKind, ListKey } from './banlists-repository.ts';

/**
 * How long a looked-up list key is trusted before asking the database again. Writes made through this
 * process drop it at once; writes by another instance or by the CLI show within this time.
 */
const KEY_TTL_MS = 1000;

const JSON_TYPE = 'application/json; charset=utf-8';

interface Stamped<T> {
  value: Promise<T>;
  at: number;
}

export class BanlistReads {
  private keys = new Lru<string, Stamped<ListKey | undefined>>(256);
  private lists = new Map<BanlistKind, Stamped<CachedBody>>();
  private pages = new Lru<string, Promise<CachedBody>>(8);
  private files = new Lru<string, Promise<CachedBody | undefined>>(8);
  private summaries = new Lru<string, Promise<CachedBody>>(32);

  constructor(
    private readonly db: Db,
    private readonly formatName: string,
  ) {}

  /** Call after every banlist write. */
  invalidate(): void {
    this.keys.clear();
    this.lists.clear();
  }

  /** Concurrent misses share one query; a failed one is forgotten. */
  private remember<T>(value: Promise<T>, forget: () => void): Promise<T> {
    value.catch(forget);
    return value;
  }

  private key(date: string): Promise<ListKey | undefined> {
    const hit = this.keys.get(date);
    if (hit && Date.now() - hit.at < KEY_TTL_MS) return hit.value;
    const value = this.remember(BanlistsRepository.findListKey(this.db, date), () => this.keys.clear());
    this.keys.set(date, { value, at: Date.now() });
    return value;
  }

  /** GET /api/banlists/dates (format) and /references (reference): dates newest first. */
  dates(kind: BanlistKind): Promise<CachedBody> {
    const hit = this.lists.get(kind);
    if (hit && Date.now() - hit.at < KEY_TTL_MS) return hit.value;
    const value = this.remember(
      BanlistsRepository.listDates(this.db, kind).then((dates) => new CachedBody(Buffer.from(JSON.stringify(dates)), JSON_TYPE)),
      () => this.lists.delete(kind),
    );
    this.lists.set(kind, { value, at: Date.now() });
    return value;
  }

  /** One cached body per version of a list: concurrent misses share one query, a failed one is forgotten. */
  private cachedByVersion<T>(cache: Lru<string, Promise<T>>, version: string, load: () => Promise<T>): Promise<T> {
    let body = cache.get(version);
    if (!body) {
      body = this.remember(load(), () => cache.clear());
      cache.set(version, body);
    }
    return body;
  }

  /** GET /api/banlists/{date}: the entries as JSON bytes, or undefined when there is no such list. */
  async entries(date: string): Promise<CachedBody | undefined> {
    const key = await this.key(date);
    if (!key) return undefined;
    return this.cachedByVersion(this.pages, `${key.id}.${key.revision}.${key.referenceId}.${key.previousId}`, () =>
      BanlistsRepository.listEntries(this.db, key).then((entries) => new CachedBody(Buffer.from(JSON.stringify(entries)), JSON_TYPE)));
  }

  /** GET /api/banlists/{date}/summary: the list's name, size and EDOPro hash as JSON bytes. */
  async summary(date: string): Promise<CachedBody | undefined> {
    const key = await this.key(date);
    if (!key) return undefined;
    // the list's own row and entries make it: its revision changes with any of them
    return this.cachedByVersion(this.summaries, `${key.id}.${key.revision}`, () =>
      BanlistsRepository.listSummary(this.db, key).then((summary) => new CachedBody(Buffer.from(JSON.stringify(summary)), JSON_TYPE)));
  }

  /** GET /api/banlists/{date}/lflist: the EDOPro file and its name. */
  async lflist(date: string): Promise<{ body: CachedBody; fileName: string } | undefined> {
    const key = await this.key(date);
    if (!key) return undefined;
    // with its $genesys line and shadowed lines: the file has the imported list's EDOPro hash (decision 027)
    const body = await this.cachedByVersion(this.files, `${key.id}.${key.revision}`, () =>
      BanlistsRepository.listForExport(this.db, key.id).then((list) => list && new CachedBody(Buffer.from(serializeLflist(list)), 'text/plain; charset=utf-8')));
    return body && { body, fileName: lflistFileName(date, this.formatName) };
  }
}
