// What needs the host's attention now (issue 30 §1), in the order to deal with it: open disputes,
// tables past time, matches of the round not yet reported; decks waiting for a check (issue 39: with
// manual deck checking, before the start and for late entries); teams not checked in before the start.
// Shared by the host's panel (which draws each item) and the bot's /round (which counts them).
import type { DiscordChannel } from '../api/discord-channel.ts';
import type { Match, Tournament } from '../api/tournaments.ts';

export type RoundAttentionKind = 'dispute' | 'past-time' | 'unreported';

/** A dispute: the reports disagree, or someone flagged the match, and nobody has decided yet. */
export const isOpenDispute = (m: Pick<Match, 'flaggedForReview' | 'disputed' | 'complete'>): boolean => m.flaggedForReview || (m.disputed && !m.complete);

/** A match two teams play (no bye, no missed round). */
const played = (m: Match) => !m.bye && !m.missed && m.team1Id !== null && m.team2Id !== null;

/** The current round's matches that need the host, disputes first, then past time, then unreported, each by table. `now` in ms. */
export function roundAttention(t: Pick<Tournament, 'currentRound'>, matches: readonly Match[], now: number): { kind: RoundAttentionKind; match: Match }[] {
  const round = matches.filter((m) => m.roundNumber === t.currentRound && played(m)).sort((a, b) => (a.table ?? a.position) - (b.table ?? b.position) || a.id - b.id);
  const order: Record<RoundAttentionKind, number> = { dispute: 0, 'past-time': 1, unreported: 2 };
  const items: { kind: RoundAttentionKind; match: Match }[] = [];
  for (const m of round) {
    if (isOpenDispute(m)) items.push({ kind: 'dispute', match: m });
    else if (!m.complete && m.endsAt && Date.parse(m.endsAt) <= now) items.push({ kind: 'past-time', match: m });
    else if (!m.complete) items.push({ kind: 'unreported', match: m });
  }
  // a stable sort keeps the table order inside each kind
  return items.sort((a, b) => order[a.kind] - order[b.kind]);
}

/** A deck waiting for the host's check, and whose it is. */
export interface WaitingDeck { deckId: number; label: string; participantId: number; player: string; teamUid: string; teamName: string }

export type Attention =
  | { kind: RoundAttentionKind; match: Match }
  | { kind: 'decks'; decks: WaitingDeck[] }
  | { kind: 'check-in'; teams: Tournament['teams'] };

type Event = Pick<Tournament, 'cancelled' | 'completed' | 'inProgress' | 'checkIn' | 'teams' | 'currentRound' | 'manualDeckChecking'>;

/** With manual deck checking: the decks neither approved nor rejected of the active players of active teams, oldest first. */
export function waitingDecks(t: Pick<Tournament, 'manualDeckChecking' | 'teams'>): WaitingDeck[] {
  if (!t.manualDeckChecking) return [];
  const out: WaitingDeck[] = [];
  for (const team of t.teams) {
    if (team.dropped) continue;
    for (const m of team.members) {
      if (m.dropped) continue;
      for (const d of m.submittedDecks) {
        if (d.status === 'Pending') out.push({ deckId: d.id, label: d.label, participantId: m.id, player: m.displayName, teamUid: team.uid, teamName: team.name });
      }
    }
  }
  return out.sort((a, b) => a.deckId - b.deckId);
}

/**
 * The items for the current round of an event in progress (its matches as loaded), or the teams
 * not checked in before the start; nothing for an event over or cancelled. `now` in ms.
 */
export function attentionOf(t: Event, matches: readonly Match[], now: number): Attention[] {
  if (t.cancelled || t.completed) return [];
  const decks = waitingDecks(t);
  const deckItem: Attention[] = decks.length ? [{ kind: 'decks', decks }] : [];
  if (!t.inProgress) {
    const waiting = t.checkIn ? t.teams.filter((team) => !team.dropped && !team.checkedIn) : [];
    return [...deckItem, ...(waiting.length ? [{ kind: 'check-in' as const, teams: waiting }] : [])];
  }
  return [...roundAttention(t, matches, now), ...deckItem];
}

/** The number on the panel's heading, the tab's title and the bot's /round: each item, and a failing Discord channel. */
export const attentionTotal = (items: readonly unknown[], channel?: DiscordChannel): number => items.length + (discordFailing(channel) ? 1 : 0);

/** The channel failed after its last delivery (or never delivered): worth a line that stands out. */
export function discordFailing(c: DiscordChannel | undefined): boolean {
  if (!c?.configured || !c.lastError) return false;
  return !c.lastDeliveredAt || c.lastError.at > c.lastDeliveredAt;
}
