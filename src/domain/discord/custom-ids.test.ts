import { expect, test } from 'vitest';
import { checkInButtonId, dropButtonId, leagueButtonId, nextRoundButtonId, parseButton, resultButtonId } from './custom-ids.ts';

test('each button the bot makes reads back as what it names, within Discord’s 100 characters', () => {
  // event and team uids are UUIDs (36 characters); a match id at most 12 digits
  const uid = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';
  const ids = [
    resultButtonId({ action: 'rp', eventUid: uid, matchId: 123456789012, teamUid: uid, own: 2, other: 1 }),
    checkInButtonId(uid), dropButtonId('ev', 'team-1'), nextRoundButtonId('ev', 3),
  ];
  for (const id of ids) expect(id.length).toBeLessThanOrEqual(100);
  expect(ids.map(parseButton)).toEqual([
    { kind: 'result', button: { action: 'rp', eventUid: uid, matchId: 123456789012, teamUid: uid, own: 2, other: 1 } },
    { kind: 'check-in', eventUid: uid }, { kind: 'drop', eventUid: 'ev', teamUid: 'team-1' }, { kind: 'next-round', eventUid: 'ev', round: 3 },
  ]);
});

test('anything else is no button: a score where none belongs, one missing, other characters', () => {
  for (const id of ['ro:e:1:t:2-0', 'rp:e:1:t', 'ds:e:1:t:1-1', 'drop:e', 'ci:a/b', 'rn:e:x', 'rp:e:1:t:2-0:extra', '']) expect(parseButton(id)).toBeUndefined();
});

test('a league’s buttons name the league and a match (a run for Retire), a score only on a result', () => {
  const league = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';
  const made = [
    { action: 'lr', leagueId: league, id: 123456789012, own: 2, other: 1 }, { action: 'lo', leagueId: league, id: 7 },
    { action: 'lc', leagueId: league, id: 7 }, { action: 'ld', leagueId: league, id: 7 }, { action: 'lx', leagueId: league, id: 31 },
  ] as const;
  for (const b of made) {
    const id = leagueButtonId(b);
    expect(id.length).toBeLessThanOrEqual(100);
    expect(parseButton(id)).toEqual({ kind: 'league', button: b });
  }
  for (const id of ['lr:l:1', 'lc:l:1:2-0', 'lx:l:x', 'lo:l/1:1', 'lr:l:1:10-0', 'ld:l:1:']) expect(parseButton(id)).toBeUndefined();
});
