/** Card name search (spec 1 §5): shared by the server query and the tests that check its order. */

export const MIN_SEARCH_LENGTH = 2;
export const MAX_SEARCH_RESULTS = 20;

/**
 * What name search compares: accents stripped, lower case, apostrophes dropped, every other run of
 * punctuation or symbols as one space. So "blue eyes" finds "Blue-Eyes", "harpies" finds "Harpie's" and
 * "evil twin" finds "Evil★Twin". The result holds only letters, digits and single spaces (no LIKE wildcards).
 */
export function normalizeCardName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’‘`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** 0 exact name, 1 prefix, 2 word prefix, 3 substring; undefined when the name does not match. */
export type SearchRank = 0 | 1 | 2 | 3;

/** Rank of a normalised name for a normalised query; the SQL search orders by exactly this. */
export function searchRank(searchName: string, query: string): SearchRank | undefined {
  if (query === '' || !searchName.includes(query)) return undefined;
  if (searchName === query) return 0;
  if (searchName.startsWith(query)) return 1;
  if (searchName.includes(` ${query}`)) return 2;
  return 3;
}
