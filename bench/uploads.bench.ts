// Ten large image uploads at once from one signed-in user (issue 8 §8), against the server as
// `npm start` runs it: peak RSS of the server process and the wall time of each round. Round 1:
// ten JPEGs at the largest size allowed (MAX_INPUT_PIXELS, 4096 x 4096), which are decoded,
// scaled to 2048 and re-encoded, at most MAX_CONCURRENT_IMAGES at once. Round 2: ten 40-megapixel
// camera photos, which are refused (422) from their header, before any decoding. Figures only.
import fs from 'node:fs';
import sharp from 'sharp';
import { TestClient } from '../src/server/test/test-server.ts';
import { MAX_CONCURRENT_IMAGES, MAX_INPUT_PIXELS } from '../src/server/features/images/image-processing.ts';
import { IMAGE_MAX_BYTES } from '../src/domain/api/images.ts';
import { fmt, startServer } from './lib.ts';

/** VmRSS and VmHWM (the kernel's high-water mark since start) of a process, in MB. */
function memory(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** A photo-like JPEG (smoothed noise, so it neither compresses to nothing nor passes 5 MB). */
async function photo(width: number, height: number, grain = 8, quality = 85): Promise<Buffer> {
  const noise = await sharp({ create: { width: Math.ceil(width / grain), height: Math.ceil(height / grain), channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 50 } } }).png().toBuffer();
  return sharp(noise).resize(width, height, { kernel: 'cubic' }).jpeg({ quality }).toBuffer();
}

const server = await startServer(8340);
try {
  const user = new TestClient(server.url);
  await user.signIn('100000000000000077', 'Uploader'); // a plain user: any signed-in user may upload
  const upload = async (data: Buffer): Promise<{ status: number; ms: number }> => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'photo.jpg');
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/images/api/upload`, { method: 'POST', body: form, headers: { cookie: user.cookieHeader(), origin: server.url } });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - t0 };
  };
  const side = Math.floor(Math.sqrt(MAX_INPUT_PIXELS));
  const rounds: [string, Buffer][] = [
    [`${side} x ${side} (${fmt(MAX_INPUT_PIXELS / 1e6, 1)} MP, the largest allowed)`, await photo(side, side)],
    ['7300 x 5500 (40.2 MP, refused)', await photo(7300, 5500, 16, 70)],
  ];
  // one upload first, not counted: sharp and the routes warm, as on a running site
  await upload(await photo(64, 64));
  const idle = memory(server.pid);
  console.log(`server idle after one small upload: ${fmt(idle.rss)} MB RSS; at most ${MAX_CONCURRENT_IMAGES} images decoded at once`);
  for (const [label, data] of rounds) {
    if (data.length > IMAGE_MAX_BYTES) throw new Error(`${label}: ${data.length} bytes is over the upload limit`);
    const before = memory(server.pid);
    let peak = before.rss;
    const sampler = setInterval(() => (peak = Math.max(peak, memory(server.pid).rss)), 10);
    const t0 = performance.now();
    const results = await Promise.all(Array.from({ length: 10 }, () => upload(data)));
    const wall = performance.now() - t0;
    clearInterval(sampler);
    const after = memory(server.pid);
    const statuses = [...new Set(results.map((r) => r.status))].join('/');
    const ms = results.map((r) => r.ms).sort((a, b) => a - b);
    console.log(
      `10 x ${label}, ${fmt(data.length / 1e6, 1)} MB each: ${statuses}, ${fmt(wall / 1000, 2)} s for all ten ` +
        `(first answer ${fmt(ms[0]! / 1000, 2)} s, last ${fmt(ms[9]! / 1000, 2)} s); RSS ${fmt(before.rss)} -> peak ${fmt(Math.max(peak, after.rss))} MB sampled ` +
        `(+${fmt(Math.max(peak, after.rss) - before.rss)}), high-water mark ${fmt(after.hwm)} MB, ${fmt(after.rss)} MB after`,
    );
  }
} finally {
  await server.stop();
}
process.exit(0);
