import type { ReactNode } from 'react';
import { Construction } from 'lucide-react';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { Badge } from './ui/badge.tsx';

export interface PlaceholderPageProps {
  /** the page heading, also used for the tab title */
  title: string;
  children: ReactNode;
}

/** An honest page for a screen that is not built yet: a heading and what will be there. */
export function PlaceholderPage({ title, children }: PlaceholderPageProps) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto max-w-2xl py-8">
      <Badge className="mb-4">
        <Construction aria-hidden="true" className="size-3.5" />
        Coming soon
      </Badge>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <div className="mt-4 space-y-3 text-muted-foreground">{children}</div>
    </section>
  );
}
