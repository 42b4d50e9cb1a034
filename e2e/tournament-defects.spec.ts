import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { JOEY, LINUS, expect, expectAccessible, isMobile, signInAs, test } from './fixtures.ts';
import { MAI, deckYdke, hostByApi, signUpByApi } from './pages/tournament-page.ts';
import { AdminApi, PlayView, finishByApi, playerPage, reportByApi } from './pages/tournament-play.ts';

/** Issue 18: the tournament pages' defects 3 to 11, each shown where a person meets it. */

const LEGAL = 'projectignis-distribution/Starter Deck - Yugi Reloaded.ydk';
const LIVE = { timeout: 5_000 };
const name = (what: string) => `${what} ${test.info().project.name} ${Date.now()}`;

/** With DEFECT_SHOTS=1, a picture under /tmp/fh-shots (never in the repository): {name}-{width}.png. */
async function shot(page: Page, what: string, target?: Locator) {
  if (!process.env.DEFECT_SHOTS) return;
  fs.mkdirSync('/tmp/fh-shots', { recursive: true });
  const path = `/tmp/fh-shots/${what}-${page.viewportSize()?.width ?? 1280}.png`;
  if (target) {
    await target.screenshot({ path });
    return;
  }
  const modal = (await page.getByRole('dialog').count()) + (await page.getByRole('alertdialog').count()) > 0;
  await page.screenshot({ path, fullPage: !modal });
}

