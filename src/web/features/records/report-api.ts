// The event report's reads and writes (issue 20): GET .../report, and the host's or an admin's
// archetype correction, whose answer (the whole report) replaces the cached one, meta included.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// Types only: zod stays out of the page's bundle.
import type { Report } from '../../../domain/api/records.ts';
import { api, request } from '../../lib/api.ts';

export const reportKeys = {
  one: (uid: string) => ['reports', uid] as const,
};

const reportPath = (uid: string) => `/tournaments/${encodeURIComponent(uid)}/report`;

/** The report (a 404: no such event; a 409: no winner yet). */
export function useReport(uid: string) {
  return useQuery({
    queryKey: reportKeys.one(uid),
    queryFn: ({ signal }) => api.get<Report>(reportPath(uid), { signal }),
  });
}

/** PATCH .../report/decks/{deckId}: a name, or null for the rule's own. */
export function useCorrectArchetype(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deckId, archetype }: { deckId: number; archetype: string | null }) =>
      request<Report>('PATCH', `${reportPath(uid)}/decks/${deckId}`, { body: { archetype } }),
    onSuccess: (report) => queryClient.setQueryData(reportKeys.one(uid), report),
  });
}
