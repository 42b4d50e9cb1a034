import fs from 'node:fs';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { parseLflist } from '../src/domain/banlists/lflist.ts';
import { ADA, closeWithEscape, emptyUrl, JOEY, LINUS, expect, isMobile, screenshot, signInAs, test } from './fixtures.ts';
import {
  BanlistPage,
  GRACE,
  SECTIONS,
  cardCount,
  countsOf,
  deleteListIfPresent,
  importList,
  signedInRequest,
  type ApiEntry,
} from './pages/banlist-page.ts';

const LFLISTS = new URL('../../shared/data/lflists/', import.meta.url);
const lflist = (name: string) => fs.readFileSync(new URL(name, LFLISTS), 'utf8');
const summary = JSON.parse(lflist('PARSED-SUMMARY.json')) as Record<string, { lists: { name: string; entries: number; hash: number }[] }>;

// Every test renders a list of hundreds of rows, some several times: seconds each on the 2-core CI machine.
test.describe.configure({ timeout: 60_000 });

const NEWEST_DEMO = '2026-07-01';
const KURIBOH = 40640057;
const SANGAN = 26202165;

/** Dates of banlists a test creates: one block per project, so the two viewports never share one. */
function ownDate(info: TestInfo, day: number): string {
  const month = info.project.name === 'mobile' ? '02' : '01';
  return `2001-${month}-${String(day).padStart(2, '0')}`;
}

async function apiEntries(page: Page, date: string): Promise<ApiEntry[]> {
  const res = await page.request.get(`/api/banlists/${date}`);
  expect(res.ok()).toBe(true);
  return res.json();
}

/** The card the page lists last: last section, then card type order, then name; alternate artworks give way to their original. */
function lastCard(entries: readonly ApiEntry[]): ApiEntry {
  const listed = new Set(entries.map((e) => `${e.formatStatus}:${e.cardId}`));
  return entries
    .filter((e) => SECTIONS.includes(e.formatStatus as never) && !(e.alias && listed.has(`${e.formatStatus}:${e.alias}`)))
    .sort(
      (a, b) =>
        SECTIONS.indexOf(a.formatStatus as never) - SECTIONS.indexOf(b.formatStatus as never) ||
        TYPE_ORDER.indexOf(a.cardType) - TYPE_ORDER.indexOf(b.cardType) ||
        a.cardName.localeCompare(b.cardName) ||
        a.cardId - b.cardId,
    )
    .at(-1)!;
}

const TYPE_ORDER = [
  'MONSTER_NORMAL', 'MONSTER_EFFECT', 'MONSTER_RITUAL', 'MONSTER_FUSION', 'MONSTER_SYNCHRO', 'MONSTER_XYZ', 'MONSTER_LINK',
  'SPELL_NORMAL', 'SPELL_CONTINUOUS', 'SPELL_EQUIP', 'SPELL_FIELD', 'SPELL_QUICK_PLAY', 'SPELL_RITUAL',
  'TRAP_NORMAL', 'TRAP_CONTINUOUS', 'TRAP_COUNTER', 'UNKNOWN',
];

