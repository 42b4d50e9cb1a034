export const TOURNAMENT_FORMATS = ['DEFAULT', 'ROUND_ROBIN', 'DOUBLE_ELIM'] as const;
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];

/** Labels of spec 2 §3. */
export const FORMAT_LABEL: Record<TournamentFormat, string> = {
  DEFAULT: 'Swiss → Top Cut',
  ROUND_ROBIN: 'Round Robin',
  DOUBLE_ELIM: 'Double Elimination',
};
