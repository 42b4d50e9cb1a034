import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { Alert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';

/** Shown inside the shell when a page throws or its code cannot be loaded (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Error');
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <section className="mx-auto max-w-2xl space-y-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Something went wrong</h1>
      <Alert>
        This page could not be shown.{detail && ` (${detail})`}
      </Alert>
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
    </section>
  );
}
