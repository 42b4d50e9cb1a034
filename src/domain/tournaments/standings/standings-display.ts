// How every page shows a standings row (issue 39): the tie-breakers players know by name, a share
// with nothing behind it yet as '–' (never "0.0 %"), and the teams that never played apart, unplaced.

/** An OMW or OOMW share (0..1) as a percentage to one decimal; '–' while nothing is behind it (null). */
export function sharePercent(x: number | null | undefined): string {
  return x === null || x === undefined ? '–' : `${(Math.round(x * 1000) / 10).toFixed(1)}%`;
}

/** The rows that are placed, in the server's order, and those that did not play, listed apart. */
export function splitPlayed<R extends { didNotPlay?: boolean }>(rows: readonly R[]): { placed: R[]; didNotPlay: R[] } {
  return { placed: rows.filter((r) => !r.didNotPlay), didNotPlay: rows.filter((r) => r.didNotPlay) };
}

/** 'Did not play: A, B and C' (or, past `names`, 'Did not play: 14 teams'). */
export function didNotPlayLine(teams: readonly string[], names = 6): string {
  if (teams.length === 0) return '';
  if (teams.length > names) return `Did not play: ${teams.length} teams`;
  const list = teams.length === 1 ? teams[0]! : `${teams.slice(0, -1).join(', ')} and ${teams.at(-1)}`;
  return `Did not play: ${list}`;
}
