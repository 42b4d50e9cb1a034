// The plain-way answers the engine's property tests check it against (engine-property-kit.ts):
// who gets a Swiss round's bye, whether a rematch could have been avoided, and the standings
// recomputed from the matches alone.
import { expect } from 'vitest';
import { pairKey, type EngineMatch, type EngineTeam } from '../../types.ts';

/** What the Swiss checks covered, printed at the end of the run. */
export const byeCounts = {
  byesChecked: 0,
  /** Byes that went above the lowest team without one, because its bye would have forced a rematch. */
  byesMovedUp: 0,
};

/**
 * Whether these teams have a perfect pairing without a rematch: a plain backtracking search that
 * always pairs the team with the fewest possible partners left (its partners tried fewest-first),
 * remembering the sets of teams already found unpairable. `met` holds each pair's pairKey; the
 * search works on indexes (a 300-team field is 45,000 pairs: a key string each cost more than the search).
 */
function perfectWithoutRematch(teams: readonly string[], met: ReadonlySet<string>): boolean {
  const m = teams.length;
  if (m % 2 === 1) return false;
  // allowed[i * m + j]: whether i and j may still meet; a flat byte matrix (m is up to 300, and the
  // matrix is made for every bye candidate tried)
  const allowed = new Uint8Array(m * m).fill(1);
  for (let i = 0; i < m; i++) allowed[i * m + i] = 0;
  const index = new Map(teams.map((t, i) => [t, i]));
  for (const key of met) {
    // a pair of teams that are both here (pairKey joins the two ids)
    const [a = '', b = ''] = key.split('\u0000');
    if (pairKey(a, b) !== key) throw new Error(`not a pair key: ${key}`);
    const i = index.get(a);
    const j = index.get(b);
    if (i !== undefined && j !== undefined) allowed[i * m + j] = allowed[j * m + i] = 0;
  }
  const alive = new Array<boolean>(m).fill(true);
  const degree = Array.from({ length: m }, (_, i) => {
    let d = 0;
    for (let j = 0; j < m; j++) d += allowed[i * m + j]!;
    return d;
  });
  const failed = new Set<string>();
  const keyOf = () => alive.map((a) => (a ? '1' : '0')).join('');
  const remove = (v: number) => {
    alive[v] = false;
    for (let u = 0; u < m; u++) if (alive[u] && allowed[v * m + u]) degree[u]!--;
  };
  const restore = (v: number) => {
    for (let u = 0; u < m; u++) if (alive[u] && allowed[v * m + u]) degree[u]!++;
    alive[v] = true;
  };
  const go = (left: number): boolean => {
    if (left === 0) return true;
    // the key only once a set has failed: most searches never backtrack
    if (failed.size > 0 && failed.has(keyOf())) return false;
    let first = -1;
    for (let v = 0; v < m; v++) if (alive[v] && (first < 0 || degree[v]! < degree[first]!)) first = v;
    const partners: number[] = [];
    for (let u = 0; u < m; u++) if (alive[u] && allowed[first * m + u]) partners.push(u);
    partners.sort((a, b) => degree[a]! - degree[b]!);
    remove(first);
    for (const u of partners) {
      remove(u);
      const ok = go(left - 2);
      restore(u);
      if (ok) {
        restore(first);
        return true;
      }
    }
    restore(first);
    failed.add(keyOf());
    return false;
  };
  return go(m);
}

/** Whether the teams can all be paired (but for one bye from `byeCandidates`) without a rematch. */
function rematchFreeExists(teams: readonly string[], met: ReadonlySet<string>, byeCandidates: readonly string[]): boolean {
  if (teams.length % 2 === 0) return perfectWithoutRematch(teams, met);
  return byeCandidates.some((c) => perfectWithoutRematch(teams.filter((t) => t !== c), met));
}

/**
 * The team that should get this round's bye, worked out from the matches alone: walk up the
 * standings from the bottom over the active teams without a bye (all active teams if every one has
 * had one) and take the first whose bye leaves the rest a pairing without a rematch; if there is
 * none, the lowest of them (a rematch cannot be avoided, and a second bye never beats it).
 */