test.describe('banlist page: reading', () => {
  test('the newest version is selected; versions newest first; sections headed with their counts', async ({ page }) => {
    const bl = new BanlistPage(page);
    await bl.goto();
    const dates: string[] = await (await page.request.get('/api/banlists/dates')).json();
    await expect(bl.version).toHaveValue(dates[0]!);
    expect(dates[0]).toBe(NEWEST_DEMO);
    expect(await bl.version.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(dates);

    const entries = await apiEntries(page, NEWEST_DEMO);
    const counts = countsOf(entries);
    for (const s of SECTIONS) await expect(bl.sectionJump(s)).toContainText(String(counts[s]));
    await expect(page.getByTestId('section-count-FORBIDDEN')).toHaveText(String(counts.FORBIDDEN));
    await expect(page.getByRole('heading', { level: 2, name: /^Forbidden/ })).toBeVisible();
    await expect(bl.shownCount).toHaveText(`· ${cardCount(entries)} cards`);
    // the demo's newest list is ProjectIgnis' 2026.07 OCG: the page gives its EDOPro hash, in decimal
    await expect(page.getByTestId('lflist-hash')).toHaveText(`· EDOPro hash ${summary['2026.07-OCG.lflist.conf']!.lists[0]!.hash}`);
  });

  test('entries are sorted by card type order, then by name (spec 1 §9)', async ({ page }) => {
    const bl = new BanlistPage(page);
    await bl.goto();
    await bl.waitForList();
    const forbidden = (await apiEntries(page, NEWEST_DEMO))
      .filter((e) => e.formatStatus === 'FORBIDDEN')
      .sort((a, b) => TYPE_ORDER.indexOf(a.cardType) - TYPE_ORDER.indexOf(b.cardType) || a.cardName.localeCompare(b.cardName));
    const shownIds = await bl.entries.evaluateAll((rows) => rows.slice(0, 6).map((r) => Number(r.getAttribute('data-card-id'))));
    expect(shownIds).toEqual(forbidden.slice(0, 6).map((e) => e.cardId));
  });

  test('choosing a version shows that list and puts the date in the URL', async ({ page }) => {
    const bl = new BanlistPage(page);
    await bl.goto();
    await bl.waitForList();
    await bl.version.selectOption('2026-05-01');
    await expect(page).toHaveURL(/[?&]date=2026-05-01/);
    const older = await apiEntries(page, '2026-05-01');
    await expect(bl.shownCount).toHaveText(`· ${cardCount(older)} cards`);
    await expect(page.getByRole('main').getByText('2026-05-01', { exact: true }).first()).toBeVisible();
    // a shared link opens the same version
    await page.reload();
    await expect(bl.version).toHaveValue('2026-05-01');
    await page.goBack();
    await expect(bl.version).toHaveValue(NEWEST_DEMO);
  });

  test('search matches name, card type label or reason; the clear button resets it; the URL keeps it', async ({ page }) => {
    const bl = new BanlistPage(page);
    const entries = await (async () => {
      await bl.goto();
      return apiEntries(page, NEWEST_DEMO);
    })();
    await bl.waitForList();
    const matching = (q: string) =>
      cardCount(entries.filter((e) => e.cardName.toLowerCase().includes(q) || (e.reason ?? '').toLowerCase().includes(q)));

    await bl.search.fill('DRAGON');
    await expect(page).toHaveURL(/[?&]q=DRAGON/);
    const dragons = matching('dragon');
    expect(dragons).toBeGreaterThan(0);
    await expect(bl.shownCount).toHaveText(`· ${dragons} of ${cardCount(entries)} cards shown`);
    for (const name of await bl.entries.evaluateAll((rows) => rows.map((r) => r.textContent ?? ''))) {
      expect(name.toLowerCase()).toContain('dragon');
    }

    // a card type label: every Xyz Monster of the list, whatever its name
    await bl.search.fill('xyz monster');
    const xyz = cardCount(entries.filter((e) => e.cardType === 'MONSTER_XYZ' || e.cardName.toLowerCase().includes('xyz monster')));
    expect(xyz).toBeGreaterThan(0);
    await expect(bl.shownCount).toHaveText(`· ${xyz} of ${cardCount(entries)} cards shown`);

    await bl.clearSearch.click();
    await expect(bl.search).toHaveValue('');
    await expect(bl.search).toBeFocused();
    await expect(page).not.toHaveURL(/[?&]q=/);
    await expect(bl.shownCount).toHaveText(`· ${cardCount(entries)} cards`);

    // a link with a search opens filtered
    await bl.goto('?date=2026-05-01&q=dragon');
    await expect(bl.search).toHaveValue('dragon');
    await expect(bl.version).toHaveValue('2026-05-01');
    const older = await apiEntries(page, '2026-05-01');
    await expect(bl.shownCount).toHaveText(`· ${cardCount(older.filter((e) => e.cardName.toLowerCase().includes('dragon')))} of ${cardCount(older)} cards shown`);
  });

  test('"Show only differences" and "Show additions only" apply the spec 1 §5 rules', async ({ page }) => {
    const bl = new BanlistPage(page);
    await bl.goto();
    const entries = await apiEntries(page, NEWEST_DEMO);
    await bl.waitForList();
    const differences = entries.filter((e) => e.formatStatus !== e.advancedFormatStatus);
    const additions = entries.filter((e) => e.previousFormatStatus !== 'NONE' && e.previousFormatStatus !== e.formatStatus);
    expect(differences.length).toBeGreaterThan(0);
    expect(additions.length).toBeGreaterThan(0);

    await bl.setCheckbox('Show only differences', true);
    await expect(bl.shownCount).toHaveText(`· ${cardCount(differences)} of ${cardCount(entries)} cards shown`);
    await bl.setCheckbox('Show only differences', false);
    await bl.setCheckbox('Show additions only', true);
    await expect(bl.shownCount).toHaveText(`· ${cardCount(additions)} of ${cardCount(entries)} cards shown`);
    // an addition row says what it was before
    const first = additions.sort((a, b) => SECTIONS.indexOf(a.formatStatus as never) - SECTIONS.indexOf(b.formatStatus as never))[0]!;
    await expect(bl.entries.filter({ hasText: first.cardName }).first()).toContainText(/Was (Forbidden|Limited|Semi-Limited|Unlimited)/);
    await bl.setCheckbox('Show only differences', true);
    const both = cardCount(additions.filter((e) => e.formatStatus !== e.advancedFormatStatus));
    if (both === 0) await expect(page.getByText('No cards match the search or filters.')).toBeVisible();
    else await expect(bl.shownCount).toHaveText(`· ${both} of ${cardCount(entries)} cards shown`);
  });

  test('nothing matching: an empty text and a button that clears search and filters', async ({ page }) => {
    const bl = new BanlistPage(page);
    await bl.goto('?q=zzzz-no-such-card');
    await expect(page.getByText('No cards match the search or filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect(bl.search).toHaveValue('');
    await bl.waitForList();
  });

  test('"Show card pictures" and "Compact layout" change the rows @both-widths', async ({ page }) => {
    const bl = new BanlistPage(page);
    await bl.goto();
    await bl.waitForList();
    const first = bl.entries.first();
    const thumb = first.getByRole('button', { name: /^Preview / }).locator('img');
    await expect(thumb).toBeVisible();
    const width = isMobile(page) ? 72 : 40; // spec 1 §9
    expect((await thumb.boundingBox())?.width).toBeCloseTo(width, 0);
    const tall = (await first.boundingBox())!.height;

    await bl.setCheckbox('Compact layout', true);
    await expect.poll(async () => (await bl.entries.first().boundingBox())!.height).toBeLessThan(tall);
    await bl.setCheckbox('Compact layout', false);

    await bl.setCheckbox('Show card pictures', false);
    await expect(bl.entries.first().locator('img')).toHaveCount(0);
    if (!isMobile(page)) await expect(page.getByRole('columnheader', { name: 'Img' })).toHaveCount(0);
    // without pictures the name opens the preview
    const cardId = (await bl.entries.first().getAttribute('data-card-id'))!;
    const card = await (await page.request.get(`/api/cards/${cardId}`)).json();
    await bl.entries.first().getByRole('button', { name: `Preview ${card.name}` }).click();
    await expect(page.getByRole('dialog', { name: `${card.name} preview` })).toBeVisible();
    await closeWithEscape(page, page.getByRole('dialog', { name: `${card.name} preview` }));
    await bl.setCheckbox('Show card pictures', true);
    await expect(bl.entries.first().getByRole('button', { name: /^Preview / }).locator('img')).toBeVisible();
  });

  test('section buttons jump to their section', async ({ page }) => {
    const bl = new BanlistPage(page);
    await bl.goto('?date=2026-05-01');
    await bl.waitForList();
    await bl.sectionJump('SEMI_LIMITED').click();
    const heading = page.getByTestId('section-SEMI_LIMITED');
    await expect(heading).toBeInViewport();
    // the heading is not hidden under the sticky navigation bar
    expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(60);
  });

  test('a card preview opens with its picture, text and stats @both-widths', async ({ page }) => {
    const bl = new BanlistPage(page);
    await bl.goto();
    await bl.waitForList();
    const row = await bl.findCard('Abyss Dweller');
    const trigger = row.getByRole('button', { name: 'Preview Abyss Dweller' });
    const card = await (await page.request.get('/api/cards/21044178')).json();
    if (isMobile(page)) await trigger.tap();
    else await trigger.hover();
    const preview = page.getByRole('dialog', { name: 'Abyss Dweller preview' });
    await expect(preview).toBeVisible();
    await expect(preview.getByRole('img', { name: 'Abyss Dweller' })).toBeVisible();
    await expect(preview).toContainText(card.text.slice(0, 40));
    await expect(preview).toContainText('Rank');
    await expect(preview).toContainText(String(card.atk));
    if (isMobile(page)) await page.keyboard.press('Escape');
    else await page.mouse.move(1200, 10);
    await expect(preview).toBeHidden();
  });

  test('a card preview opens from the keyboard too', async ({ page }) => {
    const bl = new BanlistPage(page);
    await bl.goto();
    await bl.waitForList();
    const row = await bl.findCard('Abyss Dweller');
    await row.getByRole('button', { name: 'Preview Abyss Dweller' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Abyss Dweller preview' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Abyss Dweller preview' })).toBeHidden();
  });
});

test.describe('banlist page: the whole list', () => {
  test('every card is in the page for Find and printing; the passcodes of one card are one row', async ({ page }) => {
    const bl = new BanlistPage(page);
    await bl.goto(`?date=${NEWEST_DEMO}`);
    await bl.waitForList();
    const entries = await apiEntries(page, NEWEST_DEMO);
    await expect(bl.entries).toHaveCount(cardCount(entries));

    // a card far down the list: the browser's Find reaches it without scrolling or searching first
    const last = lastCard(entries);
    const lastRow = page.locator(`[data-testid="banlist-entry"][data-card-id="${last.cardId}"]`);
    await expect(lastRow).not.toBeInViewport();
    expect(await page.evaluate((name) => (window as unknown as { find(s: string): boolean }).find(name), last.cardName)).toBe(true);
    await expect(lastRow).toBeInViewport();
    // printing paints every row
    await page.emulateMedia({ media: 'print' });
    expect(await bl.entries.evaluateAll((rows) => rows.filter((r) => getComputedStyle(r).contentVisibility !== 'visible').length)).toBe(0);
    await page.emulateMedia({ media: 'screen' });

    // Apollousa is listed under two passcodes (an alternate artwork): one row, counted once
    const apollousa = entries.filter((e) => e.cardName === 'Apollousa, Bow of the Goddess');
    expect(apollousa.map((e) => e.alias).sort()).toEqual([0, apollousa.find((e) => e.alias === 0)!.cardId]);
    const original = apollousa.find((e) => e.alias === 0)!;
    const artwork = apollousa.find((e) => e.alias !== 0)!;
    const row = bl.entry(original.cardName);
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-card-id', String(original.cardId));
    await expect(row.getByTestId('also-passcodes')).toHaveText(`also ${artwork.cardId}`);
    const counts = countsOf(entries);
    expect(counts.FORBIDDEN).toBe(entries.filter((e) => e.formatStatus === 'FORBIDDEN').length - 1);
    await expect(page.getByTestId('section-count-FORBIDDEN')).toHaveText(String(counts.FORBIDDEN));
    await bl.search.fill('Apollousa');
    await expect(bl.entries).toHaveCount(1);
    await screenshot(page, 'banlist-alternate-artwork', false);
  });
});

test.describe('banlist page @desktop', () => {
  test('a preview dismissed with Escape stays closed while the mouse rests on its card; a later hover opens it', async ({ page }) => {
    const bl = new BanlistPage(page);
    await bl.goto();
    await bl.waitForList();
    const row = await bl.findCard('Abyss Dweller');
    const trigger = row.getByRole('button', { name: 'Preview Abyss Dweller' });
    const preview = page.getByRole('dialog', { name: 'Abyss Dweller preview' });
    await trigger.click();
    await expect(preview).toBeVisible();
    await closeWithEscape(page, preview);
    // the pointer leaves and comes back at once (what a scroll under a resting mouse looks like)
    await page.mouse.move(1200, 10);
    await trigger.hover();
    await page.waitForTimeout(400); // longer than the hover delay: a reopening would show by now
    await expect(preview).toBeHidden();
    await page.mouse.move(1200, 10);
    await page.waitForTimeout(1000);
    await trigger.hover();
    await expect(preview).toBeVisible();
  });

  test('the desktop table has the spec columns, Img only with pictures on', async ({ page }) => {
    const bl = new BanlistPage(page);
    await bl.goto();
    await bl.waitForList();
    const headers = () => page.getByTestId('banlist-table').locator('thead th').allTextContents();
    expect(await headers()).toEqual(['Img', 'Type', 'Name', 'Format Hub Status', 'Remarks', 'Advanced', 'Reason']);
    await bl.setCheckbox('Show card pictures', false);
    expect(await headers()).toEqual(['Type', 'Name', 'Format Hub Status', 'Remarks', 'Advanced', 'Reason']);
    const row = bl.entries.first();
    await expect(row.getByRole('cell').nth(0)).toHaveText(/Monster|Spell|Trap|Unknown/);
    // a real table: its own elements give the roles (the Nu Html Checker refuses role attributes on them),
    // and no aria-label sits on a span that has no role to be named
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveCount(6);
    await expect(table.getByRole('row').first()).toBeVisible();
    expect(await page.getByTestId('banlist-table').evaluate((t) => [t, ...t.querySelectorAll('thead, tbody, tr, th, td')].filter((el) => el.hasAttribute('role') || el.hasAttribute('aria-colspan')).length)).toBe(0);
    expect(await page.locator('main span[aria-label]:not([role])').count()).toBe(0);
  });
});

test.describe('banlist page @mobile', () => {
  test('cards instead of a table, and a collapsible filter panel', async ({ page }) => {
    const bl = new BanlistPage(page);
    await bl.goto();
    await bl.waitForList();
    await expect(page.getByTestId('banlist-table')).toHaveCount(0);
    await expect(page.getByRole('article').first()).toBeVisible();
    const box = bl.checkbox('Show card pictures');
    await expect(box).toBeHidden();
    await expect(bl.filtersToggle).toHaveAttribute('aria-expanded', 'false');
    await bl.filtersToggle.click();
    await expect(box).toBeVisible();
    await expect(bl.download).toBeVisible();
    await bl.filtersToggle.click();
    await expect(box).toBeHidden();
    // no sideways scrolling on a phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('banlist page: download', () => {
  test('downloads the file under the server name, showing Downloading... meanwhile', async ({ page }) => {
    const bl = new BanlistPage(page);
    await bl.goto();
    await bl.waitForList();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route('**/api/banlists/*/lflist', async (route) => {
      await gate;
      await route.continue();
    });
    await bl.openControls();
    const downloadEvent = page.waitForEvent('download');
    await bl.download.click();
    await expect(bl.download).toHaveText('Downloading...');
    await expect(bl.download).toBeDisabled();
    release();
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toBe(`${NEWEST_DEMO}_Format Hub.lflist.conf`);
    const lines = fs.readFileSync(await download.path(), 'utf8').split('\n');
    expect(lines[0]).toMatch(/^#\[.+\]$/);
    expect(lines[1]).toMatch(/^!.+/);
    const entries = await apiEntries(page, NEWEST_DEMO);
    // the file keeps every passcode, alternate artworks too
    expect(lines.filter((l) => /^\d+ -?\d+/.test(l))).toHaveLength(entries.length);
    // and is the list the page names: EDOPro computes the hash the page shows from it
    const [file] = parseLflist(lines.join('\n')).lists;
    await expect(page.getByTestId('lflist-hash')).toHaveText(`· EDOPro hash ${file!.hash}`);
    await expect(bl.download).toHaveText('Download Banlist File');
  });

  test('a failed download says so', async ({ page }) => {
    const bl = new BanlistPage(page);
    await bl.goto();
    await bl.waitForList();
    await page.route('**/api/banlists/*/lflist', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }),
    );
    await bl.openControls();
    await bl.download.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to download lflist file' })).toBeVisible();
    await expect(bl.download).toHaveText('Download Banlist File');
  });
});

test.describe('banlist page: admin controls', () => {
  test('visitors and auth-1 users get neither Delete nor Import', async ({ page }) => {
    const bl = new BanlistPage(page);
    await bl.goto();
    await bl.waitForList();
    await bl.openControls();
    await expect(bl.download).toBeVisible();
    await expect(bl.deleteButton).toHaveCount(0);
    await expect(bl.importButton).toHaveCount(0);

    await signInAs(page, LINUS);
    await bl.goto();
    await bl.waitForList();
    await bl.openControls();
    await expect(bl.download).toBeVisible();
    await expect(bl.deleteButton).toHaveCount(0);
    await expect(bl.importButton).toHaveCount(0);
  });

  test('an admin deletes a banlist after confirming; the newest is selected again', async ({ page }, info) => {
    const date = ownDate(info, 10);
    await signInAs(page, ADA);
    await importList(page.request, date, '!E2E delete me\n40640057 1 --Kuriboh\n');
    try {
      const bl = new BanlistPage(page);
      await bl.goto(`?date=${date}`);
      await expect(bl.entry('Kuriboh')).toBeVisible();
      await bl.openControls();
      await bl.deleteButton.click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText(`Delete banlist dated ${date}? This cannot be undone.`);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      await expect(bl.version).toHaveValue(date);

      await bl.openControls();
      await bl.deleteButton.click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByRole('alertdialog')).toBeHidden();
      const dates: string[] = await (await page.request.get('/api/banlists/dates')).json();
      expect(dates).not.toContain(date);
      await expect(bl.version).toHaveValue(dates[0]!);
      await expect(bl.version.locator(`option[value="${date}"]`)).toHaveCount(0);
      await expect(page).not.toHaveURL(/[?&]date=/);
    } finally {
      await deleteListIfPresent(page.request, date, ADA.id);
    }
  });

  test('a failed delete says so and keeps the banlist', async ({ page }) => {
    await signInAs(page, ADA);
    const bl = new BanlistPage(page);
    await bl.goto();
    await bl.waitForList();
    await page.route((url) => url.pathname.startsWith('/api/banlists/'), (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' })
        : route.continue(),
    );
    await bl.openControls();
    await bl.deleteButton.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to delete banlist' })).toBeVisible();
    await expect(bl.version).toHaveValue(NEWEST_DEMO);
  });

  test('an admin imports a file; the imported date is selected', async ({ page }, info) => {
    const date = ownDate(info, 11);
    await signInAs(page, ADA);
    try {
      const bl = new BanlistPage(page);
      await bl.goto();
      await bl.waitForList();
      await bl.openControls();
      await bl.importButton.click();
      const dialog = page.getByRole('dialog', { name: 'Import banlist' });
      await dialog.getByLabel('Banlist file').setInputFiles(new URL('2023.02-TCG.lflist.conf', LFLISTS).pathname);
      const expected = summary['2023.02-TCG.lflist.conf']!.lists[0]!;
      await expect(dialog.getByTestId('import-summary')).toContainText(`${expected.name}: ${expected.entries} cards`);
      // the date is guessed from the list name, and the admin can change it
      await expect(dialog.getByLabel('Effective date')).toHaveValue('2023-02-01');
      await dialog.getByLabel('Effective date').fill(date);
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`[?&]date=${date}`));
      await expect(bl.version).toHaveValue(date);
      // every passcode is stored; the page counts cards (alternate artworks once)
      const stored = await apiEntries(page, date);
      expect(stored).toHaveLength(expected.entries);
      await expect(bl.shownCount).toHaveText(`· ${cardCount(stored)} cards`);
      await expect(page.getByRole('status').filter({ hasText: `Imported ${expected.name}` })).toBeVisible();
    } finally {
      await deleteListIfPresent(page.request, date, ADA.id);
    }
  });

  test('an admin imports pasted text; a list the server refuses shows its message and keeps the text', async ({ page }, info) => {
    const date = ownDate(info, 12);
    await signInAs(page, ADA);
    try {
      const bl = new BanlistPage(page);
      await bl.goto();
      await bl.waitForList();
      await bl.openControls();
      await bl.importButton.click();
      const dialog = page.getByRole('dialog', { name: 'Import banlist' });
      const text = dialog.getByLabel('List text');

      const junk = 'this is not a banlist';
      const refusal = await page.request.put(`/api/banlists/${date}`, { data: junk, headers: { 'Content-Type': 'text/plain' } });
      expect(refusal.status()).toBe(400);
      const { error } = await refusal.json();
      await text.fill(junk);
      await dialog.getByLabel('Effective date').fill(date);
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await expect(dialog.getByRole('alert')).toHaveText(error);
      await expect(text).toHaveValue(junk);

      await text.fill(`#[E2E]\n!E2E pasted\n${KURIBOH} 1 --Kuriboh\n${SANGAN} 0 --Sangan\n`);
      await expect(dialog.getByTestId('import-summary')).toContainText('E2E pasted: 2 cards');
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(bl.version).toHaveValue(date);
      await expect(bl.shownCount).toHaveText('· 2 cards');
      await expect(bl.sectionJump('FORBIDDEN')).toContainText('1');
      await expect(bl.sectionJump('LIMITED')).toContainText('1');
      await expect(bl.entry('Kuriboh')).toBeVisible();
      await expect(bl.entry('Sangan')).toBeVisible();
    } finally {
      await deleteListIfPresent(page.request, date, ADA.id);
    }
  });

  test('an admin imports a reference (Advanced) list; it feeds the Advanced column', async ({ page }, info) => {
    const referenceDate = ownDate(info, 13);
    const formatDate = ownDate(info, 14);
    await signInAs(page, ADA);
    try {
      await importList(page.request, formatDate, `!E2E format\n${SANGAN} 1 --Sangan\n`);
      const bl = new BanlistPage(page);
      await bl.goto(`?date=${formatDate}`);
      await bl.waitForList();
      await bl.openControls();
      await bl.importButton.click();
      const dialog = page.getByRole('dialog', { name: 'Import banlist' });
      await dialog.getByLabel('List text').fill(`!E2E reference\n${SANGAN} 0 --Sangan\n`);
      await dialog.getByLabel('Effective date').fill(referenceDate);
      await dialog.getByLabel(/Reference list/).check();
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: 'as the Advanced reference list' })).toBeVisible();
      // the format list stays selected, and its Advanced column now reads the reference list
      await expect(bl.version).toHaveValue(formatDate);
      await expect(bl.entry('Sangan')).toContainText('Forbidden');
      await bl.setCheckbox('Show only differences', true);
      await expect(bl.shownCount).toHaveText('· 1 of 1 cards shown');
    } finally {
      await deleteListIfPresent(page.request, formatDate, ADA.id);
      await deleteListIfPresent(page.request, referenceDate, ADA.id, true);
    }
  });
});

