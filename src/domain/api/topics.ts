/** Live-update destinations (spec 1 §7, spec 2 §7). */
export const TOPICS = {
  judgement: '/topic/judgement',
  judgementSendoff: '/topic/judgement/sendoff',
  tournamentScoreboard: (uid: string) => `/topic/tournaments/${uid}/scoreboard`,
  tournamentStandings: (uid: string) => `/topic/tournaments/${uid}/standings`,
  /** every change of a league (issue 41): leagueMessageSchema */
  league: (id: string) => `/topic/leagues/${id}`,
} as const;
