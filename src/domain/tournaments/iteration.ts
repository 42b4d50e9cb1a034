// A series event's number (issue 30 §8, issue 39 §2): the next one a series hosts, the name the host
// form suggests, and the '#12' the pages and the calendar file put after a name that lacks it.

/**
 * '#12' after a name, unless the name numbers itself already: a host who writes 'Friday Night
 * Modern #1' keeps that number, and the title never reads 'Friday Night Modern #1 #4'.
 */
export function iterationSuffix(t: { name: string; iteration: number | null }): string | null {
  if (t.iteration === null) return null;
  return /#\d+\b/.test(t.name) ? null : `#${t.iteration}`;
}

/**
 * The number of a series' next event: one after the highest its held events carry (cancelled ones
 * took no place and are left out by the caller). Counting them instead would give a series whose
 * first events predate the site, or were numbered by hand, a number it already used.
 */
export function nextIteration(held: readonly (number | null)[]): number {
  return held.reduce<number>((top, n) => (n !== null && n > top ? n : top), 0) + 1;
}

/** The name a new event of a series is given: the series' name and its number ('GOAT Weekly #13'). */
export function numberedName(seriesName: string, iteration: number): string {
  return `${seriesName.trim()} #${iteration}`;
}
