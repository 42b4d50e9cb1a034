import { expect, test } from 'vitest';
import { actionsFor, events, lastSeenText, levelLabel, suspensionEnd } from './people-view.ts';

const day = (iso: string) => iso.slice(0, 10);
const NOW = Date.parse('2026-05-12T10:00:00Z');

test.each([
  [null, 'never'],
  ['2026-05-12T01:00:00Z', 'today'],
  ['2026-05-11T23:00:00Z', 'yesterday'],
  ['2026-05-07T12:00:00Z', '5 days ago'],
  ['2026-04-01T12:00:00Z', '2026-04-01'],
])('last seen %s reads %s', (iso, text) => {
  expect(lastSeenText(iso, NOW, day)).toBe(text);
});

test('levels and suspensions in words', () => {
  expect([0, 1, 2].map(levelLabel)).toEqual(['Player', 'Curator', 'Admin']);
  expect(suspensionEnd({ reason: 'x', until: '2026-05-19T00:00:00Z', since: '2026-05-12T00:00:00Z' }, day)).toBe('until 2026-05-19');
  expect(suspensionEnd({ reason: 'x', until: null, since: '2026-05-12T00:00:00Z' }, day)).toBe('until lifted');
  expect([0, 1, 2].map(events)).toEqual(['0 events', '1 event', '2 events']);
});

test.each([
  ['a player', { discordId: '2', auth: 0, suspended: false }, { suspend: true, lift: false }],
  ['a suspended curator', { discordId: '2', auth: 1, suspended: true }, { suspend: false, lift: true }],
  ['another admin', { discordId: '2', auth: 2, suspended: false }, { suspend: false, lift: false }],
  ['oneself', { discordId: '1', auth: 2, suspended: false }, { suspend: false, lift: false }],
])('an admin may suspend or lift %s as the server allows', (_label, person, allowed) => {
  expect(actionsFor(person, '1')).toEqual(allowed);
});
