// The frame of the admins' own pages (/admin/people, /admin/log; issue 39): the title and what the
// page is for, a link to its sister page, and for anyone but an admin a sign-in or a plain refusal.
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { Lock } from 'lucide-react';
import { useSession } from '../lib/session.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { Alert } from './ui/alert.tsx';
import { Button, buttonClasses } from './ui/button.tsx';
import { SignInPrompt } from './sign-in-prompt.tsx';

interface AdminPageProps {
  id: string;
  title: string;
  icon: ComponentType<{ 'aria-hidden'?: boolean; className?: string }>;
  intro: string;
  /** the other admin page, linked beside the title */
  sister: { to: string; label: string; icon: ComponentType<{ 'aria-hidden'?: boolean }> };
  /** what a signed-in non-admin is told ('Only admins can …') */
  refusal: string;
  /** shown only to an admin, with their id */
  children: (me: string) => ReactNode;
}

export function AdminPage({ id, title, icon: Icon, intro, sister, refusal, children }: AdminPageProps) {
  useDocumentTitle(title);
  const { user, isLoading, login } = useSession();
  const isAdmin = (user?.auth ?? 0) >= 2;
  const Sister = sister.icon;
  return (
    <section aria-labelledby={id} className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h1 id={id} className="flex items-center gap-3 text-3xl font-bold tracking-tight mobile:text-2xl">
            <Icon aria-hidden className="size-7 text-primary" />
            {title}
          </h1>
          <p className="max-w-3xl text-muted-foreground">{intro}</p>
        </div>
        {isAdmin && (
          <Link to={sister.to} className={buttonClasses('secondary', 'md', 'mobile:w-full')}>
            <Sister aria-hidden />
            {sister.label}
          </Link>
        )}
      </header>
      {isLoading ? (
        <p role="status" className="text-muted-foreground">Checking sign-in…</p>
      ) : !user ? (
        <SignInPrompt onLogin={login}>Sign in as an admin to open this page.</SignInPrompt>
      ) : !isAdmin ? (
        <p className="flex items-center gap-3 rounded-lg border bg-muted/40 p-4 text-sm" data-testid="read-only-note">
          <Lock aria-hidden="true" className="size-4 shrink-0" />
          <strong>{refusal}</strong>
        </p>
      ) : (
        children(user.discordId)
      )}
    </section>
  );
}

/** A read that failed: its sentence, and Try again. */
export function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert>
      <p>{message}</p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>Try again</Button>
    </Alert>
  );
}
