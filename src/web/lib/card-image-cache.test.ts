import { describe, expect, test } from 'vitest';
import { createCardImageCache } from './card-image-cache.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('card image cache', () => {
  test('asks the server only for names it has not seen, and remembers the answers across instances', async () => {
    const storage = memoryStorage();
    const asked: string[][] = [];
    const fetcher = async (names: string[]) => {
      asked.push(names);
      return names.map((name) => ({ name, imageUrl: `/img/${name}` }));
    };
    const first = createCardImageCache(storage, fetcher);
    first.remember([{ name: 'Sangan', imageUrl: '/img/Sangan' }]);
    const got = await first.resolve(['Sangan', 'Raigeki', 'Raigeki']);
    expect(asked).toEqual([['Raigeki']]);
    expect(Object.fromEntries(got)).toEqual({ Sangan: '/img/Sangan', Raigeki: '/img/Raigeki' });

    const second = createCardImageCache(storage, fetcher);
    expect(second.get('Raigeki')).toBe('/img/Raigeki');
    await second.resolve(['Raigeki']);
    expect(asked).toHaveLength(1);
  });

  test('a failed fetch is silently ignored (spec 1 §8) and the cached names still resolve', async () => {
    const cache = createCardImageCache(memoryStorage(), async () => {
      throw new Error('offline');
    });
    cache.remember([{ name: 'Sangan', imageUrl: '/img/Sangan' }]);
    const got = await cache.resolve(['Sangan', 'Raigeki']);
    expect(Object.fromEntries(got)).toEqual({ Sangan: '/img/Sangan' });
  });

  test('names without an image are not cached, so they are asked again later', async () => {
    let calls = 0;
    const cache = createCardImageCache(memoryStorage(), async (names) => {
      calls += 1;
      return names.map((name) => ({ name, imageUrl: null }));
    });
    await cache.resolve(['Nobody']);
    await cache.resolve(['Nobody']);
    expect(calls).toBe(2);
  });

  test('corrupt storage and a storage that refuses writes still give a working cache', async () => {
    const storage = {
      getItem: () => '{not json',
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const cache = createCardImageCache(storage, async (names) => names.map((name) => ({ name, imageUrl: `/img/${name}` })));
    expect(cache.get('Sangan')).toBeUndefined();
    await cache.resolve(['Sangan']);
    expect(cache.get('Sangan')).toBe('/img/Sangan');
  });

  test('large requests go out in batches', async () => {
    const sizes: number[] = [];
    const cache = createCardImageCache(memoryStorage(), async (names) => {
      sizes.push(names.length);
      return [];
    });
    await cache.resolve(Array.from({ length: 450 }, (_, i) => `Card ${i}`));
    expect(sizes).toEqual([200, 200, 50]);
  });
});
