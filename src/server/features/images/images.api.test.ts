import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../../domain/api/images.ts';
import type { TestClient } from '../../test/test-server.ts';
import { apiTest, tempDir } from '../../test/api-test.ts';
import { imageSignature, imageSigningKey } from './image-signing.ts';
import { MAX_CONCURRENT_IMAGES, imagesDecoding } from './image-processing.ts';

const SECRET = 'a-session-secret-of-at-least-32-characters';
const dataDir = tempDir('fh-images-');
// any signed-in user may upload
const { server, anonymous, user } = apiTest({ user: ['301', 0, 'Uploader'] }, { DATA_DIR: dataDir, SESSION_SECRET: SECRET });
afterEach(() => {
  vi.useRealTimers();
});

function upload(client: TestClient, data: Buffer, name = 'image.png', type = 'image/png', headers: Record<string, string> = {}) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(data)], { type }), name);
  const cookie = client.cookieHeader();
  return fetch(new URL('/api/images/api/upload', server.url), {
    method: 'POST', body: form, headers: { origin: server.url, ...(cookie ? { cookie } : {}), ...headers },
  });
}
const json = async (res: Response) => ({ status: res.status, body: await res.json() });

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** 74 bytes that claim 10,000 x 10,000 pixels: 100 megapixels once decoded. */
function decompressionBomb() {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(10_000, 0);
  ihdr.writeUInt32BE(10_000, 4);
  ihdr[8] = 8; // bit depth; colour type 0 (grey)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('upload pipeline', () => {
  test('a real PNG is accepted: a signed URL for 1 hour, the image re-encoded without its metadata', async () => {
    const png = await sharp({ create: { width: 32, height: 20, channels: 3, background: '#00aa55' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'GPS and secrets' } } })
      .toBuffer();
    expect((await sharp(png).metadata()).exif).toBeDefined();
    const before = Date.now();
    const { status, body } = await json(await upload(user, png));
    expect(status).toBe(201);
    const url = new URL(body.url);
    expect(url.origin).toBe(server.url);
    expect(url.pathname).toMatch(/^\/api\/images\/[A-Za-z0-9_-]{22}$/);
    const exp = Number(url.searchParams.get('exp')) * 1000;
    expect(exp - before).toBeGreaterThan(3595_000);
    expect(exp - before).toBeLessThanOrEqual(3601_000);
    expect(new Date(body.expiresAt).getTime()).toBe(exp);

    const img = await fetch(url);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(img.headers.get('x-content-type-options')).toBe('nosniff');
    expect(img.headers.get('content-security-policy')).toContain('sandbox');
    expect(img.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    const served = Buffer.from(await img.arrayBuffer());
    const meta = await sharp(served).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['png', 32, 20, undefined]);
    expect(fs.readdirSync(path.join(dataDir, 'uploads')).filter((f) => f.endsWith('.png'))).toHaveLength(1);
  });

  test.each([
    ['JPEG', () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).jpeg().toBuffer(), 'image/jpeg'],
    ['WebP', () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).webp().toBuffer(), 'image/webp'],
    ['GIF', () => sharp({ create: { width: 8, height: 8, channels: 4, background: '#fff' } }).gif().toBuffer(), 'image/gif'],
  ])('%s is accepted and served as %s, whatever the file is called', async (_f, make, mime) => {
    const { status, body } = await json(await upload(user, await make(), 'misnamed.txt', 'text/plain'));
    expect(status).toBe(201);
    expect((await fetch(body.url)).headers.get('content-type')).toBe(mime);
  });

  test.each([
    ['an SVG renamed .png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'evil.png'],
    ['HTML renamed .png', Buffer.from('<!doctype html><script>alert(1)</script>'), 'page.png'],
    ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'), 'doc.png'],
  ])('%s is 415', async (_why, data, name) => {
    expect(await json(await upload(user, data, name))).toEqual({
      status: 415, body: { error: 'image: only PNG, JPEG, WebP or GIF images are accepted' },
    });
  });

  test('more than 5 MB is 413', async () => {
    const big = Buffer.concat([await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer(), Buffer.alloc(IMAGE_MAX_BYTES)]);
    expect(await json(await upload(user, big))).toEqual({ status: 413, body: { error: 'image: larger than 5 MB' } });
  });

  test('a body far beyond the limit is refused from its length', async () => {
    expect((await upload(user, Buffer.alloc(IMAGE_MAX_BYTES * 2))).status).toBe(413);
  });

  test('a decompression bomb (100 megapixels in 74 bytes) is 422', async () => {
    const bomb = decompressionBomb();
    expect(bomb.length).toBeLessThan(100);
    expect(await json(await upload(user, bomb))).toEqual({ status: 422, body: { error: 'image: too many pixels (at most 16.8 megapixels, e.g. 4096 x 4096)' } });
  });

  test('a 40-megapixel photo (what a camera makes, not what a cover needs) is 422', async () => {
    const photo = await sharp({ create: { width: 7300, height: 5500, channels: 3, background: '#345' } }).jpeg({ quality: 50 }).toBuffer();
    expect(photo.length).toBeLessThan(IMAGE_MAX_BYTES);
    expect((await upload(user, photo, 'photo.jpg', 'image/jpeg')).status).toBe(422);
  });

  test('a large picture is stored scaled down to fit 2048 x 2048', async () => {
    const wide = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#345' } }).png().toBuffer();
    const res = await upload(user, wide);
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    const meta = await sharp(Buffer.from(await (await fetch(url)).arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([2048, 512]);
  });

  test('a truncated PNG is 422', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } }).png().toBuffer();
    expect((await upload(user, png.subarray(0, 60))).status).toBe(422);
  });

  test('no image part is 400', async () => {
    const form = new FormData();
    form.append('other', 'x');
    const res = await fetch(new URL('/api/images/api/upload', server.url), { method: 'POST', body: form, headers: { origin: server.url, cookie: user.cookieHeader() } });
    expect(await json(res)).toEqual({ status: 400, body: { error: 'image: choose an image file' } });
  });

  test('anonymous is 401', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer();
    expect((await upload(anonymous, png)).status).toBe(401);
  });

  test('X-Discord-Id must be the signed-in user; the matching one is fine', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer();
    expect((await upload(user, png, 'a.png', 'image/png', { 'x-discord-id': '999' })).status).toBe(403);
    expect((await upload(user, png, 'a.png', 'image/png', { 'x-discord-id': '301' })).status).toBe(201);
  });
});

