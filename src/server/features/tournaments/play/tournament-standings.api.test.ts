// Final standings over real HTTP (issue 18): a Swiss event with a top cut played to the end, its
// placements and records as GET /standings gives them, in agreement with the Champion block, and the
// same after Close; standings that Close stored before placements existed still read.
import { describe, expect, test } from 'vitest';
import type { Match } from '../../../../domain/api/tournaments.ts';
import { standingsSchema, type Standings } from '../../../../domain/api/standings.ts';
import { ordinal } from '../../../../domain/tournaments/standings/placements.ts';
import { apiTest } from '../../../test/api-test.ts';
import type * as Events from '../events-repository.ts';
import { standingsOf } from './tournament-standings.ts';
import { ok, tournamentKit } from '../tournament-test-kit.ts';

const { server, host, admin } = apiTest({ host: ['960000000000000102', 1, 'Hosta'], admin: ['960000000000000101', 2, 'Ada'] });
const kit = tournamentKit(server, { host, admin });

const record = (r: { wins: number; losses: number; ties: number }) => `${r.wins}-${r.losses}-${r.ties}`;

/** A team's W-L-T over every match it played, counted from the matches (a Swiss bye is a win). */
function recordOf(matches: Match[], team: string): string {
  let w = 0, l = 0, t = 0;
  for (const m of matches) {
    if (!m.complete || (m.team1Id !== team && m.team2Id !== team)) continue;
    const winner = m.outcome?.winnerTeamId ?? null;
    if (m.bye) w += winner === team ? 1 : 0;
    else if (winner === null) t++;
    else if (winner === team) w++;
    else l++;
  }
  return `${w}-${l}-${t}`;
}

describe('final standings of Swiss → Top Cut', () => {
  test('12 teams, 4 Swiss rounds and a final the Swiss leader loses: placements, and records that agree with the Champion block, kept by Close', async () => {
    const uid = await kit.event('DEFAULT', 12);
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    // team 1 wins in Swiss; in the cut, team 2 (the lower seed: the final is Swiss #1 v #2)
    const pick = (m: Match) => (m.bracket === 'top' ? m.team2Id : m.team1Id);
    for (;;) {
      await kit.finishRound(uid, pick);
      const t = await kit.state(uid);
      if (t.championTeamUid || t.currentRound >= t.roundCount) break;
      await ok(await host.post(`/api/tournaments/${uid}/next-round`));
    }
    expect((await kit.state(uid)).roundCount).toBe(5);
    const before = await ok<Standings>(await kit.anonymous.get(`/api/tournaments/${uid}/standings`));
    expect(before.final).toBe(false);
    expect(before.rows.every((r) => r.placement === null && r.swissRecord === null)).toBe(true);

    await ok(await host.post(`/api/tournaments/${uid}/winner`));
    const standings = await ok<Standings>(await kit.anonymous.get(`/api/tournaments/${uid}/standings`));
    const matches = await kit.matchesOf(uid);
    const [first, second, ...rest] = standings.rows;
    const champion = standings.champion!;
    expect(standings.final).toBe(true);
    expect(standings.rows.map((r) => r.placement)).toEqual(Array.from({ length: 12 }, (_, i) => ordinal(i + 1)));

    // the champion, second after Swiss: its row and the Champion block count the final it won
    const plusWin = (r: { wins: number; losses: number; ties: number }) => record({ ...r, wins: r.wins + 1 });
    expect(first!.teamId).toBe(champion.teamId);
    expect(first!.swissRecord!.rank).toBe(2);
    expect(record(first!)).toBe(plusWin(first!.swissRecord!));
    expect({ wins: first!.wins, losses: first!.losses, ties: first!.ties, points: first!.points }).toEqual({
      wins: champion.wins, losses: champion.losses, ties: champion.ties, points: champion.points,
    });
    expect(first!.points).toBe(first!.swissRecord!.points + 3);
    expect(record(champion)).toBe(recordOf(matches, champion.teamId));

    // the runner-up, first after Swiss: its row shows the final it lost
    expect(second!.swissRecord!.rank).toBe(1);
    expect(record(second!)).toBe(record({ ...second!.swissRecord!, losses: second!.swissRecord!.losses + 1 }));
    expect(record(second!)).toBe(recordOf(matches, second!.teamId));
    // everyone else: the Swiss rank as an ordinal, the record the Swiss one
    for (const r of rest) {
      expect(r.placement).toBe(ordinal(r.swissRecord!.rank));
      expect(record(r)).toBe(record(r.swissRecord!));
      expect(record(r)).toBe(recordOf(matches, r.teamId));
    }

    await ok(await host.post(`/api/tournaments/${uid}/close`));
    const kept = await ok<Standings>(await kit.anonymous.get(`/api/tournaments/${uid}/standings`));
    expect(kept.rows).toEqual(standings.rows);
    expect(kept.champion).toEqual(champion);
  }, 120_000);
});

describe('standings kept by Close', () => {
  test('standings stored before placements existed read with none (null), as the API schema wants', () => {
    const stored = {
      uid: 'old', version: 3, final: true, champion: null,
      rows: [{ rank: 1, teamId: 'a', teamName: 'Alpha', dropped: false, points: 9, wins: 3, losses: 0, ties: 0, omw: 0.5, oomw: 0.5, tieBreaker: '09 500 500' }],
    };
    const t = { uid: 'old', version: 4, closed: true, completed: true, finalStandings: stored } as unknown as Events.TournamentRow;
    const read = standingsSchema.parse(standingsOf(t, [], []));
    expect(read.rows[0]).toMatchObject({ teamName: 'Alpha', placement: null, swissRecord: null });
    expect(read.version).toBe(4);
  });
});
