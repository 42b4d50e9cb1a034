// Issue 30 §1: what needs the host's attention now, in the order to deal with it: open disputes,
// tables past time, matches of the round not yet reported, teams not checked in before the start.
// Pure, so the order and the count are tested with tables; the panel only draws them.
import type { DiscordChannel } from '../../../domain/api/discord-channel.ts';
import type { Match, Tournament } from '../../../domain/api/tournaments.ts';
import { allowsTie } from '../../../domain/tournament/types.ts';
import { roundClockState } from './clock-view.ts';
import { reportLine, sideName, teamOf, type Side } from './match-view.ts';
import { teamName } from './tournament-view.ts';

/** 'Accept {team}'s report': the result that report claims, seen from team 1 as the override route takes it. */
export interface AcceptChoice {
  side: Side;
  label: string;
  team1Wins: number;
  team2Wins: number;
  /** absent: the report claims a tie */
  winnerTeamId?: string;
}

export type AttentionItem =
  | { kind: 'dispute'; match: Match; reports: [string | null, string | null]; accepts: AcceptChoice[] }
  | { kind: 'past-time'; match: Match }
  | { kind: 'unreported'; match: Match }
  | { kind: 'check-in'; teams: { uid: string; name: string }[] };

/** A dispute: the reports disagree, or someone flagged the match, and nobody has decided yet. */
export const isOpenDispute = (m: Match): boolean => m.flaggedForReview || (m.disputed && !m.complete);

/** A match two teams play (no bye, no missed round). */
const played = (m: Match) => !m.bye && !m.missed && m.team1Id !== null && m.team2Id !== null;

/** The result a team's report claims, as the override route takes it; null without a report or for a tie the bracket forbids. */
export function acceptChoice(m: Match, side: Side): AcceptChoice | null {
  const r = side === 1 ? m.reportFromTeam1 : m.reportFromTeam2;
  if (!r) return null;
  const [team1Wins, team2Wins] = side === 1 ? [r.gamesWon, r.gamesLost] : [r.gamesLost, r.gamesWon];
  const winner: Side | null = team1Wins > team2Wins ? 1 : team2Wins > team1Wins ? 2 : null;
  if (winner === null && !allowsTie(m.bracket)) return null;
  return { side, label: `Accept ${sideName(m, side)}’s report`, team1Wins, team2Wins, winnerTeamId: winner ? (teamOf(m, winner).id ?? undefined) : undefined };
}

/**
 * The items for the current round of an event in progress (its matches as loaded), or for the
 * check-in before the start; nothing for an event over or cancelled. `now` in ms (the server's second).
 */
export function attentionItems(t: Tournament, matches: readonly Match[], now: number): AttentionItem[] {
  if (t.cancelled || t.completed) return [];
  if (!t.inProgress) {
    if (!t.checkIn) return [];
    const waiting = t.teams.filter((team) => !team.dropped && !team.checkedIn).map((team) => ({ uid: team.uid, name: teamName(team) }));
    return waiting.length ? [{ kind: 'check-in', teams: waiting }] : [];
  }
  const round = matches.filter((m) => m.roundNumber === t.currentRound && played(m)).sort((a, b) => (a.table ?? a.position) - (b.table ?? b.position) || a.id - b.id);
  const disputes: AttentionItem[] = [];
  const late: AttentionItem[] = [];
  const unreported: AttentionItem[] = [];
  for (const m of round) {
    if (isOpenDispute(m)) {
      const accepts = ([1, 2] as const).map((s) => acceptChoice(m, s)).filter((c): c is AcceptChoice => c !== null);
      disputes.push({ kind: 'dispute', match: m, reports: [reportLine(m, 1), reportLine(m, 2)], accepts });
    } else if (!m.complete && roundClockState(m.endsAt, now, false) === 'time') late.push({ kind: 'past-time', match: m });
    else if (!m.complete) unreported.push({ kind: 'unreported', match: m });
  }
  return [...disputes, ...late, ...unreported];
}

/** The channel failed after its last delivery (or never delivered): worth a line that stands out. */
export function discordFailing(c: DiscordChannel | undefined): boolean {
  if (!c?.configured || !c.lastError) return false;
  return !c.lastDeliveredAt || c.lastError.at > c.lastDeliveredAt;
}

/** The number on the heading and in the tab's title: each item, and a failing Discord channel. */
export const attentionCount = (items: readonly AttentionItem[], channel?: DiscordChannel): number => items.length + (discordFailing(channel) ? 1 : 0);

/** The tab's title: '(3) Event name'. */
export const attentionTitle = (name: string, count: number): string => (count > 0 ? `(${count}) ${name}` : name);

/** A table's words: 'Table 3', or the match's number when it has none. */
export const tableLabel = (m: Pick<Match, 'table' | 'id'>): string => (m.table !== null ? `Table ${m.table}` : `Match ${m.id}`);
