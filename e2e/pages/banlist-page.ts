import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { demoUrl, expect, isMobile, signInByApi } from '../fixtures.ts';

export const SEARCH_PLACEHOLDER = 'Search cards by name, type, or reason...';
export const SECTIONS = ['FORBIDDEN', 'LIMITED', 'SEMI_LIMITED', 'UNLIMITED'] as const;
export const GRACE = { id: '100000000000000002', name: 'Grace', auth: 2 };

export interface ApiEntry {
  id: number;
  cardId: number;
  cardName: string;
  /** the original passcode when this one is an alternate artwork of it, else 0 */
  alias: number;
  cardType: string;
  formatStatus: string;
  advancedFormatStatus: string;
  previousFormatStatus: string;
  reason: string | null;
  poster: { discordId: string } | null;
}

/** The banlist page as a user sees it, on either viewport. */
export class BanlistPage {
  readonly version: Locator;
  readonly search: Locator;
  readonly clearSearch: Locator;
  readonly download: Locator;
  readonly deleteButton: Locator;
  readonly importButton: Locator;
  readonly entries: Locator;
  readonly shownCount: Locator;
  readonly filtersToggle: Locator;

  constructor(readonly page: Page) {
    this.version = page.getByLabel('Version');
    this.search = page.getByPlaceholder(SEARCH_PLACEHOLDER, { exact: true });
    this.clearSearch = page.getByRole('button', { name: 'Clear search' });
    this.download = page.getByRole('button', { name: /^(Download Banlist File|Downloading\.\.\.)$/ });
    this.deleteButton = page.getByRole('button', { name: 'Delete Banlist' });
    this.importButton = page.getByRole('button', { name: 'Import banlist' });
    this.entries = page.getByTestId('banlist-entry');
    this.shownCount = page.getByTestId('shown-count');
    this.filtersToggle = page.getByRole('button', { name: /Filters and actions/ });
  }

  async goto(query = '', baseURL = demoUrl()) {
    await this.page.goto(`${baseURL}/banlist${query}`);
  }

  async waitForList() {
    // a list of hundreds of rows took up to 11 s to appear in CI while the other project's browser ran
    await expect(this.entries.first()).toBeVisible({ timeout: 30_000 });
  }

  /** On phones the checkboxes and buttons sit in a collapsible panel: open it first. */
  async openControls() {
    if (!isMobile(this.page)) return;
    if ((await this.filtersToggle.getAttribute('aria-expanded')) !== 'true') await this.filtersToggle.click();
  }

  checkbox(label: 'Show card pictures' | 'Compact layout' | 'Show only differences' | 'Show additions only') {
    return this.page.getByRole('checkbox', { name: label, exact: true });
  }

  async setCheckbox(label: Parameters<BanlistPage['checkbox']>[0], on: boolean) {
    await this.openControls();
    await this.checkbox(label).setChecked(on);
  }

  /** Count shown on the jump button of a section (always rendered, unlike off-screen headings). */
  sectionJump(status: (typeof SECTIONS)[number]) {
    return this.page.getByTestId(`jump-${status}`);
  }

  entry(cardName: string) {
    return this.entries.filter({ has: this.page.getByText(cardName, { exact: true }) });
  }

  /** Narrows the list to one card by name, so it is on screen whatever the list length. */
  async findCard(cardName: string) {
    await this.search.fill(cardName);
    const row = this.entry(cardName).first();
    await expect(row).toBeVisible();
    return row;
  }
}

/** Sections of an API answer as the page shows them: cards per status, the passcodes of one card counted once. */
export function countsOf(entries: readonly ApiEntry[]) {
  const counts: Record<string, number> = { FORBIDDEN: 0, LIMITED: 0, SEMI_LIMITED: 0, UNLIMITED: 0 };
  const seen = new Set<string>();
  for (const e of entries) {
    const card = `${e.formatStatus}:${e.alias || e.cardId}`;
    if (!(e.formatStatus in counts) || seen.has(card)) continue;
    seen.add(card);
    counts[e.formatStatus]! += 1;
  }
  return counts;
}

/** How many cards (rows) the page shows for these entries. */
export const cardCount = (entries: readonly ApiEntry[]) => Object.values(countsOf(entries)).reduce((a, b) => a + b, 0);

/** A signed-in API client for one demo user, in a browser context of its own. */
export async function signedInRequest(browser: Browser, user: { id: string; name: string }): Promise<{ request: APIRequestContext; close(): Promise<void> }> {
  const context = await browser.newContext({ baseURL: demoUrl(), extraHTTPHeaders: { Origin: demoUrl() } });
  await signInByApi(await context.newPage(), user);
  return { request: context.request, close: () => context.close() };
}

/** Imports an .lflist.conf through the API as an admin; returns the server's summary. */
export async function importList(request: APIRequestContext, date: string, text: string, query = '') {
  const res = await request.put(`/api/banlists/${date}${query}`, { data: text, headers: { 'Content-Type': 'text/plain' } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** Deletes a banlist through the API when it exists (cleanup that never fails a passing test). */
export async function deleteListIfPresent(request: APIRequestContext, date: string, adminId: string, reference = false) {
  await request.delete(`/api/banlists/${date}?adminId=${adminId}${reference ? '&reference=true' : ''}`);
}
