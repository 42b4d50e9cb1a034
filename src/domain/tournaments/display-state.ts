/** Display state of a tournament on the home page and the list (spec 1 §4, spec 2 §4). */
export type DisplayState = 'Live' | 'Upcoming' | 'Completed';

export interface DisplayStateInput {
  inProgress: boolean;
  completed: boolean;
}

/** Live when in progress and not completed; Completed when completed; Upcoming otherwise. */
export function displayState(t: DisplayStateInput): DisplayState {
  if (t.completed) return 'Completed';
  return t.inProgress ? 'Live' : 'Upcoming';
}

const STATE_RANK: Record<DisplayState, number> = { Live: 0, Upcoming: 1, Completed: 2 };

export interface HomeSortInput extends DisplayStateInput {
  name: string;
  createdAt?: string | null;
  updatedAt?: string | null;
  /** when play starts: upcoming events are listed by it (decision 016) */
  startsAt?: string | null;
}

function recency(t: HomeSortInput): number {
  const times = [t.updatedAt, t.createdAt].map((s) => (s ? Date.parse(s) : NaN)).filter((n) => !Number.isNaN(n));
  return times.length ? Math.max(...times) : -Infinity;
}

/** Upcoming events with a start first, soonest first (decision 016); 0 for the rest. */
function byStart(a: HomeSortInput, b: HomeSortInput): number {
  if (displayState(a) !== 'Upcoming') return 0;
  const [x, y] = [a.startsAt, b.startsAt].map((s) => (s ? Date.parse(s) : NaN));
  if (Number.isNaN(x!) || Number.isNaN(y!)) return Number.isNaN(x!) === Number.isNaN(y!) ? 0 : Number.isNaN(x!) ? 1 : -1;
  return x! - y!;
}

/**
 * Home sort (spec 1 §9): Live, Upcoming, Completed; upcoming events with a start by it, soonest
 * first; otherwise newest of updatedAt/createdAt first; then name.
 */
export function compareForHome(a: HomeSortInput, b: HomeSortInput): number {
  return (
    STATE_RANK[displayState(a)] - STATE_RANK[displayState(b)] ||
    byStart(a, b) ||
    recency(b) - recency(a) ||
    a.name.localeCompare(b.name)
  );
}

export function sortForHome<T extends HomeSortInput>(list: readonly T[]): T[] {
  return [...list].sort(compareForHome);
}