function expectedBye(teams: readonly EngineTeam[], before: readonly EngineMatch[]): string {
  const dropped = new Set(teams.filter((t) => t.dropped).map((t) => t.id));
  const ranked = plainStandings(teams, before).map((r) => r.teamId).filter((id) => !dropped.has(id));
  const hadBye = new Set(before.filter((m) => m.bye).map((m) => m.team1!));
  const met = new Set(before.filter((m) => !m.bye && m.team1 && m.team2).map((m) => pairKey(m.team1!, m.team2!)));
  const fresh = ranked.filter((t) => !hadBye.has(t));
  const candidates = (fresh.length > 0 ? fresh : ranked).reverse();
  const bye = candidates.find((c) => perfectWithoutRematch(ranked.filter((t) => t !== c), met)) ?? candidates[0]!;
  if (bye !== candidates[0]) byeCounts.byesMovedUp++;
  return bye;
}

/** Checks one Swiss round (after round 1) against the rounds before it: everyone once, no dropped team, the right bye, no avoidable rematch. */
export function checkSwissRound(teams: readonly EngineTeam[], before: readonly EngineMatch[], round: readonly EngineMatch[]) {
  const active = teams.filter((t) => !t.dropped).map((t) => t.id);
  const inRound = round.flatMap((m) => [m.team1, m.team2]).filter((t): t is string => t !== null);
  expect([...inRound].sort()).toEqual([...active].sort());
  const met = new Set(before.filter((m) => !m.bye && m.team1 && m.team2).map((m) => pairKey(m.team1!, m.team2!)));
  const hadBye = new Set(before.filter((m) => m.bye).map((m) => m.team1!));
  const byes = round.filter((m) => m.bye);
  expect(byes.length).toBe(active.length % 2);
  for (const b of byes) {
    expect(b).toMatchObject({ complete: true, winner: b.team1, team2: null, team1Wins: 2, team2Wins: 0 });
    // nobody gets a second bye while an active team without one exists
    if (hadBye.has(b.team1!)) expect(active.every((t) => hadBye.has(t))).toBe(true);
    // and it is the lowest-ranked such team whose bye does not force an avoidable rematch
    expect(b.team1).toBe(expectedBye(teams, before));
    byeCounts.byesChecked++;
  }
  const rematches = round.filter((m) => !m.bye && met.has(pairKey(m.team1!, m.team2!)));
  if (rematches.length > 0) {
    const fresh = active.filter((t) => !hadBye.has(t));
    expect(rematchFreeExists(active, met, fresh.length > 0 ? fresh : active)).toBe(false);
  }
}

/** Standings recomputed the plain way: every team, its matches, its opponents' matches. */
export function plainStandings(teams: readonly EngineTeam[], matches: readonly EngineMatch[]) {
  const done = matches.filter((m) => m.complete);
  const realOf = new Map<string, EngineMatch[]>(teams.map((t) => [t.id, []]));
  const swissByes = new Map<string, number>();
  for (const m of done) {
    if (m.bye) {
      if (m.bracket === 'swiss') swissByes.set(m.team1!, (swissByes.get(m.team1!) ?? 0) + 1);
      continue;
    }
    realOf.get(m.team1!)!.push(m);
    realOf.get(m.team2!)!.push(m);
  }
  const real = (id: string) => realOf.get(id)!;
  const record = (id: string) => {
    let wins = swissByes.get(id) ?? 0;
    let losses = 0;
    let ties = 0;
    for (const m of real(id)) {
      if (m.winner === null) ties++;
      else if (m.winner === id) wins++;
      else losses++;
    }
    return { wins, losses, ties };
  };
  const memo = <T,>(f: (id: string) => T) => {
    const cache = new Map<string, T>();
    return (id: string) => (cache.has(id) ? cache.get(id)! : (cache.set(id, f(id)), cache.get(id)!));
  };
  const mwp = memo((id: string) => {
    const ms = real(id);
    if (ms.length === 0) return 0;
    const pts = ms.reduce((s, m) => s + (m.winner === id ? 3 : m.winner === null ? 1 : 0), 0);
    return pts / (3 * ms.length);
  });
  const opponents = (id: string) => real(id).map((m) => (m.team1 === id ? m.team2! : m.team1!));
  const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  const omw = memo((id: string) => avg(opponents(id).map(mwp)));
  const rows = teams.map((t) => {
    const r = record(t.id);
    return { teamId: t.id, seed: t.seed, points: 3 * r.wins + r.ties, ...r, omw: omw(t.id), oomw: avg(opponents(t.id).map(omw)) };
  });
  const e = (x: number) => Math.round(x * 1e9);
  rows.sort((a, b) => b.points - a.points || b.wins - a.wins || e(b.omw) - e(a.omw) || e(b.oomw) - e(a.oomw) || a.seed - b.seed || (a.teamId < b.teamId ? -1 : 1));
  return rows;
}
