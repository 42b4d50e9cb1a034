import type { SectionStatus } from '../../domain/banlists/statuses.ts';
import type { BadgeTone } from './ui/badge.tsx';

/** Spec 1 §9 accents: forbidden red, limited yellow, semi-limited orange, unlimited green. */
export const STATUS_TONE: Record<SectionStatus, BadgeTone> = {
  FORBIDDEN: 'forbidden',
  LIMITED: 'limited',
  SEMI_LIMITED: 'semi-limited',
  UNLIMITED: 'unlimited',
};

/** The point values of a $genesys list: one tone for all, since no value is a status. */
export const POINTS_TONE: BadgeTone = 'primary';
export const POINTS_DOT = 'bg-primary';

/** Status names and counts as text: the darker ink shades, readable at WCAG AA. */
export const STATUS_TEXT: Record<SectionStatus, string> = {
  FORBIDDEN: 'text-forbidden-ink',
  LIMITED: 'text-limited-ink',
  SEMI_LIMITED: 'text-semi-limited-ink',
  UNLIMITED: 'text-unlimited-ink',
};

/** The one-letter counts of the home page: F, L, S, U. */
export const STATUS_LETTER: Record<SectionStatus, string> = {
  FORBIDDEN: 'F',
  LIMITED: 'L',
  SEMI_LIMITED: 'S',
  UNLIMITED: 'U',
};

/** Solid dots of the section headings. */
export const STATUS_DOT: Record<SectionStatus, string> = {
  FORBIDDEN: 'bg-forbidden',
  LIMITED: 'bg-limited',
  SEMI_LIMITED: 'bg-semi-limited',
  UNLIMITED: 'bg-unlimited',
};
