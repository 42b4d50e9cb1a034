// A series event's number after its name (issue 30 §8), shared by the pages and the calendar file so
// both head an event alike.

/**
 * '#12' after a name, unless the name numbers itself already: a host who writes 'Friday Night
 * Modern #1' keeps that number, and the title never reads 'Friday Night Modern #1 #4'.
 */
export function iterationSuffix(t: { name: string; iteration: number | null }): string | null {
  if (t.iteration === null) return null;
  return /#\d+\b/.test(t.name) ? null : `#${t.iteration}`;
}
