// The rows of buttons the bot's messages carry: results to report, the opponent's Confirm and
// Dispute, a link to the site.
import { ButtonStyle, ComponentType, type APIButtonComponent, type APIButtonComponentWithURL } from 'discord-api-types/v10';
import type { ResultChoice } from '../tournaments/result-choices.ts';
import { checkInButtonId, dropButtonId, nextRoundButtonId, resultButtonId } from './custom-ids.ts';
import type { Rows } from './responses.ts';

export const score = (own: number, other: number) => `${own}-${other}`;

export const linkButton = (label: string, url: string): APIButtonComponentWithURL => ({ type: ComponentType.Button, style: ButtonStyle.Link, label, url });
export const siteLink = (url: string) => linkButton('Open on the site', url);

/** Buttons in rows of at most five (Discord's limit). */
export function rows(buttons: readonly APIButtonComponent[]): Rows {
  const out: Rows = [];
  for (let i = 0; i < buttons.length; i += 5) out.push({ type: ComponentType.ActionRow, components: buttons.slice(i, i + 5) });
  return out;
}

/** The results a best-of-N can have, as buttons; the draw asks to confirm first. */
export function resultRows(eventUid: string, matchId: number, teamUid: string, choices: readonly ResultChoice[]): Rows {
  return rows(choices.map((c) => ({
    type: ComponentType.Button,
    style: c.outcome === 'win' ? ButtonStyle.Success : c.outcome === 'loss' ? ButtonStyle.Danger : ButtonStyle.Secondary,
    label: c.outcome === 'draw' ? 'Draw' : score(c.own, c.other),
    custom_id: resultButtonId({ action: c.outcome === 'draw' ? 'rd' : 'rp', eventUid, matchId, teamUid, own: c.own, other: c.other }),
  })));
}

/** Confirm and Dispute, for the opponent's team, the score as they would confirm it (their games first). */
export function opponentRows(eventUid: string, matchId: number, teamUid: string, own: number, other: number): Rows {
  return rows([
    { type: ComponentType.Button, style: ButtonStyle.Success, label: 'Confirm', custom_id: resultButtonId({ action: 'cf', eventUid, matchId, teamUid, own, other }) },
    { type: ComponentType.Button, style: ButtonStyle.Danger, label: 'Dispute', custom_id: resultButtonId({ action: 'ds', eventUid, matchId, teamUid }) },
  ]);
}

/** 'Confirm the draw' after a Draw button. */
export const confirmDrawRows = (b: { eventUid: string; matchId: number; teamUid: string; own: number; other: number }): Rows =>
  rows([{ type: ComponentType.Button, style: ButtonStyle.Primary, label: 'Confirm the draw', custom_id: resultButtonId({ ...b, action: 'rp' }) }]);

export const reportButton = (eventUid: string, matchId: number, teamUid: string): APIButtonComponent =>
  ({ type: ComponentType.Button, style: ButtonStyle.Primary, label: 'Report result', custom_id: resultButtonId({ action: 'ro', eventUid, matchId, teamUid }) });

export const checkInButton = (eventUid: string): APIButtonComponent =>
  ({ type: ComponentType.Button, style: ButtonStyle.Success, label: 'Check in', custom_id: checkInButtonId(eventUid) });

export const dropRows = (eventUid: string, teamUid: string): Rows =>
  rows([{ type: ComponentType.Button, style: ButtonStyle.Danger, label: 'Drop', custom_id: dropButtonId(eventUid, teamUid) }]);

export const nextRoundRows = (eventUid: string, round: number, cut: number): Rows =>
  rows([{ type: ComponentType.Button, style: ButtonStyle.Primary, label: `Create the top ${cut}`, custom_id: nextRoundButtonId(eventUid, round) }]);
