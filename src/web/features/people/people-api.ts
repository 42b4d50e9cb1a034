// People and roles (issue 39): the admins' list of users, levels, suspensions and requests to host,
// and a player's own request. Every write reads the lists again, and the admin log.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  HostRequestBody, HostRequests, OwnHostRequest, OwnHostRequests, Person, SetAuthBody, SuspendBody, SuspendedPlayers, UsersPage, UsersQuery,
} from '../../../domain/api/people.ts';
import { api } from '../../lib/api.ts';

export const peopleKeys = {
  all: ['people'] as const,
  users: (q: UsersQuery) => ['people', 'users', q] as const,
  requests: ['people', 'host-requests'] as const,
  own: ['people', 'own-request'] as const,
  suspended: (uid: string) => ['people', 'suspended', uid] as const,
};

const query = (q: UsersQuery) => {
  const p = new URLSearchParams();
  if (q.q) p.set('q', q.q);
  if (q.level !== undefined) p.set('level', String(q.level));
  if (q.page && q.page !== 1) p.set('page', String(q.page));
  const s = p.toString();
  return s ? `?${s}` : '';
};

/** A page of users; the last page stays on screen while the next loads. */
export function usePeople(q: UsersQuery, enabled: boolean) {
  return useQuery({
    queryKey: peopleKeys.users(q),
    queryFn: ({ signal }) => api.get<UsersPage>(`/users${query(q)}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The open requests to host (admins); `enabled` false for everyone else. */
export function useHostRequests(enabled: boolean) {
  return useQuery({
    queryKey: peopleKeys.requests,
    queryFn: ({ signal }) => api.get<HostRequests>('/host-requests', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** After any change of a person: the lists, the requests and the log are read again. */
const refresh = (queryClient: QueryClient) => Promise.all([
  queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
  queryClient.invalidateQueries({ queryKey: ['admin-log'] }),
]);

function usePersonWrite<V>(call: (v: V) => Promise<Person>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => refresh(queryClient) });
}

export const useSetLevel = () => usePersonWrite(({ discordId, ...body }: SetAuthBody & { discordId: string }) => api.put<Person>(`/users/${discordId}/auth`, body));
export const useSuspend = () => usePersonWrite(({ discordId, ...body }: SuspendBody & { discordId: string }) => api.post<Person>(`/users/${discordId}/suspension`, body));
export const useLift = () => usePersonWrite((discordId: string) => api.delete<Person>(`/users/${discordId}/suspension`));

export function useDecideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: 'approve' | 'decline'; reason?: string }) =>
      api.post<OwnHostRequest>(`/host-requests/${id}/${decision}`, decision === 'decline' ? { reason } : undefined),
    onSuccess: () => refresh(queryClient),
  });
}

/** The signed-in player's newest request to host and who decides. */
export function useOwnHostRequest(enabled: boolean) {
  return useQuery({
    queryKey: peopleKeys.own,
    queryFn: ({ signal }) => api.get<OwnHostRequests>('/host-requests/own', { signal }),
    enabled,
  });
}

export function useRequestToHost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HostRequestBody) => api.post<OwnHostRequest>('/host-requests', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleKeys.own }),
  });
}

/** The event's suspended players, for its host's attention panel. */
export function useSuspendedPlayers(uid: string, enabled: boolean) {
  return useQuery({
    queryKey: peopleKeys.suspended(uid),
    queryFn: ({ signal }) => api.get<SuspendedPlayers>(`/tournaments/${encodeURIComponent(uid)}/suspended`, { signal }),
    enabled,
    staleTime: 60_000,
  });
}
