import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import glicko2 from 'glicko2';
import {
  DEFAULT_RATING, GLICKO2_TAU, rateEvents, ratedMatchesOf,
  type MatchForRating, type RatedMatch, type Rating,
} from './ratings.ts';

const r = (rating: number, rd: number, vol = 0.06, events = 0): Rating => ({ rating, rd, vol, events });

/**
 * Glicko-2 for one player and one period, written from Glickman's paper (steps 2–8, Illinois
 * algorithm for σ') independently of the library: the oracle the library is checked against.
 */
function paperUpdate(me: Rating, games: { opp: Rating; s: number }[], tau: number): Omit<Rating, 'events'> {
  const K = 173.7178;
  const mu = (me.rating - 1500) / K;
  const phi = me.rd / K;
  if (games.length === 0) return { rating: me.rating, rd: Math.sqrt(phi ** 2 + me.vol ** 2) * K, vol: me.vol };
  const g = (p: number) => 1 / Math.sqrt(1 + (3 * p ** 2) / Math.PI ** 2);
  const terms = games.map(({ opp, s }) => {
    const muj = (opp.rating - 1500) / K;
    const gj = g(opp.rd / K);
    const E = 1 / (1 + Math.exp(-gj * (mu - muj)));
    return { gj, E, s };
  });
  const v = 1 / terms.reduce((a, t) => a + t.gj ** 2 * t.E * (1 - t.E), 0);
  const sum = terms.reduce((a, t) => a + t.gj * (t.s - t.E), 0);
  const delta = v * sum;
  const a = Math.log(me.vol ** 2);
  const f = (x: number) =>
    (Math.exp(x) * (delta ** 2 - phi ** 2 - v - Math.exp(x))) / (2 * (phi ** 2 + v + Math.exp(x)) ** 2) - (x - a) / tau ** 2;
  let A = a;
  let B: number;
  if (delta ** 2 > phi ** 2 + v) B = Math.log(delta ** 2 - phi ** 2 - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > 1e-7) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA /= 2;
    B = C;
    fB = fC;
  }
  const vol = Math.exp(A / 2);
  const phiStar = Math.sqrt(phi ** 2 + vol ** 2);
  const phiNew = 1 / Math.sqrt(1 / phiStar ** 2 + 1 / v);
  return { rating: (mu + phiNew ** 2 * sum) * K + 1500, rd: phiNew * K, vol };
}

/** Glickman's worked example (glicko2.pdf, "Example calculation"): 1500/200 plays three opponents. */
const paper = {
  start: new Map([['me', r(1500, 200)], ['a', r(1400, 30)], ['b', r(1550, 100)], ['c', r(1700, 300)]]),
  matches: [
    { player1: 'me', player2: 'a', result: 1 },
    { player1: 'me', player2: 'b', result: 2 },
    { player1: 'c', player2: 'me', result: 1 },
  ] satisfies RatedMatch[],
};

