// Double-elimination placements against brackets-manager's final standings: both play the same
// bracket with the same outcome for every meeting (a hash of the pair and how often they met), and
// must group the teams alike. brackets-manager numbers its groups 1, 2, 3… (dense ranks); we label
// the places each group covers ('5th–6th'), so groups are compared, in order. Two teams are left out:
// brackets-manager plays one match there and cannot rank it (see double-elimination.oracle.test.ts).
import { BracketsManager } from 'brackets-manager';
import { InMemoryDatabase } from 'brackets-memory-db';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { doubleElimination } from '../engine/double-elimination.ts';
import { finalStandings } from '../engine/results.ts';
import { makeTeams } from '../engine/properties/simulate.ts';
import { pairKey, type EngineMatch } from '../types.ts';

/** The winner of the k-th meeting of a and b, the same for both. */
function outcomes(seed: number) {
  const met = new Map<string, number>();
  return (a: string, b: string): string => {
    const k = met.get(pairKey(a, b)) ?? 0;
    met.set(pairKey(a, b), k + 1);
    let h = 0x811c9dc5;
    for (const ch of `${seed}|${[a, b].sort().join('|')}|${k}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
    return h % 2 === 0 ? (a < b ? a : b) : a < b ? b : a;
  };
}

/** Our final standings as groups of team ids, best first (a group: one placement label). */
function ours(n: number, seed: number): string[][] {
  const teams = makeTeams(n);
  const decide = outcomes(seed);
  let stored: EngineMatch[] = [];
  for (let guard = 0; ; guard++) {
    if (guard > 4 * n + 8) throw new Error('no champion');
    const { matches, champion } = doubleElimination(teams.map((t) => t.id), stored);
    stored = matches;
    if (champion !== null) break;
    stored = matches.map((m) => {
      if (m.complete || m.team1 === null || m.team2 === null) return m;
      const winner = decide(m.team1, m.team2);
      return { ...m, complete: true, winner, team1Wins: winner === m.team1 ? 2 : 0, team2Wins: winner === m.team2 ? 2 : 0 };
    });
  }
  const groups = new Map<string, string[]>();
  // every team of a bracket plays: each is placed
  for (const r of finalStandings('DOUBLE_ELIM', teams, stored)) groups.set(r.placement!, [...(groups.get(r.placement!) ?? []), r.teamId]);
  return [...groups.values()].map((g) => g.sort());
}

interface BmMatch {
  id: number;
  group_id: number;
  round_id: number;
  status: number;
  opponent1: { id: number | null; result?: string } | null;
  opponent2: { id: number | null; result?: string } | null;
}

/** brackets-manager's final standings as groups of team ids, best first. */
async function oracle(n: number, seed: number): Promise<string[][]> {
  const storage = new InMemoryDatabase();
  const manager = new BracketsManager(storage);
  let size = 2;
  while (size < n) size *= 2;
  const seeding = Array.from({ length: size }, (_, i) => (i < n ? `t${i + 1}` : null));
  await manager.create.stage({ tournamentId: 0, name: 'oracle', type: 'double_elimination', seeding, settings: { grandFinal: 'double', seedOrdering: ['inner_outer'] } });
  const name = new Map(((await storage.select('participant')) as Array<{ id: number; name: string }>).map((p) => [p.id, p.name]));
  const decide = outcomes(seed);
  const READY = 2;
  for (;;) {
    const matches = ((await storage.select('match')) as BmMatch[]) ?? [];
    // it readies the reset even when the winners-bracket champion won the first set: played only when needed
    const grand = matches.filter((m) => m.group_id === 2).sort((x, y) => x.round_id - y.round_id);
    const resetNeeded = grand[0]?.opponent2?.result === 'win';
    const ready = matches.filter((m) => m.status === READY && m.opponent1?.id != null && m.opponent2?.id != null && (m !== grand[1] || resetNeeded));
    if (ready.length === 0) break;
    for (const m of ready) {
      const first = decide(name.get(m.opponent1!.id!)!, name.get(m.opponent2!.id!)!) === name.get(m.opponent1!.id!);
      await manager.update.match({ id: m.id, opponent1: { result: first ? 'win' : 'loss' }, opponent2: { result: first ? 'loss' : 'win' } });
    }
  }
  const groups: string[][] = [];
  for (const s of (await manager.get.finalStandings(0)) as Array<{ name: string; rank: number }>) (groups[s.rank - 1] ??= []).push(s.name);
  return groups.map((g) => g.sort());
}

describe('double-elimination placements against brackets-manager', () => {
  test.each([3, 4, 6, 8, 12, 16, 24, 32])('%i teams: the same groups in the same order', async (n) => {
    expect(ours(n, n)).toEqual(await oracle(n, n));
  });

  test('sizes 3..48 with random results: the same groups in the same order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 3, max: 48 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), async (n, seed) => {
        expect(ours(n, seed)).toEqual(await oracle(n, seed));
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});
