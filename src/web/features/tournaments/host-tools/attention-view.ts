// Issue 30 §1: what needs the host's attention now, with what the panel draws for each (the reports
// of a dispute and the results to accept). Which items and their order: domain/tournaments/attention.ts,
// which the bot's /round counts with. Pure, so the order and the count are tested with tables.
import type { DiscordChannel } from '../../../../domain/api/discord-channel.ts';
import type { SuspendedPlayers } from '../../../../domain/api/people.ts';
import type { Match, Tournament } from '../../../../domain/api/tournaments.ts';
import { allowsTie } from '../../../../domain/tournaments/types.ts';
import { attentionOf, attentionTotal, type WaitingDeck } from '../../../../domain/tournaments/attention.ts';
export { discordFailing, isOpenDispute } from '../../../../domain/tournaments/attention.ts';
import { reportLine, sideName, teamOf, type Side } from '../playing/match-view.ts';
import { teamName } from '../tournament-view.ts';

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
  | { kind: 'decks'; decks: WaitingDeck[] }
  | { kind: 'check-in'; teams: { uid: string; name: string }[] }
  /** players suspended by an admin (issue 39): their teams are the host's to decide */
  | { kind: 'suspended'; players: SuspendedPlayers['players'] };

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
 * The panel's items (attentionOf's, with a dispute's reports and the results to accept), and first
 * the event's suspended players while it runs. `now` in ms (the server's second).
 */
export function attentionItems(t: Tournament, matches: readonly Match[], now: number, suspended: SuspendedPlayers['players'] = []): AttentionItem[] {
  const people: AttentionItem[] = suspended.length && !t.cancelled && !t.completed ? [{ kind: 'suspended', players: suspended }] : [];
  return [...people, ...attentionOf(t, matches, now).map((item): AttentionItem => {
    if (item.kind === 'check-in') return { kind: 'check-in', teams: item.teams.map((team) => ({ uid: team.uid, name: teamName(team) })) };
    if (item.kind === 'decks') return item;
    const m = item.match;
    if (item.kind !== 'dispute') return { kind: item.kind, match: m };
    const accepts = ([1, 2] as const).map((s) => acceptChoice(m, s)).filter((c): c is AcceptChoice => c !== null);
    return { kind: 'dispute', match: m, reports: [reportLine(m, 1), reportLine(m, 2)], accepts };
  })];
}

/** The number on the heading and in the tab's title: each item, and a failing Discord channel. */
export const attentionCount = (items: readonly AttentionItem[], channel?: DiscordChannel): number => attentionTotal(items, channel);

/** The tab's title: '(3) Event name'. */
export const attentionTitle = (name: string, count: number): string => (count > 0 ? `(${count}) ${name}` : name);

/** A table's words: 'Table 3', or the match's number when it has none. */
export const tableLabel = (m: Pick<Match, 'table' | 'id'>): string => (m.table !== null ? `Table ${m.table}` : `Match ${m.id}`);
