// Issue 31: the site's setting behind `/notifications` in Discord, on /settings, reached from the
// account in the header. Each test signs in a user of its own (new to the demo data), so no other
// spec's direct messages depend on what this one turns off.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectValidHtml, isMobile, openMenuIfMobile, screenshot, signInAs, test } from './fixtures.ts';

const LABEL = 'Send me direct messages about my events';
const dmSwitch = (page: Page) => page.getByRole('switch', { name: LABEL });
const newUser = (page: Page, n: number) => ({ id: `10000000000074${isMobile(page) ? 2 : 1}${n}`.padEnd(18, '0'), name: `Settler ${n}` });

test('a visitor is asked to sign in; a player opens Settings from the header, turns direct messages off, still off after a reload, on again @both-widths', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByText('Sign in to change your settings')).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Login with Discord' })).toBeVisible();

  await signInAs(page, newUser(page, 1));
  await page.goto('/');
  await openMenuIfMobile(page);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Discord direct messages' })).toBeVisible();
  await expect(dmSwitch(page)).toBeChecked();
  await expect(page.getByText('/notifications off')).toBeVisible();
  await expectAccessible(page, 'the settings page', ['heading-order']);
  await expectValidHtml(page, 'the settings page');
  await page.mouse.move(0, 400); // the header's Settings link without the hover of the click
  await screenshot(page, 'settings');

  await dmSwitch(page).click();
  await expect(dmSwitch(page)).not.toBeChecked();
  await expect(page.getByTestId('dm-save-status')).toHaveText('Saved: direct messages are off.');
  await page.reload();
  await expect(dmSwitch(page)).not.toBeChecked();
  await dmSwitch(page).click();
  await expect(page.getByTestId('dm-save-status')).toHaveText('Saved: direct messages are on.');
  await expect(dmSwitch(page)).toBeChecked();
  expect(await (await page.request.get('/api/discord/notifications')).json()).toEqual({ directMessages: true });
});

test('a refused save says so and puts the switch back; a failed load offers Retry', async ({ page }) => {
  await signInAs(page, newUser(page, 2));
  let failLoads = true;
  await page.route('**/api/discord/notifications', (route) => {
    const method = route.request().method();
    if (method === 'PUT') return route.fulfill({ status: 429, json: { error: 'Too many requests: try again in a minute' } });
    return failLoads ? route.fulfill({ status: 503, json: { error: 'The database is busy' } }) : route.fallback();
  });
  await page.goto('/settings');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The database is busy');
  failLoads = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(dmSwitch(page)).toBeChecked();

  await dmSwitch(page).click();
  await expect(page.getByRole('alert')).toContainText('Your choice was not saved: direct messages are still on.');
  await expect(page.getByRole('alert')).toContainText('Too many requests: try again in a minute');
  await expect(dmSwitch(page)).toBeChecked();
  await page.unroute('**/api/discord/notifications');
  expect(await (await page.request.get('/api/discord/notifications')).json()).toEqual({ directMessages: true });
});
