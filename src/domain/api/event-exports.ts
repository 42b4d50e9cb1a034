// What the print view reads (issue 19): a round's pairings and the standings, each team with its
// players' names, as GET /api/tournaments/{id}/print/pairings and .../print/standings answer them.
// The CSV files are made from the same rows, so the sheet, the print and the page agree.
import { z } from 'zod';
import { TOURNAMENT_FORMATS } from '../tournaments/formats.ts';
import { standingRowSchema } from './standings.ts';

export const printTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** the team's active players, in sign-up order */
  players: z.array(z.string()),
  dropped: z.boolean(),
});
export type PrintTeam = z.infer<typeof printTeamSchema>;

/** What a pairing's status cell says: the match's status, or what kind of row it is. */
export const PAIRING_STATUSES = ['Scheduled', 'In Progress', 'Completed', 'Disputed', 'Bye', 'Missed', 'Waiting'] as const;
export type PairingStatus = (typeof PAIRING_STATUSES)[number];

export const pairingRowSchema = z.object({
  matchId: z.number().int(),
  bracket: z.string(),
  /** the table (1: the top of the standings); null for a bye, a missed round, a match still waiting for a team */
  table: z.number().int().nullable(),
  /** time the host added to this table */
  extraMinutes: z.number().int(),
  team1: printTeamSchema.nullable(),
  team2: printTeamSchema.nullable(),
  /** games won by each side once a score stands (not while disputed) */
  team1Wins: z.number().int().nullable(),
  team2Wins: z.number().int().nullable(),
  /** a completed match's winning team (null: a tie, or not complete) */
  winnerTeamId: z.string().nullable(),
  status: z.enum(PAIRING_STATUSES),
});
export type PairingRow = z.infer<typeof pairingRowSchema>;

/** The event's heading on both print views. */
const printEventFields = {
  uid: z.string(),
  name: z.string(),
  subtitle: z.string().nullable(),
  format: z.enum(TOURNAMENT_FORMATS),
  currentRound: z.number().int(),
  roundCount: z.number().int(),
  inProgress: z.boolean(),
  completed: z.boolean(),
  closed: z.boolean(),
  version: z.number().int(),
};

export const printPairingsSchema = z.object({
  ...printEventFields,
  round: z.number().int(),
  /** a top-cut (or bracket) round */
  topCut: z.boolean(),
  /** when the round was paired */
  roundStartedAt: z.string().nullable(),
  /** when the round's clock reaches zero: the current round only, null when untimed */
  roundEndsAt: z.string().nullable(),
  /** by table, then byes and what has no table */
  rows: z.array(pairingRowSchema),
});
export type PrintPairings = z.infer<typeof printPairingsSchema>;

export const printStandingRowSchema = standingRowSchema.extend({ players: z.array(z.string()) });
export type PrintStandingRow = z.infer<typeof printStandingRowSchema>;

export const printStandingsSchema = z.object({
  ...printEventFields,
  final: z.boolean(),
  rows: z.array(printStandingRowSchema),
});
export type PrintStandings = z.infer<typeof printStandingsSchema>;
