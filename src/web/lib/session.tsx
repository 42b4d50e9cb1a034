import { useCallback, type ReactNode } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '../../domain/api/users.ts';
import { api } from './api.ts';

export const sessionKeys = {
  me: ['session', 'me'] as const,
};

async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await api.get<CurrentUser>('/oauth/me');
  } catch {
    // Spec 1 §4: a failed lookup means not signed in.
    return null;
  }
}

/** Sends the whole window to the server, which answers 302 to Discord's authorize page. */
export function login(): void {
  window.location.assign('/api/oauth/login');
}

export function setCurrentUser(queryClient: QueryClient, user: CurrentUser | null): void {
  queryClient.setQueryData(sessionKeys.me, user);
}

export interface Session {
  user: CurrentUser | null;
  /** true until the first answer of GET /api/oauth/me */
  isLoading: boolean;
  login: () => void;
  logout: () => Promise<void>;
}

export function useSession(): Session {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: sessionKeys.me,
    queryFn: fetchCurrentUser,
    staleTime: 5 * 60_000,
    retry: false,
  });

  const logout = useCallback(async () => {
    try {
      await api.post('/oauth/logout');
    } catch {
      // Spec 1 §8: logout failures are ignored; the local user is cleared anyway.
    }
    setCurrentUser(queryClient, null);
    await navigate('/');
  }, [queryClient, navigate]);

  return { user: query.data ?? null, isLoading: query.isPending, login, logout };
}

/** Renders children for a signed-in user, `signedOut` otherwise, and a short wait in between. */
export function SignedIn({ signedOut, children }: { signedOut: ReactNode; children: (user: CurrentUser) => ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) {
    return (
      <p role="status" className="text-muted-foreground">
        Checking sign-in…
      </p>
    );
  }
  return user ? children(user) : signedOut;
}
