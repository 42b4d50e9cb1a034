import { useEffect, useMemo } from 'react';

/**
 * `run` once, `ms` after the last call of a burst (live messages come in bursts: one read for the
 * burst). A call waiting when the page goes away, or when `run` changes, is dropped. `run` should be
 * stable (useCallback).
 */
export function useCoalesced(run: () => void, ms: number): () => void {
  const coalesced = useMemo(() => {
    let timer: number | undefined;
    const fn = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(run, ms);
    };
    fn.cancel = () => window.clearTimeout(timer);
    return fn;
  }, [run, ms]);
  useEffect(() => () => coalesced.cancel(), [coalesced]);
  return coalesced;
}
