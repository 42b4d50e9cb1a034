import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { buttonClasses } from './ui/button.tsx';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="mx-auto max-w-2xl py-8">
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="mt-4 text-muted-foreground">There is no page at this address.</p>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-6')}>
        Back to Home
      </Link>
    </section>
  );
}
