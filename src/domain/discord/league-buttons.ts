// The buttons of the league's messages (issue 41): the one-tap results, 'Report result', the
// opponent's Confirm and Dispute, the Retire confirmation, and the link to the league's page.
import { ButtonStyle, ComponentType, type APIButtonComponent } from 'discord-api-types/v10';
import type { ResultChoice } from '../tournaments/result-choices.ts';
import { linkButton, rows, score } from './buttons.ts';
import { leagueButtonId } from './custom-ids.ts';
import type { Rows } from './responses.ts';

/** A league as its messages name it; `url` its page (null: the site has no public address to link to). */
export interface LeagueRef { id: string; name: string; url: string | null }

/** 'Open on the site', when there is a page to open. */
export const leagueLink = (league: LeagueRef): APIButtonComponent[] => (league.url ? [linkButton('Open on the site', league.url)] : []);

/** The results a league match can have (the presser's games first). */
export const leagueResultRows = (leagueId: string, matchId: number, choices: readonly ResultChoice[]): Rows => rows(choices.map((c) => ({
  type: ComponentType.Button,
  style: c.outcome === 'win' ? ButtonStyle.Success : ButtonStyle.Danger,
  label: score(c.own, c.other),
  custom_id: leagueButtonId({ action: 'lr', leagueId, id: matchId, own: c.own, other: c.other }),
})));

export const leagueReportButton = (leagueId: string, matchId: number): APIButtonComponent =>
  ({ type: ComponentType.Button, style: ButtonStyle.Primary, label: 'Report result', custom_id: leagueButtonId({ action: 'lo', leagueId, id: matchId }) });

/** Confirm and Dispute of the opponent's report: they act for whoever presses (the site refuses anyone but the match's other player). */
export const leagueAnswerButtons = (leagueId: string, matchId: number): APIButtonComponent[] => [
  { type: ComponentType.Button, style: ButtonStyle.Success, label: 'Confirm', custom_id: leagueButtonId({ action: 'lc', leagueId, id: matchId }) },
  { type: ComponentType.Button, style: ButtonStyle.Danger, label: 'Dispute', custom_id: leagueButtonId({ action: 'ld', leagueId, id: matchId }) },
];

export const retireRows = (leagueId: string, runId: number): Rows =>
  rows([{ type: ComponentType.Button, style: ButtonStyle.Danger, label: 'Retire', custom_id: leagueButtonId({ action: 'lx', leagueId, id: runId }) }]);
