import { api } from './api.ts';

/**
 * Spec 1 §3: a browser-local cache from card name to image URL, so pages that know only names
 * (judgement board, decks) ask the server once per card, not on every visit.
 */

const STORAGE_KEY = 'fh.card-images.v1';
/** Oldest names are dropped beyond this, so localStorage stays far below its quota. */
const MAX_ENTRIES = 5000;
/** POST /api/cards/images takes a list; keep each request small. */
const BATCH = 200;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface CardImageCache {
  get(name: string): string | undefined;
  remember(images: readonly { name: string; imageUrl: string | null | undefined }[]): void;
  /** Image URLs of these names: cached ones at once, the rest from POST /api/cards/images. */
  resolve(names: readonly string[]): Promise<Map<string, string>>;
}

type Fetcher = (names: string[]) => Promise<{ name: string; imageUrl: string | null }[]>;

const fetchImages: Fetcher = (names) => api.post<{ name: string; imageUrl: string | null }[]>('/cards/images', names);

/** A cache over any storage (localStorage in the browser, a Map in tests); storage failures only cost a refetch. */
export function createCardImageCache(storage: KeyValueStorage | undefined, fetcher: Fetcher = fetchImages): CardImageCache {
  let map: Map<string, string> | undefined;

  const load = (): Map<string, string> => {
    if (map) return map;
    map = new Map();
    try {
      const raw = storage?.getItem(STORAGE_KEY);
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      if (parsed && typeof parsed === 'object') {
        for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string') map.set(k, v);
      }
    } catch {
      // Corrupt or unavailable storage: start empty.
    }
    return map;
  };

  const save = () => {
    const m = load();
    while (m.size > MAX_ENTRIES) m.delete(m.keys().next().value!);
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(m)));
    } catch {
      // Quota or privacy mode: the cache lives in memory for this page only.
    }
  };

  const remember: CardImageCache['remember'] = (images) => {
    const m = load();
    let changed = false;
    for (const { name, imageUrl } of images) {
      if (!imageUrl || m.get(name) === imageUrl) continue;
      m.delete(name); // re-insert: most recent last, so trimming drops the oldest
      m.set(name, imageUrl);
      changed = true;
    }
    if (changed) save();
  };

  return {
    get: (name) => load().get(name),
    remember,
    async resolve(names) {
      const m = load();
      const result = new Map<string, string>();
      const missing: string[] = [];
      for (const name of new Set(names)) {
        const url = m.get(name);
        if (url) result.set(name, url);
        else missing.push(name);
      }
      for (let i = 0; i < missing.length; i += BATCH) {
        try {
          const found = await fetcher(missing.slice(i, i + BATCH));
          remember(found);
          for (const { name, imageUrl } of found) if (imageUrl) result.set(name, imageUrl);
        } catch {
          // Spec 1 §8: a failed card image fetch is silently ignored.
        }
      }
      return result;
    },
  };
}

function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // access can throw when storage is disabled
  }
}

/** The app-wide cache, backed by localStorage. */
export const cardImageCache = createCardImageCache(browserStorage());
