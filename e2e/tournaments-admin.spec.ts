import { readFile } from 'node:fs/promises';
import { ADA, JOEY, LINUS, expect, isMobile, signInAs, test } from './fixtures.ts';
import {
  MAI, TournamentView, deckFile, deckYdke, expectNoAxeViolations, hostByApi, personPage, screenshot, signUpByApi,
} from './pages/tournament-page.ts';

const LEGAL = 'projectignis-distribution/Starter Deck - Yugi Reloaded.ydk';
const UNKNOWN_CARD = 'iceygo-windbot/AI_Pumpking.ydk'; // holds 29081251, a passcode the card database lacks

test.describe('Admin Tools', () => {
  test('seed test data, search and sort the teams, drop one with confirmation, cancel the tournament @both-widths', async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const name = `Admin Cup ${testInfo.project.name} ${Date.now()}`;
    const uid = await hostByApi(LINUS, { name });
    await signUpByApi(uid, JOEY, 'Joey Juniors', deckYdke(LEGAL));
    await signInAs(page, LINUS);
    const view = new TournamentView(page);
    await view.goto(uid);

    if (isMobile(page)) {
      // below 768 px the panel is three tabs
      await expect(view.adminTools.getByRole('tab')).toHaveText(['Actions', 'Settings', 'Teams']);
    } else {
      for (const s of ['Actions', 'Settings', 'Teams']) await expect(view.adminTools.getByRole('heading', { name: s })).toBeVisible();
    }

    const actions = await view.adminSection('Actions');
    for (const label of ['Start Tournament', 'Next Round (0/0)', 'Close Tournament', 'Download All Decks (.zip)', 'Cancel Tournament', 'Seed Test Data']) {
      await expect(actions.getByRole('button', { name: label, exact: true })).toBeVisible();
    }
    await expect(actions.getByRole('button', { name: 'Next Round (0/0)' })).toBeDisabled();
    await actions.getByRole('button', { name: 'Download All Decks (.zip)' }).click();
    await expect(actions.getByRole('alert')).toHaveText('Deck download is available after the tournament has a winner.');
    await actions.getByRole('button', { name: 'Seed Test Data' }).click();

    const teams = await view.adminSection('Teams');
    await expect(teams.getByTestId('team-count')).toContainText('9 teams');
    await expectNoAxeViolations(page, 'Admin Tools');
    await screenshot(page, 'admin-teams');

    // sort by name, both ways
    await teams.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Name', exact: true }).click();
    const names = async () => teams.getByTestId('admin-team-name').allTextContents();
    const ascending = await names();
    expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })));
    await teams.getByRole('button', { name: /^Sort ascending/ }).click();
    expect(await names()).toEqual([...ascending].reverse());

    // search by team name
    await teams.getByPlaceholder('Search teams...').fill('joey juniors');
    await expect(teams.getByTestId('admin-team')).toHaveCount(1);
    const joeyTeam = teams.getByTestId('admin-team');
    await joeyTeam.locator('button[aria-expanded]').click();
    await expect(joeyTeam.getByTestId('admin-player')).toContainText('Joey');
    await expect(joeyTeam.getByRole('img', { name: 'No approved deck' })).toBeVisible();
    await expect(joeyTeam.getByTestId('deck-count')).toContainText('1 deck');

    // drop, after the confirmation; a dropped team has no Drop button
    await joeyTeam.getByRole('button', { name: 'Drop Joey Juniors' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Drop the team Joey Juniors from this tournament?');
    await confirm.getByRole('button', { name: 'Drop Team' }).click();
    await expect(joeyTeam.getByTestId('team-status')).toHaveText('dropped');
    await expect(joeyTeam.getByRole('button', { name: 'Drop Joey Juniors' })).toHaveCount(0);
    await teams.getByPlaceholder('Search teams...').fill('');
    await expect(teams.getByTestId('team-count')).toContainText('(8 active)');

    // every privileged action is in the audit log
    const actions2 = await view.adminSection('Actions');
    await actions2.getByText('Audit log', { exact: true }).click();
    await expect(actions2.getByRole('list', { name: 'Audit log entries' })).toContainText('drop-team by Linus');
    await expect(actions2.getByRole('list', { name: 'Audit log entries' })).toContainText('seed-test');

    // cancel: asked first, then back to the list, where it no longer shows
    await actions2.getByRole('button', { name: 'Cancel Tournament' }).click();
    await expect(confirm).toContainText('Cancel this tournament?');
    await confirm.getByRole('button', { name: 'Cancel Tournament' }).click();
    await expect(page).toHaveURL(/\/tournaments$/);
    await expect(page.getByTestId('tournament-card').first()).toBeVisible();
    await expect(page.getByTestId('tournament-card').filter({ hasText: name })).toHaveCount(0);
  });
});

