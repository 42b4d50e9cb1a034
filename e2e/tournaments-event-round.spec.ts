import type { Page } from '@playwright/test';
import { LINUS, expect, expectAccessible, isMobile, signInAs, test } from './fixtures.ts';
import { hostByApi, personPage } from './pages/tournament-page.ts';
import { AdminApi, PlayView, playerPage, postOk, type ApiMatch } from './pages/tournament-play.ts';

// During a round (issue 19): the round clock on two browsers at once and 'Time' at zero (the page's
// clock moved forward, not a long wait), tables, the EDOPro room for a player and not for a visitor,
// a table given more time, one swap, and a player's own drop; at 1280 and 390 px.

const LIVE = { timeout: 5_000 };
const MMSS = /^\d{2}:\d{2}$/;

let uid: string;
let api: AdminApi;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // rules whose duel flags run to 11 digits: the room card must keep them whole at 390 px (issue 30 §8)
  uid = await hostByApi(LINUS, {
    name: `Round Night ${Date.now()}`, manualDeckChecking: false, roundMinutes: 50,
    ruleOptions: ['TCG_SEGOC', 'GOAT_IGNITION_PRIORITY', 'NORMAL_SUMMON_FACEUP_DEFENSE'], cardTypeFilters: ['NO_PENDULUM', 'NO_LINK'],
  });
  api = await AdminApi.as(LINUS, uid);
  await api.seed(6);
  await api.start();
});
test.afterAll(() => api?.dispose());

/** The text a clock shows now. */
const clockText = (page: Page, scope = page.getByTestId('round-banner')) => scope.getByTestId('clock-text').first().innerText();

