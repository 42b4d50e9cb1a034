// Issue 39 §1: people and roles from the site. A new player meets 'Request to host' where Host would
// be (the tournaments list, a series, the host form) with who decides, and asks; an admin approves on
// /admin/people and the player hosts their first night: from the GOAT series on its own list, four decks
// checked from Needs attention, a deckless team dropped on purpose, Start, and final standings that
// place only the teams that played (issue 39's 'done when'). An admin changes a level, suspends and lifts, then reads
// each in /admin/log. Both pages are checked with axe and html-validate, at 1280 and 390 px. Each
// test signs in people of its own (new to the demo data), so no other spec sees them.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { ADA, expect, expectAccessible, expectValidHtml, isMobile, openMenuIfMobile, screenshot, signInAs, test } from './fixtures.ts';
import { HostTournamentForm, signUpByApi } from './pages/tournament-page.ts';
import { AdminApi, PlayView } from './pages/tournament-play.ts';

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

test('a new player asks to host where Host would be, sees who decides; an admin approves on /admin/people; the player hosts their first night from the GOAT series @both-widths', async ({ page, browser }) => {
  test.setTimeout(120_000);
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

  // ---- their first night (issue 39 §2): from the GOAT series, on its own list, preselected ---------------------
  await page.goto('/series');
  await page.getByTestId('series-card').filter({ hasText: 'GOAT Format Monthly' }).getByRole('link', { name: /^Host a tournament/ }).click();
  await expect(page.getByRole('combobox', { name: 'Banlist' })).toHaveText('2005.4 GOAT (the series’ own list)');
  await new HostTournamentForm(page).field('Name').fill(`${player.name}'s First Night ${Date.now()}`);
  await new HostTournamentForm(page).create.click();
  await expect(page).toHaveURL(/\/tournaments\/[0-9a-f-]{36}$/);
  const uid = new URL(page.url()).pathname.split('/').at(-1)!;
  // four players send GOAT decks; a fifth signs up and sends none
  const players = [1, 2, 3, 4, 5].map((n) => newUser(page, 60 + n, `Goat ${n} ${isMobile(page) ? 'M' : 'D'}`));
  for (const p of players.slice(0, 4)) await signUpByApi(uid, p, p.name, goatDeck());
  await signUpByApi(uid, players[4]!, players[4]!.name);

  // the decks to check are the first thing Needs attention says; the four pass and are approved at once
  const host = new PlayView(page);
  await host.goto(uid);
  const attention = page.getByTestId('attention-panel');
  await expect(attention.getByTestId('attention-decks')).toContainText('4 decks to check');
  await attention.getByRole('button', { name: 'Check the 4 decks' }).click();
  const check = page.getByRole('dialog');
  await expect(check.getByTestId('deck-check-progress')).toHaveText('Deck 1 of 4 waiting for a check');
  await check.getByRole('button', { name: 'Approve all that pass the checks' }).click();
  await expect(check).toHaveCount(0);
  await expect(attention.getByTestId('attention-decks')).toHaveCount(0);

  // Start is the first button; the team without a deck is dropped only on purpose, asked twice
  await (await host.actionButton('Start Tournament')).click();
  const start = page.getByRole('alertdialog', { name: 'Start tournament' });
  await expect(start.getByRole('button', { name: 'Start Tournament' })).toBeFocused();
  await start.getByRole('button', { name: 'Drop this team…' }).click();
  await start.getByRole('group', { name: 'Drop the teams without an approved deck' }).getByRole('button', { name: 'Drop 1 team' }).click();
  await expect(start.getByTestId('start-team-count')).toHaveText('4 teams are paired for round 1.');
  await start.getByRole('button', { name: 'Start Tournament' }).click();
  await expect(start).toHaveCount(0);

  // played to the end; the final standings place only the teams that played
  const api = await AdminApi.as(player, uid);
  for (let round = 0; round < 8; round++) {
    await api.finishOpen();
    const t = await api.tournament();
    if (t.championTeamUid || t.currentRound >= t.roundCount) break;
    await api.nextRound();
  }
  expect((await api.ctx.post(`/api/tournaments/${uid}/winner`)).ok()).toBe(true);
  await api.dispose();
  await page.reload();
  const table = page.getByTestId('centre-panel').getByTestId('standings');
  await expect(table.getByTestId('standing-placement')).toHaveText(['1st', '2nd', /^3rd/, /^(3rd|4th)/]);
  await expect(table.getByTestId('standings-did-not-play')).toHaveText(`Did not play: ${players[4]!.name}: not placed.`);
});

/** A GOAT-legal deck: a structure deck of the era with the GOAT list's own passcodes for four of its cards. */
function goatDeck(): string {
  const ids: Record<string, string> = { 53839837: '504700087', 77044671: '504700135', 23205979: '504700038', 71044499: '504700116' };
  const text = fs.readFileSync(path.resolve(import.meta.dirname, '../../shared/data/decks/projectignis-distribution/Structure Deck - Zombie Madness.ydk'), 'utf8');
  return text.replace(/^\d+/gm, (id) => ids[id] ?? id);
}

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
