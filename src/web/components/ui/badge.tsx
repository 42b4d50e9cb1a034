import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

export type BadgeTone =
  | 'neutral'
  | 'primary'
  | 'live'
  | 'forbidden'
  | 'limited'
  | 'semi-limited'
  | 'unlimited';

const TONE: Record<BadgeTone, string> = {
  neutral: 'bg-muted text-muted-foreground border-border',
  primary: 'bg-primary/10 text-primary border-primary/30',
  live: 'bg-live/15 text-live-ink border-live/40',
  forbidden: 'bg-forbidden/15 text-forbidden-ink border-forbidden/40',
  limited: 'bg-limited/15 text-limited-ink border-limited/40',
  'semi-limited': 'bg-semi-limited/15 text-semi-limited-ink border-semi-limited/40',
  unlimited: 'bg-unlimited/15 text-unlimited-ink border-unlimited/40',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

export function Badge({ tone = 'neutral', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        TONE[tone],
        className,
      )}
      {...props}
    />
  );
}
