import { useEffect, useState } from 'react';
import { useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CardSearchResult } from '../../../domain/api/cards.ts';
import type { JudgementEntry, SendoffStatus, SendoffToggleResponse } from '../../../domain/api/judgement.ts';
import { combinedOpinion, votesOfAdmins, type Vote } from '../../../domain/judgement/votes.ts';
import { api } from '../../lib/api.ts';

/** Spec 1 §9 constants of the board. */
export const JUDGEMENT_POLL_MS = 25_000;
export const LIVE_RELOAD_DEBOUNCE_MS = 1_500;
export const VOTE_TIMEOUT_MS = 8_000;
export const CARD_SEARCH_DEBOUNCE_MS = 200;
export const CARD_SEARCH_MIN_LENGTH = 2;

export const judgementKeys = {
  all: ['judgement'] as const,
  entries: () => [...judgementKeys.all, 'entries'] as const,
  sendoff: () => [...judgementKeys.all, 'sendoff'] as const,
  admins: () => [...judgementKeys.all, 'admins'] as const,
  adminName: (discordId: string) => ['users', 'username', discordId] as const,
  cardSearch: (name: string) => ['cards', 'search', name] as const,
};

/** The board, polled every 25 s as the fallback of the live channel. */
export function useJudgementEntries(enabled: boolean) {
  return useQuery({
    queryKey: judgementKeys.entries(),
    queryFn: ({ signal }) => api.get<JudgementEntry[]>('/judgement', { signal }),
    enabled,
    staleTime: 0,
    refetchInterval: JUDGEMENT_POLL_MS,
  });
}

export function useSendoffStatus(enabled: boolean) {
  return useQuery({
    queryKey: judgementKeys.sendoff(),
    queryFn: ({ signal }) => api.get<SendoffStatus>('/judgement/sendoff-status', { signal }),
    enabled,
    staleTime: 0,
    refetchInterval: JUDGEMENT_POLL_MS,
  });
}

export function useAdminIds(enabled: boolean) {
  return useQuery({
    queryKey: judgementKeys.admins(),
    queryFn: ({ signal }) => api.get<string[]>('/users/admin-discord-ids', { signal }),
    enabled,
    refetchInterval: JUDGEMENT_POLL_MS,
  });
}

/** Admin column headers: each admin's name, resolved per discord id (spec 1 §2). */
export function useAdminNames(adminIds: readonly string[]): Record<string, string | undefined> {
  const results = useQueries({
    queries: adminIds.map((discordId) => ({
      queryKey: judgementKeys.adminName(discordId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<{ discordId: string; username: string }>(`/users/username?discordId=${encodeURIComponent(discordId)}`, { signal }),
      staleTime: 10 * 60_000,
    })),
  });
  return Object.fromEntries(adminIds.map((id, i) => [id, results[i]?.data?.username]));
}

/** Replace one entry of the cached board (or add it at the end), keeping the others. */
function patchEntry(queryClient: QueryClient, entry: JudgementEntry) {
  queryClient.setQueryData<JudgementEntry[]>(judgementKeys.entries(), (old) => {
    if (!old) return old;
    return old.some((e) => e.id === entry.id) ? old.map((e) => (e.id === entry.id ? entry : e)) : [...old, entry];
  });
}

export interface ProposeInput {
  card: CardSearchResult;
  reason: string;
  posterId: string;
  initialVote: Vote;
}

export function useProposeCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ card, reason, posterId, initialVote }: ProposeInput) =>
      api.post<JudgementEntry>('/judgement', {
        cardId: card.id,
        cardName: card.name,
        poster: posterId,
        reason: reason.trim(),
        votes: { [posterId]: initialVote },
        effectiveDate: null,
      }),
    onSuccess: (entry) => patchEntry(queryClient, entry),
  });
}

function withVote(entry: JudgementEntry, adminId: string, vote: Vote, adminIds: readonly string[]): JudgementEntry {
  const votes = { ...entry.votes, [adminId]: vote };
  return { ...entry, votes, currentOpinion: combinedOpinion(votesOfAdmins(votes, adminIds)) };
}

export interface VoteInput {
  entryId: number;
  adminId: string;
  vote: Vote;
}

