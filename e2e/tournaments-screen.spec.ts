import { ADA, expect, expectAccessible, expectValidHtml, screenshot, test } from './fixtures.ts';
import { hostByApi } from './pages/tournament-page.ts';
import { AdminApi, type ApiMatch } from './pages/tournament-play.ts';

// The hall's big screen (issue 30 §6): /tournaments/{uid}/screen, public, without the site's
// navigation; the round's pairings by table in type read from across the hall and its clock, live
// (a result, an extension, the standings once every result is in, the next round) without a reload.
// One visit: 1920 × 1080 as a hall's screen, then 390 px, where it stacks.

test('the big screen follows a round live: pairings and clock, a result, an extension, the standings, the next round', async ({ page }) => {
  const uid = await hostByApi(ADA, { name: 'Screen Night', manualDeckChecking: false, bestOf: 3 });
  const admin = await AdminApi.as(ADA, uid);
  await admin.seed(6);
  await admin.start();
  const tables = (await admin.matches(1)).filter((m) => m.team1Id && m.team2Id) as (ApiMatch & { table: number })[];
  tables.sort((a, b) => a.table - b.table);

  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`/tournaments/${uid}/screen`);
  await expect(page.getByRole('heading', { level: 1, name: 'Screen Night' })).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  const title = page.getByTestId('screen-title');
  await expect(title).toHaveText('Swiss round 1 of 3');
  const rows = page.getByTestId('screen-pairing');
  await expect(rows.locator('.screen-table')).toHaveText(['Table 1', 'Table 2', 'Table 3']);
  await expect(rows.first()).toContainText(`${tables[0]!.team1Name}vs${tables[0]!.team2Name}`);
  await expect(page.getByTestId('screen-clock').getByTestId('clock-text')).toHaveText(/^(49|50):\d{2}$/);
  // read from 5 m: the teams in 40 px type or more on a 1920 px screen
  expect(await rows.first().locator('.screen-team').first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(40);
  await expectAccessible(page, 'the big screen');
  await expectValidHtml(page, 'the big screen');
  await screenshot(page, 'screen', false);
  // a mark the page keeps only as long as it is not reloaded
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));

  await admin.override(tables[0]!, 1, true);
  await expect(rows.first().locator('.screen-result')).toHaveText('2–1');
  await admin.extend(tables[1]!, 5);
  await expect(rows.nth(1).getByTestId('screen-extended')).toContainText('+5 min');

  // a phone: the same, stacked, nothing wider than the screen
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rows).toHaveCount(3);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'screen');

  // every result in: the standings until the next round is paired, then its pairings
  await admin.finishOpen();
  await expect(title).toHaveText('Standings after Swiss round 1 of 3');
  await expect(page.getByTestId('screen-standings').locator('tbody tr')).toHaveCount(6);
  await expectAccessible(page, 'the big screen between rounds');
  await admin.nextRound();
  await expect(title).toHaveText('Swiss round 2 of 3');
  await expect(rows).toHaveCount(3);
  expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
});
