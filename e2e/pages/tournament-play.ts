import path from 'node:path';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { axeOf, expect, isMobile, signInByApi } from '../fixtures.ts';
import { TournamentView, apiAs, personPage } from './tournament-page.ts';

/** axe on what the page shows: no serious or critical violation, and a heading outline without skips. */
export async function expectAccessibleOutline(page: Page, what: string) {
  const { violations } = await axeOf(page).analyze();
  const found = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order')
    .map((v) => `${v.id} (${v.impact}, ${v.nodes.length} nodes): ${v.help}; first: ${v.nodes[0]?.target.join(' ')}`);
  expect(found, `axe on ${what}`).toEqual([]);
}

/** A picture of what the screen shows (a modal over the page) when SCREENSHOTS=1: tournament-{name}-{width}.png. */
export async function screenshotScreen(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  const width = page.viewportSize()?.width ?? 1280;
  await page.mouse.move(0, 0);
  await page.screenshot({ path: path.resolve(import.meta.dirname, `../../docs/screenshots/tournament-${name}-${width}.png`), scale: 'css' });
}

/** What the API answers for a match (the parts the specs read). */
export interface ApiMatch {
  id: number;
  roundNumber: number;
  bracket: string;
  position: number;
  team1Id: string | null;
  team2Id: string | null;
  team1Name: string | null;
  team2Name: string | null;
  bye: boolean;
  complete: boolean;
  status: string;
}
export interface Player { id: string; name: string }

/** A player of a seeded test team in a browser of their own, on the tournament (`prepare` runs before it loads). */
export async function playerPage(
  browser: Browser, uid: string, player: Player, prepare?: (page: Page) => Promise<void>,
): Promise<{ page: Page; view: PlayView }> {
  const page = await personPage(browser, null);
  await signInByApi(page, player);
  await prepare?.(page);
  const view = new PlayView(page);
  await view.goto(uid);
  return { page, view };
}

/**
 * The host's (or an admin's) API client, to move quickly through rounds a spec does not click
 * through; every call checks its status.
 */
export class AdminApi {
  private constructor(readonly ctx: APIRequestContext, readonly uid: string) {}

