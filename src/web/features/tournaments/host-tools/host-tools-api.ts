// The host's and admins' requests (issue 19 and on): the admin actions, the rated mark, the event settings, a swap,
// the audit log and the Discord channel. Types only from the domain: the tournament page must not load zod.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventSettingsBody } from '../../../../domain/api/event-night.ts';
import type { DiscordChannel } from '../../../../domain/api/discord-channel.ts';
import type { AuditEntry, Match, Tournament } from '../../../../domain/api/tournaments.ts';
import type { TournamentFormat } from '../../../../domain/tournaments/formats.ts';
import { api, request } from '../../../lib/api.ts';
import { applyMatches, settle, tournamentKeys, tournamentPath as path } from '../tournaments-api.ts';

/** PATCH .../settings: the changed fields only; answers the tournament with the webhook. */
export function useEventSettings(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventSettingsBody) => request<Tournament>('PATCH', path(uid, '/settings'), { body }),
    onSuccess: (t) => settle(queryClient, uid, t),
  });
}

export function useAudit(uid: string, enabled: boolean) {
  return useQuery({
    queryKey: tournamentKeys.audit(uid),
    queryFn: ({ signal }) => api.get<AuditEntry[]>(path(uid, '/audit'), { signal }),
    enabled,
  });
}

const discordKey = (uid: string) => [...tournamentKeys.one(uid), 'discord'] as const;

/** The event's Discord channel (issue 30 §1, §7): under `one(uid)`, so a live message refetches it. Host and admins only. */
export function useDiscordChannel(uid: string, enabled: boolean) {
  return useQuery({
    queryKey: discordKey(uid),
    queryFn: ({ signal }) => api.get<DiscordChannel>(path(uid, '/discord'), { signal }),
    enabled,
    // while messages wait, their answer shows without a reload (a test message's in a second or two)
    refetchInterval: (q) => ((q.state.data?.waiting ?? 0) > 0 ? 3_000 : false),
  });
}

/** 'Send a test message' (issue 30 §1): the answer is the channel's state with the test waiting. */
export function useSendTestMessage(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DiscordChannel>(path(uid, '/discord/test')),
    onSuccess: (state) => queryClient.setQueryData(discordKey(uid), state),
  });
}

/** The admin panel's buttons: each a POST that answers the tournament. */
export type AdminAction =
  | { kind: 'lock-signups' }
  | { kind: 'lock-deck-submission' }
  | { kind: 'toggle-signups'; open: boolean }
  | { kind: 'toggle-deck-submission'; open: boolean }
  | { kind: 'format'; format: TournamentFormat }
  | { kind: 'seed-test' }
  | { kind: 'cancel' }
  | { kind: 'start' }
  | { kind: 'next-round' }
  | { kind: 'winner'; winnerTeamUid?: string }
  | { kind: 'close' };

export function adminActionPath(uid: string, action: AdminAction): string {
  switch (action.kind) {
    case 'toggle-signups':
    case 'toggle-deck-submission':
      return path(uid, `/${action.kind}?open=${action.open}`);
    case 'format':
      return path(uid, `/format?format=${action.format}`);
    case 'winner':
      return path(uid, `/winner${action.winnerTeamUid ? `?winnerTeamUid=${encodeURIComponent(action.winnerTeamUid)}` : ''}`);
    default:
      return path(uid, `/${action.kind}`);
  }
}

/** An admin marks the event rated or unrated (POST .../rated): the series' ratings follow at once. */
export function useMarkRated(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rated: boolean) => api.post<Tournament>(path(uid, '/rated'), { rated }),
    onSuccess: (tournament) => settle(queryClient, uid, tournament),
  });
}

export function useAdminAction(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: AdminAction) => api.post<Tournament | undefined>(adminActionPath(uid, action)),
    onSuccess: (tournament) => settle(queryClient, uid, tournament),
  });
}

export interface SwapSide {
  matchId: number;
  teamId: string;
}

/** Two teams change places between two matches of the current round (the host or an admin). */
export function useSwapTeams(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { a: SwapSide; b: SwapSide }) => api.post<Match[]>(path(uid, '/matches/swap'), body),
    onSuccess: (matches) => {
      applyMatches(queryClient, uid, matches);
      settle(queryClient, uid);
    },
  });
}
