import { create } from 'qrcode';
import jsQR from 'jsqr';
import { describe, expect, test } from 'vitest';
import { qrPath, QUIET_ZONE } from './share-qr-path.ts';

/** Paints a path of 'M{x} {y}h{n}v1h-{n}z' rectangles as a scanner would see it: PX pixels a module, black on white. */
function paint(path: string, side: number, px: number) {
  const width = side * px;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y, n] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let dy = 0; dy < px; dy++) {
      for (let dx = 0; dx < Number(n) * px; dx++) {
        const i = ((Number(y) * px + dy) * width + Number(x) * px + dx) * 4;
        pixels.fill(0, i, i + 3);
      }
    }
  }
  return { pixels, width };
}

describe('the sign-up link’s QR code', () => {
  test('its path draws exactly the dark modules, inside the quiet zone', () => {
    const modules = { size: 3, get: (r: number, c: number) => Number((r === 0 && c < 2) || (r === 2 && c === 2)) };
    expect(qrPath(modules)).toBe(`M${QUIET_ZONE} ${QUIET_ZONE}h2v1h-2zM${QUIET_ZONE + 2} ${QUIET_ZONE + 2}h1v1h-1z`);
  });

  test('a scanner reads the event’s link back from the drawn code', () => {
    const url = 'https://hub.example.org/tournaments/5f0c2a4e-8b1d-4c3e-9a7f-1d2e3f4a5b6c';
    const { modules } = create(url, { errorCorrectionLevel: 'M' });
    const { pixels, width } = paint(qrPath(modules), modules.size + 2 * QUIET_ZONE, 4);
    expect(jsQR(pixels, width, width)?.data).toBe(url);
  });
});