test.describe('a player on their own', () => {
  test('approved on upload without manual checks; an unknown card shows as a card back; delete a deck; drop out', async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const uid = await hostByApi(LINUS, {
      name: `Solo Cup ${testInfo.project.name} ${Date.now()}`, manualDeckChecking: false, decksAllowedPerPlayer: 2, banlistDate: '2026-07-01',
    });
    await signInAs(page, MAI);
    const view = new TournamentView(page);
    await view.goto(uid);
    await view.signUp('Solo Mai');
    await expect(view.centre.getByTestId('deck-allowance')).toHaveText('0 of 2 submitted');

    // junk is refused here, before any upload
    await view.pasteYdke('ydke://%%%!!!', 'Junk');
    await view.submitDeck();
    await expect(view.centre.getByRole('alert')).toBeVisible();
    await expect(view.centre.getByTestId('submitted-deck')).toHaveCount(0);

    // a deck with a passcode nobody knows: refused, with Card {id} on a card back beside its problems
    await view.chooseDeckFile(deckFile(UNKNOWN_CARD));
    await view.submitDeck();
    const refused = view.centre.getByTestId('refused-deck');
    await expect(refused.getByRole('img', { name: 'Card 29081251' }).first()).toBeVisible();
    await expect(refused.getByRole('list', { name: 'Deck problems' })).toContainText('29081251');

    // a legal deck is approved at once
    await view.pasteYdke(deckYdke(LEGAL), 'Yugi');
    await view.submitDeck();
    await expect(view.submittedDeck('Yugi').getByTestId('deck-status')).toHaveText('Approved');
    await expect(view.centre.getByTestId('deck-allowance')).toHaveText('1 of 2 submitted');
    await view.submittedDeck('Yugi').getByRole('button', { name: /^View Deck/ }).click();
    await expect(view.deckDialog.getByTestId('deck-main').getByRole('listitem')).toHaveCount(50);
    const download = page.waitForEvent('download');
    await view.deckDialog.getByRole('button', { name: 'Download .ydk' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Yugi.ydk');
    const text = await readFile(await file.path(), 'utf8');
    expect(text).toMatch(/^#created by Mai\n#main\n(\d+\n){50}#extra\n!side\n$/);
    await page.keyboard.press('Escape');
    await expect(view.deckDialog).toHaveCount(0);

    // delete it, after the confirmation
    await view.submittedDeck('Yugi').getByRole('button', { name: 'Delete deck Yugi' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(view.centre.getByTestId('submitted-deck')).toHaveCount(0);

    // drop out, after the confirmation: the sign-up form is back
    await view.centre.getByRole('button', { name: 'Drop from Tournament' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Drop from this tournament?');
    await confirm.getByRole('button', { name: 'Drop' }).click();
    await expect(view.centre.getByRole('button', { name: 'Sign Up' })).toBeVisible();
  });

  test('an admin (auth 2) on their own team may drop the whole team', async ({ page, browser }, testInfo) => {
    const uid = await hostByApi(LINUS, { name: `Admin Team Cup ${testInfo.project.name} ${Date.now()}` });
    await signInAs(page, ADA);
    const view = new TournamentView(page);
    await view.goto(uid);
    await view.signUp('Ada Allstars');
    await expect(view.adminTools).toBeVisible(); // auth 2 is privileged everywhere
    // only an admin marks an event rated (issue 29): the switch, and the header's badge follows
    await expect(page.getByTestId('rated-badge')).toHaveText('Unrated');
    const rated = (await view.adminSection('Settings')).getByRole('switch', { name: 'Rated' });
    await rated.click();
    await expect(rated).toBeChecked();
    await expect(page.getByTestId('rated-badge')).toHaveText('Rated');
    if (isMobile(page)) await view.adminTools.getByRole('tab', { name: 'Actions' }).click();
    await view.centre.getByRole('button', { name: 'Drop Team from Tournament' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Drop the team Ada Allstars from this tournament?');
    await confirm.getByRole('button', { name: 'Drop Team' }).click();
    await expect(view.centre.getByRole('button', { name: 'Sign Up' })).toBeVisible();

    // a plain player has no such button
    const joeyPage = await personPage(browser, JOEY);
    const joey = new TournamentView(joeyPage);
    await joey.goto(uid);
    await joey.signUp('Joey Jets');
    await expect(joey.centre.getByRole('button', { name: 'Drop from Tournament' })).toBeVisible();
    await expect(joey.centre.getByRole('button', { name: 'Drop Team from Tournament' })).toHaveCount(0);
    await joeyPage.context().close();
  });
});
