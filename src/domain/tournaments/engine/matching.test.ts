import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { hasPerfectMatching, maxWeightMatching, type WeightedEdge } from './matching.ts';

/** Best (cardinality first when asked, then weight) over every matching: exponential, small n only. */
function bruteForce(n: number, edges: WeightedEdge[], maxCardinality: boolean): [number, number] {
  const w = new Map(edges.map(([i, j, x]) => [`${Math.min(i, j)},${Math.max(i, j)}`, x]));
  let best: [number, number] = [0, 0];
  const better = (a: [number, number], b: [number, number]) =>
    maxCardinality ? a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]) : a[1] > b[1];
  const go = (v: number, used: boolean[], count: number, weight: number) => {
    while (v < n && used[v]) v++;
    if (v >= n) {
      if (better([count, weight], best)) best = [count, weight];
      return;
    }
    used[v] = true;
    go(v + 1, used, count, weight);
    for (let u = v + 1; u < n; u++) {
      const x = w.get(`${v},${u}`);
      if (used[u] || x === undefined) continue;
      used[u] = true;
      go(v + 1, used, count + 1, weight + x);
      used[u] = false;
    }
    used[v] = false;
  };
  go(0, new Array(n).fill(false), 0, 0);
  return best;
}

const graphs = fc
  .integer({ min: 2, max: 9 })
  .chain((n) =>
    fc.tuple(
      fc.constant(n),
      fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 1, max: 40 })), {
        selector: ([i, j]) => `${Math.min(i, j)},${Math.max(i, j)}`,
        maxLength: 30,
      }),
    ),
  )
  .map(([n, raw]) => [n, raw.filter(([i, j]) => i !== j)] as [number, WeightedEdge[]]);

describe('maximum-weight matching (edmonds-blossom)', () => {
  test.each([true, false])('equals a brute force over random small graphs (maxCardinality %s)', (maxCardinality) => {
    fc.assert(
      fc.property(graphs, ([n, edges]) => {
        const mate = maxWeightMatching(n, edges, maxCardinality);
        const w = new Map(edges.map(([i, j, x]) => [`${Math.min(i, j)},${Math.max(i, j)}`, x]));
        let count = 0;
        let weight = 0;
        for (let v = 0; v < n; v++) {
          const u = mate[v]!;
          if (u < 0) continue;
          expect(mate[u]).toBe(v);
          if (u > v) {
            count++;
            weight += w.get(`${v},${u}`)!;
          }
        }
        const [bestCount, bestWeight] = bruteForce(n, edges, maxCardinality);
        if (maxCardinality) expect(count).toBe(bestCount);
        expect(weight).toBe(bestWeight);
      }),
      { numRuns: 400 },
    );
  });

  test('a vertex without edges is unmatched', () => {
    expect(maxWeightMatching(4, [[0, 1, 5]], true)).toEqual([1, 0, -1, -1]);
  });

  test.each([
    ['an odd count never', 3, () => true, false],
    ['a complete graph of 6', 6, () => true, true],
    ['a triangle plus a pendant pair', 6, (i: number, j: number) => (i < 3 && j < 3) || (i === 3 && j === 4) || (i === 4 && j === 5), false],
    ['a path of 4', 4, (i: number, j: number) => j === i + 1, true],
  ])('perfect matching: %s', (_label, n, allowed, expected) => {
    expect(hasPerfectMatching(n, allowed)).toBe(expected);
  });
});
