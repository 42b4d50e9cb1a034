import { expect, test } from 'vitest';
import { ALL_BANLISTS, banlistOfEvents } from './banlist-filter.ts';

test('no choice means the current list; all means every event; a name means that list', () => {
  expect(banlistOfEvents(undefined, '2026.07 OCG')).toBe('2026.07 OCG');
  expect(banlistOfEvents(ALL_BANLISTS, '2026.07 OCG')).toBeNull();
  expect(banlistOfEvents('2026.05 Worlds', '2026.07 OCG')).toBe('2026.05 Worlds');
});

test('without any list yet, the default is every event', () => {
  expect(banlistOfEvents(undefined, null)).toBeNull();
  expect(banlistOfEvents(ALL_BANLISTS, null)).toBeNull();
});
