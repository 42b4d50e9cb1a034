// Issue 41's pages: the list and the form, a league played by two players in their browsers while a
// third page follows the leaderboard, a run's page, and a disputed report the hosts decide.
import { ADA, JOEY, LINUS, expect, expectAccessible, expectValidHtml, isMobile, openMenuIfMobile, signInAs, test } from './fixtures.ts';
import { LeagueView, createLeagueByApi, deckText, leagueApi, screenshotLeague } from './pages/league-page.ts';
import { MAI, choose, deckYdke, personPage } from './pages/tournament-page.ts';

/** Every open page follows a change within a second; a few allow for a busy machine. */
const LIVE = { timeout: 5_000 };
const name = (what: string) => `${what} ${test.info().project.name} ${Date.now() % 100_000}`;
const LEGAL = 'iceygo-windbot/AI_Blackwing.ydk';
/** refused by the series' list, 2026.07 OCG */
const REFUSED = 'iceygo-windbot/AI_Chaos408.ydk';

async function checkPage(page: import('@playwright/test').Page, what: string) {
  await expectAccessible(page, what, ['heading-order']);
  await expectValidHtml(page, what);
}

test.describe('the league', () => {
  test('a curator reaches Leagues from the menu and creates a league with the form; the list shows it @both-widths', async ({ page }) => {
    const title = name('Form League');
    await signInAs(page, LINUS);
    await page.goto('/');
    await openMenuIfMobile(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leagues' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Leagues' })).toBeVisible();
    await page.getByRole('link', { name: 'Create a league' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create a league' })).toBeVisible();

    // nothing chosen: the route's own sentences, at the fields, the first one focused
    await page.getByRole('button', { name: 'Create league' }).click();
    const form = page.getByRole('form', { name: 'Create a league' });
    await expect(form.getByRole('alert')).toContainText('Please fix the highlighted fields.');
    await expect(page.getByTestId('error-seriesId')).toHaveText('Choose the league’s series');
    await expect(page.getByTestId('error-name')).toHaveText('a league needs a name');
    await expect(page.getByRole('combobox', { name: 'Series' })).toBeFocused();
    await checkPage(page, 'the league form with its errors');

    await choose(page, 'Series', 'Modern Master Rule');
    // the series' own list is preselected; a calendar month is the default length
    await expect(page.getByRole('combobox', { name: 'Banlist' })).toHaveText('2026.07 OCG (the series’ own list)');
    await page.getByLabel('Name', { exact: true }).fill(title);
    await expect(page.getByLabel('Matches per run')).toHaveValue('5');
    await expect(page.getByLabel('Hours to confirm')).toHaveValue('24');
    const start = await page.getByLabel('Start').inputValue();
    const end = await page.getByLabel('End').inputValue();
    expect(Date.parse(end) - Date.parse(start)).toBeGreaterThanOrEqual(28 * 86_400_000);
    await screenshotLeague(page, 'form');
    await page.getByRole('button', { name: 'Create league' }).click();

    await expect(page.getByTestId('league-name')).toHaveText(title);
    await expect(page).toHaveURL(/\/leagues\/[^/]+$/);
    await expect(page.getByTestId('league-phase').first()).toHaveText('Running');
    await expect(page.getByTestId('leaderboard-empty')).toBeVisible();
    await expect(page.getByTestId('hosts-panel').getByTestId('attention-none')).toBeVisible(); // its creator hosts it

    await page.getByRole('link', { name: 'All leagues' }).click();
    const current = page.getByRole('region', { name: 'Running and upcoming' });
    await expect(current.getByRole('link', { name: title })).toBeVisible();
    await checkPage(page, 'the leagues list');
    await screenshotLeague(page, 'list');

    // the home page shows a running league, and the series' page its leagues with 'Create a league'
    await page.goto('/');
    await expect(page.getByTestId('running-league').getByTestId('running-league-link')).toBeVisible();
    await expectAccessible(page, 'the home page with a running league', ['heading-order']);
    await page.goto('/series');
    await page.getByRole('link', { name: 'Modern Master Rule' }).first().click();
    await expect(page.getByTestId('series-leagues').getByRole('link', { name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create a league' })).toHaveAttribute('href', /^\/leagues\/new\?series=/);
    await checkPage(page, "a series' page with its leagues");
  });

  test('two players join, find each other, read the room, report and confirm; the leaderboard moves live on a third page @both-widths', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const title = name('June League');
    const id = await createLeagueByApi(LINUS, { name: title });

    // ---- a visitor follows the league: the third page ----------------------------------------
    const watcher = new LeagueView(page);
    await watcher.goto(id);
    await expect(page.getByTestId('league-name')).toHaveText(title);
    await expect(page.getByTestId('leaderboard-empty')).toBeVisible();
    await expect(watcher.myRun.getByText('Log in to join the league with a deck')).toBeVisible();
    await checkPage(page, "a visitor's league page");

    // ---- Joey joins with a file: refused first (the list's problems beside the cards), then a legal deck
    const joey = new LeagueView(await personPage(browser, JOEY));
    await joey.goto(id);
    await joey.joinWithFile(REFUSED);
    const refused = joey.page.getByTestId('refused-deck');
    await expect(refused.getByText('The deck was not accepted.')).toBeVisible();
    await expect(refused.getByTestId('deck-preview')).toBeVisible();
    await expect(refused.getByRole('listitem').first()).toBeVisible();
    await checkPage(joey.page, 'a refused league deck');
    await screenshotLeague(joey.page, 'refused');
    await joey.joinWithFile(LEGAL);
    await expect(joey.myRun.getByRole('button', { name: 'Find a match' })).toBeVisible();
    await expect(joey.myRun.getByTestId('run-record')).toHaveText('0–0');
    await expect(watcher.row('Joey')).toBeVisible(LIVE); // the leaderboard lists a player from their first run

    // ---- Mai joins with a ydke:// link ----------------------------------------------------------
    const mai = new LeagueView(await personPage(browser, MAI));
    await mai.goto(id);
    await mai.joinWithYdke(deckYdke('iceygo-windbot/AI_HeroBeat1103.ydk'));
    await expect(mai.myRun.getByRole('button', { name: 'Find a match' })).toBeVisible();

    // ---- Joey waits in the queue; Mai finds him at once ------------------------------------------
    await joey.myRun.getByRole('button', { name: 'Find a match' }).click();
    await expect(joey.myRun.getByTestId('queue-waiting')).toContainText(/Looking for an opponent… 1[45] min left in the queue \(1 run waiting\)/);
    await expect(joey.myRun.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expect(page.getByTestId('queue-size')).toHaveText('1', LIVE);
    await checkPage(joey.page, 'a run waiting in the queue');

    await mai.myRun.getByRole('button', { name: 'Find a match' }).click();
    await expect(mai.match.getByTestId('opponent')).toHaveText('Joey');
    await expect(joey.match.getByTestId('opponent')).toHaveText('Mai', LIVE); // told at once, on the page
    await expect(page.getByTestId('queue-size')).toHaveText('0', LIVE);

    // ---- both read the same room ---------------------------------------------------------------
    const room = await mai.match.getByTestId('room-name').textContent();
    const password = await mai.match.getByTestId('room-password').textContent();
    expect(room).toBeTruthy();
    await expect(joey.match.getByTestId('room-name')).toHaveText(room!);
    await expect(joey.match.getByTestId('room-password')).toHaveText(password!);
    await expect(joey.match.getByTestId('room-settings')).toContainText('Duel flags');
    await expect(page.getByTestId('room-name')).toHaveCount(0); // the visitor never sees it
    await checkPage(joey.page, 'a paired match with its room');
    await screenshotLeague(joey.page, 'match');

    // ---- Joey reports with one tap; Mai confirms -----------------------------------------------
    await expect(joey.match.getByTestId('result-button')).toHaveText([/^2–0\s*You win$/, /^2–1\s*You win$/, /^1–2\s*You lose$/, /^0–2\s*You lose$/]);
    await joey.resultButton('2–1 You win').click();
    await expect(joey.match.getByTestId('waiting-confirmation')).toContainText('You reported 2–1: you win. Waiting for Mai to confirm or dispute');
    await expect(mai.match.getByTestId('opponent-report')).toContainText('Joey reported 2–1: Joey wins.', LIVE);
    await checkPage(mai.page, 'a report to confirm or dispute');
    await mai.match.getByRole('button', { name: 'Confirm' }).click();
    await expect(mai.match).toHaveCount(0);
    await expect(mai.myRun.getByTestId('run-record')).toHaveText('0–1');

    // ---- the third page's leaderboard moved without a reload ----------------------------------
    await expect(watcher.row('Joey').getByTestId('leaderboard-points')).toHaveText('1', LIVE);
    await expect(watcher.row('Joey').getByTestId('leaderboard-record')).toContainText('1 wins, 0 losses');
    await expect(watcher.row('Mai').getByTestId('leaderboard-points')).toHaveText('0');
    await expect(watcher.leaderboard.getByTestId('leaderboard-place')).toHaveText(['1', '2']);
    await expect(joey.myRun.getByTestId('run-record')).toHaveText('1–0', LIVE);
    await expect(joey.myRun.getByTestId('run-match-result')).toHaveText('Won 2–1');
    await screenshotLeague(page, 'league');

    // ---- Joey's run page: his matches and his own deck; the visitor sees Mai's deck is private -----
    await joey.myRun.getByRole('link', { name: 'Your run’s page' }).click();
    await expect(joey.page.getByRole('heading', { level: 1 })).toContainText('Joey’s run');
    await expect(joey.page.getByTestId('run-match-result')).toHaveText('Won 2–1');
    await expect(joey.page.getByTestId('deck-private-note')).toBeVisible();
    await expect(joey.page.getByTestId('deck-preview')).toBeVisible();
    await checkPage(joey.page, "a player's own run");
    await screenshotLeague(joey.page, 'run');
    await joey.page.getByTestId('run-matches').getByRole('link', { name: 'Mai' }).click();
    await expect(joey.page.getByRole('heading', { level: 1 })).toContainText('Mai’s run');
    await expect(joey.page.getByTestId('deck-private')).toContainText('The deck is private until the league is final');
    await expect(joey.page.getByTestId('run-match-result')).toHaveText('Lost 1–2');

    // ---- the report waits for the league's end ------------------------------------------------
    await page.goto(`/leagues/${id}/report`);
    await expect(page.getByTestId('report-not-yet')).toBeVisible();
    await checkPage(page, 'the league report before the end');
    await Promise.all([joey.page.context().close(), mai.page.context().close()]);
  });

  test('a final league’s report: the top 8 with their runs, the meta of every run, the top 8’s decks and nobody else’s @both-widths', async ({ page }) => {
    // the demo's last month's league of the GOAT series
    await page.goto('/leagues');
    await page.getByRole('region', { name: 'Past leagues' }).getByRole('link', { name: 'GOAT League: last month' }).click();
    await page.getByRole('link', { name: 'League report' }).click();
    await expect(page.getByTestId('report-title')).toHaveText('GOAT League: last month');
    await expect(page.getByTestId('league-champion')).toContainText('Yugi');
    const top = page.getByTestId('leaderboard').first();
    await expect(top.getByTestId('leaderboard-row')).toHaveCount(8);
    await expect(top.getByTestId('leaderboard-run').first()).toContainText('5–0');
    await expect(page.getByTestId('league-meta-table')).toContainText('Chaos');
    // the top 8's runs, each with its cards; the four first open
    const decks = page.getByTestId('report-deck');
    await expect(decks).toHaveCount(8);
    await expect(decks.first()).toContainText('1st Yugi');
    await expect(decks.first().getByTestId('deck-list')).toBeVisible();
    await expect(decks.nth(7).getByTestId('deck-list')).toHaveCount(0);
    await checkPage(page, 'a final league’s report');
    await screenshotLeague(page, 'report');
    // a run from the top 8 opens its page, with its deck
    await top.getByTestId('leaderboard-run').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Yugi’s run');
    await expect(page.getByTestId('deck-preview')).toBeVisible();
  });

  test('a disputed report goes to the hosts, who decide it; Retire asks first', async ({ page, browser }) => {
    test.skip(isMobile(page), 'the layout at 390 px is the test above');
    const id = await createLeagueByApi(LINUS, { name: name('Dispute League') });
    const ada = await leagueApi(ADA, id);
    const joeyApi = await leagueApi(JOEY, id);
    await ada.join(deckText(LEGAL));
    await joeyApi.join(deckText(LEGAL));
    await ada.find();
    const paired = await joeyApi.find();
    await ada.report(paired.match!.id, 2, 0);

    const joey = new LeagueView(await personPage(browser, JOEY));
    await joey.goto(id);
    await expect(joey.match.getByTestId('opponent-report')).toContainText('Ada reported 2–0: Ada wins.');
    await joey.match.getByRole('button', { name: 'Dispute' }).click();
    const dialog = joey.page.getByRole('dialog', { name: `Dispute match #${paired.match!.id}` });
    await dialog.getByLabel('What is wrong with the report? (optional)').fill('I won the second game');
    await expectAccessible(joey.page, 'the dispute dialog', ['heading-order']); // html-validate reads the page behind it as hidden: checked without
    await dialog.getByRole('button', { name: 'Dispute' }).click();
    await expect(joey.match.getByTestId('disputed-note')).toContainText('you disputed it: “I won the second game”');

    // the league's creator sees it in the attention panel, live, and decides
    await signInAs(page, LINUS);
    const host = new LeagueView(page);
    await host.goto(id);
    const panel = page.getByTestId('hosts-panel');
    await expect(panel.getByRole('heading', { name: 'Needs attention (1)' })).toBeVisible();
    await checkPage(page, "the hosts' attention panel");
    await expect(panel.getByTestId('to-decide')).toContainText('Disputed by Joey: “I won the second game”');
    await panel.getByRole('button', { name: `Decide match #${paired.match!.id}` }).click();
    const decide = page.getByRole('dialog', { name: `Decide match #${paired.match!.id}` });
    await expect(decide.getByTestId('result-button')).toHaveText([/^2–0\s*for (Ada|Joey)$/, /^2–1/, /^1–2/, /^0–2/]);
    await expectAccessible(page, "the hosts' decision", ['heading-order']);
    await screenshotLeague(page, 'decide');
    const joeyFirst = (await decide.getByTestId('result-button').first().textContent())!.includes('Joey');
    await decide.getByRole('button', { name: joeyFirst ? '2–1 for Joey' : '1–2 for Joey' }).click();
    await expect(decide).toHaveCount(0);
    await expect(panel.getByTestId('attention-none')).toBeVisible();
    await expect(host.row('Joey').getByTestId('leaderboard-points')).toHaveText('1');
    await expect(joey.myRun.getByTestId('run-record')).toHaveText('1–0', LIVE);

    // Retire asks first, then ends the run; a new run may start
    await joey.myRun.getByRole('button', { name: 'Retire' }).click();
    const ask = joey.page.getByRole('alertdialog', { name: 'Retire this run?' });
    await expect(ask).toContainText('It ends now with its record (1–0, 1 point)');
    await ask.getByRole('button', { name: 'Retire' }).click();
    await expect(joey.myRun.getByTestId('last-run')).toContainText('Retired');
    await expect(joey.myRun.getByRole('heading', { name: 'Start another run' })).toBeVisible();
    await Promise.all([joey.page.context().close(), ada.dispose(), joeyApi.dispose()]);
  });
});
