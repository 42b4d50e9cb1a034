// The print view's reads: a round's pairings and the standings, each team with its players.
import { useQuery } from '@tanstack/react-query';
import type { PrintPairings, PrintStandings } from '../../../../domain/api/event-exports.ts';
import { ApiError, api } from '../../../lib/api.ts';
import { tournamentKeys } from '../tournaments-api.ts';

const base = (uid: string) => `/tournaments/${encodeURIComponent(uid)}`;
/** A 404 or a 409 (no such round, not paired yet) is an answer, not worth retrying. */
const answered = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

export function usePrintPairings(uid: string, round: number | undefined, enabled = true) {
  return useQuery({
    queryKey: [...tournamentKeys.one(uid), 'print', 'pairings', round ?? 'current'],
    queryFn: ({ signal }) => api.get<PrintPairings>(`${base(uid)}/print/pairings${round ? `?round=${round}` : ''}`, { signal }),
    retry: (count, error) => !answered(error) && count < 2,
    enabled,
  });
}

export function usePrintStandings(uid: string, enabled = true) {
  return useQuery({
    queryKey: [...tournamentKeys.one(uid), 'print', 'standings'],
    queryFn: ({ signal }) => api.get<PrintStandings>(`${base(uid)}/print/standings`, { signal }),
    retry: (count, error) => !answered(error) && count < 2,
    enabled,
  });
}

/** Addresses of the files and views, for links (downloads need no script: the server names the file). */
export const exportLinks = (uid: string) => ({
  pairingsCsv: (round?: number) => `/api${base(uid)}/pairings.csv${round ? `?round=${round}` : ''}`,
  standingsCsv: `/api${base(uid)}/standings.csv`,
  calendar: `/api${base(uid)}/calendar.ics`,
  printPairings: (round?: number) => `${base(uid)}/print${round ? `?round=${round}` : ''}`,
  printStandings: `${base(uid)}/print?standings`,
});

/** The calendar of every upcoming event, to subscribe to. */
export const CALENDAR_FEED = '/api/tournaments.ics';
