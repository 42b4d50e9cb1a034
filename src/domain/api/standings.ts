// An event's standings: the rows, the Champion block (spec 2 §2), and what GET .../standings and
// the standings topic carry.
import { z } from 'zod';

export const standingRowSchema = z.object({
  rank: z.number().int(),
  teamId: z.string(),
  teamName: z.string(),
  dropped: z.boolean(),
  points: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  ties: z.number().int(),
  /** opponents' match-win share, 0..1; null while the team has met no opponent (a bye, no round yet): nothing behind it */
  omw: z.number().nullable(),
  /** opponents' opponents' match-win share, 0..1; null as omw */
  oomw: z.number().nullable(),
  /** Konami's XX YYY ZZZ: points, OMW% and OOMW% to one decimal (for machines: pages show the named columns) */
  tieBreaker: z.string(),
  /**
   * The team was never paired (a no-show dropped at the start; in final standings any team without a
   * match): it is not placed, and pages and exports list it apart as 'did not play' (issue 39)
   */
  didNotPlay: z.boolean(),
  /**
   * Final standings only (null before): '1st', '2nd', '3rd–4th', '5th–8th'… by top-cut or bracket
   * finish, then the Swiss (or round robin) rank as an ordinal ('9th'). With a placement, wins,
   * losses, ties and points count every match the team played, top cut included (they agree with
   * the Champion block).
   */
  placement: z.string().nullable(),
  /** Swiss → Top Cut final standings: the Swiss rounds' record alone (null otherwise) */
  swissRecord: z.object({ rank: z.number().int(), wins: z.number().int(), losses: z.number().int(), ties: z.number().int(), points: z.number().int() }).nullable(),
});
export type StandingRowBody = z.infer<typeof standingRowSchema>;

/**
 * GET .../standings and every message on /topic/tournaments/{uid}/standings. Final standings once
 * a winner is declared (top cut and bracket placements above Swiss standings).
 */
/** The Champion block of a completed tournament (spec 2 §2), kept when Close removes the teams. */
export const championSchema = z.object({
  teamId: z.string(),
  teamName: z.string(),
  wins: z.number().int(),
  losses: z.number().int(),
  ties: z.number().int(),
  points: z.number().int(),
  members: z.array(z.object({ discordId: z.string(), displayName: z.string(), avatarUrl: z.string() })),
});
export type Champion = z.infer<typeof championSchema>;

export const standingsSchema = z.object({
  uid: z.string(),
  version: z.number().int(),
  final: z.boolean(),
  rows: z.array(standingRowSchema),
  /** the declared winner (null until Mark Winner) */
  champion: championSchema.nullable(),
});
export type Standings = z.infer<typeof standingsSchema>;

/**
 * Events of more than this many teams get a short notice on the standings topic instead of the
 * whole table (0.5–0.9 MB at 4,096 teams, several times a second to every page; decision 022).
 */
export const LIVE_STANDINGS_TEAMS = 256;

/**
 * A message on /topic/tournaments/{uid}/standings of an event over LIVE_STANDINGS_TEAMS teams: the
 * standings moved to `version`. A page that shows them reads GET .../standings?version={version},
 * answered with the body made for this message (compressed once), whichever page asks.
 */
export const standingsNoticeSchema = z.object({
  uid: z.string(),
  version: z.number().int(),
  change: z.string(),
  notice: z.literal(true),
});
export type StandingsNotice = z.infer<typeof standingsNoticeSchema>;