describe('Glicko-2: the published examples', () => {
  it("Glickman's worked example through rateEvents (tau 0.5): 1464.06, RD 151.52, vol 0.05999", () => {
    expect(GLICKO2_TAU).toBe(0.5);
    const me = rateEvents([{ id: 'e1', matches: paper.matches }], paper.start).get('me')!;
    // the paper rounds its intermediate values (exact: 1464.0507, 151.5165): the library's own
    // tolerances, 0.01 and 0.00001
    expect(Math.abs(me.rating - 1464.06)).toBeLessThan(0.01);
    expect(Math.abs(me.rd - 151.52)).toBeLessThan(0.01);
    expect(Math.abs(me.vol - 0.05999)).toBeLessThan(0.00001);
    expect(me.events).toBe(1);
  });

  it("the library's own test of that example (README settings, makePlayer, updateRatings)", () => {
    const ranking = new glicko2.Glicko2({ tau: 0.5, rating: 1500, rd: 200, vol: 0.06 });
    const ryan = ranking.makePlayer();
    const bob = ranking.makePlayer(1400, 30, 0.06);
    const john = ranking.makePlayer(1550, 100, 0.06);
    const mary = ranking.makePlayer(1700, 300, 0.06);
    ranking.updateRatings([[ryan, bob, 1], [ryan, john, 0], [ryan, mary, 0]]);
    expect(Math.abs(ryan.getRating() - 1464.06)).toBeLessThan(0.01);
    expect(Math.abs(ryan.getRd() - 151.52)).toBeLessThan(0.01);
    expect(Math.abs(ryan.getVol() - 0.05999)).toBeLessThan(0.00001);
  });

  it("the library's predict example: 1500/100 against 1300/100 expects 0.74", () => {
    const ranking = new glicko2.Glicko2();
    const p1 = ranking.makePlayer(1500, 100, 0.06);
    const p2 = ranking.makePlayer(1300, 100, 0.06);
    expect(Math.abs(p1.predict(p2) - 0.74)).toBeLessThan(0.001);
    expect(ranking.predict(p1, p2)).toBe(p1.predict(p2));
  });

  it("the README's example (a draw with Mary; it prints no figures) agrees with the paper's formulas", () => {
    const ranking = new glicko2.Glicko2({ tau: 0.5, rating: 1500, rd: 200, vol: 0.06 });
    const ryan = ranking.makePlayer();
    const bob = ranking.makePlayer(1400, 30, 0.06);
    const john = ranking.makePlayer(1550, 100, 0.06);
    const mary = ranking.makePlayer(1700, 300, 0.06);
    ranking.updateRatings([[ryan, bob, 1], [ryan, john, 0], [ryan, mary, 0.5]]);
    const expected = paperUpdate(r(1500, 200), [
      { opp: r(1400, 30), s: 1 }, { opp: r(1550, 100), s: 0 }, { opp: r(1700, 300), s: 0.5 },
    ], 0.5);
    expect(ryan.getRating()).toBeCloseTo(expected.rating, 6);
    expect(ryan.getRd()).toBeCloseTo(expected.rd, 6);
    expect(ryan.getVol()).toBeCloseTo(expected.vol, 8);
    // and through the wrapper
    const viaWrapper = rateEvents([{ id: 'e', matches: [...paper.matches.slice(0, 2), { player1: 'me', player2: 'c', result: 0 }] }], paper.start);
    expect(viaWrapper.get('me')!.rating).toBeCloseTo(expected.rating, 6);
  });

  it('every player of random events moves as the paper says (one period per event, idle players RD only)', () => {
    const ids = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5'];
    const match = fc.record({
      player1: fc.constantFrom(...ids),
      player2: fc.constantFrom(...ids),
      result: fc.constantFrom<0 | 1 | 2>(0, 1, 2),
    }).filter((m) => m.player1 !== m.player2);
    fc.assert(fc.property(fc.array(fc.array(match, { maxLength: 12 }), { minLength: 1, maxLength: 4 }), (eventMatches) => {
      const events = eventMatches.map((matches, i) => ({ id: `e${i}`, matches }));
      const got = rateEvents(events);
      // the oracle, period by period
      let want = new Map<string, Rating>();
      for (const { matches } of events) {
        if (matches.length === 0) continue;
        const ratingsBefore = new Map(want);
        for (const m of matches) for (const p of [m.player1, m.player2]) if (!ratingsBefore.has(p)) ratingsBefore.set(p, { ...DEFAULT_RATING });
        want = new Map();
        for (const [id, before] of ratingsBefore) {
          const games = matches.flatMap((m) =>
            m.player1 === id ? [{ opp: ratingsBefore.get(m.player2)!, s: [0.5, 1, 0][m.result]! }]
            : m.player2 === id ? [{ opp: ratingsBefore.get(m.player1)!, s: [0.5, 0, 1][m.result]! }] : []);
          const next = paperUpdate(before, games, GLICKO2_TAU);
          want.set(id, { ...next, rd: Math.min(next.rd, 350), events: before.events + (games.length > 0 ? 1 : 0) });
        }
      }
      expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
      for (const [id, w] of want) {
        const g = got.get(id)!;
        expect(g.rating).toBeCloseTo(w.rating, 6);
        expect(g.rd).toBeCloseTo(w.rd, 6);
        expect(g.vol).toBeCloseTo(w.vol, 8);
        expect(g.events).toBe(w.events);
      }
    }), { numRuns: 100 });
  });
});

