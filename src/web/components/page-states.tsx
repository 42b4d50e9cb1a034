import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Alert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';

// The states a page that reads one thing goes through, as every such page draws them: the way back above it,
// the line while it loads, and its title with the failure (and Try again where trying again may help).

/** The way back above a page's content. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1 rounded text-sm font-medium text-primary hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}

/** The line announced while a page (or a part of it) loads. */
export function StatusLine({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="text-muted-foreground">
      {children}
    </p>
  );
}

/** A page whose read failed: its title, the sentence, and Try again when `onRetry` is given. */
export function PageFailure({ title, onRetry, children }: { title: string; onRetry?: () => void; children: ReactNode }) {
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-bold">{title}</h1>
      <Alert>{children}</Alert>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
