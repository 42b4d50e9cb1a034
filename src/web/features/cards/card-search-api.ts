// The card search of /cards (issue 32 §1): its filters as the address holds them and GET /api/cards.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ArchetypeName, CardSearchPage } from '../../../domain/api/card-search.ts';
import { filterWord, type WordFilter } from '../../../domain/cards/card-vocabulary.ts';
import { api } from '../../lib/api.ts';

/** The filters, named as the API and the address name them; the page is not one (the list grows with 'Load more'). */
export const CARD_FILTER_NAMES = [
  'q', 'text', 'kind', 'subtype', 'attribute', 'race', 'level', 'atkMin', 'atkMax', 'defMin', 'defMax', 'archetype', 'banlist', 'status', 'sort',
] as const;
export type CardFilterName = (typeof CARD_FILTER_NAMES)[number];
export type CardFilters = Partial<Record<CardFilterName, string>>;

export const PAGE_SIZE = 30;

const WORD_FILTERS = new Set<CardFilterName>(['kind', 'attribute', 'race', 'status', 'sort']);

/**
 * A filter's value as the controls hold it: a word in another letter case or as EDOPro prints it
 * ('DARK', 'Spellcaster', 'Winged Beast') is the filter's own word, so its select shows it; a value
 * that is no word is kept, and the API says what is wrong with it.
 */
function ownWord(k: CardFilterName, value: string): string {
  if (k === 'subtype') return value.split(',').map((w) => filterWord('subtype', w) ?? w).join(',');
  return WORD_FILTERS.has(k) ? (filterWord(k as WordFilter, value) ?? value) : value;
}

/** The filters of an address (unknown keys and empty values left out). */
export function filtersOf(params: URLSearchParams): CardFilters {
  return Object.fromEntries(CARD_FILTER_NAMES.flatMap((k) => (params.get(k) ? [[k, ownWord(k, params.get(k)!)]] : [])));
}

/** The query string of these filters, in a fixed order so equal searches share an address. */
export function filtersQuery(f: CardFilters): URLSearchParams {
  const q = new URLSearchParams();
  for (const k of CARD_FILTER_NAMES) if (f[k]) q.set(k, f[k]);
  return q;
}


export function useCardSearch(f: CardFilters) {
  const query = filtersQuery(f);
  return useInfiniteQuery({
    queryKey: ['cards', 'search', query.toString()],
    queryFn: ({ pageParam, signal }) => {
      const q = new URLSearchParams(query);
      q.set('page', String(pageParam));
      q.set('limit', String(PAGE_SIZE));
      return api.get<CardSearchPage>(`/cards?${q}`, { signal });
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    staleTime: 60_000,
    // the last results stay (dimmed) while a new search loads: no jump to a spinner at each key
    placeholderData: keepPreviousData,
  });
}

/** EDOPro's archetype names for the archetype field's suggestions; idle until the field is used. */
export function useArchetypeNames(enabled: boolean) {
  return useQuery({
    queryKey: ['cards', 'archetypes'],
    queryFn: ({ signal }) => api.get<ArchetypeName[]>('/cards/archetypes', { signal }),
    enabled,
    staleTime: Infinity,
  });
}
