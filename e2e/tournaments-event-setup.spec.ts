// Issue 19's event setup at 1280 and 390 px: a host fills the host form's Event tab (a bad webhook
// refused with the server's sentence), the page shows the start in the viewer's time zone; check-in
// opens, a player checks in and the count moves live on another browser; Start's confirmation names
// the no-show and the start drops it; a late entry signs up after round 1 and is in round 2's
// pairings. axe on the Event tab and the check-in view. EVENT_SHOTS=1 saves pictures under /tmp.
import type { Page } from '@playwright/test';
import { JOEY, LINUS, expect, expectAccessible, signInAs, test } from './fixtures.ts';
import { HostTournamentForm, choose, deckFile, hostByApi, personPage } from './pages/tournament-page.ts';
import { AdminApi, PlayView, playerPage, type Player } from './pages/tournament-play.ts';

const LIVE = { timeout: 5_000 };
const LATE_DECK = 'projectignis-distribution/[Tactical-Try Deck] Eldlich the Conqueror.ydk';
const name = (what: string) => `${what} ${test.info().project.name} ${Date.now()}`;

async function shot(page: Page, what: string) {
  if (!process.env.EVENT_SHOTS) return;
  await page.mouse.move(0, 0);
  // a modal is fixed to the screen: the screen, not the whole page
  const modal = (await page.getByRole('dialog').count()) + (await page.getByRole('alertdialog').count()) > 0;
  await page.screenshot({ path: `/tmp/event-setup-${what}-${page.viewportSize()?.width ?? 1280}.png`, fullPage: !modal, scale: 'css' });
}

