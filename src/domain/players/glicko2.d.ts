// glicko2 (mmai/glicko2js) ships no types: the part of its API that ratings.ts uses.
declare module 'glicko2' {
  export interface Glicko2Settings {
    /** system constant τ (the library's default: 0.5) */
    tau?: number;
    /** default rating (1500) */
    rating?: number;
    /** default rating deviation (350) */
    rd?: number;
    /** default volatility (0.06) */
    vol?: number;
    volatility_algorithm?: 'newprocedure' | 'newprocedure_mod' | 'oldprocedure' | 'oldprocedure_simple';
  }

  export interface Player {
    id: number | string;
    getRating(): number;
    setRating(rating: number): void;
    getRd(): number;
    setRd(rd: number): void;
    getVol(): number;
    setVol(vol: number): void;
    /** expected score against p2 */
    predict(p2: Player): number;
  }

  /** [player, opponent, player's score: 1 win, 0.5 draw, 0 loss] */
  export type Match = [Player, Player, number];

  export class Glicko2 {
    constructor(settings?: Glicko2Settings);
    /** A new player; a falsy argument (including 0) takes the default. */
    makePlayer(rating?: number, rd?: number, vol?: number): Player;
    getPlayers(): Player[];
    /** One rating period: clears earlier results, adds these, updates every player (non-players: RD only). */
    updateRatings(matches?: Match[]): void;
    predict(player1: Player, player2: Player): number;
  }

  const glicko2: { Glicko2: typeof Glicko2 };
  export default glicko2;
}