  static async as(user: Player, uid: string) {
    return new AdminApi(await apiAs(user), uid);
  }
  private async call<T>(method: 'get' | 'post', path: string, data?: unknown): Promise<T> {
    const res = await this.ctx[method](`/api/tournaments/${this.uid}${path}`, data === undefined ? {} : { data });
    expect(res.ok(), `${method.toUpperCase()} ${path}: ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  }
  tournament() {
    return this.call<{ currentRound: number; roundCount: number; championTeamUid: string | null; teams: { uid: string; name: string; members: { discordId: string; displayName: string }[] }[] }>('get', '');
  }
  matches(round?: number) {
    return this.call<ApiMatch[]>('get', `/matches${round ? `?round=${round}` : ''}`);
  }
  seed(count: number) {
    return this.call('post', `/seed-test?count=${count}`);
  }
  start() {
    return this.call('post', '/start');
  }
  nextRound() {
    return this.call('post', '/next-round');
  }
  /** More time for one table (the host's Extend). */
  extend(m: ApiMatch, minutes: number) {
    return this.call('post', `/matches/${m.id}/extend`, { minutes });
  }
  /** The player (first member) of a team. */
  async playerOf(teamUid: string): Promise<Player> {
    const team = (await this.tournament()).teams.find((t) => t.uid === teamUid)!;
    return { id: team.members[0]!.discordId, name: team.members[0]!.displayName };
  }
  /** An override: `winner` 1 or 2 wins 2-0 (or 2-1 with `close`); null is a 1-1 tie. */
  override(m: ApiMatch, winner: 1 | 2 | null, close = false) {
    const loserWins = close ? 1 : 0;
    const [team1Wins, team2Wins] = winner === 1 ? [2, loserWins] : winner === 2 ? [loserWins, 2] : [1, 1];
    const query = winner ? `?winnerTeamId=${winner === 1 ? m.team1Id : m.team2Id}` : '';
    return this.call('post', `/matches/${m.id}/override-winner${query}`, { team1Wins, team2Wins });
  }
  /**
   * Every playable match of the rounds so far that is still open: team 1 wins (or as `pick` says);
   * again while results fill bracket slots of these rounds.
   */
  async finishOpen(pick: (m: ApiMatch) => 1 | 2 = () => 1) {
    const { currentRound } = await this.tournament();
    for (let pass = 0; pass < 5; pass++) {
      const todo = (await this.matches()).filter((m) => !m.complete && !m.bye && m.team1Id && m.team2Id && m.roundNumber <= currentRound);
      if (todo.length === 0) return;
      for (const m of todo) await this.override(m, pick(m));
    }
  }
  dispose() {
    return this.ctx.dispose();
  }
}

/** /tournaments/{uid} while it is played: the round, the player's match, bracket and list, the modal. */
export class PlayView extends TournamentView {
  get banner() {
    return this.centre.getByTestId('round-banner');
  }
  get yourMatch() {
    return this.centre.getByTestId('your-match');
  }
  get matchesPanel() {
    return this.centre.getByTestId('matches');
  }
  get standings() {
    return this.centre.getByTestId('standings');
  }
  get modal() {
    return this.page.getByRole('dialog');
  }
  get confirm() {
    return this.page.getByRole('alertdialog');
  }
  /** The card of a match in the view shown (bracket or list). */
  card(matchId: number): Locator {
    return this.matchesPanel.locator(`[data-testid="match-card"][data-match-id="${matchId}"]`).filter({ visible: true });
  }
  async showList() {
    await this.matchesPanel.getByRole('tab', { name: 'Match List' }).click();
  }
  async showBracket() {
    await this.matchesPanel.getByRole('tab', { name: 'Bracket' }).click();
  }
  async chooseRound(label: string) {
    await this.matchesPanel.getByRole('combobox', { name: 'Round' }).click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }
  async openMatch(matchId: number) {
    await this.card(matchId).click();
    await expect(this.modal.getByRole('heading', { name: `Match #${matchId}` })).toBeVisible();
    return this.modal;
  }
  /** The open modal's one-tap result buttons (issue 30 §2), e.g. '2–1 You win', '0–2 for Bravo', '1–1 Draw'. */
  resultButton(name: string | RegExp) {
    return this.modal.getByTestId('result-buttons').getByRole('button', { name });
  }
  /** Opens the typed form ('Other score') of the open modal, if closed. */
  async openOtherScore() {
    const typed = this.modal.getByTestId('typed-score');
    if (!(await typed.evaluate((d: HTMLDetailsElement) => d.open))) await typed.getByText('Other score', { exact: true }).first().click();
    await expect(this.modal.getByRole('spinbutton').first()).toBeVisible();
  }
  /** Fills the wins inputs of the open modal (under 'Other score'): team 1's, then team 2's. */
  async fillWins(team1: number, team2: number) {
    await this.openOtherScore();
    const inputs = this.modal.getByRole('spinbutton');
    await inputs.nth(0).fill(String(team1));
    await inputs.nth(1).fill(String(team2));
  }
  async closeModal() {
    await this.modal.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(this.modal).toHaveCount(0);
  }
  /** An Admin Tools action, with its confirmation when it asks one. */
  async action(name: string | RegExp, confirm?: string) {
    const actions = await this.adminSection('Actions');
    await actions.getByRole('button', { name }).click();
    if (confirm) {
      await this.confirm.getByRole('button', { name: confirm }).click();
      await expect(this.confirm).toHaveCount(0);
    }
  }
  async actionButton(name: string | RegExp) {
    return (await this.adminSection('Actions')).getByRole('button', { name });
  }
  /** Spec 2 §9 and the mobile brief: 240 px columns, a bracket wider than a phone scrolls sideways with arrows. */
  async expectBracketColumns(section: string) {
    const region = this.matchesPanel.getByRole('region', { name: section });
    await expect(region).toBeVisible();
    const widths = await region.getByTestId('bracket-column').evaluateAll((cols) => cols.map((c) => c.getBoundingClientRect().width));
    expect(widths.length).toBeGreaterThan(0);
    for (const w of widths) expect(w).toBe(240);
    return region;
  }
  async expectTapTargets(within: Locator) {
    if (!isMobile(this.page)) return;
    const sizes = await within.evaluateAll((els) => els.map((e) => ({ what: e.getAttribute('aria-label') ?? e.textContent, height: e.getBoundingClientRect().height })));
    for (const { what, height } of sizes) expect(height, `${what} is a tap target`).toBeGreaterThanOrEqual(44);
  }
}

// ---- issue 18 (e2e/tournament-defects.spec.ts) ---------------------------------------------------

/** A POST of an admin's (or the host's) API client that must succeed; answers the JSON body. */
export async function postOk<T = unknown>(api: AdminApi, path: string, data?: unknown): Promise<T> {
  const res = await api.ctx.post(`/api/tournaments/${api.uid}${path}`, data === undefined ? {} : { data });
  expect(res.ok(), `POST ${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** Every deck submitted so far approved, as the host would in Admin Tools. */
export async function approveAllDecks(api: AdminApi) {
  const t = (await (await api.ctx.get(`/api/tournaments/${api.uid}`)).json()) as {
    teams: { members: { id: number; submittedDecks: { id: number }[] }[] }[];
  };
  for (const team of t.teams) {
    for (const m of team.members) for (const d of m.submittedDecks) await postOk(api, `/participants/${m.id}/decks/${d.id}/validate?approved=true`);
  }
}

/** A player reports their own match through the API: games won and lost from their side. */
export async function reportByApi(uid: string, player: Player, matchId: number, gamesWon: number, gamesLost: number) {
  const ctx = await apiAs(player);
  const res = await ctx.post(`/api/tournaments/${uid}/matches/${matchId}/report-score`, { data: { gamesWon, gamesLost } });
  expect(res.ok(), await res.text()).toBe(true);
  await ctx.dispose();
}

/** The current round played (team 1 wins every match) and the winner marked: the tournament is completed. */
export async function finishByApi(api: AdminApi) {
  await api.finishOpen();
  await postOk(api, '/winner');
}
