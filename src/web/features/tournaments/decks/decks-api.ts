import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// Types only: the tournament page must not load zod.
import type { ApprovePassingReply } from '../../../../domain/api/tournaments.ts';
import type { Deck } from '../../../../domain/api/decks.ts';
import { api } from '../../../lib/api.ts';
import { UploadError, upload } from '../../../lib/transfer.ts';
import { settle, tournamentKeys, tournamentPath as path } from '../tournaments-api.ts';
import { DeckRefusedError } from './deck-refusal.ts';

// The decks' requests: a participant's decks, the upload, the delete, and the host's review.

/** The decks (with cards) of one participant: their owner and privileged users only. */
export function useParticipantDecks(uid: string, participantId: number | undefined) {
  return useQuery({
    queryKey: tournamentKeys.decks(uid, participantId ?? -1),
    queryFn: ({ signal }) => api.get<Deck[]>(path(uid, `/participants/${participantId}/decks`), { signal }),
    enabled: participantId !== undefined,
  });
}

/**
 * Decks of several participants in one request (GET .../participants/decks?participantIds=a,b); when that
 * fails, one request per participant (spec 2 §7).
 */
export async function fetchDecksOf(uid: string, participantIds: readonly number[], signal?: AbortSignal): Promise<Record<number, Deck[]>> {
  if (participantIds.length === 0) return {};
  try {
    return await api.get<Record<number, Deck[]>>(path(uid, `/participants/decks?participantIds=${participantIds.join(',')}`), { signal });
  } catch (e) {
    if (signal?.aborted) throw e;
    // a participant whose decks cannot be read fails the whole answer: the panel says why, never "no decks"
    const lists = await Promise.all(participantIds.map((id) => api.get<Deck[]>(path(uid, `/participants/${id}/decks`), { signal })));
    return Object.fromEntries(participantIds.map((id, i) => [id, lists[i]!]));
  }
}

export function useTeamDecks(uid: string, participantIds: readonly number[], enabled: boolean) {
  return useQuery({
    queryKey: tournamentKeys.teamDecks(uid, participantIds),
    queryFn: ({ signal }) => fetchDecksOf(uid, participantIds, signal),
    enabled: enabled && participantIds.length > 0,
  });
}

export interface DeckUpload {
  participantDiscordId: string;
  label: string;
  text: string;
  onProgress?: (fraction: number) => void;
}

/**
 * POST .../decks with the text as text/plain, with its upload progress. Spec 2 §8: the error is the
 * server's sentence, else the error's message, else 'Failed to upload deck'.
 */
export async function uploadDeck(uid: string, { participantDiscordId, label, text, onProgress }: DeckUpload): Promise<Deck> {
  const query = new URLSearchParams({ participantDiscordId, label });
  try {
    const deck = await upload<Deck>('POST', path(uid, `/decks?${query}`), text, {
      headers: { 'X-Discord-Id': participantDiscordId },
      onProgress: (p) => onProgress?.(p.fraction),
      failure: 'Failed to upload deck',
    });
    onProgress?.(1);
    return deck;
  } catch (e) {
    if (!(e instanceof UploadError)) throw e;
    throw DeckRefusedError.fromBody(e.status, e.message, e.body);
  }
}

export function useUploadDeck(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeckUpload) => uploadDeck(uid, input),
    onSuccess: () => settle(queryClient, uid),
  });
}

export function useDeleteDeck(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deckId, participantDiscordId }: { deckId: number; participantDiscordId: string }) =>
      api.delete<void>(path(uid, `/decks/${deckId}?participantDiscordId=${encodeURIComponent(participantDiscordId)}`)),
    onSuccess: () => settle(queryClient, uid),
  });
}

export interface DeckReview {
  participantId: number;
  deckId: number;
  approved: boolean;
  reviewerDiscordId: string;
  reason?: string;
}

export function useReviewDeck(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ participantId, deckId, approved, reviewerDiscordId, reason }: DeckReview) => {
      const query = new URLSearchParams({ approved: String(approved), reviewerDiscordId });
      if (reason) query.set('reason', reason);
      return api.post<Deck>(path(uid, `/participants/${participantId}/decks/${deckId}/validate?${query}`));
    },
    onSuccess: () => settle(queryClient, uid),
  });
}

/** 'Approve all that pass the checks' (issue 39): the decks approved, and those left with a problem. */
export function useApprovePassingDecks(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ApprovePassingReply>(path(uid, '/decks/approve-passing')),
    onSuccess: () => settle(queryClient, uid),
  });
}
