// Two lists side by side (issue 32 §3) and one card's status through every list (§2). Pure: the
// server reads the lists, these say what changed. A card's status on a list is its effective one:
// not on a whitelist means it cannot be played (NONE), not on a plain list means Unlimited.
import { STATUS_LABEL, pointsLabel, statusOfCount, type CardStatus } from './statuses.ts';

/** What the comparison needs of a list. */
export interface ComparedList {
  whitelist: boolean;
  /** a `$genesys` points list (decision 027): counts are points, every card is Unlimited */
  genesys: boolean;
  /** passcode → EDOPro count (the last line of a card wins, as in EDOPro) */
  counts: ReadonlyMap<number, number>;
}

/** Where a change is listed: by the new status, off or onto a whitelist, or a new point value. */
export const CHANGE_GROUPS = ['FORBIDDEN', 'LIMITED', 'SEMI_LIMITED', 'UNLIMITED', 'OFF_WHITELIST', 'ON_WHITELIST', 'POINTS'] as const;
export type ChangeGroup = (typeof CHANGE_GROUPS)[number];

export const CHANGE_GROUP_LABEL: Record<ChangeGroup, string> = {
  FORBIDDEN: 'Newly Forbidden',
  LIMITED: 'Newly Limited',
  SEMI_LIMITED: 'Newly Semi-Limited',
  UNLIMITED: 'Newly Unlimited',
  OFF_WHITELIST: 'Off the whitelist',
  ON_WHITELIST: 'On the whitelist',
  POINTS: 'New point values',
};

export interface CardState {
  status: CardStatus;
  /** the card's points on a points list (0 when it is not on it); null on a copy-count list */
  points: number | null;
}

/** A card's effective status on a list. */
export function stateOn(list: ComparedList, passcode: number): CardState {
  const count = list.counts.get(passcode);
  if (list.genesys) return { status: 'UNLIMITED', points: count ?? 0 };
  if (count === undefined) return { status: list.whitelist ? 'NONE' : 'UNLIMITED', points: null };
  return { status: statusOfCount(count), points: null };
}

const sameState = (a: CardState, b: CardState) => a.status === b.status && a.points === b.points;

/** The group a change belongs to; null when nothing changed. */
export function groupOf(from: CardState, to: CardState): ChangeGroup | null {
  if (sameState(from, to)) return null;
  if (to.status === 'NONE') return 'OFF_WHITELIST';
  if (from.status === 'NONE') return 'ON_WHITELIST';
  if (from.status === to.status) return 'POINTS';
  return to.status as ChangeGroup;
}

export interface ListChange {
  passcode: number;
  from: CardState;
  to: CardState;
  group: ChangeGroup;
}

/** Every card whose effective status (or points) differs between the two lists, by group then passcode. */
export function compareLists(from: ComparedList, to: ComparedList): ListChange[] {
  const changes: ListChange[] = [];
  for (const passcode of new Set([...from.counts.keys(), ...to.counts.keys()])) {
    const a = stateOn(from, passcode);
    const b = stateOn(to, passcode);
    const group = groupOf(a, b);
    if (group) changes.push({ passcode, from: a, to: b, group });
  }
  const order = (g: ChangeGroup) => CHANGE_GROUPS.indexOf(g);
  return changes.sort((x, y) => order(x.group) - order(y.group) || x.passcode - y.passcode);
}

/** How a state reads: 'Limited', 'Not on the whitelist', '2 points'. */
export function stateLabel(s: CardState): string {
  if (s.points !== null) return pointsLabel(s.points);
  return s.status === 'NONE' ? 'Not on the whitelist' : STATUS_LABEL[s.status];
}

/** A change's card as a reader tells it apart: an alternate passcode says its passcode ('Elder Entity Norden, passcode 17412731'). */
export function changeCardName(c: { passcode: number; name: string; alternateOf?: number | null }): string {
  return c.alternateOf ? `${c.name}, passcode ${c.passcode}` : c.name;
}

/**
 * The change list as a Discord announcement: a bold title, then each group's cards as bullets
 * ('• Raigeki (Limited → Forbidden)'). Markdown characters in names are escaped.
 */
export function changesAsText(title: string, changes: readonly (ListChange & { name: string; alternateOf?: number | null })[]): string {
  // names sit mid-line, so only inline markers need escaping
  const escape = (s: string) => s.replace(/([\\*_~`|])/g, '\\$1');
  const lines = [`**${escape(title)}**`];
  if (changes.length === 0) lines.push('No changes.');
  for (const group of CHANGE_GROUPS) {
    const of = changes.filter((c) => c.group === group);
    if (of.length === 0) continue;
    lines.push('', `__${CHANGE_GROUP_LABEL[group]}__`);
    for (const c of of) lines.push(`• ${escape(changeCardName(c))} (${stateLabel(c.from)} → ${stateLabel(c.to)})`);
  }
  return lines.join('\n');
}

/** One list in a card's timeline. */
export interface TimelineList {
  date: string;
  name: string;
  whitelist: boolean;
  genesys: boolean;
  /** the card's count on it (its own line, else an alternate artwork's); undefined when it is not on it */
  count: number | undefined;
}

export type TimelineChange = 'FIRST' | 'CHANGED' | 'SAME';

export interface TimelineStep {
  date: string;
  name: string;
  whitelist: boolean;
  state: CardState;
  /** the first list, a change from the list before, or the same status */
  change: TimelineChange;
  /** the state on the list before; null on the first */
  previous: CardState | null;
}

/** A card's effective status on every list, oldest to newest, each with what changed from the list before. */
export function cardTimeline(lists: readonly TimelineList[]): TimelineStep[] {
  const sorted = [...lists].sort((a, b) => a.date.localeCompare(b.date));
  let previous: CardState | null = null;
  return sorted.map((l) => {
    const state = stateOn({ whitelist: l.whitelist, genesys: l.genesys, counts: new Map(l.count === undefined ? [] : [[0, l.count]]) }, 0);
    const change: TimelineChange = previous === null ? 'FIRST' : sameState(previous, state) ? 'SAME' : 'CHANGED';
    const step = { date: l.date, name: l.name, whitelist: l.whitelist, state, change, previous };
    previous = state;
    return step;
  });
}