/**
 * A vote shows at once (spec 1 §4). When the server refuses it, or has not answered after 8 s,
 * the cell goes back to the previous vote and `onReverted` is told.
 */
export function useVote(adminIds: readonly string[], onReverted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ entryId, adminId, vote }: VoteInput) => {
      // a timer, not AbortSignal.timeout: the page's clock runs it (tests move that clock instead of waiting 8 s)
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new DOMException('The vote was not answered in time', 'TimeoutError')), VOTE_TIMEOUT_MS);
      const query = `adminId=${encodeURIComponent(adminId)}&vote=${encodeURIComponent(vote)}`;
      try {
        return await api.post<JudgementEntry>(`/judgement/${entryId}/vote?${query}`, undefined, { signal: controller.signal });
      } finally {
        clearTimeout(timer);
      }
    },
    onMutate: async ({ entryId, adminId, vote }) => {
      // a poll answering now must not overwrite the optimistic vote
      await queryClient.cancelQueries({ queryKey: judgementKeys.entries() });
      const entry = queryClient.getQueryData<JudgementEntry[]>(judgementKeys.entries())?.find((e) => e.id === entryId);
      const previous: Vote = entry?.votes[adminId] ?? 'no opinion';
      if (entry) patchEntry(queryClient, withVote(entry, adminId, vote, adminIds));
      return { previous };
    },
    onError: (_error, { entryId, adminId, vote }, context) => {
      const entry = queryClient.getQueryData<JudgementEntry[]>(judgementKeys.entries())?.find((e) => e.id === entryId);
      // only undo our own change: a later vote in the same cell stays
      if (entry && (entry.votes[adminId] ?? 'no opinion') === vote) {
        patchEntry(queryClient, withVote(entry, adminId, context?.previous ?? 'no opinion', adminIds));
      }
      onReverted();
    },
    onSuccess: (entry) => patchEntry(queryClient, entry),
  });
}

export function useUpdateReason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, reason, requesterId }: { entryId: number; reason: string; requesterId: string }) =>
      api.put<JudgementEntry>(`/judgement/${entryId}/reason?requesterId=${encodeURIComponent(requesterId)}`, reason.trim()),
    onSuccess: (entry) => patchEntry(queryClient, entry),
  });
}

export function useDeleteEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, requesterId }: { entryId: number; requesterId: string }) =>
      api.delete<JudgementEntry>(`/judgement/${entryId}?requesterId=${encodeURIComponent(requesterId)}`),
    onSuccess: (_deleted, { entryId }) =>
      queryClient.setQueryData<JudgementEntry[]>(judgementKeys.entries(), (old) => old?.filter((e) => e.id !== entryId)),
  });
}

export function useToggleSendoff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (adminId: string) =>
      api.post<SendoffToggleResponse>(`/judgement/sendoff-toggle?adminId=${encodeURIComponent(adminId)}`),
    onSuccess: async ({ pressed, sendoffDate, published }) => {
      queryClient.setQueryData<SendoffStatus>(judgementKeys.sendoff(), { pressed, sendoffDate });
      if (published) {
        // decided rows left the board and a banlist appeared
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: judgementKeys.entries() }),
          queryClient.invalidateQueries({ queryKey: ['banlists'] }),
        ]);
      }
    },
  });
}

export function useSetSendoffDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ date, adminId }: { date: string; adminId: string }) =>
      api.put<SendoffStatus>(`/judgement/sendoff-date?adminId=${encodeURIComponent(adminId)}`, date),
    onSuccess: async (status) => {
      queryClient.setQueryData<SendoffStatus>(judgementKeys.sendoff(), status);
      await queryClient.invalidateQueries({ queryKey: judgementKeys.entries() });
    },
  });
}

/** `value`, once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The card picker's search (spec 1 §5): 200 ms after typing stops, from 2 characters. */
export function useCardSearch(text: string) {
  const name = useDebouncedValue(text.trim(), CARD_SEARCH_DEBOUNCE_MS);
  const enabled = name.length >= CARD_SEARCH_MIN_LENGTH;
  const query = useQuery({
    queryKey: judgementKeys.cardSearch(name),
    queryFn: ({ signal }) => api.get<CardSearchResult[]>(`/cards/search?name=${encodeURIComponent(name)}`, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
  return { ...query, enabled, settled: name === text.trim() };
}

