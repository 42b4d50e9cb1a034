/** Series form defaults (spec 2 §5): what an omitted field becomes. */
export const SERIES_DEFAULTS = {
  manualDeckChecking: true,
  playersTeam1: 1,
  playersTeam2: 1,
  bestOf: 3,
  relay: false,
  dontShuffleDeck: false,
  dontCheckDeckContents: false,
  dontCheckDeckSize: false,
  tcgSegocRulings: false,
  startingLp: 8000,
  startingHand: 5,
  cardsPerDraw: 1,
  minMainDeckSize: 40,
  maxMainDeckSize: 60,
  minExtraDeckSize: 0,
  maxExtraDeckSize: 15,
  minSideDeckSize: 0,
  maxSideDeckSize: 15,
} as const;

export type SeriesNumberField =
  | 'playersTeam1' | 'playersTeam2' | 'bestOf' | 'startingLp' | 'startingHand' | 'cardsPerDraw'
  | 'minMainDeckSize' | 'maxMainDeckSize' | 'minExtraDeckSize' | 'maxExtraDeckSize' | 'minSideDeckSize' | 'maxSideDeckSize';

export type SeriesFlagField =
  | 'manualDeckChecking' | 'relay' | 'dontShuffleDeck' | 'dontCheckDeckContents' | 'dontCheckDeckSize' | 'tcgSegocRulings';

/**
 * Lowest accepted value of each number. The series form shows no bounds (spec 2 §5); the host form's
 * minimums apply because a series is copied into a tournament as it is.
 */
export const SERIES_MINIMUMS: Record<SeriesNumberField, number> = {
  playersTeam1: 1,
  playersTeam2: 1,
  bestOf: 1,
  startingLp: 1,
  startingHand: 0,
  cardsPerDraw: 1,
  minMainDeckSize: 1,
  maxMainDeckSize: 1,
  minExtraDeckSize: 0,
  maxExtraDeckSize: 0,
  minSideDeckSize: 0,
  maxSideDeckSize: 0,
};

/** min/max pairs that must be ordered (min <= max); the error names the min field. */
export const DECK_BOUNDS = [
  ['minMainDeckSize', 'maxMainDeckSize', 'Main Deck'],
  ['minExtraDeckSize', 'maxExtraDeckSize', 'Extra Deck'],
  ['minSideDeckSize', 'maxSideDeckSize', 'Side Deck'],
] as const satisfies readonly (readonly [SeriesNumberField, SeriesNumberField, string])[];
