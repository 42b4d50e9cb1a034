// /report and its buttons, the opponent's Confirm and Dispute, and the host's /round: the bot's
// words around a result and a round. Pure: the routes decide, these only write.
import type { APIInteractionResponse } from 'discord-api-types/v10';
import type { Attention } from '../tournaments/attention.ts';
import type { ResultChoice } from '../tournaments/result-choices.ts';
import { confirmDrawRows, nextRoundRows, resultRows, score } from './buttons.ts';
import { bold, escapeMarkdown } from './markdown.ts';
import { privateMessage, updateMessage } from './responses.ts';

export interface PromptMatch { eventUid: string; eventName: string; round: number; table: number | null; matchId: number; teamUid: string; complete: boolean; opponentName: string }

/** The results the player may report, as buttons (their games first). */
export function reportPrompt(m: PromptMatch, choices: readonly ResultChoice[]): APIInteractionResponse {
  const title = `${bold(m.eventName)}, round ${m.round}${m.table !== null ? `, table ${m.table}` : ''}`;
  if (m.complete) return privateMessage(`${title}: your match is over.`);
  return privateMessage(`${title} against ${escapeMarkdown(m.opponentName)}: your result (your games first)?`, resultRows(m.eventUid, m.matchId, m.teamUid, choices));
}

/** After a report from a button: recorded, waiting for the opponent, or in dispute. */
export function afterReportAnswer(state: { complete: boolean; disputed: boolean }, own: number, other: number, confirmed: boolean): APIInteractionResponse {
  if (state.complete) return updateMessage(`Result recorded: ${score(own, other)}${confirmed ? ' (confirmed)' : ''}.`);
  if (state.disputed) return updateMessage(`You reported ${score(own, other)}; your opponent reported otherwise: the host decides.`);
  return updateMessage(`You reported ${score(own, other)}: waiting for your opponent to confirm (they get a message).`);
}

export const confirmDrawAnswer = (b: { eventUid: string; matchId: number; teamUid: string; own: number; other: number }) =>
  updateMessage(`Report a draw (${score(b.own, b.other)})?`, confirmDrawRows(b));

/** What the flag of a dispute from Discord says (the opponent's claim, seen from the disputing side). */
export const disputeFlagText = (claim: { own: number; other: number } | null) =>
  `Disputed from Discord: the opponent’s report${claim ? ` ${score(claim.own, claim.other)} (their report, seen from this side)` : ''} is not the result.`;

export const DISPUTED = 'Disputed: the match is flagged for the host, who decides the result.';
export const EVENT_UNLISTED = 'This event is no longer listed: nothing to report.';

const KIND_WORDS: Record<Attention['kind'], [string, string]> = {
  dispute: ['dispute', 'disputes'], 'past-time': ['table past time', 'tables past time'], unreported: ['match not reported', 'matches not reported'],
  decks: ['deck to check', 'decks to check'], 'check-in': ['team not checked in', 'teams not checked in'],
};

/** The host's panel in one line: its count and what it is made of (the panel's own rule). */
export function attentionLine(items: readonly Attention[], total: number): string {
  if (total === 0) return 'Needs attention: nothing.';
  const counts = new Map<Attention['kind'], number>();
  for (const i of items) counts.set(i.kind, (counts.get(i.kind) ?? 0) + (i.kind === 'check-in' ? i.teams.length : i.kind === 'decks' ? i.decks.length : 1));
  const parts = [...counts].map(([kind, n]) => `${n} ${KIND_WORDS[kind][n === 1 ? 0 : 1]}`);
  if (total > items.length) parts.push('the Discord channel failing');
  return `Needs attention: ${total} (${parts.join(', ')}).`;
}

export const roundPairedText = (eventName: string, round: number, rounds: number, attention: string) =>
  `${bold(eventName)}: round ${round} of ${rounds} is paired; its players get their tables by direct message.\n${attention}`;

/** Next Round refused (a match still open): the route's sentence and what holds the round up. */
export const roundRefusedText = (sentence: string, attention: string) => `${escapeMarkdown(sentence)}\n${attention}`;

export const topCutPrompt = (event: { uid: string; name: string }, round: number, cut: number) => privateMessage(
  `${bold(event.name)}: round ${round} is the last Swiss round. Next Round creates the top ${cut} from the standings: the teams below the cut line stop playing. Go on?`,
  nextRoundRows(event.uid, round, cut),
);

export const alreadyInRound = (eventName: string, round: number) => updateMessage(`${bold(eventName)} is already in round ${round}: nothing changed.`);
