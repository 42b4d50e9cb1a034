import { emptyUrl, JOEY, LINUS, expect, expectValidHtml, signInAs, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { HostTournamentForm, TournamentView, expectNoAxeViolations, hostByApi, readQr, screenshot } from './pages/tournament-page.ts';

async function seededUid(page: Page, name: string): Promise<string> {
  const list = (await (await page.request.get('/api/tournaments')).json()) as { uid: string; name: string }[];
  const t = list.find((x) => x.name === name);
  expect(t, `${name} is seeded`).toBeTruthy();
  return t!.uid;
}

test.describe('the tournament list', () => {
  test('a visitor sees the cards with their tags, no notification dot, and the page passes axe', async ({ page }) => {
    await page.goto('/tournaments');
    await expect(page.getByRole('heading', { name: 'Ongoing & Upcoming Tournaments', level: 1 })).toBeVisible();
    const goat = page.getByTestId('tournament-card').filter({ hasText: 'GOAT Monthly #12' });
    await expect(goat.getByTestId('series-tag')).toHaveText('Series Tournament');
    await expect(goat.getByTestId('tournament-card-link')).toHaveAttribute('href', /^\/tournaments\/[^/]+$/);
    // a completed event's card: its champion, when it ended and its report (issue 30 §8), not its planned start
    const done = page.getByTestId('tournament-card').filter({ hasText: 'GOAT Monthly #11' });
    await expect(done.getByTestId('card-champion')).toHaveText(/^Champion: \S/);
    await expect(done.getByTestId('card-ended')).toHaveText(/^Ended /);
    await expect(done.getByTestId('card-starts-at')).toHaveCount(0);
    await done.getByTestId('card-report-link').click();
    await expect(page).toHaveURL(/\/tournaments\/[^/]+\/report$/);
    await page.goBack();
    const roundRobin = page.getByTestId('tournament-card').filter({ hasText: 'Weekend Round Robin' });
    await expect(roundRobin.getByTestId('series-tag')).toHaveCount(0);
    await expect(page.getByTestId('notification-dot')).toHaveCount(0);
    await expectNoAxeViolations(page, '/tournaments');
  });

  test('a curator (auth 1) sees the dot where teams wait for the start', async ({ page }) => {
    await signInAs(page, LINUS);
    await page.goto('/tournaments');
    await expect(page.getByTestId('tournament-card').filter({ hasText: 'Modern Open' }).getByTestId('notification-dot')).toBeVisible();
    await expect(page.getByTestId('tournament-card').filter({ hasText: 'Weekend Round Robin' }).getByTestId('notification-dot')).toHaveCount(0);
  });

  test('an empty site says No tournaments yet', async ({ page }) => {
    await page.goto(`${await emptyUrl()}/tournaments`);
    await expect(page.getByText('No tournaments yet')).toBeVisible();
  });

  test('a failed load says Failed to load tournaments, in red', async ({ page }) => {
    test.setTimeout(60_000); // the query retries with backoff before it gives up
    await page.route('**/api/tournaments', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }));
    await page.goto('/tournaments');
    await expect(page.getByText('Loading tournaments…')).toBeVisible();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('Failed to load tournaments', { timeout: 25_000 });
    await expect(alert).toHaveClass(/text-danger/);
  });
});

