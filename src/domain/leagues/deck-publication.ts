// Whose league decks are public (issue 41): a run's deck is its player's and the hosts' until the
// league is final; then the series' deck privacy of events applies, the top 8 standing for the top cut.
import type { DeckPrivacy } from '../api/records.ts';

/** The run's deck is public: the league is final and its privacy publishes this player's runs. */
export function deckPublished(privacy: DeckPrivacy, final: boolean, playerInTop: boolean): boolean {
  if (!final) return false;
  return privacy === 'all' || (privacy === 'top-cut' && playerInTop);
}

/** This viewer sees the run's deck: its player, a host, or anyone once it is published. */
export function deckVisible(published: boolean, viewer: { discordId: string; host: boolean } | null, playerId: string): boolean {
  return published || (!!viewer && (viewer.host || viewer.discordId === playerId));
}
