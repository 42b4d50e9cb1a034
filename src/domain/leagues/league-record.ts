// What a final league's record keeps of its runs (issue 41, decision 042's "The record"): a run counts
// when it played a match to a result, as an event's team counts when it played; its player's place and
// top 8 come from the final leaderboard; the deck privacy publishes the top 8's runs (top-cut), every
// run (all) or none (closed). The meta, the card pages and the report read these.
import type { DeckPrivacy } from '../api/records.ts';
import type { LeaderboardRow } from '../api/leagues.ts';
import { ordinal } from '../tournaments/standings/placements.ts';
import { deckPublished } from './deck-publication.ts';

export interface RecordedRun {
  runId: number;
  /** the player's place on the final leaderboard */
  place: number;
  /** the player is in the top 8 */
  topCut: boolean;
  published: boolean;
}

/** A run with a complete match counts in the record; one that never got a result does not. */
export const runCounts = (r: { wins: number; losses: number }): boolean => r.wins + r.losses > 0;

/**
 * The runs a final league records, by the leaderboard's order (a player's runs the first started
 * first): each counted run with its player's place, top 8 and whether its deck is published.
 */
export function recordedRuns(board: readonly Pick<LeaderboardRow, 'place' | 'top8' | 'runResults'>[], privacy: DeckPrivacy): RecordedRun[] {
  return board.flatMap((row) => row.runResults.filter(runCounts).map((r) => ({
    runId: r.id, place: row.place, topCut: row.top8, published: deckPublished(privacy, true, row.top8),
  })));
}

/** A place as a report writes it: '1st', '2nd', '11th'. */
export const placeText = (place: number): string => ordinal(place);

/** The best of a player's runs with a result: more wins, then fewer losses, then the earlier (lower id); null when none has one. */
export function bestRun<T extends { id: number; wins: number; losses: number }>(runs: readonly T[]): T | null {
  let best: T | null = null;
  for (const r of runs) {
    if (!runCounts(r)) continue;
    if (!best || r.wins > best.wins || (r.wins === best.wins && (r.losses < best.losses || (r.losses === best.losses && r.id < best.id)))) best = r;
  }
  return best;
}
