// The print view's reads: a round's pairings and the standings, each team with its players.
import { useQueries, useQuery } from '@tanstack/react-query';
import type { PrintPairings, PrintStandings } from '../../../../domain/api/event-exports.ts';
import type { Room } from '../../../../domain/api/event-night.ts';
import type { Match } from '../../../../domain/api/tournaments.ts';
import { api } from '../../../lib/api.ts';
import { tournamentKeys } from '../tournaments-api.ts';

const base = (uid: string) => `/tournaments/${encodeURIComponent(uid)}`;

export function usePrintPairings(uid: string, round: number | undefined, enabled = true) {
  return useQuery({
    queryKey: [...tournamentKeys.one(uid), 'print', 'pairings', round ?? 'current'],
    queryFn: ({ signal }) => api.get<PrintPairings>(`${base(uid)}/print/pairings${round ? `?round=${round}` : ''}`, { signal }),
    enabled,
  });
}

export function usePrintStandings(uid: string, enabled = true) {
  return useQuery({
    queryKey: [...tournamentKeys.one(uid), 'print', 'standings'],
    queryFn: ({ signal }) => api.get<PrintStandings>(`${base(uid)}/print/standings`, { signal }),
    enabled,
  });
}

/**
 * The EDOPro rooms of the slips' matches: the server adds a match's room (name and password) to
 * GET .../matches/{mid} only for its players, the host and admins, and to no list, so one read per
 * match, asked only when the viewer is the host or an admin (`enabled`). Same key as the match
 * dialog's read: a swap's live message (new passwords) refetches both.
 */
export function useSlipRooms(uid: string, matchIds: readonly number[], enabled: boolean) {
  return useQueries({
    queries: matchIds.map((id) => ({
      queryKey: tournamentKeys.match(uid, id),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get<Match>(`${base(uid)}/matches/${id}`, { signal }),
      enabled,
    })),
    combine: (results) => ({
      rooms: new Map<number, Room>(results.flatMap((r, i) => (r.data?.room ? [[matchIds[i]!, r.data.room] as const] : []))),
      pending: enabled && results.some((r) => r.isPending),
    }),
  });
}

/** Addresses of the files and views, for links (downloads need no script: the server names the file). */
export const exportLinks = (uid: string) => ({
  pairingsCsv: (round?: number) => `/api${base(uid)}/pairings.csv${round ? `?round=${round}` : ''}`,
  standingsCsv: `/api${base(uid)}/standings.csv`,
  calendar: `/api${base(uid)}/calendar.ics`,
  printPairings: (round?: number) => `${base(uid)}/print${round ? `?round=${round}` : ''}`,
  printStandings: `${base(uid)}/print?standings`,
  printSlips: (round?: number) => `${base(uid)}/print?slips${round ? `&round=${round}` : ''}`,
  /** the hall's big screen (issue 30 §6) */
  screen: `${base(uid)}/screen`,
});

/** The calendar of every upcoming event, to subscribe to. */
export const CALENDAR_FEED = '/api/tournaments.ics';
