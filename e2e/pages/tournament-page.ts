import fs from 'node:fs';
import path from 'node:path';
import { request, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { axeOf, demoUrl, expect, isMobile, signInAs, test } from '../fixtures.ts';

export const MAI = { id: '100000000000000005', name: 'Mai', auth: 0 };

/** Real decks of the shared data set, with their verdicts in MANIFEST.json. */
const DECKS_DIR = path.resolve(import.meta.dirname, '../../../shared/data/decks');
interface ManifestDeck { file: string; ydke: string; edoproCheck: Record<string, string> }
const manifest = (): ManifestDeck[] => JSON.parse(fs.readFileSync(path.join(DECKS_DIR, 'MANIFEST.json'), 'utf8')) as ManifestDeck[];

export function deckFile(file: string): { name: string; mimeType: string; buffer: Buffer } {
  return { name: path.basename(file), mimeType: 'application/octet-stream', buffer: fs.readFileSync(path.join(DECKS_DIR, file)) };
}

export function deckYdke(file: string): string {
  const deck = manifest().find((d) => d.file === file);
  if (!deck) throw new Error(`${file} is not in MANIFEST.json`);
  return deck.ydke;
}

export function verdict(file: string, list: string): string | undefined {
  return manifest().find((d) => d.file === file)?.edoproCheck[list];
}

/** An API client signed in through the demo identity provider, as the browser does it. */
export async function apiAs(user: { id: string; name: string }): Promise<APIRequestContext> {
  const ctx = await request.newContext({ baseURL: demoUrl(), extraHTTPHeaders: { origin: demoUrl() } });
  const login = await ctx.get('/api/oauth/login', { maxRedirects: 0 });
  const authorize = new URL(login.headers().location!);
  authorize.searchParams.set('login', user.id);
  authorize.searchParams.set('name', user.name);
  const approved = await ctx.get(authorize.toString(), { maxRedirects: 0 });
  const back = new URL(approved.headers().location!);
  const done = await ctx.post('/api/oauth/handle-callback', {
    data: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
  });
  expect(done.status()).toBe(200);
  return ctx;
}

/** A tournament hosted through the API (the host form has its own test), answering its uid. */
export async function hostByApi(user: { id: string; name: string }, body: Record<string, unknown>): Promise<string> {
  const ctx = await apiAs(user);
  // no list unless the spec names one (naming none would give the current list, decision 037): decks checked for copies only
  const res = await ctx.post('/api/tournaments/host', { data: { banlist: null, ...body } });
  expect(res.status(), await res.text()).toBe(201);
  const { uid } = (await res.json()) as { uid: string };
  await ctx.dispose();
  return uid;
}

/** A player signed up (and, with a deck, submitted) through the API. */
export async function signUpByApi(uid: string, user: { id: string; name: string }, team: string, deck?: string) {
  const ctx = await apiAs(user);
  const res = await ctx.post(`/api/tournaments/${uid}/signup`, { data: { name: team } });
  expect(res.status(), await res.text()).toBe(201);
  if (deck) {
    const up = await ctx.post(`/api/tournaments/${uid}/decks?label=${encodeURIComponent('API deck')}`, {
      data: deck, headers: { 'content-type': 'text/plain' },
    });
    expect(up.status(), await up.text()).toBe(201);
  }
  await ctx.dispose();
}

/** axe (WCAG 2.x A/AA and best practices) on what the page shows now: no serious or critical violation. */
export async function expectNoAxeViolations(page: Page, what: string) {
  const { violations } = await axeOf(page).analyze();
  const grave = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}, ${v.nodes.length} nodes): ${v.help}; first: ${v.nodes[0]?.target.join(' ')}`);
  expect(grave, `axe on ${what}`).toEqual([]);
}

/** A second (third...) person in their own browser, with the same viewport as the test's project. */
export async function personPage(browser: Browser, user: { id: string; name: string } | null): Promise<Page> {
  const use = test.info().project.use;
  const context = await browser.newContext({
    baseURL: demoUrl(), viewport: use.viewport, isMobile: use.isMobile, hasTouch: use.hasTouch,
    userAgent: use.userAgent, deviceScaleFactor: use.deviceScaleFactor,
  });
  const page = await context.newPage();
  if (user) await signInAs(page, user);
  return page;
}

/** Saves a screenshot under docs/screenshots when SCREENSHOTS=1 (tournament-{name}-{width}.png). */
export async function screenshot(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  const width = page.viewportSize()?.width ?? 1280;
  await page.mouse.move(0, 0); // no hover preview in the picture
  await page.evaluate(() => window.scrollTo(0, 0)); // the sticky header stays at the top of a full-page picture
  // card pictures load lazily: wait (a little) for those on screen
  await page
    .waitForFunction(() => [...document.images].every((i) => i.complete || i.getBoundingClientRect().top > innerHeight), null, { timeout: 5000 })
    .catch(() => undefined);
  await page.screenshot({
    path: path.resolve(import.meta.dirname, `../../docs/screenshots/tournament-${name}-${width}.png`),
    // a modal is fixed to the screen: a full-page picture would show it over a stretched page
    fullPage: (await page.getByRole('dialog').count()) === 0,
    scale: 'css',
  });
}

/** Picks an option of a Radix select by its label. */
export async function choose(page: Page, label: string, option: string, scope: Page | Locator = page) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** What a phone's camera reads from a QR code as the page draws it: the element's pixels, decoded. */
export async function readQr(code: Locator): Promise<string | undefined> {
  const { data, info } = await sharp(await code.screenshot()).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

/** The host form at /tournaments/host/{seriesId}. */
export class HostTournamentForm {
  constructor(readonly page: Page) {}

  tab(name: 'Basic Info' | 'Rules & Format' | 'Deck Settings' | 'Advanced') {
    return this.page.getByRole('tab', { name: new RegExp(`^${name.replace(/[&]/g, '\\$&')}`) });
  }
  field(label: string) {
    return this.page.getByLabel(label, { exact: true });
  }
  error(field: string) {
    return this.page.getByTestId(`error-${field}`);
  }
  get create() {
    return this.page.getByRole('button', { name: /^(Create Tournament|Creating\.\.\.)$/ });
  }
}

/** /tournaments/{uid} as a person reads it: info, the centre panel, and Admin Tools. */
export class TournamentView {
  constructor(readonly page: Page) {}

  async goto(uid: string) {
    await this.page.goto(`/tournaments/${uid}`);
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  get centre() {
    return this.page.getByTestId('centre-panel');
  }
  get info() {
    return this.page.getByRole('complementary', { name: 'Tournament information' });
  }
  get details() {
    return this.page.getByRole('complementary', { name: 'Tournament details' });
  }
  get adminTools() {
    return this.page.getByTestId('admin-tools');
  }
  formatLabel() {
    return this.details.getByTestId('format-label');
  }

  // ---- a player ----
  async signUp(team: string) {
    await this.centre.getByLabel('Team name').fill(team);
    await this.centre.getByRole('button', { name: 'Sign Up' }).click();
    await expect(this.centre.getByTestId('own-team')).toHaveText(team);
  }
  async chooseDeckFile(file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.centre.getByLabel('Deck file (.ydk)').setInputFiles(file);
  }
  async pasteYdke(url: string, label: string) {
    await this.centre.getByLabel('or paste a ydke:// link').fill(url);
    await this.centre.getByLabel('Deck label').fill(label);
  }
  async submitDeck() {
    await this.centre.getByRole('button', { name: 'Submit Deck' }).click();
  }
  submittedDeck(label: string) {
    return this.centre.getByTestId('submitted-deck').filter({ has: this.page.getByTestId('deck-label').getByText(label, { exact: true }) });
  }

  // ---- Admin Tools ----
  /** Desktop shows every section; below 768 px each is a tab. */
  async adminSection(name: 'Actions' | 'Settings' | 'Teams'): Promise<Locator> {
    if (isMobile(this.page)) {
      await this.adminTools.getByRole('tab', { name }).click();
      return this.adminTools.getByRole('tabpanel', { name });
    }
    return this.adminTools.getByRole('region', { name });
  }
  async team(name: string): Promise<Locator> {
    const teams = await this.adminSection('Teams');
    return teams.getByTestId('admin-team').filter({ has: this.page.getByTestId('admin-team-name').getByText(name, { exact: true }) });
  }
  async openTeam(name: string): Promise<Locator> {
    const team = await this.team(name);
    const toggle = team.locator('button[aria-expanded]').first();
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    return team;
  }
  get deckDialog() {
    return this.page.getByRole('dialog');
  }
}