/** Nothing of the page reaches past the screen's right edge (a phone would scroll it sideways). */
async function expectNoSidewaysScroll(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test.describe('issue 18: the tournament pages', () => {
  test('3. a failed drop says what the server said; a completed event offers no drop, nor what else it rules out', async ({ page }) => {
    test.setTimeout(120_000);
    const uid = await hostByApi(LINUS, { name: name('Late Drop'), format: 'ROUND_ROBIN' });
    const api = await AdminApi.as(LINUS, uid);
    await api.seed(2);
    await api.start();

    await signInAs(page, LINUS);
    const host = new PlayView(page);
    await host.goto(uid);
    const team = await host.team('Test Team 1');
    await team.getByRole('button', { name: 'Drop Test Team 1' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Drop the team Test Team 1');

    // the network fails: the catalogue's sentence
    await page.route('**/teams/*/drop', (route) => route.abort());
    await confirm.getByRole('button', { name: 'Drop Team' }).click();
    await expect(confirm.getByRole('alert')).toHaveText('Failed to drop team. Please try again or contact an admin.');
    await page.unroute('**/teams/*/drop');

    // meanwhile the event ends; the dialog, still open, gets the server's own sentence
    await finishByApi(api);
    await confirm.getByRole('button', { name: 'Drop Team' }).click();
    await expect(confirm.getByRole('alert')).toHaveText('The tournament is over: nobody can drop any more');
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    // and what the completed event rules out is gone: Drop, Start, Next Round, Cancel, Seed Test Data
    await expect(host.centre.getByRole('heading', { name: 'Tournament Completed' })).toBeVisible(LIVE);
    const teams = await host.adminSection('Teams');
    await expect(teams.getByTestId('admin-team')).toHaveCount(2);
    await expect(teams.getByRole('button', { name: /^Drop / })).toHaveCount(0);
    const actions = await host.adminSection('Actions');
    for (const gone of ['Start Tournament', 'Mark Winner', /^Next Round/, 'Cancel Tournament', 'Seed Test Data']) {
      await expect(actions.getByRole('button', { name: gone })).toHaveCount(0);
    }
    await expect(actions.getByRole('button', { name: 'Close Tournament' })).toBeEnabled();
    await api.dispose();
  });

  test('4 and 5. a closed event says what Close did, keeps its team count, and has no decks to download @both-widths', async ({ page }) => {
    test.setTimeout(120_000);
    const title = name('Closed Cup');
    const uid = await hostByApi(LINUS, { name: title, format: 'ROUND_ROBIN' });
    const api = await AdminApi.as(LINUS, uid);
    await api.seed(3);
    await api.start();
    for (let round = 1; round < 3; round++) {
      await api.finishOpen();
      await api.nextRound();
    }
    await finishByApi(api);

    await signInAs(page, LINUS);
    const host = new PlayView(page);
    await host.goto(uid);
    // before Close, a refusal of the zip (the server's 410 after a Close elsewhere) shows its sentence
    await page.route('**/decks.zip', (route) =>
      route.fulfill({ status: 410, contentType: 'application/json', body: JSON.stringify({ error: 'The decks were removed when the tournament was closed.' }) }),
    );
    await host.action('Download All Decks (.zip)');
    await expect((await host.adminSection('Actions')).getByRole('alert')).toHaveText('The decks were removed when the tournament was closed.');
    await page.unroute('**/decks.zip');

    await host.action('Close Tournament', 'Close Tournament');
    const teams = await host.adminSection('Teams');
    await expect(teams.getByTestId('team-count')).toHaveText('3 teams played');
    await expect(teams).toContainText('Close removed the teams, their matches and their decks for good');
    await expect(teams.getByText('No teams have joined yet')).toHaveCount(0);
    const actions = await host.adminSection('Actions');
    const download = actions.getByRole('button', { name: 'Download All Decks (.zip)' });
    await expect(download).toBeDisabled();
    await expect(download).toHaveAccessibleDescription(/no decks left to download/);
    await expect(actions.getByRole('button', { name: 'Close Tournament' })).toBeDisabled();
    await expect(host.details.getByTestId('team-count-fact')).toContainText('3');
    await shot(page, 'admin-closed', host.adminTools);
    if (isMobile(page)) await expectNoSidewaysScroll(page);

    // the list card says the same
    await page.goto('/tournaments');
    await expect(page.getByTestId('tournament-card').filter({ hasText: title }).getByTestId('card-team-count')).toContainText('3 teams played');

    // the server itself answers 410 with a sentence (issue 18: its part)
    const zip = await api.ctx.get(`/api/tournaments/${uid}/decks.zip`);
    expect.soft(zip.status(), 'GET decks.zip after Close').toBe(410);
    expect.soft(((await zip.json().catch(() => ({}))) as { error?: string }).error ?? '', 'its sentence').not.toBe('');
    await api.dispose();
  });

  test("6. admins see the decks' own labels in the Teams list, kept fresh live @both-widths", async ({ page }) => {
    test.setTimeout(90_000);
    const uid = await hostByApi(LINUS, { name: name('Labels'), manualDeckChecking: true });
    await signUpByApi(uid, JOEY, 'Joey Labels', deckYdke(LEGAL));

    await signInAs(page, LINUS);
    const host = new PlayView(page);
    await host.goto(uid);
    const joey = await host.openTeam('Joey Labels');
    await expect(joey.getByTestId('review-deck-label')).toHaveText(['API deck']);
    await expect(joey.getByRole('button', { name: 'View API deck of Joey' })).toBeVisible();

    // a team that signs up while the page is open comes with its labels too, without a reload
    await signUpByApi(uid, MAI, 'Mai Labels', deckYdke(LEGAL));
    const mai = await host.openTeam('Mai Labels');
    await expect(mai.getByTestId('review-deck-label')).toHaveText(['API deck'], LIVE);
    await expect(page.getByText(/^Deck \d$/)).toHaveCount(0);
    await shot(page, 'admin-panel', host.adminTools);
    if (isMobile(page)) await expectNoSidewaysScroll(page);
  });

  test('7. the deck dialog opens without a preview under a resting pointer; the preview comes once the pointer moves @desktop', async ({ page }) => {
    test.setTimeout(90_000);
    const uid = await hostByApi(LINUS, { name: name('Preview') });
    await signUpByApi(uid, JOEY, 'Joey Preview', deckYdke(LEGAL));
    await signInAs(page, JOEY);
    const view = new PlayView(page);
    await view.goto(uid);
    const viewDeck = view.submittedDeck('API deck').getByRole('button', { name: /^View Deck/ });
    const preview = page.getByRole('dialog', { name: /preview$/ });

    // where a card of the dialog will be
    await viewDeck.click();
    const card = view.deckDialog.getByTestId('deck-main').getByRole('button').nth(12);
    await expect(card).toBeVisible();
    const box = (await card.boundingBox())!;
    await view.deckDialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(view.deckDialog).toHaveCount(0);

    // the pointer rests there; the dialog opens from the keyboard, over it
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await viewDeck.focus();
    await page.keyboard.press('Enter');
    await expect(view.deckDialog.getByTestId('deck-main')).toBeVisible();
    await page.waitForTimeout(800); // well past the hover delay
    await expect(preview).toHaveCount(0);

    // a real move onto a card opens it
    await page.mouse.move(box.x + box.width / 2 + 4, box.y + box.height / 2 + 4, { steps: 2 });
    await expect(preview).toBeVisible();
  });

  test('7. on a phone the deck shows fewer, larger cards a row, and a tap enlarges one @mobile', async ({ page }) => {
    test.setTimeout(90_000);
    const uid = await hostByApi(LINUS, { name: name('Phone Deck') });
    await signUpByApi(uid, JOEY, 'Joey Phone', deckYdke(LEGAL));
    await signInAs(page, JOEY);
    const view = new PlayView(page);
    await view.goto(uid);
    await view.submittedDeck('API deck').getByRole('button', { name: /^View Deck/ }).click();
    const main = view.deckDialog.getByTestId('deck-main');
    await expect(main).toHaveAttribute('data-columns', '5');
    const first = main.getByRole('button').first();
    const thumb = (await first.boundingBox())!;
    expect(thumb.width).toBeGreaterThanOrEqual(50);
    await expectNoSidewaysScroll(page);
    await shot(page, 'deck-dialog');

    await first.tap();
    const preview = page.getByRole('dialog', { name: /preview$/ });
    await expect(preview).toBeVisible();
    const big = (await preview.getByRole('img').first().boundingBox())!;
    expect(big.width).toBeGreaterThanOrEqual(thumb.width * 2);
    await shot(page, 'deck-dialog-card');
  });

  test('8. an 8-team double elimination shows every round at 1280 px, its status badges whole @desktop', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const uid = await hostByApi(LINUS, { name: name('Wide Bracket'), format: 'DOUBLE_ELIM' });
    const api = await AdminApi.as(LINUS, uid);
    await api.seed(8);
    await api.start();

    await signInAs(page, LINUS);
    const host = new PlayView(page);
    await host.goto(uid);
    const visitorPage = await browser.newPage({ viewport: page.viewportSize()! });
    const visitor = new PlayView(visitorPage);
    await visitor.goto(uid);
    for (const [who, view] of [['the host', host], ['a visitor', visitor]] as const) {
      for (const section of ['Winners Bracket', 'Losers Bracket', 'Grand Final']) {
        const region = await view.expectBracketColumns(section); // 240 px each
        const scroller = region.getByTestId('bracket-scroller');
        const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
        expect(scrollWidth, `${who}: ${section} without sideways scrolling`).toBeLessThanOrEqual(clientWidth);
        await expect(region.getByTestId('scroll-affordance')).toHaveCount(0);
        // every status badge inside its card
        const cut = await region.getByTestId('match-card').evaluateAll((cards) =>
          cards.filter((c) => {
            const badge = c.querySelector('[data-testid="match-status"]')!.getBoundingClientRect();
            return badge.right > c.getBoundingClientRect().right - 2;
          }).length,
        );
        expect(cut, `${who}: ${section} badges cut off`).toBe(0);
      }
    }
    await shot(page, 'bracket-8-de');
    await visitorPage.close();
    await api.dispose();
  });

  test('9. a disputed match says Disputed in the list, the bracket view and the modal, with both reports; a decision supersedes them @both-widths', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const uid = await hostByApi(LINUS, { name: name('Dispute') });
    const api = await AdminApi.as(LINUS, uid);
    await api.seed(4);
    await api.start();
    const [m] = await api.matches(1);
    const [a, b] = [m!.team1Name!, m!.team2Name!];
    await reportByApi(uid, await api.playerOf(m!.team1Id!), m!.id, 2, 0);
    await reportByApi(uid, await api.playerOf(m!.team2Id!), m!.id, 2, 0); // both claim the win

    const visitorPage = await browser.newPage({ viewport: page.viewportSize()! });
    const visitor = new PlayView(visitorPage);
    await visitor.goto(uid);
    for (const tab of ['Bracket', 'Match List'] as const) {
      await visitor.matchesPanel.getByRole('tab', { name: tab }).click();
      await expect(visitor.card(m!.id).getByTestId('match-status')).toHaveText('Disputed');
      await expect(visitor.card(m!.id).getByTestId('wins')).toHaveText(['–', '–']);
      // issue 30 §8: the two reports are no green ticks
      await expect(visitor.card(m!.id).getByRole('img', { name: 'Reports disagree' })).toHaveCount(2);
    }
    await visitor.openMatch(m!.id);
    await expect(visitor.modal.getByTestId('modal-status')).toHaveText('Disputed');
    await expect(visitor.modal.getByTestId('team-wins')).toHaveText(['–', '–']);
    await expect(visitor.modal.getByTestId('score-submitted')).toHaveText(['Reports disagree', 'Reports disagree']);
    await expect(visitor.modal.getByTestId('report-1')).toHaveText(`${a}: 2–0 for ${a}`);
    await expect(visitor.modal.getByTestId('report-2')).toHaveText(`${b}: 2–0 for ${b}`);
    if (isMobile(page)) await expectNoSidewaysScroll(visitorPage);
    await shot(visitorPage, 'modal-disputed');

    // the host decides: the result stands, both reports are marked superseded, on every open page
    await signInAs(page, LINUS);
    const host = new PlayView(page);
    await host.goto(uid);
    // issue 30 §1: the host sees the dispute first, with both reports, and accepts one of them in a tap
    const attention = page.getByTestId('attention-panel');
    await expect(attention.getByRole('heading', { level: 2 })).toHaveText('Needs attention (2)'); // the dispute, the other match not reported
    await expect(page).toHaveTitle(/^\(2\) Dispute/);
    const dispute = attention.getByTestId('attention-dispute');
    await expect(dispute.getByTestId('attention-report-1')).toHaveText(`${a}: 2–0 for ${a}`);
    await expect(dispute.getByTestId('attention-report-2')).toHaveText(`${b}: 2–0 for ${b}`);
    await expect(attention.getByTestId('attention-unreported')).toHaveCount(1);
    await expectAccessible(page, 'the attention panel with a dispute', ['heading-order']);
    await shot(page, 'attention-panel', attention);
    await dispute.getByRole('button', { name: `Accept ${b}’s report` }).click();
    await expect(attention.getByTestId('attention-dispute')).toHaveCount(0);
    await expect(attention.getByRole('heading', { level: 2 })).toHaveText('Needs attention (1)');
    await expect(page).toHaveTitle(/^\(1\) Dispute/);
    await host.showList();
    await host.openMatch(m!.id);
    await host.fillWins(2, 1);
    await host.modal.getByRole('button', { name: `${a} Wins` }).click();
    await expect(host.modal.getByRole('status')).toHaveText('Result saved.');
    await expect(host.modal.getByTestId('superseded')).toHaveCount(2);
    // issue 30 §8: a settled dispute reads Resolved, not a green Completed; the reports no longer stand
    await expect(host.modal.getByTestId('modal-status')).toHaveText('Resolved');
    await expect(host.modal.getByTestId('score-submitted')).toHaveText(['Report superseded', 'Report superseded']);
    await expect(visitor.modal.getByTestId('superseded')).toHaveCount(2, LIVE);
    await expect(visitor.modal.getByTestId('team-wins')).toHaveText(['2', '1']);
    await shot(page, 'modal-overridden');
    await visitorPage.close();
    await api.dispose();
  });

  test('10. changing a result of a round that is over asks first: the standings change, the pairings made stay', async ({ page }) => {
    test.setTimeout(120_000);
    const uid = await hostByApi(LINUS, { name: name('Past Round') });
    const api = await AdminApi.as(LINUS, uid);
    await api.seed(4);
    await api.start();
    for (let round = 1; round < 3; round++) {
      await api.finishOpen();
      await api.nextRound();
    }
    const [m] = await api.matches(1);

    await signInAs(page, LINUS);
    const host = new PlayView(page);
    await host.goto(uid);
    await expect(host.banner).toContainText('Swiss round 3 of');
    await host.showList();
    await host.chooseRound('Round 1');
    await host.openMatch(m!.id);
    await host.fillWins(1, 2);
    await host.modal.getByRole('button', { name: `${m!.team2Name} Wins` }).click();
    const ask = page.getByRole('alertdialog');
    await expect(ask).toContainText('Round 1 is over and round 3 is already paired');
    await expect(ask).toContainText('changes the standings');
    await expect(ask).toContainText('the pairings already made stay');
    await shot(page, 'override-past-round');
    // no: nothing changes
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toHaveCount(0);
    expect((await api.matches(1)).find((x) => x.id === m!.id)!.complete).toBe(true);
    await expect(host.modal.getByTestId('team-wins')).toHaveText(['2', '0']);
    // yes: the result changes
    await host.modal.getByRole('button', { name: `${m!.team2Name} Wins` }).click();
    await ask.getByRole('button', { name: 'Change Result' }).click();
    await expect(host.modal.getByRole('status')).toHaveText('Result saved.');
    await expect(host.modal.getByTestId('team-wins')).toHaveText(['1', '2']);
    await api.dispose();
  });

  test('11. Start asks first, names the teams without an approved deck, and can drop them before starting; Start is first and has the focus @both-widths', async ({ page }) => {
    test.setTimeout(120_000);
    const uid = await hostByApi(LINUS, { name: name('Start Check'), manualDeckChecking: true });
    const api = await AdminApi.as(LINUS, uid);
    await api.seed(2);
    await signUpByApi(uid, JOEY, 'Joey Ready', deckYdke(LEGAL));
    await signUpByApi(uid, MAI, 'Mai Ready', deckYdke(LEGAL));

    await signInAs(page, LINUS);
    const host = new PlayView(page);
    await host.goto(uid);
    // issue 39: Needs attention counts the decks waiting for a check and opens them; the passing ones approved at once
    const attention = page.getByTestId('attention-panel');
    await expect(attention.getByTestId('attention-decks')).toContainText('2 decks to check');
    await attention.getByRole('button', { name: 'Check the 2 decks' }).click();
    const check = page.getByRole('dialog');
    await expect(check.getByTestId('deck-check-progress')).toHaveText('Deck 1 of 2 waiting for a check');
    await expect(check.getByTestId('deck-review')).toBeVisible();
    await expectAccessible(page, 'the deck check from Needs attention');
    await check.getByRole('button', { name: 'Approve all that pass the checks' }).click();
    await expect(check).toHaveCount(0);
    await expect(attention.getByTestId('attention-decks')).toHaveCount(0);
    const actions = await host.adminSection('Actions');
    await actions.getByRole('button', { name: 'Start Tournament' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Start tournament' });
    await expect(ask).toContainText('Sign-ups lock for good');
    await expect(ask.getByTestId('start-team-count')).toHaveText('4 teams are paired for round 1.');
    await expect(ask.getByRole('list', { name: 'Teams without an approved deck' }).getByRole('listitem')).toHaveText(['Test Team 1', 'Test Team 2']);
    // issue 39: the first button, and the one Enter presses, is Start; dropping is a choice of its own further down
    await expect(ask.getByRole('button', { name: 'Start Tournament' })).toBeFocused();
    await expect(ask.getByRole('button').first()).toHaveText('Start Tournament');
    if (isMobile(page)) await expectNoSidewaysScroll(page);
    await shot(page, 'start-confirmation');

    // Cancel starts nothing
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toHaveCount(0);
    await expect(actions.getByRole('button', { name: 'Start Tournament' })).toBeVisible();

    // drop those two first: the dialog counts again; then start
    await actions.getByRole('button', { name: 'Start Tournament' }).click();
    await ask.getByRole('button', { name: 'Drop these 2 teams…' }).click();
    await expect(ask.getByTestId('start-team-count')).toHaveText('4 teams are paired for round 1.'); // asked again first
    await ask.getByRole('group', { name: 'Drop the teams without an approved deck' }).getByRole('button', { name: 'Drop 2 teams' }).click();
    await expect(ask.getByTestId('start-team-count')).toHaveText('2 teams are paired for round 1.');
    await expect(ask.getByTestId('teams-without-deck')).toHaveCount(0);
    await ask.getByRole('button', { name: 'Start Tournament' }).click();
    await expect(ask).toHaveCount(0);
    await expect(host.banner).toContainText('Swiss round 1 of');
    const pairs = (await api.matches(1)).flatMap((x) => [x.team1Name, x.team2Name]);
    expect(pairs.sort()).toEqual(['Joey Ready', 'Mai Ready']);
    await api.dispose();
  });
});

test.describe('issue 18: a player who also moderates', () => {
  test('a curator playing in a match is told they cannot decide it, and the buttons say so', async ({ browser }) => {
    test.setTimeout(90_000);
    const uid = await hostByApi(LINUS, { name: name('Own Match'), format: 'ROUND_ROBIN' });
    const api = await AdminApi.as(LINUS, uid);
    await api.seed(1);
    await signUpByApi(uid, LINUS, 'Linus Plays');
    await api.start();
    const [m] = await api.matches(1);
    const { page, view } = await playerPage(browser, uid, LINUS);
    await view.yourMatch.getByRole('button', { name: 'Report Score' }).click();
    await view.modal.getByRole('group', { name: 'Match view' }).getByRole('button', { name: 'Admin View' }).click();
    await expect(view.modal.getByTestId('own-match-note')).toContainText('You cannot decide a match you play in.');
    await expect(view.modal.getByRole('button', { name: 'Linus Plays Wins' })).toBeDisabled();
    // and the server refuses it as well
    const res = await api.ctx.post(`/api/tournaments/${uid}/matches/${m!.id}/override-winner?winnerTeamId=${m!.team1Id}`, { data: { team1Wins: 2, team2Wins: 0 } });
    expect.soft(res.status(), 'the server refuses a host deciding their own match').toBe(403);
    await page.context().close();
    await api.dispose();
  });
});