describe('the processing queue', () => {
  test(`ten large uploads at once from one user: all stored, at most ${MAX_CONCURRENT_IMAGES} decoded at any moment`, async () => {
    // noise re-encodes slowly (~0.2 s each here): ten arriving together overlap, unless the
    // queue makes them wait their turn (bench/uploads.bench.ts sends the largest allowed)
    const photo = await sharp({ create: { width: 768, height: 768, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg({ quality: 80 }).toBuffer();
    imagesDecoding.peak = 0;
    const statuses = await Promise.all(Array.from({ length: 10 }, () => upload(user, photo, 'photo.jpg', 'image/jpeg').then((r) => r.status)));
    expect(statuses).toEqual(Array(10).fill(201));
    expect(imagesDecoding.active).toBe(0);
    // ten at once reached the limit (they did overlap) and never went past it
    expect(imagesDecoding.peak).toBe(MAX_CONCURRENT_IMAGES);
  }, 60_000);
});

describe('signed URLs', () => {
  const uploadOne = async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#abcdef' } }).png().toBuffer();
    return new URL((await json(await upload(user, png))).body.url);
  };

  test('the URL works until its hour is up, then answers 410', async () => {
    const url = await uploadOne();
    expect((await fetch(url)).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 59 * 60_000);
    expect((await fetch(url)).status).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expect(await json(await fetch(url))).toEqual({ status: 410, body: { error: 'This image link has expired' } });
  });

  test('expired uploads are swept from disk by a later upload', async () => {
    const old = await uploadOne();
    const id = old.pathname.split('/').pop()!;
    const file = () => fs.readdirSync(path.join(dataDir, 'uploads')).some((f) => f.startsWith(`${id}.`));
    expect(file()).toBe(true);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 71 * 60_000);
    await uploadOne();
    await vi.waitFor(() => expect(file()).toBe(false), { timeout: 5000, interval: 50 });
    // the sweep removes the file, then the row: a loaded machine may answer between the two (410, expired)
    await vi.waitFor(async () => expect(await json(await fetch(old))).toEqual({ status: 404, body: { error: 'Image not found' } }), { timeout: 5000, interval: 50 });
  });

  test.each([
    ['a changed signature', (u: URL) => u.searchParams.set('sig', `${u.searchParams.get('sig')!.slice(0, -2)}AA`)],
    ['a later expiry with the old signature', (u: URL) => u.searchParams.set('exp', String(Number(u.searchParams.get('exp')) + 86_400))],
    ['no signature', (u: URL) => u.searchParams.delete('sig')],
    ['no expiry', (u: URL) => u.searchParams.delete('exp')],
    ['a signature of another image', (u: URL) => u.searchParams.set('sig', imageSignature(imageSigningKey({ sessionSecret: SECRET, uploadsDir: dataDir }), 'someOtherImageId123456', Number(u.searchParams.get('exp'))))],
  ])('%s is 403', async (_why, tamper) => {
    const url = await uploadOne();
    tamper(url);
    expect(await json(await fetch(url))).toEqual({ status: 403, body: { error: 'This image link is not valid' } });
  });

  test('a URL signed with the server key for a past time is expired, not invalid', async () => {
    const url = await uploadOne();
    const id = url.pathname.split('/').pop()!;
    const past = Math.floor(Date.now() / 1000) - 1;
    const key = imageSigningKey({ sessionSecret: SECRET, uploadsDir: dataDir });
    url.searchParams.set('exp', String(past));
    url.searchParams.set('sig', imageSignature(key, id, past));
    expect((await fetch(url)).status).toBe(410);
  });

  test.each([
    ['an unknown id', '/api/images/AAAAAAAAAAAAAAAAAAAAAA'],
    ['a path-like id', '/api/images/..%2F..%2Fetc%2Fpasswd'],
  ])('%s is 404', async (_why, p) => {
    expect(await json(await fetch(new URL(p, server.url)))).toEqual({ status: 404, body: { error: 'Image not found' } });
  });
});

describe('signing key without SESSION_SECRET', () => {
  test('one random key is created in the uploads folder and reused', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-key-'));
    const a = imageSigningKey({ uploadsDir: dir });
    const b = imageSigningKey({ uploadsDir: dir });
    expect(a.equals(b)).toBe(true);
    expect(a).toHaveLength(32);
    expect(fs.statSync(path.join(dir, '.url-signing-key')).mode & 0o777).toBe(0o600);
    expect(imageSigningKey({ uploadsDir: fs.mkdtempSync(path.join(os.tmpdir(), 'fh-key-')) }).equals(a)).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('SESSION_SECRET gives the same key on every instance', () => {
    expect(imageSigningKey({ sessionSecret: SECRET, uploadsDir: '/nonexistent-a' }).equals(imageSigningKey({ sessionSecret: SECRET, uploadsDir: '/nonexistent-b' }))).toBe(true);
  });
});
