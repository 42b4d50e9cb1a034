import { Progress } from 'radix-ui';
import { cn } from '../lib/cn.ts';

/** An upload's progress, 0..1, announced as a progressbar with a label. */
export function ProgressBar({ value, label, className }: { value: number; label: string; className?: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className={cn('space-y-1', className)}>
      <div className="flex justify-between text-xs text-muted-foreground">
        <span>{label}</span>
        <span className="tabular-nums">{percent}%</span>
      </div>
      <Progress.Root value={percent} aria-label={label} className="h-2 overflow-hidden rounded-full bg-muted">
        <Progress.Indicator className="h-full bg-primary transition-[width] duration-150" style={{ width: `${percent}%` }} />
      </Progress.Root>
    </div>
  );
}