/** Nothing wider than the screen (390 px has no room to scroll sideways). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/event-round-${name}-${page.viewportSize()?.width ?? 1280}.png`, fullPage: !(await page.getByRole('dialog').count()) });
}

test('the round clock counts down on two browsers at once, tables show on every match, and at zero it says Time', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signInAs(page, LINUS);
  const host = new PlayView(page);
  await host.goto(uid);
  const visitorPage = await personPage(browser, null);
  const visitor = new PlayView(visitorPage);
  await visitor.goto(uid);

  for (const view of [host, visitor]) {
    // the round named where the event stands: 6 teams play 3 Swiss rounds and no cut
    await expect(view.banner.getByTestId('round-label')).toHaveText('Swiss round 1 of 3');
    await expect(view.banner).toHaveAttribute('data-state', 'running');
    await expect(view.banner.getByTestId('round-clock')).toBeVisible();
    expect(await clockText(view.page)).toMatch(MMSS);
  }
  // both count down: a second later each shows less than before
  const before = await Promise.all([clockText(page), clockText(visitorPage)]);
  for (const [i, p] of [page, visitorPage].entries()) {
    await expect.poll(() => clockText(p), { timeout: 5_000 }).not.toBe(before[i]);
    expect(await clockText(p) < before[i]!).toBe(true);
  }
  expect(Number(before[0]!.slice(0, 2))).toBeGreaterThanOrEqual(48); // a 50-minute round just begun
  // a screen reader hears when it ends, and is not told every second
  await expect(visitor.banner.getByRole('timer')).toHaveAttribute('aria-live', 'off');
  await expect(visitor.banner.getByTestId('round-clock')).toContainText(/round 1 ends at/);

  // tables on every match of the round, 1..3 (6 teams)
  await visitor.showList();
  const tables = await visitor.matchesPanel.getByTestId('match-table').allInnerTexts();
  expect(tables.sort()).toEqual(['Table 1', 'Table 2', 'Table 3']);
  await shot(visitorPage, 'round-1');
  await expectNoSidewaysScroll(visitorPage);
  await expectAccessible(visitorPage, 'the round banner with its clock and the tables');

  // the page's clock moved past the round's end (a browser of its own): 'Time', in the danger colour
  const late = await personPage(browser, null);
  await late.clock.install();
  const lateView = new PlayView(late);
  // the page reads the server's clock once: moved on only after that answer came
  const measured = late.waitForResponse((r) => new URL(r.url()).pathname === '/api/health');
  await lateView.goto(uid);
  await measured;
  expect(await clockText(late)).toMatch(MMSS);
  await expect(lateView.banner.getByTestId('round-timer')).toContainText('Time left');
  await late.clock.fastForward('50:30');
  await expect(lateView.banner.getByTestId('clock-text')).toHaveText('Time');
  // not 'Time left: Time'
  await expect(lateView.banner.getByTestId('round-timer')).not.toContainText('Time left');
  await expect(lateView.banner.getByTestId('round-clock')).toContainText(/round 1 ended at/);
  // the card turns to Time (not green), with the end-of-match procedure in one line
  await expect(lateView.banner).toHaveAttribute('data-state', 'time');
  await expect(lateView.banner.getByTestId('time-called')).toHaveText('Time: finish the current turn plus 3 more turns; undecided games count as draws.');
  await shot(late, 'time');

  // the host gives table 2 five more minutes: its own clock shows on every open page, the late one included
  const [, m2] = (await api.matches(1)).filter((m) => !m.bye) as (ApiMatch & { table: number })[];
  await host.showList();
  await host.openMatch(m2!.id);
  await expect(host.modal.getByTestId('modal-table')).toHaveText(`Table ${m2!.table}`);
  await host.modal.getByLabel('Add time to this table').selectOption('5');
  await host.modal.getByRole('button', { name: 'Add Time' }).click();
  await expect(host.modal.getByRole('status')).toHaveText('Added 5 minutes: 5 extra in all.');
  await expect(host.modal.getByText('5 extra minutes')).toBeVisible();
  await host.closeModal();
  // focus back on the card that opened the dialog, though its match changed meanwhile (issue 30 §3)
  await expect(host.card(m2!.id)).toBeFocused();
  await expect(visitor.card(m2!.id).getByTestId('round-clock')).toBeVisible(LIVE);
  expect(await clockText(visitorPage, visitor.card(m2!.id))).toMatch(MMSS);
  // past the round's end, the extended table still runs
  await expect(lateView.card(m2!.id).getByTestId('clock-text')).toHaveText(/^0[0-5]:\d{2}$/, LIVE);
  await expect(lateView.banner.getByTestId('clock-text')).toHaveText('Time');
  await late.clock.fastForward('06:00');
  await expect(lateView.card(m2!.id).getByTestId('clock-text')).toHaveText('Time');

  // a reload reads the clock from the server again: the visitor's goes on where it was, and the late
  // browser's clock, now 55 minutes fast, is set right by the server's Date header
  const shown = await clockText(visitorPage);
  await visitorPage.reload();
  await expect(visitor.banner.getByTestId('clock-text')).toHaveText(MMSS);
  expect(await clockText(visitorPage) <= shown).toBe(true);
  await late.reload();
  await expect.poll(() => clockText(late)).toMatch(MMSS);
  expect(Number((await clockText(late)).slice(0, 2))).toBeGreaterThanOrEqual(40);
  await visitorPage.context().close();
  await late.context().close();
});

test('a player finds their table and room; a visitor sees no room; at zero the round says Time @both-widths', async ({ browser }) => {
  test.setTimeout(90_000);
  const [m1] = (await api.matches(1)).filter((m) => !m.bye) as (ApiMatch & { table: number })[];
  // the player's clock is the test's to move on, after the page has read the server's once
  const player = await playerPage(browser, uid, await api.playerOf(m1!.team1Id!), (p) => p.clock.install());
  await expect(player.view.banner).toHaveAttribute('data-state', 'running');
  await expect(player.view.banner.getByTestId('round-label')).toHaveText('Swiss round 1 of 3');
  await shot(player.page, 'banner-running');
  await expect(player.view.yourMatch.getByTestId('your-table')).toHaveText(`Table ${m1!.table}`);
  await player.view.yourMatch.getByRole('button', { name: 'Room name and password' }).click();
  const card = player.view.modal.getByTestId('room-card');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('room-name')).toHaveText(new RegExp(`^FH-[0-9A-Z]{4} T${m1!.table}$`));
  await expect(card.getByTestId('room-password')).toHaveText(/^[a-z2-9]{6}$/);
  await expect(card.getByRole('button', { name: 'Copy the room name' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Copy the room password' })).toBeVisible();
  await expect(card.getByTestId('room-settings')).toContainText('Duel flags');
  // issue 30 §8: every number of the duel settings whole on one line, at 390 px too
  const brokenNumbers = await card.getByTestId('room-settings').locator('dd').evaluateAll((dds) => dds.flatMap((dd) => {
    const walker = document.createTreeWalker(dd, NodeFilter.SHOW_TEXT);
    const split: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const hit of node.textContent!.matchAll(/[0-9a-fx]{2,}/g)) {
        const range = document.createRange();
        range.setStart(node, hit.index);
        range.setEnd(node, hit.index + hit[0].length);
        if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) split.push(hit[0]);
      }
    }
    return split;
  }));
  expect(brokenNumbers).toEqual([]);
  await card.getByTestId('room-settings').screenshot({ path: `/tmp/event-round-room-settings-${player.page.viewportSize()?.width ?? 1280}.png` });
  await expect(player.view.modal.getByTestId('round-clock')).toBeVisible();
  await shot(player.page, 'room');
  await expectNoSidewaysScroll(player.page);
  await expectAccessible(player.page, 'the match modal with the room');
  const password = await card.getByTestId('room-password').innerText();
  // a copy the browser refuses (a page on plain http has no clipboard) says so and selects the value to copy by hand
  await player.page.evaluate(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('not allowed')) }, configurable: true });
  });
  await card.getByRole('button', { name: 'Copy the room password' }).click();
  await expect(card.getByRole('button', { name: 'Copy the room password' })).toContainText('Copy failed');
  expect(await player.page.evaluate(() => window.getSelection()?.toString().trim())).toBe(password);

  const visitorPage = await personPage(browser, null);
  const visitor = new PlayView(visitorPage);
  await visitor.goto(uid);
  await visitor.showList();
  await visitor.openMatch(m1!.id);
  await expect(visitor.modal.getByTestId('modal-table')).toHaveText(`Table ${m1!.table}`);
  await expect(visitor.modal.getByTestId('room-card')).toHaveCount(0);
  expect(await visitorPage.content()).not.toContain(password);
  await visitorPage.context().close();

  // time is called: the banner turns to Time, in words and its own colour, with the line a judge reads out
  await player.view.closeModal();
  await player.page.clock.fastForward('50:30');
  await expect(player.view.banner).toHaveAttribute('data-state', 'time');
  await expect(player.view.banner.getByTestId('clock-text')).toHaveText('Time');
  await expect(player.view.banner.getByRole('status')).toHaveText('Time: finish the current turn plus 3 more turns; undecided games count as draws.');
  await shot(player.page, 'banner-time');
  await expectNoSidewaysScroll(player.page);
  await expectAccessible(player.page, 'the round banner at Time');
  await player.page.context().close();
});

test('the host swaps two teams of matches without a result; every page follows', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const [a, b] = (await api.matches(1)).filter((m) => !m.bye) as (ApiMatch & { table: number })[];
  await signInAs(page, LINUS);
  const host = new PlayView(page);
  await host.goto(uid);
  const visitorPage = await personPage(browser, null);
  const visitor = new PlayView(visitorPage);
  await visitor.goto(uid);
  await visitor.showList();
  // a's first team moves to b: its player has a's room open
  const moved = await playerPage(browser, uid, await api.playerOf(a!.team1Id!));
  await moved.view.yourMatch.getByRole('button', { name: 'Room name and password' }).click();
  await expect(moved.view.modal.getByTestId('room-name')).toHaveText(new RegExp(` T${a!.table}$`));

  const actions = await host.adminSection('Actions');
  await actions.getByRole('button', { name: 'Swap Teams' }).click();
  const dialog = page.getByTestId('swap-dialog');
  // a's first team and b's second change places
  await dialog.getByLabel('First team').selectOption(`${a!.id}:${a!.team1Id}`);
  await dialog.getByLabel('Second team (another match)').selectOption(`${b!.id}:${b!.team2Id}`);
  const preview = `Table ${a!.table}: ${b!.team2Name} vs ${a!.team2Name} · Table ${b!.table}: ${b!.team1Name} vs ${a!.team1Name}`;
  await expect(dialog.getByTestId('swap-preview')).toHaveText(`After the swap: ${preview}`);
  await shot(page, 'swap');
  await expectAccessible(page, 'the swap dialog');
  await host.modal.getByRole('button', { name: 'Review Swap' }).click();
  await expect(host.confirm).toContainText(preview);
  await expectAccessible(page, 'the swap confirmation');
  await host.confirm.getByRole('button', { name: 'Swap Teams' }).click();
  await expect(host.confirm).toHaveCount(0);
  await expect(actions.getByTestId('swap-done')).toContainText('Swapped');

  await expect(visitor.card(a!.id).getByTestId('team-1')).toContainText(b!.team2Name!, LIVE);
  await expect(visitor.card(b!.id).getByTestId('team-2')).toContainText(a!.team1Name!, LIVE);
  const after = await api.matches(1);
  expect(after.find((m) => m.id === a!.id)).toMatchObject({ team1Id: b!.team2Id, team2Id: a!.team2Id });
  // the moved player's open modal of a no longer shows a's room, and their match is now b, with b's room
  await expect(moved.view.modal.getByTestId('room-card')).toHaveCount(0, LIVE);
  await moved.view.closeModal();
  await moved.view.yourMatch.getByRole('button', { name: 'Room name and password' }).click();
  await expect(moved.view.modal.getByTestId('room-name')).toHaveText(new RegExp(` T${b!.table}$`), LIVE);
  await moved.page.context().close();
  await visitorPage.context().close();

  // once b has a result, the other matches of the round can still be swapped; b's teams are not offered (issue 30)
  await api.override(after.find((m) => m.id === b!.id)!, 1);
  const others = after.filter((m) => !m.bye && m.id !== b!.id);
  await actions.getByRole('button', { name: 'Swap Teams' }).click();
  await expect(dialog.getByLabel('First team').locator('option')).toHaveCount(1 + 2 * others.length, LIVE);
  await expect(dialog.getByLabel('First team').locator(`option[value^="${b!.id}:"]`)).toHaveCount(0);
  await host.modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(actions.getByRole('button', { name: 'Swap Teams' })).toBeFocused();
});

test('a player drops their own team once their match is complete; not paired again, results kept @both-widths', async ({ browser }) => {
  test.setTimeout(90_000);
  const [m] = (await api.matches(1)).filter((x) => !x.bye);
  const me = await api.playerOf(m!.team1Id!);
  const player = await playerPage(browser, uid, me);
  const drop = player.view.centre.getByRole('button', { name: 'Drop from Tournament' });
  // while the match waits for its result, the drop waits and says why
  await expect(drop).toBeDisabled();
  await expect(player.view.centre.getByTestId('drop-wait')).toHaveText(/report its score first/);

  await api.override(m!, 1); // their team wins
  await expect(drop).toBeEnabled(LIVE);
  await drop.click();
  await expect(player.view.confirm).toContainText('your results so far stay');
  if (isMobile(player.page)) await expectNoSidewaysScroll(player.page);
  await expectAccessible(player.page, 'the drop confirmation');
  await player.view.confirm.getByRole('button', { name: 'Drop', exact: true }).click();
  await expect(player.view.confirm).toHaveCount(0);
  await expect(player.view.yourMatch).toHaveCount(0, LIVE);

  // the last results come in: the round's clock stops, on the open page without a reload
  await api.finishOpen();
  await expect(player.view.banner).toHaveAttribute('data-state', 'all-in', LIVE);
  await expect(player.view.banner.getByTestId('round-all-in')).toHaveText('All results in');
  await expect(player.view.banner.getByTestId('round-clock')).toHaveCount(0);
  await shot(player.page, 'banner-all-in');
  await expectAccessible(player.page, 'the round banner with every result in');
  await postOk(api, '/next-round');
  await expect(player.view.banner.getByTestId('round-label')).toHaveText('Swiss round 2 of 3', LIVE);
  await expect(player.view.banner).toHaveAttribute('data-state', 'running');
  const second = await api.matches(2);
  expect(second.flatMap((x) => [x.team1Id, x.team2Id])).not.toContain(m!.team1Id);
  const t = (await api.tournament()) as unknown as { teams: { uid: string; dropped: boolean; wins: number }[] };
  expect(t.teams.find((x) => x.uid === m!.team1Id)).toMatchObject({ dropped: true, wins: 1 });
  await player.page.context().close();
});
