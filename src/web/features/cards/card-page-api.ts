// A card's page and two lists compared (issue 32 §2, §3): typed by the server's schemas.
import { useQuery } from '@tanstack/react-query';
import type { CardHistory } from '../../../domain/api/card-pages.ts';
import type { CardDetail } from '../../../domain/api/cards.ts';
import { api } from '../../lib/api.ts';


export function useCardDetail(passcode: number | undefined) {
  return useQuery({
    queryKey: ['cards', 'detail', passcode],
    queryFn: ({ signal }) => api.get<CardDetail>(`/cards/${passcode}`, { signal }),
    enabled: passcode !== undefined,
    staleTime: 10 * 60_000,
  });
}

export function useCardHistory(passcode: number | undefined) {
  return useQuery({
    queryKey: ['cards', 'history', passcode],
    queryFn: ({ signal }) => api.get<CardHistory>(`/cards/${passcode}/history`, { signal }),
    enabled: passcode !== undefined,
    staleTime: 60_000,
  });
}

/** A passcode from the address: a whole number 1..2^32-1, else undefined (the page says not found). */
export function passcodeOf(param: string | undefined): number | undefined {
  if (!param || !/^\d{1,10}$/.test(param)) return undefined;
  const n = Number(param);
  return n >= 1 && n <= 0xffffffff ? n : undefined;
}
