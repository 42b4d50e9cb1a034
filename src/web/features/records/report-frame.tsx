import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RatedBadge } from '../../components/rated-badge.tsx';

// The parts an event's report and a league's report draw alike: the page before the record exists, the
// report's head, and its decklists section.

/** Before the record exists (the read answers 409): what the report waits for, and where to follow meanwhile. */
export function ReportNotYet({ title, to, linkText, children }: { title: string; to: string; linkText: string; children: ReactNode }) {
  return (
    <div className="space-y-3 rounded-xl border bg-card p-5" data-testid="report-not-yet">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p>{children}</p>
      <Link to={to} className="inline-flex font-medium text-primary hover:underline">
        {linkText}
      </Link>
    </div>
  );
}

/** A report's head: what it reports on, its name, the lines of facts (`children`), rated or not. */
export function ReportHeader({ kind, name, rated, children }: { kind: string; name: string; rated: boolean; children: ReactNode }) {
  return (
    <header className="space-y-1">
      <p className="text-sm font-medium tracking-wide text-muted-foreground uppercase">{kind}</p>
      <h1 className="text-3xl font-bold break-words mobile:text-2xl" data-testid="report-title">{name}</h1>
      {children}
      <RatedBadge rated={rated} />
    </header>
  );
}

/** The published decks (`children`) under their count, or the sentence saying why there is none. */
export function ReportDecklists({ headingId, count, note, empty, emptyTestId, children }: {
  headingId: string;
  count: number;
  /** a line under the heading, shown whether or not there are decks */
  note?: ReactNode;
  empty: string;
  emptyTestId?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold">
        Decklists <span className="font-normal text-muted-foreground tabular-nums">({count})</span>
      </h2>
      {note}
      {count === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground" data-testid={emptyTestId}>{empty}</p>
      ) : (
        <div className="space-y-4">{children}</div>
      )}
    </section>
  );
}