describe('rateEvents', () => {
  const series = [
    { id: 'e1', matches: [{ player1: 'ann', player2: 'bob', result: 1 }, { player1: 'cid', player2: 'dee', result: 2 }, { player1: 'ann', player2: 'dee', result: 1 }] },
    { id: 'e2', matches: [{ player1: 'bob', player2: 'cid', result: 0 }, { player1: 'ann', player2: 'cid', result: 2 }] },
    { id: 'e3', matches: [{ player1: 'ann', player2: 'bob', result: 1 }, { player1: 'dee', player2: 'bob', result: 1 }] },
  ] satisfies { id: string; matches: RatedMatch[] }[];

  it('is deterministic, and a corrected result recomputed from scratch changes the ratings', () => {
    const first = rateEvents(series);
    expect(rateEvents(series)).toEqual(first);
    // e1's ann–bob result was entered the wrong way round
    const corrected = series.map((e) => e.id !== 'e1' ? e : {
      ...e, matches: e.matches.map((m, i) => (i === 0 ? { ...m, result: 2 as const } : m)),
    });
    const recomputed = rateEvents(corrected);
    expect(recomputed.get('bob')!.rating).toBeGreaterThan(first.get('bob')!.rating);
    expect(recomputed.get('ann')!.rating).toBeLessThan(first.get('ann')!.rating);
    // the recomputation equals a fresh computation over the corrected series (deep copies: no shared state)
    expect(recomputed).toEqual(rateEvents(structuredClone(corrected)));
    // and the first series still gives the first ratings: nothing was updated in place
    expect(rateEvents(series)).toEqual(first);
  });

  it('processes events in the given order, each as one period (order matters across events, not within)', () => {
    const a = rateEvents(series);
    const shuffledWithin = rateEvents(series.map((e) => ({ ...e, matches: [...e.matches].reverse() })));
    for (const [id, x] of a) {
      expect(shuffledWithin.get(id)!.rating).toBeCloseTo(x.rating, 9);
      expect(shuffledWithin.get(id)!.rd).toBeCloseTo(x.rd, 9);
    }
    expect(rateEvents([...series].reverse())).not.toEqual(a);
  });

  it('a tie between two equal players moves neither rating and lowers both RDs', () => {
    fc.assert(fc.property(fc.double({ min: 1000, max: 2200, noNaN: true }), fc.double({ min: 30, max: 350, noNaN: true }), (rating, rd) => {
      const out = rateEvents([{ id: 'e', matches: [{ player1: 'x', player2: 'y', result: 0 }] }], new Map([['x', r(rating, rd)], ['y', r(rating, rd)]]));
      for (const id of ['x', 'y']) {
        expect(out.get(id)!.rating).toBeCloseTo(rating, 9);
        // below the period's pre-rating RD (Step 6); below the RD before too unless it was already
        // small: one game tells Glicko-2 less than a period's volatility at RD under ~70
        expect(out.get(id)!.rd).toBeLessThan(Math.sqrt(rd ** 2 + (0.06 * 173.7178) ** 2));
        if (rd >= 100) expect(out.get(id)!.rd).toBeLessThan(rd);
        expect(out.get(id)!.events).toBe(1);
      }
    }), { numRuns: 50 });
    const fresh = rateEvents([{ id: 'e', matches: [{ player1: 'x', player2: 'y', result: 0 }] }]);
    expect(fresh.get('x')).toEqual(fresh.get('y'));
    expect(fresh.get('x')!.rating).toBeCloseTo(1500, 9);
    expect(fresh.get('x')!.rd).toBeLessThan(350);
  });

  it('a win between equal players raises the winner and lowers the loser by the same amount', () => {
    fc.assert(fc.property(fc.double({ min: 1000, max: 2200, noNaN: true }), fc.double({ min: 30, max: 350, noNaN: true }), fc.boolean(), (rating, rd, firstWins) => {
      const out = rateEvents([{ id: 'e', matches: [{ player1: 'x', player2: 'y', result: firstWins ? 1 : 2 }] }], new Map([['x', r(rating, rd)], ['y', r(rating, rd)]]));
      const [w, l] = firstWins ? [out.get('x')!, out.get('y')!] : [out.get('y')!, out.get('x')!];
      expect(w.rating).toBeGreaterThan(rating);
      expect(l.rating).toBeLessThan(rating);
      expect(w.rating - rating).toBeCloseTo(rating - l.rating, 9);
      expect(w.rd).toBeCloseTo(l.rd, 9);
      expect(w.vol).toBeCloseTo(l.vol, 12);
    }), { numRuns: 50 });
  });

  it('an idle known player gets only the RD increase, per event with rated matches, capped at 350', () => {
    const start = new Map([['idle', r(1620, 50, 0.06, 7)]]);
    const play = { id: 'e', matches: [{ player1: 'x', player2: 'y', result: 1 }] satisfies RatedMatch[] };
    const once = rateEvents([play], start).get('idle')!;
    expect(once.rating).toBe(1620);
    expect(once.vol).toBe(0.06);
    expect(once.events).toBe(7);
    expect(once.rd).toBeCloseTo(Math.sqrt(50 ** 2 + (0.06 * 173.7178) ** 2), 6);
    const twice = rateEvents([play, { ...play, id: 'f' }], start).get('idle')!;
    expect(twice.rd).toBeCloseTo(Math.sqrt(50 ** 2 + 2 * (0.06 * 173.7178) ** 2), 6);
    // an event without rated matches is no period
    expect(rateEvents([play, { id: 'cancelled', matches: [] }], start)).toEqual(rateEvents([play], start));
    expect(rateEvents([], start)).toEqual(start);
    // never less certain than a newcomer
    expect(rateEvents([play], new Map([['idle', r(1620, 349.9)]])).get('idle')!.rd).toBe(350);
    // start is not modified
    expect(start.get('idle')).toEqual(r(1620, 50, 0.06, 7));
  });

  it('a newcomer starts at DEFAULT_RATING; a rating of 0 is kept, not taken for the default', () => {
    expect(DEFAULT_RATING).toEqual({ rating: 1500, rd: 350, vol: 0.06, events: 0 });
    const out = rateEvents([{ id: 'e', matches: [{ player1: 'zero', player2: 'new', result: 2 }] }], new Map([['zero', r(0, 100)]]));
    expect(out.get('zero')!.rating).toBeLessThan(1);
    expect(out.get('zero')!.rating).toBeGreaterThan(-50);
    expect(out.get('new')!.rating).toBeGreaterThan(1500);
    expect(out.get('new')!.events).toBe(1);
  });

  it('refuses a player against themself', () => {
    expect(() => rateEvents([{ id: 'e', matches: [{ player1: 'x', player2: 'x', result: 1 }] }])).toThrow(RangeError);
  });
});