/** Nothing wider than the screen (the 390 px brief). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test.describe('the event set up and opened', () => {
  test('the host form’s Event tab: start time on the viewer’s clock, check-in, top cut, clocks, late entry and a webhook', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAs(page, LINUS);
    await page.goto('/tournaments/new');
    const form = new HostTournamentForm(page);
    const title = name('Event Tab');
    await form.field('Name').fill(title);
    // the current list is preselected (issue 39 §2): this event runs on none, chosen on purpose
    await choose(page, 'Banlist', 'No banlist (any card, up to three copies)');
    await page.getByRole('tab', { name: /^Event/ }).click();
    const tab = page.getByRole('tabpanel', { name: /^Event/ });
    await expect(tab.getByTestId('event-recommendation')).toContainText('16 teams the rule plays 4 Swiss rounds and a top cut of 4');
    await form.field('Expected teams').fill('10');
    await expect(tab.getByTestId('event-recommendation')).toContainText('10 teams the rule plays 4 Swiss rounds and a top cut of 2');
    await form.field('Start time').fill('2031-06-07T19:30');
    await tab.getByLabel(/^Check-in/).check();
    await choose(page, 'Top cut', 'Top 4', tab);
    await choose(page, 'Swiss rounds', '5', tab);
    await form.field('Round minutes').fill('45');
    await choose(page, 'Late entry rounds', 'Through round 1', tab);
    await form.field('Discord webhook URL').fill('https://example.com/not-discord');
    await expectAccessible(page, 'the Event tab');
    await expectNoSidewaysScroll(page);
    await shot(page, 'event-tab');

    // the schema the server uses says it first, at the field, on the Event tab
    await form.create.click();
    await expect(form.error('discordWebhookUrl')).toHaveText('must be a Discord webhook URL (https://discord.com/api/webhooks/…)');
    await form.field('Discord webhook URL').fill('https://discord.com/api/webhooks/123456789012345678/e2e-token');
    await form.create.click();
    await page.waitForURL(/\/tournaments\/[0-9a-f-]{36}$/);

    // the start in the viewer's own time zone, as typed
    const view = new PlayView(page);
    const shown = await page.evaluate(() =>
      new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' })
        .format(new Date(2031, 5, 7, 19, 30)));
    await expect(view.info.getByTestId('starts-at')).toHaveText(`Starts ${shown}`);
    await expect(view.centre.getByTestId('check-in-count')).toHaveText('0 of 0 checked in');
    // the plan as players read it in the details
    await expect(view.details.getByTestId('plan-swiss-rounds')).toHaveText('5');
    await expect(view.details.getByTestId('plan-top-cut')).toHaveText('Top 4');
    await expect(view.details.getByTestId('plan-round-time')).toHaveText('45 minutes');
    await expect(view.details.getByTestId('plan-top-cut-time')).toHaveText('Untimed');
    await expect(view.details.getByTestId('plan-late-entry')).toHaveText('Through round 1');

    const banlistFact = view.details.locator('dt:text-is("Banlist") + dd');
    await expect(banlistFact).toHaveText('None: any card, up to three copies');
    await expect(view.info.getByTestId('no-banlist-badge')).toHaveText('No banlist');

    // the settings read back in the Event settings dialog, the webhook included (the host's read)
    const settings = await view.adminSection('Settings');
    await settings.getByTestId('event-settings-open').click();
    const dialog = page.getByRole('dialog', { name: 'Event settings' });
    await expect(dialog.getByLabel('Start time')).toHaveValue('2031-06-07T19:30');
    await expect(dialog.getByLabel('Round minutes', { exact: true })).toHaveValue('45');
    await expect(dialog.getByRole('combobox', { name: 'Top cut' })).toHaveText('Top 4');
    await expect(dialog.getByLabel('Discord webhook URL')).toHaveValue('https://discord.com/api/webhooks/123456789012345678/e2e-token');
    // the banlist changes until the start (issue 30 §8): hosted without one, the host picks the site's list
    await expect(dialog.getByRole('combobox', { name: 'Banlist' })).toHaveText(/^No banlist/);
    await choose(page, 'Banlist', '2026.07 OCG — 1 July 2026', dialog);
    await expectAccessible(page, 'the Event settings dialog');
    await shot(page, 'settings-dialog');
    await dialog.getByLabel('Round minutes', { exact: true }).fill('40');
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(view.details.getByTestId('plan-round-time')).toHaveText('40 minutes');
    await expect(banlistFact).toHaveText('2026.07 OCG');
    const uid = page.url().split('/').pop()!;
    const api = await AdminApi.as(LINUS, uid);
    expect(await api.tournament()).toMatchObject({ roundMinutes: 40, topCut: 4, swissRounds: 5, checkIn: true, lateEntryRounds: 1 });
    await api.dispose();

    // the list card says when it starts
    await page.goto('/tournaments');
    await expect(page.getByTestId('tournament-card').filter({ hasText: title }).getByTestId('card-starts-at')).toHaveText(shown);
  });

  test('check-in live on two browsers, a start that drops the no-show, and a late entry in round 2 @both-widths', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const uid = await hostByApi(LINUS, { name: name('Check-in Night'), manualDeckChecking: false, checkIn: true, lateEntryRounds: 1 });
    const api = await AdminApi.as(LINUS, uid);
    await api.seed(4);
    const teams = (await api.tournament()).teams;
    const players: Player[] = await Promise.all(teams.map((t) => api.playerOf(t.uid)));

    // ---- the host opens check-in; a player checks in; the host's page counts it live -------------
    await signInAs(page, LINUS);
    const host = new PlayView(page);
    await host.goto(uid);
    const panel = host.centre.getByTestId('check-in-panel');
    await expect(panel.getByTestId('check-in-count')).toHaveText('0 of 4 checked in');
    await panel.getByRole('button', { name: 'Open check-in' }).click();
    await expect(panel.getByTestId('check-in-state')).toContainText('Check-in is open');

    const { page: playerTab, view: player } = await playerPage(browser, uid, players[0]!);
    const own = player.centre.getByTestId('check-in-panel');
    await expect(own.getByTestId('own-check-in')).toContainText('has not checked in yet');
    await expectAccessible(playerTab, 'the check-in view');
    await expectNoSidewaysScroll(playerTab);
    await shot(playerTab, 'check-in');
    await own.getByRole('button', { name: 'Check in' }).click();
    // focus stays on the desk: the button that replaced the one pressed (issue 30 §3)
    await expect(own.getByRole('button', { name: 'Undo check-in' })).toBeFocused();
    await expect(panel.getByTestId('check-in-count')).toHaveText('1 of 4 checked in', LIVE);
    // undone and done again: both browsers follow
    await own.getByRole('button', { name: 'Undo check-in' }).click();
    await expect(own.getByRole('button', { name: 'Check in' })).toBeFocused();
    await expect(panel.getByTestId('check-in-count')).toHaveText('0 of 4 checked in', LIVE);
    await own.getByRole('button', { name: 'Check in' }).click();
    await expect(panel.getByTestId('check-in-count')).toHaveText('1 of 4 checked in', LIVE);

    // one more checks in by the API; the host checks in the third for its player in Admin Tools'
    // Teams, where each team says whether it is in; the fourth never does
    const ctx = await AdminApi.as(players[1]!, uid);
    expect((await ctx.ctx.post(`/api/tournaments/${uid}/teams/${teams[1]!.uid}/check-in`)).status()).toBe(200);
    await ctx.dispose();
    const third = await host.team(teams[2]!.name);
    await expect(third.getByTestId('team-checked-in')).toHaveText('not checked in');
    await expect((await host.team(teams[0]!.name)).getByTestId('team-checked-in')).toHaveText('checked in');
    const fourth = await host.team(teams[3]!.name); // before the click: on a phone this picks a tab
    await third.getByRole('button', { name: `Check in ${teams[2]!.name}` }).click();
    await expect(third.getByTestId('team-checked-in')).toHaveText('checked in');
    await expect(third.getByRole('button', { name: `Undo the check-in of ${teams[2]!.name}` })).toBeVisible();
    await expect(fourth.getByTestId('team-checked-in')).toHaveText('not checked in');
    // the desk moves on to the next team not yet in (issue 30 §3)
    await expect(fourth.getByRole('button', { name: `Check in ${teams[3]!.name}` })).toBeFocused();
    await expectAccessible(page, 'the host’s teams during check-in');
    await expectNoSidewaysScroll(page);
    await shot(page, 'check-in-teams');
    await expect(panel.getByTestId('check-in-count')).toHaveText('3 of 4 checked in', LIVE);
    await expect(own.getByTestId('check-in-count')).toHaveText('3 of 4 checked in', LIVE);

    // ---- Start names the no-show, and drops it ---------------------------------------------------
    const actions = await host.adminSection('Actions');
    await actions.getByRole('button', { name: 'Start Tournament' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByTestId('start-no-shows')).toContainText('1 team has not checked in');
    await expect(confirm.getByRole('list', { name: 'Teams that have not checked in' })).toHaveText(teams[3]!.name);
    await expect(confirm.getByTestId('start-team-count')).toHaveText('3 teams are paired for round 1.');
    // late entry through round 1: sign-ups do not lock for good yet, and the page says so after the start
    await expect(confirm.getByTestId('start-signups')).toHaveText('Sign-ups stay open as late entries through round 1; after that nobody can join.');
    await shot(page, 'start-no-shows');
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Start Tournament' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(host.banner).toContainText('Swiss round 1 of 3');
    await expect(host.details.getByTestId('signups-state')).toHaveText('Late entry through round 1');
    await expect(host.details.getByTestId('deck-submission-state')).toHaveText('Fixed; late entries until paired');
    const after = await api.tournament();
    expect(after.teams.find((t) => t.uid === teams[3]!.uid)).toMatchObject({ dropped: true });
    expect((await api.matches(1)).flatMap((m) => [m.team1Id, m.team2Id])).not.toContain(teams[3]!.uid);

    // ---- a late entry signs up during round 1 and is paired in round 2 ---------------------------
    const joeyPage = await personPage(browser, JOEY);
    const joey = new PlayView(joeyPage);
    await joey.goto(uid);
    const late = joey.centre.getByTestId('late-entry-panel');
    await expect(late).toContainText('Late entry is open');
    await expectAccessible(joeyPage, 'the late entry view');
    const lateTeam = `Late Joey ${Date.now()}`;
    await late.getByLabel('Team name').fill(lateTeam);
    await late.getByRole('button', { name: 'Sign Up' }).click();
    await expect(late.getByTestId('late-entry-note')).toContainText(`${lateTeam} plays from round 2, with a loss for round 1`);
    await expect(late.getByTestId('late-entry-note')).toContainText('Submit your deck before round 2 is paired.');
    // the late entry submits its deck; it reads as in, and may still be replaced until round 2 is paired
    await joey.chooseDeckFile(deckFile(LATE_DECK));
    await joey.submitDeck();
    await expect(late.getByTestId('late-entry-note')).toContainText('Your deck is in: you may replace it until round 2 is paired');
    await expect(late.getByTestId('late-entry-note')).not.toContainText('Submit your deck');
    const lateDeck = joey.submittedDeck('[Tactical-Try Deck] Eldlich the Conqueror');
    await expect(lateDeck.getByRole('button', { name: /^Delete deck/ })).toBeVisible();
    await expectNoSidewaysScroll(joeyPage);
    await shot(joeyPage, 'late-entry');

    // the first player's match is decided; they drop, and late entry is not offered to them again
    await api.finishOpen();
    const drop = player.centre.getByRole('button', { name: 'Drop from Tournament' });
    await expect(drop).toBeEnabled(LIVE);
    await drop.click();
    await player.confirm.getByRole('button', { name: 'Drop', exact: true }).click();
    await expect(player.confirm).toHaveCount(0);
    const refused = player.centre.getByTestId('late-entry-panel');
    await expect(refused.getByTestId('late-entry-refused')).toHaveText(/already played in this tournament and dropped/, LIVE);
    await expect(refused.getByRole('button', { name: 'Sign Up' })).toHaveCount(0);
    await playerTab.context().close();

    await api.nextRound();
    await expect(joey.banner).toContainText('Swiss round 2 of 3', LIVE);
    await expect(joey.centre.getByTestId('late-entry-panel')).toHaveCount(0);
    const lateUid = (await api.tournament()).teams.find((t) => t.name === lateTeam)!.uid;
    const round2 = await api.matches(2);
    expect(round2.some((m) => m.team1Id === lateUid || m.team2Id === lateUid)).toBe(true);
    await expect(joey.yourMatch).toBeVisible();
    await expect(joey.matchesPanel).toContainText(lateTeam);
    // once paired, its list stays on the page, read-only (issue 29)
    await expect(lateDeck.getByRole('button', { name: /^View Deck/ })).toBeVisible();
    await expect(lateDeck.getByRole('button', { name: /^Delete deck/ })).toHaveCount(0);
    await expect(joey.centre.getByTestId('decks-fixed')).toHaveText('Your decks are fixed for this event: they are the lists you play.');
    await api.dispose();
  });
});
