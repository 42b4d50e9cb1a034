import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { LoaderCircle } from 'lucide-react';
import type { CurrentUser } from '../../../domain/api/users.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { api, ApiError } from '../../lib/api.ts';
import { setCurrentUser } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

// A code can be exchanged once: StrictMode's second effect (and a remount) must reuse the first request.
type SignedIn = CurrentUser & { returnTo?: string };
const exchanges = new Map<string, Promise<SignedIn>>();

function exchangeCode(code: string, state: string | null): Promise<SignedIn> {
  let pending = exchanges.get(code);
  if (!pending) {
    pending = api.post<SignedIn>('/oauth/handle-callback', { code, ...(state ? { state } : {}) });
    exchanges.set(code, pending);
  }
  return pending;
}

/** The server checked returnTo already; this only keeps the browser on this site whatever it answered. */
function samePath(returnTo: string | undefined): string {
  return returnTo && returnTo.startsWith('/') && !returnTo.startsWith('//') && !returnTo.startsWith('/\\') ? returnTo : '/';
}

const NO_CODE = 'No authorization code was received';
const FAILED = 'Authentication failed. Please try again.';

export function OAuthCallbackPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  // Discord sends ?error=access_denied when the user cancels on its page.
  const denied = params.has('error');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // a refusal with a reason for the person (a suspension: why, and until when) is shown as it is
  const [failed, setFailed] = useState<string | false>(false);

  const problem = denied ? FAILED : !code ? NO_CODE : failed || null;
  useDocumentTitle(problem ? 'Authentication Error' : 'Completing Authentication');

  useEffect(() => {
    if (denied || !code) return;
    let active = true;
    exchangeCode(code, state).then(
      ({ returnTo, ...user }) => {
        if (!active) return;
        setCurrentUser(queryClient, user);
        // back to the page where sign-in started
        void navigate(samePath(returnTo), { replace: true });
      },
      (e: unknown) => {
        if (active) setFailed(e instanceof ApiError && e.status === 403 ? e.message : FAILED);
      },
    );
    return () => {
      active = false;
    };
  }, [code, state, denied, queryClient, navigate]);

  if (problem) {
    return (
      <section className="mx-auto max-w-md space-y-5 py-12 text-center">
        <h1 className="text-2xl font-bold tracking-tight">Authentication Error</h1>
        <Alert className="text-left">{problem}</Alert>
        <Button onClick={() => void navigate('/', { replace: true })}>Return to Home</Button>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-md space-y-4 py-12 text-center" aria-busy="true">
      <LoaderCircle aria-hidden="true" className="mx-auto size-8 animate-spin text-primary" />
      <h1 className="text-2xl font-bold tracking-tight">Completing Authentication</h1>
      <p role="status" className="text-muted-foreground">
        Signing you in with Discord…
      </p>
    </section>
  );
}
