import { useCallback, type ReactNode } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '../../domain/api/users.ts';
import { api, setActingUser } from './api.ts';

export const sessionKeys = {
  me: ['session', 'me'] as const,
};

async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    // 200 with null for a visitor: not an error, so nothing is logged for it
    const user = (await api.get<CurrentUser | null>('/oauth/me')) ?? null;
    setActingUser(user?.discordId ?? null);
    return user;
  } catch {
    // Spec 1 §4: a failed lookup means not signed in.
    setActingUser(null);
    return null;
  }
}

/** The address that starts sign-in and comes back to `returnTo` (a path of this site) afterwards. */
export function loginUrl(returnTo: string): string {
  return `/api/oauth/login?returnTo=${encodeURIComponent(returnTo)}`;
}

/** Sends the whole window to the server, which answers 302 to Discord's authorize page; sign-in comes back here. */
export function login(): void {
  window.location.assign(loginUrl(window.location.pathname + window.location.search));
}

export function setCurrentUser(queryClient: QueryClient, user: CurrentUser | null): void {
  setActingUser(user?.discordId ?? null);
  queryClient.setQueryData(sessionKeys.me, user);
}

/** Asks the server again who is signed in (after a 401: the session may have ended in another tab). */
export function recheckSession(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: sessionKeys.me });
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
    // a session can end in another tab: look again whenever this tab comes back
    refetchOnWindowFocus: 'always',
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
