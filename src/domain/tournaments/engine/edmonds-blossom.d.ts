declare module 'edmonds-blossom' {
  /**
   * Maximum-weight matching of a general graph given as [i, j, weight] edges (vertices 0..n-1).
   * Returns mate[v] (the vertex matched to v, or -1). With maxCardinality, the heaviest of the
   * largest matchings.
   */
  export default function blossom(edges: Array<[number, number, number]>, maxCardinality?: boolean): number[];
}
