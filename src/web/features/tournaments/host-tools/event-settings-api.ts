// The event settings and check-in requests (issue 19). Types only from the domain: this module is
// loaded by the tournament page, which must not load zod.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { EventSettingsBody } from '../../../../domain/api/event-night.ts';
import type { Team, Tournament } from '../../../../domain/api/tournaments.ts';
import { request } from '../../../lib/api.ts';
import { tournamentKeys } from '../tournaments-api.ts';

const path = (uid: string, rest = '') => `/tournaments/${encodeURIComponent(uid)}${rest}`;

/** The server's newer tournament kept, the rest of it refetched (as tournaments-api.ts settles writes). */
function settle(queryClient: QueryClient, uid: string, tournament?: Tournament) {
  if (tournament) {
    const shown = queryClient.getQueryData<Tournament>(tournamentKeys.detail(uid));
    if (!shown || shown.version <= tournament.version) queryClient.setQueryData(tournamentKeys.detail(uid), tournament);
  }
  void queryClient.invalidateQueries({ queryKey: tournamentKeys.one(uid) });
  void queryClient.invalidateQueries({ queryKey: tournamentKeys.list() });
}

/** PATCH .../settings: the changed fields only; answers the tournament with the webhook. */
export function useEventSettings(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventSettingsBody) => request<Tournament>('PATCH', path(uid, '/settings'), { body }),
    onSuccess: (t) => settle(queryClient, uid, t),
  });
}

export function useOpenCheckIn(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<Tournament>('POST', path(uid, '/check-in/open')),
    onSuccess: (t) => settle(queryClient, uid, t),
  });
}

/** Check a team in (true) or undo it (false). */
export function useCheckIn(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamUid, checkedIn }: { teamUid: string; checkedIn: boolean }) =>
      request<Team>(checkedIn ? 'POST' : 'DELETE', path(uid, `/teams/${encodeURIComponent(teamUid)}/check-in`)),
    onSuccess: () => settle(queryClient, uid),
  });
}
