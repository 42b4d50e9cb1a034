// Issue 39 §1: people and roles from the site. A new player meets 'Request to host' where Host would
// be (the tournaments list, a series, the host form) with who decides, and asks; an admin approves on
// /admin/people and the player can host. An admin changes a level, suspends and lifts, then reads
// each in /admin/log. Both pages are checked with axe and html-validate, at 1280 and 390 px. Each
// test signs in people of its own (new to the demo data), so no other spec sees them.
import type { Browser, Page } from '@playwright/test';
import { ADA, expect, expectAccessible, expectValidHtml, isMobile, openMenuIfMobile, screenshot, signInAs, test } from './fixtures.ts';

const OUTLINE = ['heading-order'];
const newUser = (page: Page, n: number, name: string) => ({ id: `71000000000000${isMobile(page) ? 2 : 1}${n}`.padEnd(18, '0'), name });

/** Ada, in a browser of her own, on /admin/people. */
async function adminPage(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin, viewport: page.viewportSize(), isMobile: isMobile(page), hasTouch: isMobile(page) });
  const admin = await context.newPage();
  await signInAs(admin, ADA);
  await admin.goto('/admin/people');
  await expect(admin.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  return admin;
}

test('a new player asks to host where Host would be, sees who decides; an admin approves on /admin/people; the player hosts @both-widths', async ({ page, browser }) => {
  const player = newUser(page, 1, `Asker ${isMobile(page) ? 'M' : 'D'}`);
  await signInAs(page, player);
  await page.goto('/tournaments');
  const ask = page.getByTestId('request-to-host');
  await expect(ask).toContainText('Only curators may host tournaments. The admins decide who hosts: Ada and Grace.');
  await expect(page.getByRole('link', { name: 'Host Tournament' })).toHaveCount(0);
  const series = (await (await page.request.get('/api/series/summaries')).json()) as { id: string }[];
  await page.goto(`/series/${series[0]!.id}`);
  await expect(ask.getByRole('button', { name: 'Request to host' })).toBeVisible();

  await page.goto('/tournaments/new');
  await ask.getByRole('button', { name: 'Request to host' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request to host' });
  await dialog.getByLabel('What would you host? (optional)').fill('A GOAT night on Tuesdays');
  await expectAccessible(page, 'the request to host dialog', OUTLINE);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();
  await expect(ask.getByRole('status')).toContainText('Your request to host is waiting for the admins');

  const admin = await adminPage(browser, page);
  const request = admin.getByTestId('host-request').filter({ hasText: player.name });
  await expect(request).toContainText('A GOAT night on Tuesdays');
  await expect(request).toContainText('played 0 events · hosted 0 events');
  await expect(admin.getByRole('table').or(admin.getByRole('list', { name: 'Users' }))).toBeVisible();
  await expectAccessible(admin, '/admin/people', OUTLINE);
  await expectValidHtml(admin, '/admin/people');
  await screenshot(admin, 'admin-people', false);
  await request.getByRole('button', { name: `Approve ${player.name}’s request to host` }).click();
  await expect(admin.getByRole('status').filter({ hasText: `${player.name} is a curator now and can host.` })).toBeVisible();
  await expect(request).toHaveCount(0);
  await admin.context().close();

  await page.goto('/tournaments');
  await expect(page.getByRole('link', { name: 'Host Tournament' })).toBeVisible();
  await expect(ask).toHaveCount(0);
});

test('an admin changes a level, suspends and lifts from the menu’s People, and reads each in the admin log @both-widths', async ({ page, browser }) => {
  const person = newUser(page, 2, `Subject ${isMobile(page) ? 'M' : 'D'}`);
  await signInAs(page, person);
  await page.goto('/');
  const admin = await adminPage(browser, page);
  await admin.goto('/');
  await openMenuIfMobile(admin);
  if (!isMobile(admin)) await admin.getByRole('button', { name: 'Admin' }).click();
  await admin.getByRole('link', { name: 'People' }).click();
  await admin.getByLabel('Name or Discord id').fill(person.name);
  await admin.getByRole('button', { name: 'Search' }).click();
  const row = admin.getByTestId('person').filter({ hasText: person.name });
  await expect(admin.getByTestId('person')).toHaveCount(1);

  await row.getByRole('button', { name: `Change the level of ${person.name}` }).click();
  let dialog = admin.getByRole('dialog', { name: `Level of ${person.name}` });
  await dialog.getByRole('radio', { name: /^Curator/ }).check();
  await dialog.getByRole('button', { name: 'Save level' }).click();
  await expect(dialog.getByText('Say why: it goes in the admin log.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Runs the Friday nights');
  await dialog.getByRole('button', { name: 'Save level' }).click();
  await expect(admin.getByRole('status').filter({ hasText: `${person.name} is curator now.` })).toBeVisible();
  await expect(row).toContainText('Curator');

  await row.getByRole('button', { name: `Suspend ${person.name}` }).click();
  dialog = admin.getByRole('dialog', { name: `Suspend ${person.name}` });
  await dialog.getByLabel('Reason (they are told it)').fill('Flagged every match to stall');
  await dialog.getByRole('radio', { name: 'When an admin lifts it' }).check();
  await expectAccessible(admin, 'the suspend dialog', OUTLINE);
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(row).toContainText('Suspended until lifted');
  // their open page is signed out at its next look at the session
  await page.reload();
  await openMenuIfMobile(page);
  await expect(page.getByRole('button', { name: 'Login with Discord' }).first()).toBeVisible();

  await row.getByRole('button', { name: `Lift the suspension of ${person.name}` }).click();
  dialog = admin.getByRole('dialog', { name: `Lift the suspension of ${person.name}?` });
  await dialog.getByRole('button', { name: 'Lift suspension' }).click();
  await expect(row).toContainText('Active');

  await row.getByRole('link', { name: `${person.name} in the admin log` }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Admin log' })).toBeVisible();
  const lines = admin.getByTestId('log-line');
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(0)).toContainText(`Ada lifted the suspension of ${person.name}`);
  await expect(lines.nth(1)).toContainText(`Ada suspended ${person.name} until lifted`);
  await expect(lines.nth(1)).toContainText('Flagged every match to stall');
  await expect(lines.nth(2)).toContainText(`Ada made ${person.name} a curator (was a player)`);
  await expect(lines.nth(2).getByRole('link', { name: person.name })).toHaveAttribute('href', `/players/${person.id}`);
  await expectAccessible(admin, '/admin/log', OUTLINE);
  await expectValidHtml(admin, '/admin/log');
  await screenshot(admin, 'admin-log');

  // one action, every person
  await admin.getByRole('button', { name: 'Clear' }).click();
  await admin.getByLabel('Action', { exact: true }).selectOption('suspend');
  await admin.getByRole('button', { name: 'Filter' }).click();
  await expect(admin).toHaveURL(/action=suspend/);
  await expect(lines.first()).toContainText(`suspended ${person.name}`);
  for (const text of await lines.allTextContents()) expect(text).toContain('suspended');
  await admin.context().close();
});
