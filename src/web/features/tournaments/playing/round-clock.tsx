// The round clock on every page that shows one (issue 19): the round banner, an extended table, the
// match modal, the print view. One ticker for the page, set to the server's time: the Date header of
// one HEAD /api/health per page load says how far this browser's clock is off (clock-view.ts).
import { useEffect, useSyncExternalStore } from 'react';
import { Timer } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { endTime, formatCountdown, serverOffset, TIME_UP } from './clock-view.ts';

let offset = 0;
let measuring: Promise<void> | undefined;

/** Once per page load: how far the server's clock is from this one (kept after: a test's fake clock stays fake). */
function measureServerClock(): Promise<void> {
  measuring ??= (async () => {
    try {
      const sentAt = Date.now();
      const res = await fetch('/api/health', { method: 'HEAD', cache: 'no-store', credentials: 'omit' });
      offset = serverOffset(res.headers.get('Date'), sentAt, Date.now());
      notify();
    } catch {
      // no answer: the browser's own clock
    }
  })();
  return measuring;
}

/** The server's time now, as well as this page knows it. */
export const serverNow = () => Date.now() + offset;

const listeners = new Set<() => void>();
let timer: number | undefined;
let second = Math.floor(serverNow() / 1000);
function notify() {
  second = Math.floor(serverNow() / 1000);
  for (const l of listeners) l();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  if (timer === undefined) {
    // every clock of the page moves on the same tick, a few times a second so none lags a whole second
    timer = window.setInterval(() => {
      if (Math.floor(serverNow() / 1000) !== second) notify();
    }, 250);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The server's time, to the second, re-rendering each second while a clock is shown. */
export function useServerSecond(): number {
  useEffect(() => void measureServerClock(), []);
  return useSyncExternalStore(subscribe, () => second, () => second) * 1000;
}

export interface RoundClockProps {
  /** when the clock reaches zero (ISO); nothing is shown without one (an untimed round) */
  endsAt: string | null | undefined;
  /** what ends: 'Round 3', 'Table 12' (for the label a screen reader reads) */
  what?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/**
 * A countdown (mm:ss, 'Time' at zero) to `endsAt` from the server's time. Not announced every second
 * (aria-live off); beside it, for screen readers, when it ends.
 */
export function RoundClock({ endsAt, what = 'The round', size = 'md', className }: RoundClockProps) {
  const now = useServerSecond();
  if (!endsAt) return null;
  const shown = formatCountdown(new Date(endsAt).getTime() - now);
  const up = shown === TIME_UP;
  return (
    <span
      data-testid="round-clock"
      data-ends-at={endsAt}
      title={`${what} ends at ${endTime(endsAt)}`}
      className={cn(
        'inline-flex items-center gap-1 rounded-md font-semibold tabular-nums',
        size === 'sm' && 'text-xs',
        size === 'md' && 'text-base',
        size === 'lg' && 'text-2xl',
        up ? 'text-danger' : 'text-foreground',
        className,
      )}
    >
      <Timer aria-hidden="true" className={size === 'lg' ? 'size-5' : size === 'md' ? 'size-4' : 'size-3.5'} />
      {/* a timer is no live region that speaks: read when reached, with when it ends */}
      <span role="timer" aria-live="off" aria-atomic="true" data-testid="clock-text">
        {shown}
      </span>
      <span className="sr-only">
        {up ? `: ${what.toLowerCase()} ended at ${endTime(endsAt)}` : `, ${what.toLowerCase()} ends at ${endTime(endsAt)}`}
      </span>
    </span>
  );
}
