import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { emptyUrl, JOEY, LINUS, expect, signInAs, test } from './fixtures.ts';

const png = (colour: string) => sharp({ create: { width: 48, height: 32, channels: 3, background: colour } }).png().toBuffer();

/** Picks an option of a Radix select by its label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function chooseFile(page: Page, button: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
}

test.describe('a curator publishes and maintains a series', () => {
  test('create from a preset with a picture and a banlist, edit, list, detail, delete', async ({ page }, testInfo) => {
    const name = `E2E Cup ${testInfo.project.name} ${Date.now()}`;
    await signInAs(page, LINUS);
    await page.goto('/series');
    await page.getByRole('link', { name: 'New Series' }).click();
    await expect(page).toHaveURL(/\/series\/new$/);
    await expect(page.getByRole('heading', { name: 'New Series' })).toBeVisible();

    // the four tabs fit the screen (two rows of two on a phone), each label whole
    const tabList = page.getByRole('tablist', { name: 'Series settings' });
    expect(await tabList.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const tab of ['Metadata', 'Procedural', 'Base Settings', 'Rules & Filters']) {
      const trigger = page.getByRole('tab', { name: tab });
      await expect(trigger).toBeInViewport({ ratio: 1 });
      expect(await trigger.evaluate((el) => el.scrollWidth <= el.clientWidth), `${tab} is not cut`).toBe(true);
    }

    // Metadata
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Description').fill('Made by the end-to-end test.');
    await chooseFile(page, 'Choose picture', { name: 'cover.png', mimeType: 'image/png', buffer: await png('#cc3366') });
    await expect(page.getByRole('img', { name: 'Picture preview' })).toBeVisible();

    // Procedural: best of, and the banlist fetched for a date
    await page.getByRole('tab', { name: 'Procedural' }).click();
    await page.getByLabel('Best of').fill('5');
    await choose(page, 'Banlist date', '2026-07-01');
    await page.getByRole('button', { name: 'Use this banlist' }).click();
    await expect(page.getByLabel('Banlist text (.lflist.conf)')).toHaveValue(/^#\[2026\.07 OCG\]\n!2026\.07 OCG/);
    await expect(page.getByLabel('Banlist name')).toHaveValue('2026.07 OCG');

    // Rules & Filters: a preset replaces both sets; any change re-detects it
    await page.getByRole('tab', { name: 'Rules & Filters' }).click();
    const preset = page.getByRole('combobox', { name: 'Preset' });
    await expect(preset).toHaveText('Custom');
    await choose(page, 'Preset', 'Master Rule 3');
    await expect(preset).toHaveText('Master Rule 3');
    await expect(page.getByRole('checkbox', { name: 'Separate Pendulum Zones' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'No Link' })).toBeChecked();
    await expect(page.getByTestId('duel-flags')).toContainText('0xd1800');
    await page.getByRole('checkbox', { name: 'TCG SEGOC', exact: true }).check();
    await expect(preset).toHaveText('Custom');
    await page.getByRole('checkbox', { name: 'TCG SEGOC', exact: true }).uncheck();
    await expect(preset).toHaveText('Master Rule 3');

    await page.getByRole('button', { name: 'Create Series' }).click();
    await expect(page).toHaveURL(/\/series\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;

    // Detail
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByTestId('series-preset')).toHaveText('Master Rule 3');
    await expect(page.getByRole('heading', { name: 'Match Parameters' })).toBeVisible();
    await expect(page.getByText('Best of').locator('xpath=following-sibling::dd[1]')).toHaveText('5');
    await expect(page.getByRole('list', { name: 'Rules and filters' })).toContainText('Separate Pendulum Zones');
    await expect(page.getByRole('list', { name: 'Rules and filters' })).toContainText('No Link');
    await expect(page.getByTestId('duel-flags')).toHaveText('0xd1800 · 858112');
    await expect(page.getByTestId('forbidden-types')).toHaveText('0x4000000 · 67108864');
    await expect(page.getByText('2026.07 OCG')).toBeVisible();
    const picture = page.getByRole('img', { name: `${name} picture` });
    await expect(picture).toBeVisible();
    // visible is not loaded: wait for the picture's own pixels
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);

    // Edit: a client-side error and a server-side one are shown at their fields, nothing typed is lost
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(`/series/${id}/edit`);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
    await page.getByLabel('Name', { exact: true }).fill(`${name} (edited)`);
    await page.getByRole('tab', { name: 'Base Settings' }).click();
    await page.getByLabel('Starting LP').fill('4000');
    await page.getByLabel('Main Deck minimum').fill('70');
    await page.getByRole('tab', { name: 'Metadata' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('tab', { name: /Base Settings/ })).toHaveAttribute('data-state', 'active');
    await expect(page.getByTestId('error-minMainDeckSize')).toHaveText('Main Deck minimum (70) must not exceed the maximum (60)');
    await expect(page.getByLabel('Main Deck minimum')).toBeFocused();
    await expect(page.getByLabel('Starting LP')).toHaveValue('4000');
    await page.getByLabel('Main Deck minimum').fill('40');

    await page.getByRole('tab', { name: 'Metadata' }).click();
    await page.getByLabel('Name', { exact: true }).fill('   ');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByTestId('error-name')).toHaveText('Name is required'); // the server's answer
    await page.getByLabel('Name', { exact: true }).fill(`${name} (edited)`);
    await page.getByRole('tab', { name: 'Base Settings' }).click();
    await expect(page.getByLabel('Starting LP')).toHaveValue('4000');
    await page.getByRole('button', { name: 'Save Changes' }).click();

    await expect(page).toHaveURL(`/series/${id}`);
    await expect(page.getByRole('heading', { name: `${name} (edited)`, level: 1 })).toBeVisible();
    await expect(page.getByText('Starting LP').locator('xpath=following-sibling::dd[1]')).toHaveText('4000');
    await expect(picture.or(page.getByRole('img', { name: `${name} (edited) picture` }))).toBeVisible();

    // List: the card links to the detail, with Host and Edit links
    await page.getByRole('link', { name: 'Back to list' }).click();
    const card = page.getByTestId('series-card').filter({ hasText: `${name} (edited)` });
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: `${name} (edited)`, exact: true })).toHaveAttribute('href', `/series/${id}`);
    await expect(card.getByRole('link', { name: /^Host a tournament/ })).toHaveAttribute('href', `/tournaments/host/${id}`);
    await expect(card.getByRole('link', { name: /^Edit / })).toHaveAttribute('href', `/series/${id}/edit`);

    // Delete, after the confirmation
    await card.getByRole('link', { name: /^Edit / }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Delete this series? This cannot be undone.');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/series$/);
    await expect(page.getByTestId('series-card').filter({ hasText: name })).toHaveCount(0);
    expect((await page.request.get(`/api/series/${id}`)).status()).toBe(404);
  });
});

test.describe('series pages for everyone', () => {
  test('signed out: cards and details, without New Series, Edit or Host Tournament', async ({ page }) => {
    await page.goto('/series');
    const card = page.getByTestId('series-card').filter({ hasText: 'GOAT Format Monthly' });
    await expect(card).toBeVisible();
    // each card says what its series holds (issue 30 §8)
    await expect(card.getByTestId('series-card-banlist')).toHaveText('Banlist: 2005.4 GOAT');
    await expect(page.getByTestId('series-card').filter({ hasText: 'Modern Master Rule' }).getByTestId('series-card-banlist')).toHaveText('Banlist: 2026.07 OCG');
    await expect(page.getByRole('link', { name: 'New Series' })).toHaveCount(0);
    await card.getByRole('link', { name: 'GOAT Format Monthly', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'GOAT Format Monthly', level: 1 })).toBeVisible();
    for (const title of ['Overview', 'Gameplay & Procedure', 'Match Parameters', 'Deck Construction Limits', 'Rules & Filters']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(page.getByTestId('duel-flags')).toHaveText('0x7f80d072c · 34226374444');
    // its format's list, which is not one of the site's (issue 39 §2)
    await expect(page.getByTestId('series-banlist')).toHaveText('2005.4 GOAT (the series’ own list)');
    await expect(page.getByRole('link', { name: 'Back to list' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Host Tournament' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  });

  test('a plain user (auth 0) sees no New Series and cannot open the form', async ({ page }) => {
    await signInAs(page, JOEY);
    await page.goto('/series');
    await expect(page.getByTestId('series-card').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'New Series' })).toHaveCount(0);
    await page.goto('/series/new');
    await expect(page.getByRole('alert')).toHaveText('Only curators (auth level 1 or more) may create or edit series.');
  });

  test('an unknown series says Series not found, with Back to list', async ({ page }) => {
    await page.goto('/series/no-such-series');
    await expect(page.getByRole('alert')).toHaveText('Series not found');
    await expect(page.getByRole('link', { name: 'Back to list' })).toBeVisible();
  });

  test('load failures say Failed to load series', async ({ page }) => {
    await page.route('**/api/series/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }));
    // the queries retry once after a backoff before they give up: the page's clock is moved past it
    await page.clock.install();
    const failed = async () => {
      await expect.poll(async () => {
        await page.clock.runFor(1_000);
        return page.getByRole('alert').filter({ hasText: 'Failed to load series' }).count();
      }).toBe(1);
      await expect(page.getByRole('alert')).toHaveText('Failed to load series');
    };
    await page.goto('/series');
    await failed();
    await page.goto('/series/some-id');
    await failed();
  });

  test('an empty database says No series found.', async ({ page }) => {
    await page.goto(`${await emptyUrl()}/series`);
    await expect(page.getByText('No series found.')).toBeVisible();
  });
});
