// Reads served from memory until the next write: bodies serialised (and compressed) once per
// version, sent with ETags (http-cache.ts). A write invalidates its group; a read that was
// computing while the write committed does not store its (older) body.
import { CachedBody, Lru } from './http-cache.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Route config of a read answered by sendCached: its bodies are encoded once per version, so @fastify/compress stays out of it. */
export const CACHED_READ = { cachedRead: true } as const;

interface Entry {
  generation: number;
  at: number;
  body: Promise<CachedBody | undefined>;
  /** the body once made: hits are answered without a promise */
  value?: CachedBody;
}

export class ReadCache {
  private entries: Lru<string, Entry>;
  private generations = new Map<string, number>();
  /** moved on by clear(): every group's generation with it (reads in flight then are not kept) */
  private epoch = 0;

  /** `ttlMs`: how long an entry is trusted without a write (writes by another instance that sends no notice). */
  constructor(max = 2000, private readonly ttlMs = Infinity) {
    this.entries = new Lru(max);
  }

  private generation(group: string): number {
    return this.epoch + (this.generations.get(group) ?? 0);
  }

  /**
   * The cached JSON of `key` in `group` (the body itself on a hit), made by `make` on a miss;
   * undefined (not cached) when `make` finds nothing.
   */
  json<T>(group: string, key: string, make: () => Promise<T | undefined>): CachedBody | Promise<CachedBody | undefined> {
    return this.body(group, key, async () => {
      const value = await make();
      return value === undefined ? undefined : new CachedBody(Buffer.from(JSON.stringify(value)), JSON_TYPE);
    });
  }

  /** The same for a body of any type (CSV, iCalendar): `make` builds the CachedBody itself. */
  body(group: string, key: string, make: () => Promise<CachedBody | undefined>): CachedBody | Promise<CachedBody | undefined> {
    const id = `${group}\u0000${key}`;
    const generation = this.generation(group);
    const hit = this.entries.get(id);
    if (hit && hit.generation === generation && Date.now() - hit.at < this.ttlMs) return hit.value ?? hit.body;
    const body = make();
    const entry: Entry = { generation, at: Date.now(), body };
    this.entries.set(id, entry);
    // a failed or empty read is not kept; nor is one a write overtook
    body.then(
      (b) => {
        if (b === undefined || this.generation(group) !== generation) this.forget(id, entry);
        else entry.value = b;
      },
      () => this.forget(id, entry),
    );
    return body;
  }

  private forget(id: string, entry: Entry) {
    if (this.entries.get(id) === entry) this.entries.delete(id);
  }

  /** After a write to the group (and on every instance, when its live notice arrives). */
  invalidate(group: string): void {
    this.generations.set(group, (this.generations.get(group) ?? 0) + 1);
  }

  /** Every group at once (notices of other instances' writes may have been missed). */
  clear(): void {
    this.epoch++;
    this.entries.clear();
  }
}