test.describe('the tournament view', () => {
  test('an unknown uid says Tournament not found', async ({ page }) => {
    await page.goto('/tournaments/no-such-tournament');
    await expect(page.getByRole('alert')).toHaveText('Tournament not found');
    await expect(page.getByRole('link', { name: 'All tournaments' })).toBeVisible();
  });

  test('a visitor: the information panel and a Login with Discord prompt, no Admin Tools', async ({ page }) => {
    const uid = await seededUid(page, 'Modern Open');
    const view = new TournamentView(page);
    await view.goto(uid);
    await expect(page.getByRole('heading', { name: 'Modern Open', level: 1 })).toBeVisible();
    await expect(view.info.getByTestId('host-name')).toHaveText('Ada');
    await expect(view.info.getByTestId('rules-badge')).toHaveText('Master Rule 5');
    await expect(view.details.getByTestId('format-label')).toHaveText('Swiss → Top Cut');
    await expect(view.details.getByTestId('best-of')).toHaveText('3');
    await expect(view.details.getByRole('heading', { name: 'EDOPro Room Settings' })).toBeVisible();
    await expect(view.centre.getByRole('button', { name: 'Login with Discord' })).toBeVisible();
    await expect(view.adminTools).toHaveCount(0);
    await expectNoAxeViolations(page, 'a tournament, signed out');
  });

  test('in progress and completed: the round banner, and the champion or the no-winner sentence', async ({ page }) => {
    const view = new TournamentView(page);
    await view.goto(await seededUid(page, 'GOAT Monthly #12'));
    await expect(view.centre.getByTestId('round-banner')).toContainText(/round \d+ of \d+/i);
    await screenshot(page, 'in-progress');
    await view.goto(await seededUid(page, 'GOAT Monthly #11'));
    await expect(view.centre.getByRole('heading', { name: 'Tournament Completed' })).toBeVisible();
    await expect(view.centre.getByTestId('champion').or(view.centre.getByText('No winner has been declared for this tournament.'))).toBeVisible();
    await screenshot(page, 'completed');
  });

  test('the sign-up form is reachable and usable by keyboard alone', async ({ page }) => {
    await signInAs(page, JOEY);
    const uid = await hostByApi(LINUS, { name: `Keyboard Cup ${test.info().project.name} ${Date.now()}` });
    const view = new TournamentView(page);
    await view.goto(uid);
    const teamName = view.centre.getByLabel('Team name');
    for (let i = 0; i < 40 && !(await teamName.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(teamName).toBeFocused();
    expect(await teamName.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
    await page.keyboard.type('Keyboard Kids');
    await page.keyboard.press('Enter');
    await expect(view.centre.getByTestId('own-team')).toHaveText('Keyboard Kids');
    await expectNoAxeViolations(page, 'a tournament, signed up');
  });
});

test.describe('the host page', () => {
  test('signed out: You must be logged in to host a tournament', async ({ page }) => {
    await page.goto('/tournaments/host/anything');
    await expect(page.getByText('You must be logged in to host a tournament')).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: 'Login with Discord' })).toBeVisible();
  });

  test('hosting without a series: the defaults and the current list; No banlist on purpose, said on the page; Share with a readable QR code; a 1-vs-1 sign-up under the player’s name @both-widths', async ({ page, context }) => {
    test.setTimeout(90_000);
    await signInAs(page, LINUS);
    await page.goto('/tournaments');
    await page.getByRole('link', { name: 'Host Tournament' }).click();
    await expect(page).toHaveURL(/\/tournaments\/new$/);
    const form = new HostTournamentForm(page);
    await expect(form.field('Name')).toHaveValue('');
    await form.field('Name').fill('No Series Cup');
    await expect(form.field('Best of')).toHaveValue('3');
    // issue 39 §2: the banlist on the first tab, by name and date, the current list preselected; the
    // Advanced reference list of the same date is no event's list
    const banlist = page.getByRole('combobox', { name: 'Banlist' });
    await expect(banlist).toHaveText('2026.07 OCG — 1 July 2026 (current)');
    await banlist.click();
    await expect(page.getByRole('option', { name: '2026.05 Worlds — 1 May 2026' })).toBeVisible();
    await expect(page.getByRole('option', { name: /2026\.05 TCG/ })).toHaveCount(0);
    await page.getByRole('option', { name: 'No banlist (any card, up to three copies)' }).click();
    await expect(page.getByTestId('no-banlist-note')).toContainText('decks are checked for three copies of a card and nothing else');
    await screenshot(page, 'host-without-series');
    await form.create.click();
    await expect(page).toHaveURL(/\/tournaments\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No Series Cup');
    await expect(page.getByTestId('series-tag')).toHaveCount(0);
    const view = new TournamentView(page);
    await expect(view.info.getByTestId('no-banlist-badge')).toHaveText('No banlist');
    await expect(view.details.getByTestId('banlist-fact')).toHaveText('None: any card, up to three copies');

    // (the page with Share; a modal open hides the rest of the page from html-validate's rules)
    await expectValidHtml(page, 'an event on no list, with Share');
    // Share: the sign-up link to copy, and its QR code, read back as a phone's camera would
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const share = view.info.getByRole('button', { name: 'Share' });
    await share.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Share No Series Cup' });
    const link = page.url();
    await expect(dialog.getByLabel('Sign-up link')).toHaveValue(link);
    const code = dialog.getByRole('img', { name: `QR code of the link of No Series Cup: ${link}` });
    await expect(code).toBeVisible();
    expect((await code.boundingBox())!.width).toBeGreaterThanOrEqual(200);
    expect(await readQr(code)).toBe(link);
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveText('Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expectNoAxeViolations(page, 'the Share dialog');
    await screenshot(page, 'share');
    // for a big screen: the code fills it, still readable
    await dialog.getByRole('button', { name: 'Full screen, for a big screen' }).click();
    await expect(dialog.getByRole('button', { name: 'Leave full screen' })).toBeVisible();
    const { width, height } = page.viewportSize()!;
    const big = (await code.boundingBox())!;
    expect(Math.min(big.width, big.height)).toBeGreaterThan(Math.min(width, height) * 0.65);
    expect(await readQr(code)).toBe(link);
    await dialog.getByRole('button', { name: 'Leave full screen' }).click();
    await expect(dialog.getByRole('button', { name: 'Full screen, for a big screen' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(share).toBeFocused();

    // a 1-vs-1: the team name may stay empty, the team is the player
    await expect(view.centre.getByText('Left empty, you play as Linus.')).toBeVisible();
    await view.centre.getByRole('button', { name: 'Sign Up' }).click();
    await expect(view.centre.getByTestId('own-team')).toHaveText('Linus');
  });

  test('an unknown series says Series not found', async ({ page }) => {
    await signInAs(page, LINUS);
    await page.goto('/tournaments/host/no-such-series');
    await expect(page.getByRole('alert')).toHaveText('Series not found');
  });

  test("errors: the server's field message at its field, Creating... while it works, the failure sentence, and Cancel", async ({ page }) => {
    await signInAs(page, LINUS);
    await page.goto('/series');
    await page.getByTestId('series-card').filter({ hasText: 'GOAT Format Monthly' }).getByRole('link', { name: /^Host a tournament/ }).click();
    const form = new HostTournamentForm(page);
    // numbered after the series' held events (#10 to #12 in the demo), on the series' own GOAT list (issue 39 §2)
    await expect(form.field('Name')).toHaveValue(/^GOAT Format Monthly #(1[3-9]|[2-9]\d)$/);
    await expect(page.getByRole('combobox', { name: 'Banlist' })).toHaveText('2005.4 GOAT (the series’ own list)');
    await expect(page.getByTestId('host-banlist').locator('summary')).toHaveText(/^\d+ cards \(whitelist\): edit, paste or upload the list$/);
    await expectNoAxeViolations(page, 'the host form');
    for (const tab of ['Rules & Format', 'Deck Settings', 'Advanced'] as const) {
      await form.tab(tab).click();
      await expectNoAxeViolations(page, `the host form, ${tab}`);
    }

    // a 400 naming a field (one the client cannot know about) lands on that field
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/tournaments/host', async (route) => {
      await held;
      await route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: 'bestOf: must be at most 9' }) });
    });
    await form.tab('Basic Info').click();
    await form.field('Best of').fill('11');
    await form.create.click();
    await expect(form.create).toHaveText('Creating...');
    await expect(form.create).toBeDisabled();
    release();
    await expect(form.tab('Basic Info')).toHaveAttribute('data-state', 'active');
    await expect(form.error('bestOf')).toHaveText('must be at most 9');
    await expect(form.field('Best of')).toBeFocused();
    await expect(form.create).toHaveText('Create Tournament');

    // anything else: the catalogue's sentence
    await page.unroute('**/api/tournaments/host');
    await page.route('**/api/tournaments/host', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal Server Error"}' }),
    );
    await form.field('Best of').fill('3');
    await form.create.click();
    await expect(page.getByRole('alert')).toContainText('Failed to host tournament. Please try again.');
    await screenshot(page, 'host-error');

    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/series$/);
  });
});
