import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { findImageFile, remoteImageUrl } from './card-images.ts';

describe('remoteImageUrl', () => {
  test.each([
    ['YGOProDeck large', 'https://images.ygoprodeck.com/images/cards', 'large', 'https://images.ygoprodeck.com/images/cards/46986414.jpg'],
    ['YGOProDeck small: the sibling cards_small folder', 'https://images.ygoprodeck.com/images/cards', 'small', 'https://images.ygoprodeck.com/images/cards_small/46986414.jpg'],
    ['a trailing slash changes nothing', 'https://cdn.example/pics/', 'small', 'https://cdn.example/pics_small/46986414.jpg'],
    ['a bare host has no small folder', 'https://cdn.example', 'small', 'https://cdn.example/46986414.jpg'],
  ] as const)('%s', (_why, base, size, url) => {
    expect(remoteImageUrl(base, 46986414, size)).toBe(url);
  });
});

describe('findImageFile', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-find-image-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, '1.jpg'), 'j');
  fs.writeFileSync(path.join(dir, '2.png'), 'p');
  fs.mkdirSync(path.join(dir, 'small'));
  fs.writeFileSync(path.join(dir, 'small', '2.jpg'), 's');
  fs.mkdirSync(path.join(dir, '3.jpg')); // a folder is not a picture

  test.each([
    ['a JPEG', 1, 'large', '1.jpg', 'image/jpeg', false],
    ['a PNG', 2, 'large', '2.png', 'image/png', false],
    ['small from small/', 2, 'small', 'small/2.jpg', 'image/jpeg', false],
    ['small made from the large file', 1, 'small', '1.jpg', 'image/jpeg', true],
  ] as const)('%s', async (_why, id, size, file, contentType, needsThumbnail) => {
    expect(await findImageFile(dir, id, size)).toMatchObject({ path: path.join(dir, file), contentType, needsThumbnail });
  });

  test('nothing there, or a folder in the way', async () => {
    expect(await findImageFile(dir, 3, 'large')).toBeUndefined();
    expect(await findImageFile(path.join(dir, 'missing'), 1, 'large')).toBeUndefined();
  });
});
