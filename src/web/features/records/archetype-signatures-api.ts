// The admins' archetype signatures (issue 20): the table, its writes and the rule's preview.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ArchetypePreview, ReclassifyResult, Signature, SignatureBody } from '../../../domain/api/records.ts';
import { api } from '../../lib/api.ts';

export const signatureKeys = { list: ['archetypes', 'signatures'] as const };

export function useSignatures() {
  return useQuery({
    queryKey: signatureKeys.list,
    queryFn: ({ signal }) => api.get<Signature[]>('/archetypes/signatures', { signal }),
  });
}

/** Add (no id) or replace a signature; the table is read again after. */
export function useSaveSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: SignatureBody }) =>
      id === undefined ? api.post<Signature>('/archetypes/signatures', body) : api.put<Signature>(`/archetypes/signatures/${id}`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: signatureKeys.list }),
  });
}

export function useDeleteSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/archetypes/signatures/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: signatureKeys.list }),
  });
}

/** The new order shows at once; a refusal (another admin changed the table) reads it again. */
export function useReorderSignatures() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.post<Signature[]>('/archetypes/signatures/order', { ids }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: signatureKeys.list });
      const previous = queryClient.getQueryData<Signature[]>(signatureKeys.list);
      if (previous) {
        const byId = new Map(previous.map((s) => [s.id, s]));
        queryClient.setQueryData(signatureKeys.list, ids.map((id, position) => ({ ...byId.get(id)!, position })));
      }
      return { previous };
    },
    onSuccess: (list) => queryClient.setQueryData(signatureKeys.list, list),
    onError: (_e, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(signatureKeys.list, context.previous);
      void queryClient.invalidateQueries({ queryKey: signatureKeys.list });
    },
  });
}

export function usePreviewArchetype() {
  return useMutation({ mutationFn: (deck: string) => api.post<ArchetypePreview>('/archetypes/preview', { deck }) });
}

export function useReclassify() {
  return useMutation({ mutationFn: () => api.post<ReclassifyResult>('/archetypes/reclassify') });
}
