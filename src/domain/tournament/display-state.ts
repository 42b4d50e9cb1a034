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
}

function recency(t: HomeSortInput): number {
  const times = [t.updatedAt, t.createdAt].map((s) => (s ? Date.parse(s) : NaN)).filter((n) => !Number.isNaN(n));
  return times.length ? Math.max(...times) : -Infinity;
}

/** Home sort (spec 1 §9): Live, Upcoming, Completed; newest of updatedAt/createdAt first; then name. */
export function compareForHome(a: HomeSortInput, b: HomeSortInput): number {
  return (
    STATE_RANK[displayState(a)] - STATE_RANK[displayState(b)] ||
    recency(b) - recency(a) ||
    a.name.localeCompare(b.name)
  );
}

export function sortForHome<T extends HomeSortInput>(list: readonly T[]): T[] {
  return [...list].sort(compareForHome);
}
