import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';
import { apiAs, deckFile } from './tournament-page.ts';

/** A league made through the API (the form has its own test): on the demo's Modern Master Rule series and its own list, 2026.07 OCG. */
export async function createLeagueByApi(user: { id: string; name: string }, body: Record<string, unknown>): Promise<string> {
  const ctx = await apiAs(user);
  const series = (await (await ctx.get('/api/series/summaries')).json()) as { id: string; name: string }[];
  const seriesId = series.find((s) => s.name === 'Modern Master Rule')!.id;
  const res = await ctx.post('/api/leagues', { data: { seriesId, ...body } });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await ctx.dispose();
  return id;
}

/** A player's API calls on one league (what a test does not click through), each checking its status. */
export async function leagueApi(user: { id: string; name: string }, id: string) {
  const ctx = await apiAs(user);
  const call = async <T>(method: 'get' | 'post', p: string, data?: unknown): Promise<T> => {
    const res = await ctx[method](`/api/leagues/${id}${p}`, data === undefined ? {} : { data });
    expect(res.ok(), `${method.toUpperCase()} ${p}: ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
  return {
    league: () => call<{ myRun: { id: number; currentMatchId: number | null } | null }>('get', ''),
    join: (ydk: string) => call<{ id: number }>('post', '/runs', { ydk }),
    find: () => call<{ waiting: boolean; match?: { id: number } | null }>('post', '/queue'),
    report: (matchId: number, gamesWon: number, gamesLost: number) => call('post', `/matches/${matchId}/report`, { gamesWon, gamesLost }),
    dispose: () => ctx.dispose(),
  };
}

/** The text of a deck file of the shared data set. */
export const deckText = (file: string) => deckFile(file).buffer.toString('utf8');

/** A screenshot under docs/screenshots as leagues-{name}-{width}.png when SCREENSHOTS=1 (the whole page unless a dialog is open). */
export async function screenshotLeague(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  const width = page.viewportSize()?.width ?? 1280;
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.evaluate(() => window.scrollTo(0, 0));
  await page
    .waitForFunction(() => [...document.images].every((i) => i.complete || i.getBoundingClientRect().top > innerHeight), null, { timeout: 5000 })
    .catch(() => undefined);
  await page.screenshot({
    path: path.resolve(import.meta.dirname, `../../docs/screenshots/leagues-${name}-${width}.png`),
    fullPage: (await page.getByRole('dialog').count()) === 0,
    scale: 'css',
    animations: 'disabled',
  });
}

/** /leagues/{id} as a person reads it. */
export class LeagueView {
  constructor(readonly page: Page) {}

  goto(id: string) {
    return this.page.goto(`/leagues/${id}`);
  }
  get myRun(): Locator {
    return this.page.getByTestId('my-run');
  }
  get match(): Locator {
    return this.page.getByTestId('league-match');
  }
  get leaderboard(): Locator {
    return this.page.getByTestId('leaderboard');
  }
  row(name: string): Locator {
    return this.leaderboard.getByTestId('leaderboard-row').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }
  resultButton(name: string): Locator {
    return this.match.getByTestId('result-buttons').getByRole('button', { name });
  }
  /** Joins with a .ydk file of the shared data set. */
  async joinWithFile(file: string) {
    await this.myRun.getByLabel('Deck file (.ydk)').setInputFiles(deckFile(file));
    await this.myRun.getByRole('button', { name: /^(Join|Start a run) with this deck$/ }).click();
  }
  async joinWithYdke(ydke: string) {
    await this.myRun.getByLabel('or paste a ydke:// link').fill(ydke);
    await this.myRun.getByRole('button', { name: /^(Join|Start a run) with this deck$/ }).click();
  }
}
