/**
 * Player ratings of a series: Glicko-2 (Glickman, http://www.glicko.net/glicko/glicko2.pdf) as the
 * `glicko2` library (mmai/glicko2js) computes it. Pure: no I/O, same input, same output.
 *
 * - Each event of the series is ONE rating period: all its rated matches are entered together and
 *   every rating moves once, from the ratings everyone had before the event (as Glickman
 *   prescribes; no player's result within the event sees another's new rating).
 * - A player known before an event (from `start` or an earlier event) who has no rated match in it
 *   gets only Glicko-2's Step 6 for the period: RD² grows by vol² (about 10 rating points in
 *   quadrature at vol 0.06), so RD grows per EVENT of the series, not per week: the series'
 *   events are its clock. An event with no rated match at all is no rating period (a cancelled or
 *   all-bye event grows no one's RD).
 * - RD never exceeds DEFAULT_RATING.rd: a long-idle player is never less certain than a newcomer
 *   (Glicko-1's cap; Glicko-2's paper has none and the library applies none, so it is ours).
 * - Correcting a result of a completed event = calling rateEvents again over all the series'
 *   events from the start; nothing is updated in place.
 */
import glicko2 from 'glicko2';
import type { Player } from 'glicko2';

/** One rated game result between two players (Discord ids). */
export interface RatedMatch {
  player1: string;
  player2: string;
  /** 1: player1 won, 2: player2 won, 0: a tie */
  result: 0 | 1 | 2;
}

export interface Rating {
  /** Glicko scale (1500 centred) */
  rating: number;
  /** rating deviation, same scale */
  rd: number;
  /** volatility σ */
  vol: number;
  /** events in which the player had at least one rated match */
  events: number;
}

/** A newcomer: Glickman's suggested start (1500, RD 350, σ 0.06). */
export const DEFAULT_RATING: Readonly<Rating> = Object.freeze({ rating: 1500, rd: 350, vol: 0.06, events: 0 });

/**
 * Glicko-2's system constant τ: how much volatility may change in a period. Glickman: "reasonable
 * choices are between 0.3 and 1.2"; 0.5 is the library's default and the value of the paper's
 * worked example. Smaller keeps ratings steadier after upsets.
 */
export const GLICKO2_TAU = 0.5;

/** The score of player1 in a match: what Glicko-2 calls s. */
function scoreOf(result: RatedMatch['result']): number {
  return result === 1 ? 1 : result === 2 ? 0 : 0.5;
}

/**
 * The ratings after the given events, in the given order (each event one Glicko-2 rating period),
 * starting from `start` (absent players: DEFAULT_RATING). Returns every player of `start` and of
 * the events; `start` is not modified. Throws on a match of a player against themself.
 */
export function rateEvents(
  events: readonly { id: string; matches: readonly RatedMatch[] }[],
  start: ReadonlyMap<string, Rating> = new Map(),
): Map<string, Rating> {
  const ratings = new Map<string, Rating>();
  for (const [id, r] of start) ratings.set(id, { ...r });

  for (const event of events) {
    if (event.matches.length === 0) continue;
    const system = new glicko2.Glicko2({ tau: GLICKO2_TAU });
    const players = new Map<string, Player>();
    const playerOf = (id: string): Player => {
      let p = players.get(id);
      if (!p) {
        const r = ratings.get(id) ?? DEFAULT_RATING;
        p = system.makePlayer();
        // set after making: makePlayer takes its defaults for any falsy value, a rating of 0 too
        p.setRating(r.rating);
        p.setRd(r.rd);
        p.setVol(r.vol);
        players.set(id, p);
      }
      return p;
    };
    // everyone known so far takes part in the period: those without a match get Step 6 only
    for (const id of ratings.keys()) playerOf(id);
    const played = new Set<string>();
    const matches = event.matches.map((m): [Player, Player, number] => {
      if (m.player1 === m.player2) throw new RangeError(`event ${event.id}: ${m.player1} cannot play themself`);
      played.add(m.player1);
      played.add(m.player2);
      return [playerOf(m.player1), playerOf(m.player2), scoreOf(m.result)];
    });
    system.updateRatings(matches);

    for (const [id, p] of players) {
      const before = ratings.get(id);
      ratings.set(id, {
        rating: p.getRating(),
        rd: Math.min(p.getRd(), DEFAULT_RATING.rd),
        vol: p.getVol(),
        events: (before?.events ?? 0) + (played.has(id) ? 1 : 0),
      });
    }
  }
  return ratings;
}

/** A stored match as ratedMatchesOf reads it (EngineMatch has these fields). */
export interface MatchForRating {
  team1: string | null;
  team2: string | null;
  bye: boolean;
  missed?: boolean;
  complete: boolean;
  /** the winning team's id; null on a complete match: a tie */
  winner: string | null;
  team1Wins: number | null;
  team2Wins: number | null;
}

/**
 * The rated player pairs of an event's matches. Dropped: byes, missed rounds, incomplete matches,
 * matches without two teams, unplayed matches (no game played: both wins null or 0–0, a walkover
 * with a winner or a tie without games), and a winner that is neither team. Each member of team1
 * is rated against each member of team2 with the team's result (1v1: one pair); a player listed
 * in both teams is not paired with themself.
 */
export function ratedMatchesOf(
  matches: readonly MatchForRating[],
  membersOf: (teamId: string) => readonly string[],
): RatedMatch[] {
  const rated: RatedMatch[] = [];
  for (const m of matches) {
    if (m.bye || m.missed || !m.complete || m.team1 === null || m.team2 === null) continue;
    if ((m.team1Wins ?? 0) === 0 && (m.team2Wins ?? 0) === 0) continue;
    const result = m.winner === null ? 0 : m.winner === m.team1 ? 1 : m.winner === m.team2 ? 2 : null;
    if (result === null) continue;
    const team2 = membersOf(m.team2);
    for (const player1 of membersOf(m.team1)) {
      for (const player2 of team2) {
        if (player1 !== player2) rated.push({ player1, player2, result });
      }
    }
  }
  return rated;
}
