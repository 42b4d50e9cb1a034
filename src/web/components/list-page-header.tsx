import type { ReactNode } from 'react';

/** A list page's head: its title (which names the page's section), the lines under it, and its actions (`children`) on the right. */
export function ListPageHeader({ titleId, title, intro, children }: { titleId: string; title: string; intro: ReactNode; children?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div className="space-y-1">
        <h1 id={titleId} className="text-3xl font-bold tracking-tight mobile:text-2xl">{title}</h1>
        {intro}
      </div>
      {children}
    </header>
  );
}
