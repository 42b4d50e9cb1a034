import type { ReactNode } from 'react';

/** A column of a ScrollTable: its header cell's classes and heading. */
export type Column = readonly [className: string, heading: ReactNode];

/** A table in a region of its own, so a keyboard can scroll it sideways on a phone; `children` are its body's rows. */
export function ScrollTable({ label, columns, children }: { label: string; columns: readonly Column[]; children: ReactNode }) {
  return (
    <section className="overflow-x-auto" tabIndex={0} aria-label={label}>
      <table className="w-full text-sm">
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            {columns.map(([className, heading], i) => (
              <th key={i} scope="col" className={className}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}
