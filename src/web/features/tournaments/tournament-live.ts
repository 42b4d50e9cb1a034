import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Scoreboard } from '../../../domain/api/tournaments.ts';
import type { Standings } from '../../../domain/api/standings.ts';
import { TOPICS } from '../../../domain/api/topics.ts';
import { TOURNAMENT_RECONNECT_MS, useLiveTopic, type LiveStatus } from '../../lib/live.ts';
import { useCoalesced } from '../../lib/use-coalesced.ts';
import { isNewer, standingsStep } from './tournament-view.ts';
import { applyMatches, fetchAnnouncedStandings, mergeMatches, tournamentKeys } from './tournaments-api.ts';

/** A change publishes on both topics at once: one refetch for the pair. */
const COALESCE_MS = 150;

/** SEND destinations answered on the topics with the full picture (spec 2 §7). */
export const requestScoreboard = (uid: string) => `/app/tournaments/${uid}/request-scoreboard`;
export const requestStandings = (uid: string) => `/app/tournaments/${uid}/request-standings`;

/**
 * Live updates of one tournament (spec 2 §7, §9). A scoreboard message newer than the version shown
 * puts its matches (the ones the change touched, or the whole round) and its state straight into the
 * page's queries, and a standings message its rows, so every open page moves at once; then the
 * tournament's queries refetch (REST stays the truth). Once subscribed, and after every reconnect (5 s
 * later), the page asks for both again, since messages may have been missed meanwhile.
 */
export function useTournamentLive(uid: string, shownVersion: number | undefined): LiveStatus {
  const queryClient = useQueryClient();
  const version = useRef(shownVersion);
  useEffect(() => {
    version.current = shownVersion;
  }, [shownVersion]);

  const reread = useCallback(() => {
    // the standings come with their own messages (decision 022): a large event's would otherwise
    // be read afresh by every page after every message
    const standings = tournamentKeys.standings(uid);
    void queryClient.invalidateQueries({ queryKey: tournamentKeys.one(uid), predicate: (q) => !sameKey(q.queryKey, standings) });
    void queryClient.invalidateQueries({ queryKey: tournamentKeys.list() });
  }, [queryClient, uid]);
  const refetch = useCoalesced(reread, COALESCE_MS);

  const onScoreboard = useCallback(
    (body: unknown) => {
      if (!isNewer(body, version.current)) return;
      const board = body as Partial<Scoreboard>;
      if (Array.isArray(board.matches)) applyMatches(queryClient, uid, board.matches);
      if (board.state && typeof board.version === 'number') {
        const next = board as Scoreboard;
        queryClient.setQueryData<Scoreboard>(tournamentKeys.scoreboard(uid), (shown) =>
          !shown || shown.version > next.version
            ? shown
            : {
                ...next,
                full: true,
                matches: next.full
                  ? next.matches
                  : (mergeMatches(shown.matches, next.matches) ?? next.matches).filter((m) => m.roundNumber === next.state.currentRound),
              },
        );
      }
      refetch();
    },
    [queryClient, refetch, uid],
  );

  const onStandings = useCallback(
    (body: unknown) => {
      const key = tournamentKeys.standings(uid);
      const put = (standings: Standings) => queryClient.setQueryData<Standings>(key, (shown) => (shown && shown.version > standings.version ? shown : standings));
      const step = standingsStep(body, queryClient.getQueryData<Standings>(key));
      if (step.kind === 'ignore') return;
      if (step.kind === 'put') put(step.standings);
      else if (step.kind === 'read') {
        if (queryClient.getQueryCache().find({ queryKey: key, exact: true })?.getObserversCount()) {
          // a large event: the standings this notice announced, read once per page (the server made one body)
          fetchAnnouncedStandings(uid, step.version).then(put, () => void queryClient.invalidateQueries({ queryKey: key, exact: true }));
        } else {
          // not on screen: what is kept is out of date, read when shown
          void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
        }
      } else if (step.kind === 'refetch') void queryClient.invalidateQueries({ queryKey: key, exact: true });
      refetch();
    },
    [queryClient, refetch, uid],
  );

  const publish = useRef<(destination: string) => void>(undefined);
  const resync = useCallback(() => {
    publish.current?.(requestScoreboard(uid));
    publish.current?.(requestStandings(uid));
    refetch();
  }, [refetch, uid]);

  const { status, publish: send } = useLiveTopic(TOPICS.tournamentScoreboard(uid), onScoreboard, {
    reconnectDelay: TOURNAMENT_RECONNECT_MS,
    onReconnect: resync,
  });
  useLiveTopic(TOPICS.tournamentStandings(uid), onStandings, { reconnectDelay: TOURNAMENT_RECONNECT_MS });
  useEffect(() => {
    publish.current = send;
  }, [send]);
  // a change between the page's first fetch and the subscription would be missed: once subscribed, ask
  // for both; an answer newer than the page refetches it
  const asked = useRef(false);
  useEffect(() => {
    if (status !== 'connected' || asked.current) return;
    asked.current = true;
    send(requestScoreboard(uid));
    send(requestStandings(uid));
  }, [status, send, uid]);
  return status;
}

const sameKey = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((x, i) => x === b[i]);
