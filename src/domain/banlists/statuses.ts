/** Card statuses of a banlist entry (spec 1 §3). NONE: the card is not on that list. */
export const CARD_STATUSES = ['FORBIDDEN', 'LIMITED', 'SEMI_LIMITED', 'UNLIMITED', 'NONE'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

/** The four sections of the banlist page, in display order. */
export const SECTION_STATUSES = ['FORBIDDEN', 'LIMITED', 'SEMI_LIMITED', 'UNLIMITED'] as const;
export type SectionStatus = (typeof SECTION_STATUSES)[number];

/** EDOPro copy count of a status; NONE has no count. */
export const STATUS_COUNT: Record<SectionStatus, number> = {
  FORBIDDEN: 0,
  LIMITED: 1,
  SEMI_LIMITED: 2,
  UNLIMITED: 3,
};

/** Status of an EDOPro copy count (0..3); anything else is UNLIMITED for a whitelist entry. */
export function statusOfCount(count: number): SectionStatus {
  if (count <= 0) return 'FORBIDDEN';
  if (count === 1) return 'LIMITED';
  if (count === 2) return 'SEMI_LIMITED';
  return 'UNLIMITED';
}

export const STATUS_LABEL: Record<CardStatus, string> = {
  FORBIDDEN: 'Forbidden',
  LIMITED: 'Limited',
  SEMI_LIMITED: 'Semi-Limited',
  UNLIMITED: 'Unlimited',
  NONE: 'None',
};

/** A card's value on a `$genesys` points list, as the page reads it: "1 point", "3 points". */
export function pointsLabel(points: number): string {
  return `${points} ${Math.abs(points) === 1 ? 'point' : 'points'}`;
}
