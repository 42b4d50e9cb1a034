import { useEffect, useState } from 'react';

/** The time now, again every `everyMs` while mounted: a queue entry's and a report's time left count down. */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(t);
  }, [everyMs]);
  return now;
}
