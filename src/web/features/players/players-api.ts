// Player profiles and the leaderboard (issue 20): one query key factory, typed by the server's schemas.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Leaderboard, PlayerProfile } from '../../../domain/api/players.ts';
import { api } from '../../lib/api.ts';

export const playerKeys = {
  all: ['players'] as const,
  profile: (discordId: string) => [...playerKeys.all, 'profile', discordId] as const,
  board: (series: string | null) => [...playerKeys.all, 'board', series ?? ''] as const,
};

const profileQuery = (discordId: string) =>
  queryOptions({
    queryKey: playerKeys.profile(discordId),
    queryFn: ({ signal }) => api.get<PlayerProfile>(`/players/${encodeURIComponent(discordId)}`, { signal }),
    staleTime: 60_000,
  });

export function usePlayerProfile(discordId: string) {
  return useQuery(profileQuery(discordId));
}

export function useLeaderboard(series: string | null) {
  return useQuery({
    queryKey: playerKeys.board(series),
    queryFn: ({ signal }) => api.get<Leaderboard>(`/players${series ? `?series=${encodeURIComponent(series)}` : ''}`, { signal }),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
}

/** '3-1-0' */
export const recordText = (r: { wins: number; losses: number; ties: number }) => `${r.wins}-${r.losses}-${r.ties}`;

/** 26 Nov 2026, in the reader's time zone */
export const dateText = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