test.describe('banlist page: thousands of rows', () => {
  test('the GOAT whitelist (1,704 passcodes) keeps every card in the page, painting only those on screen', async ({ page }, info) => {
    test.slow(); // imports and renders 1,704 passcodes: seconds on a loaded 2-core CI machine
    const date = ownDate(info, 20);
    await signInAs(page, ADA);
    await importList(page.request, date, lflist('2005.4-GOAT.lflist.conf'));
    try {
      const bl = new BanlistPage(page);
      await bl.goto(`?date=${date}`);
      await bl.waitForList();
      const entries = await apiEntries(page, date);
      expect(entries).toHaveLength(1704);
      const cards = cardCount(entries);
      await expect(bl.shownCount).toHaveText(`· ${cards.toLocaleString('en-US')} cards`);
      // the first rows come at once, the rest in a transition right after (slow on a loaded CI machine)
      await expect(bl.entries).toHaveCount(cards, { timeout: 30_000 });
      // the rows below the fold are in the document, laid out at an estimated height and not painted
      await expect(bl.entries.last()).toHaveCSS('content-visibility', 'auto');
      const last = lastCard(entries);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const lastRow = page.locator(`[data-testid="banlist-entry"][data-card-id="${last.cardId}"]`);
      await expect(lastRow).toBeInViewport();
      await expect(lastRow).toContainText(last.cardName);
    } finally {
      await deleteListIfPresent(page.request, date, ADA.id);
    }
  });
});

