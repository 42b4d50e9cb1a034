// Thin wrapper over edmonds-blossom (van Rantwijk's algorithm, ported to JS).
// Caveat: the port assigns undeclared variables (b, path, v), so it only runs where it is loaded as
// sloppy CommonJS (Node, tsx, vitest); bundled as ESM (a browser build) it throws when a blossom
// forms. Only the server pairs, so only swiss.ts imports this module.
import blossom from 'edmonds-blossom';

export type WeightedEdge = [number, number, number];

/** Maximum-weight matching on vertices 0..n-1: mate[v] or -1. Integer weights keep it exact. */
export function maxWeightMatching(n: number, edges: WeightedEdge[], maxCardinality: boolean): number[] {
  const mate = new Array<number>(n).fill(-1);
  if (edges.length === 0) return mate;
  const found = blossom(edges, maxCardinality);
  // the library sizes its answer by the largest vertex that has an edge
  for (let v = 0; v < found.length; v++) mate[v] = found[v]!;
  return mate;
}

/** Whether vertices 0..n-1 have a perfect matching using only pairs for which `allowed` holds. */
export function hasPerfectMatching(n: number, allowed: (i: number, j: number) => boolean): boolean {
  if (n % 2 === 1) return false;
  if (n === 0) return true;
  const edges: WeightedEdge[] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (allowed(i, j)) edges.push([i, j, 1]);
  return maxWeightMatching(n, edges, true).every((m) => m >= 0);
}
