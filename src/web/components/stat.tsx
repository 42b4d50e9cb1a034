import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

// A number with its label, one of a <dl>'s tiles. Two looks: `muted` inside a card (the home page's quick
// cards, a run's panel), `bordered` in a page's header (a league's, a run's).
const LOOK = {
  muted: { tile: 'rounded-lg bg-muted px-2 py-1.5', value: 'font-semibold tabular-nums' },
  bordered: { tile: 'rounded-lg border bg-card px-3 py-2', value: 'text-lg font-semibold tabular-nums' },
} as const;

export function Stat({ label, testId, look = 'muted', valueClassName, children }: {
  label: string;
  testId?: string;
  look?: keyof typeof LOOK;
  /** classes before the look's own on the value (a value laid out with an icon) */
  valueClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={LOOK[look].tile}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn(valueClassName, LOOK[look].value)} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
