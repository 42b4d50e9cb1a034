import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TOPICS } from '../../../domain/api/topics.ts';
import { useLiveTopic } from '../../lib/live.ts';
import { useCoalesced } from '../../lib/use-coalesced.ts';
import { LIVE_RELOAD_DEBOUNCE_MS, judgementKeys } from './judgement-api.ts';

/** Reload the board and the send-off state 1.5 s after the last of a burst of live messages. */
export function useDebouncedBoardReload(): () => void {
  const queryClient = useQueryClient();
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: judgementKeys.all }), [queryClient]);
  return useCoalesced(reload, LIVE_RELOAD_DEBOUNCE_MS);
}

/** What /topic/judgement and /topic/judgement/* carry: an entry, a list, a deletion, or the send-off state. */
function looksLikeBoardMessage(body: unknown): boolean {
  if (Array.isArray(body)) return true;
  if (!body || typeof body !== 'object') return false;
  return 'id' in body || 'pressed' in body || ('action' in body && 'entry' in body);
}

/**
 * Live updates of the board (spec 1 §4): any message reloads after a 1.5 s debounce, and so does
 * a reconnect (messages may have been missed). The 25 s poll stays as the fallback.
 */
export function useJudgementLive(): void {
  const reload = useDebouncedBoardReload();
  const onMessage = useCallback(
    (body: unknown) => {
      // spec 1 §8: a push that cannot be read is only logged; the poll still brings the truth
      if (!looksLikeBoardMessage(body)) console.warn('Unexpected judgement message', body);
      else reload();
    },
    [reload],
  );
  useLiveTopic(TOPICS.judgement, onMessage, { onReconnect: reload });
  // /topic/judgement/* also covers /topic/judgement/sendoff
  useLiveTopic(`${TOPICS.judgement}/*`, onMessage, { onReconnect: reload });
}
