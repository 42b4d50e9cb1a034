import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/** One retry for flaky networks and 5xx; a 4xx answer will not change on a second try. */
function retryOnce(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: retryOnce },
      mutations: { retry: false },
    },
  });
}
