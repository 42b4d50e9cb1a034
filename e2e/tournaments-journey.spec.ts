import { JOEY, LINUS, expect, signInAs, test } from './fixtures.ts';
import {
  HostTournamentForm, MAI, TournamentView, choose, deckFile, deckYdke, personPage, screenshot, verdict,
} from './pages/tournament-page.ts';

// Against the site's 2026-07-01 list (EDOPro's 2026.07 OCG), as MANIFEST.json says:
const LEGAL_FILE = 'projectignis-distribution/[Tactical-Try Deck] Eldlich the Conqueror.ydk';
const ILLEGAL_FILE = 'projectignis-distribution/Structure Deck - Zombie Madness.ydk';
const LEGAL_PASTED = 'projectignis-distribution/Starter Deck - Yugi Reloaded.ydk';
const LIST = '2026.07-OCG.lflist.conf';
/** Live messages arrive at once; the page refetches right after. */
const LIVE = { timeout: 10_000 };

test.describe('a tournament before its start', () => {
  test('host from a series; two players sign up and submit decks; the host reviews, locks sign-ups and changes the format, seen live', async ({
    page, browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    expect(verdict(LEGAL_FILE, LIST)).toBe('LEGAL');
    expect(verdict(ILLEGAL_FILE, LIST)).toBe('LFLIST');
    expect(verdict(LEGAL_PASTED, LIST)).toBe('LEGAL');
    const name = `E2E Open ${testInfo.project.name} ${Date.now()}`;

    // ---- Linus (auth 1) hosts from the Modern Master Rule series -------------------------------
    await signInAs(page, LINUS);
    await page.goto('/series');
    const series = page.getByTestId('series-card').filter({ hasText: 'Modern Master Rule' });
    await series.getByRole('link', { name: /^Host a tournament/ }).click();
    await expect(page).toHaveURL(/\/tournaments\/host\/[^/]+$/);
    await expect(page.getByRole('heading', { name: 'Host a Tournament' })).toBeVisible();

    const form = new HostTournamentForm(page);
    for (const tab of ['Basic Info', 'Rules & Format', 'Deck Settings', 'Advanced'] as const) await expect(form.tab(tab)).toBeVisible();
    // filled from the series, with the host defaults of spec 2 §5
    // numbered after the series' held events, on the series' list (the site's 2026.07 OCG: issue 39 §2)
    await expect(form.field('Name')).toHaveValue(/^Modern Master Rule #\d+$/);
    await expect(page.getByRole('combobox', { name: 'Banlist' })).toHaveText('2026.07 OCG — 1 July 2026 (current)');
    await expect(form.field('Best of')).toHaveValue('3');
    await expect(form.field('Decks per player')).toHaveValue('1');
    await expect(page.getByRole('checkbox', { name: /^Open Submissions/ })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Format' })).toHaveText('Swiss → Top Cut');
    await form.field('Name').fill(name);
    await form.field('Subtitle').fill('Made by the end-to-end test');
    await form.field('Decks per player').fill('0');
    await screenshot(page, 'host');

    await form.tab('Rules & Format').click();
    await expect(page.getByRole('combobox', { name: 'Preset' })).toHaveText('Master Rule 5');
    await expect(form.field('Starting LP')).toHaveValue('8000');
    await form.tab('Deck Settings').click();
    await expect(form.field('Main Deck minimum')).toHaveValue('40');
    await expect(form.field('Main Deck maximum')).toHaveValue('60');

    // a value below the minimum is refused at its field, on its tab
    await form.create.click();
    await expect(form.tab('Basic Info')).toHaveAttribute('data-state', 'active');
    await expect(form.error('decksAllowedPerPlayer')).toHaveText('must be at least 1');
    await expect(form.field('Decks per player')).toBeFocused();
    await form.field('Decks per player').fill('1');
    await form.create.click();

    await expect(page).toHaveURL(/\/tournaments\/[^/]+$/);
    const uid = page.url().split('/').pop()!;
    const host = new TournamentView(page);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(host.formatLabel()).toHaveText('Swiss → Top Cut');
    await expect(host.info.getByTestId('rules-badge')).toHaveText('Master Rule 5');
    await expect(host.details.getByRole('button', { name: 'Download banlist' })).toBeVisible();
    await expect(host.adminTools.getByRole('heading', { name: 'Admin Tools' })).toBeVisible();
    await expect((await host.adminSection('Teams')).getByText('No teams have joined yet')).toBeVisible();

    // ---- Joey signs up and uploads a legal .ydk file ------------------------------------------
    const joeyPage = await personPage(browser, JOEY);
    const joey = new TournamentView(joeyPage);
    await joey.goto(uid);
    await expect(joey.adminTools).toHaveCount(0);
    await joey.signUp('Team Joey');
    await joey.chooseDeckFile(deckFile(LEGAL_FILE));
    await expect(joey.centre.getByLabel('Deck label')).toHaveValue('[Tactical-Try Deck] Eldlich the Conqueror');
    await joey.submitDeck();
    const joeyDeck = joey.submittedDeck('[Tactical-Try Deck] Eldlich the Conqueror');
    await expect(joeyDeck.getByTestId('deck-status')).toHaveText('Pending');
    // one deck per player: the upload box is gone
    await expect(joey.centre.getByRole('button', { name: 'Submit Deck' })).toHaveCount(0);
    await joeyDeck.getByRole('button', { name: /^View Deck/ }).click();
    await expect(joey.deckDialog.getByTestId('deck-main').getByRole('listitem')).toHaveCount(40);
    await expect(joey.deckDialog.getByTestId('deck-extra').getByRole('listitem')).toHaveCount(10);
    await expect(joey.deckDialog.getByRole('button', { name: 'Download .ydk' })).toBeVisible();
    await screenshot(joeyPage, 'deck');
    await joey.deckDialog.getByRole('button', { name: 'Close', exact: true }).click();

    // ---- Mai signs up; her illegal file is refused with its problems, then she pastes a ydke:// link
    const maiPage = await personPage(browser, MAI);
    const mai = new TournamentView(maiPage);
    await mai.goto(uid);
    await mai.signUp('Team Mai');
    await mai.chooseDeckFile(deckFile(ILLEGAL_FILE));
    await mai.submitDeck();
    const refused = mai.centre.getByTestId('refused-deck');
    await expect(refused.getByTestId('upload-error')).not.toBeEmpty();
    await expect(refused.getByRole('list', { name: 'Deck problems' }).getByRole('listitem').first()).toBeVisible();
    await expect(refused.getByTestId('deck-main').getByRole('listitem')).toHaveCount(40);
    await screenshot(maiPage, 'refused');
    await mai.pasteYdke(deckYdke(LEGAL_PASTED), 'Yugi Reloaded');
    await mai.submitDeck();
    await expect(mai.submittedDeck('Yugi Reloaded').getByTestId('deck-status')).toHaveText('Pending');
    await expect(refused).toHaveCount(0);

    // ---- the host sees both teams live, approves Joey's deck and rejects Mai's with a reason ---
    const teams = await host.adminSection('Teams');
    await expect(teams.getByTestId('team-count')).toContainText('2 teams', LIVE);
    const teamJoey = await host.openTeam('Team Joey');
    await expect(teamJoey.getByTestId('captain-badge')).toBeVisible();
    await expect(teamJoey.getByRole('img', { name: 'No approved deck' })).toBeVisible();
    await screenshot(page, 'admin');
    await teamJoey.getByRole('button', { name: /^View .* of Joey$/ }).click();
    await expect(host.deckDialog.getByTestId('deck-main').getByRole('listitem')).toHaveCount(40);
    await host.deckDialog.getByRole('button', { name: 'Approve' }).click();
    await expect(host.deckDialog).toHaveCount(0);
    await expect(teamJoey.getByRole('img', { name: 'Has an approved deck' })).toBeVisible();
    await expect(joeyDeck.getByTestId('deck-status')).toHaveText('Approved', LIVE);

    const teamMai = await host.openTeam('Team Mai');
    await teamMai.getByRole('button', { name: 'View Yugi Reloaded of Mai' }).click(); // the host sees the player's own label
    await host.deckDialog.getByRole('button', { name: 'Reject' }).click();
    await host.deckDialog.getByRole('button', { name: 'Confirm Reject' }).click();
    await expect(host.deckDialog.getByText('A reason is required to reject a deck.')).toBeVisible();
    await host.deckDialog.getByLabel('Rejection reason').fill('Please register a 40-card Main Deck.');
    await host.deckDialog.getByRole('button', { name: 'Confirm Reject' }).click();
    await expect(host.deckDialog).toHaveCount(0);
    const maiDeck = mai.submittedDeck('Yugi Reloaded');
    await expect(maiDeck.getByTestId('deck-status')).toHaveText('Rejected', LIVE);
    await expect(maiDeck.getByTestId('rejection-reason')).toHaveText('Reason: Please register a 40-card Main Deck.');

    // ---- the host locks sign-ups and changes the format; the players see both live -------------
    const settings = await host.adminSection('Settings');
    const signups = settings.getByRole('switch', { name: 'Signups Open' });
    await expect(signups).toBeChecked();
    await signups.click();
    await expect(signups).not.toBeChecked();
    await expect(signups).toBeDisabled();
    await expect(joey.details.getByTestId('signups-state')).toHaveText('Closed', LIVE);

    await choose(page, 'Format', 'Round Robin', settings);
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Change the format from Swiss → Top Cut to Round Robin?');
    await confirm.getByRole('button', { name: 'Change Format' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(host.formatLabel()).toHaveText('Round Robin');
    await expect(joey.formatLabel()).toHaveText('Round Robin', LIVE);
    await expect(mai.formatLabel()).toHaveText('Round Robin', LIVE);
    await screenshot(joeyPage, 'player');
    await screenshot(page, 'view');

    // ---- Mai drops out in her browser; the host's team list shows it live ----------------------
    await host.adminSection('Teams');
    const maiTeamRow = await host.openTeam('Team Mai');
    await expect(maiTeamRow.getByText('dropped', { exact: true })).toHaveCount(0);
    await mai.centre.getByRole('button', { name: 'Drop from Tournament' }).click();
    await maiPage.getByRole('alertdialog').getByRole('button', { name: 'Drop' }).click();
    await expect(maiPage.getByRole('alertdialog')).toHaveCount(0);
    await expect(maiTeamRow.getByText('dropped', { exact: true }).first()).toBeVisible(LIVE);

    // ---- a visitor after the lock: no sign-up form, and the login prompt -----------------------
    const visitorPage = await personPage(browser, null);
    const visitor = new TournamentView(visitorPage);
    await visitor.goto(uid);
    await expect(visitor.centre.getByRole('button', { name: 'Login with Discord' })).toBeVisible();
    await expect(visitor.adminTools).toHaveCount(0);
    await screenshot(visitorPage, 'visitor');

    // ---- the list: Joey's tournaments first (other specs' events he plays in may come before this one), the host's notification dot
    await joeyPage.goto('/tournaments');
    const cards = joeyPage.getByTestId('tournament-card');
    const first = cards.filter({ hasText: name });
    await expect(first).toBeVisible();
    const playing = await cards.evaluateAll((els) => els.map((e) => !!e.querySelector('[data-testid="participating"]')));
    expect(playing.indexOf(false) === -1 || playing.lastIndexOf(true) < playing.indexOf(false)).toBe(true);
    await expect(first.getByTestId('participating')).toBeVisible();
    await expect(first.getByTestId('series-tag')).toHaveText('Series Tournament');
    await expect(first.getByTestId('notification-dot')).toHaveCount(0); // not for auth 0
    await page.goto('/tournaments');
    const hosted = page.getByTestId('tournament-card').filter({ hasText: name });
    await expect(hosted.getByTestId('notification-dot')).toBeVisible(); // teams, no matches yet
    await screenshot(page, 'list');

    for (const p of [joeyPage, maiPage, visitorPage]) await p.context().close();
  });
});