test.describe('banlist page: states', () => {
  test('empty database: no banlist published yet', async ({ page }) => {
    await page.goto(`${await emptyUrl()}/banlist`);
    await expect(page.getByText('No banlist published yet.')).toBeVisible();
  });

  test('loading, then the list', async ({ page }) => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route(`**/api/banlists/${NEWEST_DEMO}`, async (route) => {
      await gate;
      await route.continue();
    });
    const bl = new BanlistPage(page);
    await bl.goto();
    await expect(page.getByRole('status').filter({ hasText: 'Loading banlist…' })).toBeVisible();
    release();
    await bl.waitForList();
  });

  test('a failed load shows the error and retries', async ({ page }) => {
    let fail = true;
    await page.route('**/api/banlists/dates', (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }) : route.continue(),
    );
    const bl = new BanlistPage(page);
    await bl.goto();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to load banlist' })).toBeVisible({ timeout: 15_000 });
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await bl.waitForList();
  });

  test('a date that is not one, or that names no banlist, falls back to the newest with a notice', async ({ page }) => {
    const bl = new BanlistPage(page);
    for (const asked of ['garbage', '1999-01-01']) {
      await bl.goto(`?date=${asked}`);
      await expect(page.getByTestId('date-fallback')).toHaveText(`No banlist is dated “${asked}”: showing the newest, ${NEWEST_DEMO}.`);
      await expect(bl.version).toHaveValue(NEWEST_DEMO);
      await bl.waitForList();
      await expect(page).not.toHaveURL(/[?&]date=/);
      await expect(page.getByText('Failed to load banlist')).toHaveCount(0);
    }
    await screenshot(page, 'banlist-unknown-date', false);
    // choosing a version puts the notice away
    await bl.version.selectOption('2026-05-01');
    await expect(page.getByTestId('date-fallback')).toHaveCount(0);
  });
});

