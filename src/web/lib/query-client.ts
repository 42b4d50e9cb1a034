import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';
import { sessionKeys } from './session.tsx';

/**
 * One retry for flaky networks and 5xx; a 4xx answer (a 404, filters the server refused, a round not
 * paired yet) will not change on a second try. Every query follows this rule: none sets its own.
 */
function retryOnce(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  // A 401 anywhere means the session ended (logout in another tab, expiry): ask who is signed in again,
  // so no page goes on showing a user the server no longer knows.
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) void queryClient.invalidateQueries({ queryKey: sessionKeys.me });
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: retryOnce },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
