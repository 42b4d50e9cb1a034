import { useQuery } from '@tanstack/react-query';
import type { TournamentSummary } from '../../../domain/api/tournaments.ts';
import { api } from '../../lib/api.ts';

export const tournamentKeys = {
  all: ['tournaments'] as const,
  list: () => [...tournamentKeys.all, 'list'] as const,
};

export function useTournaments() {
  return useQuery({
    queryKey: tournamentKeys.list(),
    queryFn: ({ signal }) => api.get<TournamentSummary[]>('/tournaments', { signal }),
  });
}
