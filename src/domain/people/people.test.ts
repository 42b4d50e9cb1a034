import { expect, test } from 'vitest';
import { aLevel, canHost, levelName, levelRefusal } from './levels.ts';
import { suspendedSentence, suspensionHolds, suspensionRefusal, utcMoment } from './suspension.ts';

test.each([
  [0, 'player', 'a player'], [1, 'curator', 'a curator'], [2, 'admin', 'an admin'], [5, 'admin', 'an admin'], [-1, 'player', 'a player'],
])('level %s is called %s', (auth, name, article) => {
  expect(levelName(auth)).toBe(name);
  expect(aLevel(auth)).toBe(article);
});

test('hosting needs a curator', () => {
  expect([undefined, 0, 1, 2].map(canHost)).toEqual([false, false, true, true]);
});

test.each([
  ['the last admin stepping down', { from: 2, to: 1, admins: 1, suspended: false }, 'Ada is the last admin: make someone else an admin first'],
  ['the last admin made a player', { from: 2, to: 0, admins: 1, suspended: false }, /last admin/],
  ['one of two admins stepping down', { from: 2, to: 0, admins: 2, suspended: false }, null],
  ['an admin staying an admin', { from: 2, to: 2, admins: 1, suspended: false }, null],
  ['a suspended player promoted', { from: 0, to: 1, admins: 2, suspended: true }, 'Ada is suspended: lift the suspension first'],
  ['a suspended curator demoted', { from: 1, to: 0, admins: 2, suspended: true }, null],
  ['a player promoted', { from: 0, to: 2, admins: 1, suspended: false }, null],
])('%s', (_label, change, refusal) => {
  const got = levelRefusal({ name: 'Ada', ...change });
  if (refusal === null) expect(got).toBeNull();
  else expect(got).toMatch(refusal);
});

test('a suspension holds until its end, or for ever without one', () => {
  const now = Date.parse('2026-05-01T00:00:00Z');
  expect(suspensionHolds(null, now)).toBe(false);
  expect(suspensionHolds({ until: null }, now)).toBe(true);
  expect(suspensionHolds({ until: '2026-05-01T00:00:01Z' }, now)).toBe(true);
  expect(suspensionHolds({ until: '2026-05-01T00:00:00Z' }, now)).toBe(false);
});

test('the suspended user is told the end, in UTC, and the reason', () => {
  expect(utcMoment('2026-05-02T08:05:00Z')).toBe('2 May 2026, 08:05 UTC');
  expect(suspendedSentence({ reason: 'Spam', until: '2026-05-12T18:00:00Z' })).toBe('Your account is suspended until 12 May 2026, 18:00 UTC. Reason: Spam');
  expect(suspendedSentence({ reason: 'Spam', until: null })).toBe('Your account is suspended until an admin lifts it. Reason: Spam');
});

test.each([
  ['oneself', { self: true, targetAuth: 0 }, 'You cannot suspend yourself'],
  ['an admin', { self: false, targetAuth: 2 }, /An admin cannot be suspended/],
  ['a curator', { self: false, targetAuth: 1 }, null],
  ['a player', { self: false, targetAuth: 0 }, null],
])('suspending %s', (_label, o, refusal) => {
  const got = suspensionRefusal(o);
  if (refusal === null) expect(got).toBeNull();
  else expect(got).toMatch(refusal);
});