/**
 * An entry gets a poster only through the judgement board: a user proposes a card, every admin votes,
 * every admin presses send-off, and the server publishes a banlist dated the send-off date.
 */
async function publishThroughJudgement(browser: Browser, o: { date: string; cardId: number; reason: string }) {
  const ada = await signedInRequest(browser, ADA);
  const grace = await signedInRequest(browser, GRACE);
  const joey = await signedInRequest(browser, JOEY);
  const admins = await (await ada.request.get('/api/users/admin-discord-ids')).json();
  expect([...admins].sort(), 'the demo admins are Ada and Grace').toEqual([ADA.id, GRACE.id]);
  const before = await (await ada.request.get('/api/judgement/sendoff-status')).json();
  expect(before.pressed, 'nobody has pressed send-off yet').toEqual([]);
  const board = (await (await ada.request.get('/api/judgement')).json()) as { id: number; votes: Record<string, string> }[];
  // Cards already on the board stay there: a discussion vote is a real vote that publishes nothing.
  for (const e of board) {
    for (const [who, c] of [[ADA.id, ada], [GRACE.id, grace]] as const) {
      expect((await c.request.post(`/api/judgement/${e.id}/vote?adminId=${who}&vote=discussion`)).ok()).toBe(true);
    }
  }
  const restore = async () => {
    for (const e of board) {
      for (const [who, c] of [[ADA.id, ada], [GRACE.id, grace]] as const) {
        await c.request.post(`/api/judgement/${e.id}/vote?adminId=${who}&vote=${encodeURIComponent(e.votes[who] ?? 'no opinion')}`);
      }
    }
    await deleteListIfPresent(ada.request, o.date, ADA.id);
    await ada.request.put(`/api/judgement/sendoff-date?adminId=${ADA.id}`, { data: before.sendoffDate ?? '', headers: { 'Content-Type': 'text/plain' } });
    await Promise.all([ada.close(), grace.close(), joey.close()]);
  };
  try {
    const dateRes = await ada.request.put(`/api/judgement/sendoff-date?adminId=${ADA.id}`, { data: o.date, headers: { 'Content-Type': 'text/plain' } });
    expect(dateRes.ok(), await dateRes.text()).toBe(true);
    const proposed = await joey.request.post('/api/judgement', { data: { cardId: o.cardId, reason: o.reason, poster: JOEY.id } });
    expect(proposed.status(), await proposed.text()).toBe(201);
    const { id } = await proposed.json();
    for (const [who, c] of [[ADA.id, ada], [GRACE.id, grace]] as const) {
      expect((await c.request.post(`/api/judgement/${id}/vote?adminId=${who}&vote=1`)).ok()).toBe(true);
    }
    expect((await ada.request.post(`/api/judgement/sendoff-toggle?adminId=${ADA.id}`)).ok()).toBe(true);
    const last = await (await grace.request.post(`/api/judgement/sendoff-toggle?adminId=${GRACE.id}`)).json();
    expect(last.published?.date).toBe(o.date);
  } catch (e) {
    await restore();
    throw e;
  }
  return restore;
}