describe('ratedMatchesOf', () => {
  const teams: Record<string, string[]> = { A: ['a1'], B: ['b1'], T: ['t1', 't2'], U: ['u1', 'u2'] };
  const membersOf = (id: string) => teams[id] ?? [];
  const played: MatchForRating = { team1: 'A', team2: 'B', bye: false, complete: true, winner: 'A', team1Wins: 2, team2Wins: 1 };

  it.each<[string, Partial<MatchForRating>, RatedMatch[]]>([
    ['a played win of team1', {}, [{ player1: 'a1', player2: 'b1', result: 1 }]],
    ['a played win of team2', { winner: 'B', team1Wins: 0, team2Wins: 2 }, [{ player1: 'a1', player2: 'b1', result: 2 }]],
    ['a played tie', { winner: null, team1Wins: 1, team2Wins: 1 }, [{ player1: 'a1', player2: 'b1', result: 0 }]],
    ['a win with one count missing', { team2Wins: null }, [{ player1: 'a1', player2: 'b1', result: 1 }]],
    ['a bye', { team2: null, bye: true, team1Wins: null, team2Wins: null }, []],
    ['a bye that names both teams', { bye: true }, []],
    ['a missed round', { team2: null, missed: true, winner: null, team1Wins: null, team2Wins: null }, []],
    ['a missed round with counts', { missed: true }, []],
    ['a walkover (null wins)', { team1Wins: null, team2Wins: null }, []],
    ['a walkover (0–0 with a winner)', { team1Wins: 0, team2Wins: 0 }, []],
    ['a tie without games (0–0)', { winner: null, team1Wins: 0, team2Wins: 0 }, []],
    ['a tie without games (null)', { winner: null, team1Wins: null, team2Wins: null }, []],
    ['an incomplete match', { complete: false, winner: null, team1Wins: null, team2Wins: null }, []],
    ['an incomplete match with counts', { complete: false }, []],
    ['no team1', { team1: null }, []],
    ['no team2 (TBD)', { team2: null }, []],
    ['a winner that is neither team', { winner: 'Z' }, []],
  ])('%s', (_name, change, want) => {
    expect(ratedMatchesOf([{ ...played, ...change }], membersOf)).toEqual(want);
  });

  it('rates each member of a team against each member of the other, with the team result', () => {
    const got = ratedMatchesOf([{ ...played, team1: 'T', team2: 'U', winner: 'U', team1Wins: 1, team2Wins: 2 }], membersOf);
    expect(got).toEqual([
      { player1: 't1', player2: 'u1', result: 2 }, { player1: 't1', player2: 'u2', result: 2 },
      { player1: 't2', player2: 'u1', result: 2 }, { player1: 't2', player2: 'u2', result: 2 },
    ]);
  });

  it('keeps the order of the matches and skips a player listed in both teams', () => {
    const both = { X: ['p', 'q'], Y: ['q', 'r'] } as Record<string, string[]>;
    const got = ratedMatchesOf([
      { ...played, team1: 'X', team2: 'Y', winner: 'X' },
      { ...played, bye: true },
      { ...played },
    ], (id) => both[id] ?? teams[id] ?? []);
    expect(got).toEqual([
      { player1: 'p', player2: 'q', result: 1 }, { player1: 'p', player2: 'r', result: 1 },
      { player1: 'q', player2: 'r', result: 1 },
      { player1: 'a1', player2: 'b1', result: 1 },
    ]);
    // its output feeds rateEvents directly
    expect(() => rateEvents([{ id: 'e', matches: got }])).not.toThrow();
  });
});
