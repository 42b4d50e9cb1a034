import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { League, LeagueMessage } from '../../../domain/api/leagues.ts';
import { TOPICS } from '../../../domain/api/topics.ts';
import { TOURNAMENT_RECONNECT_MS, useLiveTopic, type LiveStatus } from '../../lib/live.ts';
import { useCoalesced } from '../../lib/use-coalesced.ts';
import { liveStep } from './league-view.ts';
import { leagueKeys } from './leagues-api.ts';

/** Changes come in bursts (a pairing moves two runs and the queue): one read for the burst. */
const COALESCE_MS = 150;

/**
 * Live updates of one league (issue 41) on TOPICS.league(id). A message newer than the page's league
 * either only moves the queue's size (patched into the query: the queue moves on every Find a match,
 * and a thousand pages should not read the league for it) or reads the league again: when the
 * leaderboard moved, when the viewer's own run or match changed, or the hosts' list to decide. Once
 * subscribed, and after every reconnect, the league is read again: a change may have been missed.
 */
export function useLeagueLive(id: string, viewer: string | undefined): LiveStatus {
  const queryClient = useQueryClient();
  const viewerRef = useRef(viewer);
  useEffect(() => {
    viewerRef.current = viewer;
  }, [viewer]);

  const reread = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: leagueKeys.one(id) });
    void queryClient.invalidateQueries({ queryKey: leagueKeys.lists(), refetchType: 'none' });
  }, [queryClient, id]);
  const refetch = useCoalesced(reread, COALESCE_MS);

  const onMessage = useCallback(
    (body: unknown) => {
      const key = leagueKeys.detail(id);
      const step = liveStep(queryClient.getQueryData<League>(key), body as LeagueMessage, viewerRef.current);
      if (step.kind === 'patch') queryClient.setQueryData<League>(key, (shown) => (shown ? { ...shown, ...step.patch } : shown));
      else if (step.kind === 'refetch') refetch();
    },
    [queryClient, refetch, id],
  );

  const { status } = useLiveTopic(TOPICS.league(id), onMessage, { reconnectDelay: TOURNAMENT_RECONNECT_MS, onReconnect: refetch });
  // a change between the page's first read and the subscription would be missed: once subscribed, read again
  const synced = useRef(false);
  useEffect(() => {
    if (status !== 'connected' || synced.current) return;
    synced.current = true;
    refetch();
  }, [status, refetch]);
  return status;
}