test.describe('banlist page: reasons', () => {
  const reason = 'Proposed in an e2e test: too strong with Multiply.';
  let cleanup: (() => Promise<void>) | undefined;
  let date = '';

  test.beforeAll(async ({ browser }, info) => {
    // three sign-ins and a whole judgement round: more than one test's time on a loaded machine
    test.setTimeout(90_000);
    // after every demo banlist, one date per project
    date = info.project.name === 'mobile' ? '2090-02-01' : '2090-01-01';
    cleanup = await publishThroughJudgement(browser, { date, cardId: KURIBOH, reason });
  });
  test.afterAll(async () => {
    test.setTimeout(90_000);
    await cleanup?.();
  });

  test('someone else reads the reason: Close only, no Save', async ({ page }) => {
    await signInAs(page, LINUS);
    const bl = new BanlistPage(page);
    await bl.goto(`?date=${date}`);
    const row = await bl.findCard('Kuriboh');
    await expect(row).toContainText('New');
    await row.getByRole('button', { name: 'Reason for Kuriboh' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reason: Kuriboh' });
    await expect(dialog).toContainText(reason);
    await expect(dialog).toContainText('Proposed by Joey');
    await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(dialog.getByRole('textbox')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
  });

  test('search finds a card by its reason', async ({ page }) => {
    const bl = new BanlistPage(page);
    await bl.goto(`?date=${date}`);
    await bl.waitForList();
    await bl.search.fill('with multiply');
    await expect(bl.entries).toHaveCount(1);
    await expect(bl.entries.first()).toContainText('Kuriboh');
  });

  test('the poster edits the reason: Save disabled while blank, a failure says so and keeps the text', async ({ page }) => {
    await signInAs(page, JOEY);
    const bl = new BanlistPage(page);
    await bl.goto(`?date=${date}`);
    const row = await bl.findCard('Kuriboh');
    await row.getByRole('button', { name: 'Reason for Kuriboh' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reason: Kuriboh' });
    const box = dialog.getByRole('textbox', { name: 'Reason' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(box).toHaveValue(reason);
    await box.fill('   ');
    await expect(save).toBeDisabled();

    await page.route('**/api/banlists/*/entries/*/reason', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }),
    );
    await box.fill('Edited: still too strong.');
    await save.click();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to update reason');
    await expect(box).toHaveValue('Edited: still too strong.');
    await page.unroute('**/api/banlists/*/entries/*/reason');

    await save.click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('button', { name: 'Reason for Kuriboh' })).toHaveText('Edited: still too strong.');
    const entries = await apiEntries(page, date);
    expect(entries.find((e) => e.cardId === KURIBOH)?.reason).toBe('Edited: still too strong.');
    // put the original back for the other viewport's run
    const restore = entries.find((e) => e.cardId === KURIBOH)!;
    const res = await page.request.put(`/api/banlists/${date}/entries/${restore.id}/reason`, {
      data: reason,
      headers: { 'Content-Type': 'text/plain', Origin: new URL(page.url()).origin },
    });
    expect(res.ok()).toBe(true);
  });
});
