import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { CachedBody } from './http-cache.ts';
import { ReadCache } from './read-cache.ts';

describe('ReadCache: a hit is the body itself, so the read is answered without a promise', () => {
  test('a miss is a promise; once made, the same body comes back synchronously until a write', async () => {
    const reads = new ReadCache();
    let made = 0;
    const make = async () => { made++; return [{ id: made }]; };
    const first = reads.json('g', 'k', make);
    expect(first).toBeInstanceOf(Promise);
    const body = await first;
    const hit = reads.json('g', 'k', make);
    expect(hit).toBeInstanceOf(CachedBody);
    expect(hit).toBe(body);
    expect(JSON.parse((hit as CachedBody).body.toString())).toEqual([{ id: 1 }]);
    reads.invalidate('g');
    const after = reads.json('g', 'k', make);
    expect(after).toBeInstanceOf(Promise);
    expect(JSON.parse((await after)!.body.toString())).toEqual([{ id: 2 }]);
  });

  test('a body made while a write committed is not kept (the next read makes it again)', async () => {
    const reads = new ReadCache();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const stale = reads.json('g', 'k', async () => { await held; return 'old'; });
    reads.invalidate('g');
    release();
    expect(JSON.parse((await stale)!.body.toString())).toBe('old');
    const next = reads.json('g', 'k', async () => 'new');
    expect(next).toBeInstanceOf(Promise);
    expect(JSON.parse((await next)!.body.toString())).toBe('new');
  });

  test('clear drops every group, and a body made across it is not kept, even of a group never written', async () => {
    const reads = new ReadCache();
    await reads.json('a', 'k', async () => 'a1');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const inFlight = reads.json('b', 'k', async () => { await held; return 'b-old'; });
    reads.clear();
    release();
    await inFlight;
    expect(reads.json('a', 'k', async () => 'a2')).toBeInstanceOf(Promise);
    expect(JSON.parse((await reads.json('b', 'k', async () => 'b-new'))!.body.toString())).toBe('b-new');
  });

  test('nothing found is not cached', async () => {
    const reads = new ReadCache();
    expect(await reads.json('g', 'k', async () => undefined)).toBeUndefined();
    expect(reads.json('g', 'k', async () => undefined)).toBeInstanceOf(Promise);
  });
});

describe('CachedBody: each encoding made once, then at hand', () => {
  test('encodedNow is empty until the first encode finishes, then the same bytes', async () => {
    const body = new CachedBody(Buffer.from(JSON.stringify({ cards: 'x'.repeat(4000) })), 'application/json');
    expect(body.encodedNow('gzip')).toBeUndefined();
    const gz = await body.encode('gzip');
    expect(body.encodedNow('gzip')).toBe(gz);
    expect(gunzipSync(gz).equals(body.body)).toBe(true);
    expect(body.encodedNow('br')).toBeUndefined();
  });
});
