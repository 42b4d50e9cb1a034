import type { BanlistEntry } from '../../../domain/api/banlists.ts';
import { CARD_TYPES, CARD_TYPE_LABEL, type CardType } from '../../../domain/banlist/card-types.ts';
import { SECTION_STATUSES, STATUS_LABEL, type SectionStatus } from '../../../domain/banlist/statuses.ts';

export interface BanlistFilters {
  /** free text; matches card name, card type label or reason, case-insensitively */
  search: string;
  /** keep entries whose format status differs from the Advanced status */
  differencesOnly: boolean;
  /** keep entries whose previous status is not NONE and differs from the current one */
  additionsOnly: boolean;
}

export const NO_FILTERS: BanlistFilters = { search: '', differencesOnly: false, additionsOnly: false };

/** Spec 1 §5 filter rules, all of them applied together. */
export function matchesFilters(entry: BanlistEntry, filters: BanlistFilters): boolean {
  if (filters.differencesOnly && entry.formatStatus === entry.advancedFormatStatus) return false;
  if (filters.additionsOnly && (entry.previousFormatStatus === 'NONE' || entry.previousFormatStatus === entry.formatStatus)) {
    return false;
  }
  const needle = filters.search.trim().toLowerCase();
  if (!needle) return true;
  return (
    entry.cardName.toLowerCase().includes(needle) ||
    CARD_TYPE_LABEL[entry.cardType].toLowerCase().includes(needle) ||
    (entry.reason ?? '').toLowerCase().includes(needle)
  );
}

const TYPE_RANK = Object.fromEntries(CARD_TYPES.map((t, i) => [t, i])) as Record<CardType, number>;
// One collator instead of localeCompare per comparison: same order, several times faster on 6,000 rows.
const collator = new Intl.Collator();

/** Spec 1 §9: card type order (monsters, spells, traps, others), ties by name. */
export function compareEntries(a: BanlistEntry, b: BanlistEntry): number {
  return TYPE_RANK[a.cardType] - TYPE_RANK[b.cardType] || collator.compare(a.cardName, b.cardName) || a.cardId - b.cardId;
}

export interface BanlistSection {
  status: SectionStatus;
  entries: BanlistEntry[];
}

/** The four sections in display order, each sorted; NONE entries belong to no section. */
export function groupIntoSections(entries: readonly BanlistEntry[], filters: BanlistFilters = NO_FILTERS): BanlistSection[] {
  const byStatus = new Map<SectionStatus, BanlistEntry[]>(SECTION_STATUSES.map((s) => [s, []]));
  for (const e of entries) {
    if (e.formatStatus === 'NONE' || !matchesFilters(e, filters)) continue;
    byStatus.get(e.formatStatus)!.push(e);
  }
  return SECTION_STATUSES.map((status) => ({ status, entries: byStatus.get(status)!.sort(compareEntries) }));
}

/**
 * The Remarks column: what changed since the previous banlist. `hasPrevious` is false on the oldest
 * banlist, where every card would otherwise read "New".
 */
export function remarkOf(entry: Pick<BanlistEntry, 'formatStatus' | 'previousFormatStatus'>, hasPrevious: boolean): string {
  if (entry.previousFormatStatus === 'NONE') return hasPrevious ? 'New' : '';
  if (entry.previousFormatStatus === entry.formatStatus) return '';
  return `Was ${STATUS_LABEL[entry.previousFormatStatus]}`;
}

/** One row of the flattened, virtualised list: a section heading or a card. */
export type BanlistRow =
  | { kind: 'section'; status: SectionStatus; count: number }
  | { kind: 'entry'; status: SectionStatus; entry: BanlistEntry };

/** Sections flattened into rows; an empty section keeps its heading (count 0) so every section is visible. */
export function flattenSections(sections: readonly BanlistSection[]): BanlistRow[] {
  const rows: BanlistRow[] = [];
  for (const s of sections) {
    rows.push({ kind: 'section', status: s.status, count: s.entries.length });
    for (const entry of s.entries) rows.push({ kind: 'entry', status: s.status, entry });
  }
  return rows;
}
