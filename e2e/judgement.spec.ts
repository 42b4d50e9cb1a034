import { request, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { ADA, demoUrl, JOEY, expect, isMobile, signInByApi, test } from './fixtures.ts';

const GRACE = { id: '100000000000000002', name: 'Grace', auth: 2 };
/** Live messages arrive at once and the board reloads 1.5 s later; far below the 25 s poll. */
const LIVE_TIMEOUT = 8_000;
const RAIGEKI = 12580477;
const POT_OF_GREED = 55144522;
const DARK_HOLE = 53129443;
const VOTE_CALL = /\/api\/judgement\/\d+\/vote\?/;

/** An API client signed in through the demo identity provider, as the browser does it. */
async function apiAs(user: { id: string; name: string }): Promise<APIRequestContext> {
  const ctx = await request.newContext({ baseURL: demoUrl(), extraHTTPHeaders: { origin: demoUrl() } });
  const login = await ctx.get('/api/oauth/login', { maxRedirects: 0 });
  const authorize = new URL(login.headers().location!);
  authorize.searchParams.set('login', user.id);
  authorize.searchParams.set('name', user.name);
  const approved = await ctx.get(authorize.toString(), { maxRedirects: 0 });
  const back = new URL(approved.headers().location!);
  const done = await ctx.post('/api/oauth/handle-callback', {
    data: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
  });
  expect(done.status()).toBe(200);
  return ctx;
}

/** Both projects share one demo server: every test starts from an empty board. */
async function clearBoard() {
  const ada = await apiAs(ADA);
  for (const e of (await (await ada.get('/api/judgement')).json()) as { id: number }[]) {
    await ada.delete(`/api/judgement/${e.id}?requesterId=${ADA.id}`);
  }
  const state = (await (await ada.get('/api/judgement/sendoff-status')).json()) as { pressed: string[] };
  if (state.pressed.includes(ADA.id)) await ada.post(`/api/judgement/sendoff-toggle?adminId=${ADA.id}`);
  await ada.put(`/api/judgement/sendoff-date?adminId=${ADA.id}`, { data: '', headers: { 'content-type': 'text/plain' } });
  await ada.dispose();
  const grace = await apiAs(GRACE);
  const after = (await (await grace.get('/api/judgement/sendoff-status')).json()) as { pressed: string[] };
  if (after.pressed.includes(GRACE.id)) await grace.post(`/api/judgement/sendoff-toggle?adminId=${GRACE.id}`);
  await grace.dispose();
}

async function proposeByApi(user: { id: string; name: string }, cardId: number, reason: string, vote?: string) {
  const ctx = await apiAs(user);
  const res = await ctx.post('/api/judgement', { data: { cardId, reason, votes: vote ? { [user.id]: vote } : {} } });
  expect(res.status()).toBe(201);
  const entry = (await res.json()) as { id: number; cardName: string };
  await ctx.dispose();
  return entry;
}

async function voteByApi(user: { id: string; name: string }, entryId: number, vote: string) {
  const ctx = await apiAs(user);
  expect((await ctx.post(`/api/judgement/${entryId}/vote?adminId=${user.id}&vote=${encodeURIComponent(vote)}`)).status()).toBe(200);
  await ctx.dispose();
}

/** The board page, located the way a person reads it. */
class BoardPage {
  constructor(readonly page: Page) {}
  async open() {
    await this.page.goto('/judgement');
    await expect(this.page.getByRole('heading', { name: 'The Next Judgement' })).toBeVisible();
  }
  get table() {
    return this.page.getByTestId('judgement-board');
  }
  row(cardName: string): Locator {
    return this.page.getByTestId('judgement-row').filter({ has: this.page.getByRole('rowheader', { name: cardName, exact: true }) });
  }
  async cardNames() {
    return this.page.getByTestId('judgement-row').getByRole('rowheader').allTextContents();
  }
  ownVote(cardName: string) {
    return this.page.getByRole('combobox', { name: `Your vote on ${cardName}` });
  }
  async vote(cardName: string, label: string) {
    await this.ownVote(cardName).click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }
  voteOf(cardName: string, admin: { id: string }) {
    return this.row(cardName).getByTestId(`vote-${admin.id}`);
  }
  header(name: string) {
    return this.table.getByRole('columnheader', { name, exact: true });
  }
}

async function signedInBoard(browser: Browser, user: { id: string; name: string }, page?: Page) {
  const use = test.info().project.use;
  const context = () =>
    browser.newContext({
      baseURL: demoUrl(), viewport: use.viewport, isMobile: use.isMobile, hasTouch: use.hasTouch,
      userAgent: use.userAgent, deviceScaleFactor: use.deviceScaleFactor,
    });
  const p = page ?? (await (await context()).newPage());
  await signInByApi(p, user);
  const board = new BoardPage(p);
  await board.open();
  return board;
}

test.beforeEach(async () => {
  await clearBoard();
});

test.describe('judgement board', () => {
  test('signed out, the board asks to log in, with a login button beside it', async ({ page }) => {
    await page.goto('/judgement');
    await expect(page.getByRole('heading', { name: 'The Next Judgement' })).toBeVisible();
    await expect(page.getByText('Please log in to view.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: 'Login with Discord' })).toBeVisible();
    await expect(page).toHaveTitle(/The Next Judgement/);
  });

  test('a plain user proposes a card through the picker and the Propose Card modal @both-widths', async ({ page, browser }) => {
    const board = await signedInBoard(browser, JOEY, page);
    await expect(page.getByText('No cards on the board yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Suggest Card' }).click();
    const picker = page.getByRole('dialog', { name: 'Suggest Card' });
    const search = picker.getByLabel('Card name');
    await search.fill('R');
    await expect(picker.getByText('Keep typing: at least 2 characters.')).toBeVisible();
    await search.fill('Raigeki');
    await picker.getByRole('button', { name: 'Raigeki', exact: true }).click();

    const modal = page.getByRole('dialog', { name: 'Propose Card' });
    await expect(modal.getByTestId('proposed-card-name')).toHaveText('Raigeki');
    const submit = modal.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await modal.getByLabel('Reason').fill('   ');
    await expect(submit).toBeDisabled(); // blank after trimming
    await expect(modal.getByLabel('Initial vote')).toHaveCount(0); // only admins' votes count
    await modal.getByLabel('Reason').fill('One-sided board wipe for one card.');
    await submit.click();
    await expect(modal).toBeHidden();

    const row = board.row('Raigeki');
    await expect(row).toBeVisible();
    await expect(row).toContainText('Joey');
    await expect(row).toContainText('One-sided board wipe for one card.');
    await expect(row).toContainText('Not listed'); // Raigeki is not on the newest banlist
    await expect(board.voteOf('Raigeki', ADA)).toContainText('No Opinion');
    // plain users see the votes read-only and may delete only their own entry
    await expect(page.getByRole('combobox')).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Delete Raigeki' })).toBeVisible();

    // the same card cannot be proposed twice
    await page.getByRole('button', { name: 'Suggest Card' }).click();
    await picker.getByLabel('Card name').fill('Raigeki');
    await expect(picker.getByRole('button', { name: /^Raigeki\s*Already on the board$/ })).toBeDisabled();
  });

  test('an admin proposes with an initial vote in their own column', async ({ page, browser }) => {
    const board = await signedInBoard(browser, ADA, page);
    await page.getByRole('button', { name: 'Suggest Card' }).click();
    await page.getByRole('dialog', { name: 'Suggest Card' }).getByLabel('Card name').fill('Pot of Greed');
    await page.getByRole('dialog', { name: 'Suggest Card' }).getByRole('button', { name: 'Pot of Greed', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Propose Card' });
    await expect(modal.getByRole('combobox', { name: 'Initial vote' })).toHaveText(/No Opinion/);
    await modal.getByRole('combobox', { name: 'Initial vote' }).click();
    await page.getByRole('option', { name: 'Unlimited', exact: true }).click();
    await modal.getByLabel('Reason').fill('Everyone has draw power now.');
    await modal.getByRole('button', { name: 'Submit' }).click();
    await expect(board.ownVote('Pot of Greed')).toHaveText(/Unlimited/);
    await expect(board.row('Pot of Greed').getByTestId('opinion')).toHaveText('Unlimited');
  });

  test('admin columns are named, and sorting works both ways with aria-sort', async ({ page, browser }) => {
    const raigeki = await proposeByApi(JOEY, RAIGEKI, 'b reason', '1');
    await proposeByApi(ADA, POT_OF_GREED, 'c reason', '0');
    await proposeByApi(ADA, DARK_HOLE, 'a reason', 'poll');
    await voteByApi(GRACE, raigeki.id, 'discussion');
    const board = await signedInBoard(browser, JOEY, page);
    await expect(board.header('Ada')).toBeVisible();
    await expect(board.header('Grace')).toBeVisible();
    await expect.poll(() => board.cardNames()).toEqual(['Raigeki', 'Pot of Greed', 'Dark Hole']);

    await board.header('Card Name').getByRole('button').click();
    await expect(board.header('Card Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(await board.cardNames()).toEqual(['Dark Hole', 'Pot of Greed', 'Raigeki']);
    await board.header('Card Name').getByRole('button').click();
    await expect(board.header('Card Name')).toHaveAttribute('aria-sort', 'descending');
    expect(await board.cardNames()).toEqual(['Raigeki', 'Pot of Greed', 'Dark Hole']);

    // opinion rank: 0, 1, 2, 3, discussion, poll, no opinion
    await board.header('Opinion').getByRole('button').click();
    await expect(board.header('Card Name')).toHaveAttribute('aria-sort', 'none');
    expect(await board.cardNames()).toEqual(['Pot of Greed', 'Raigeki', 'Dark Hole']);
    // Ada's column: Forbidden (Pot of Greed), Poll (Dark Hole), none on Raigeki (Joey's initial vote does not count)
    await board.header('Ada').getByRole('button').click();
    await board.header('Ada').getByRole('button').click();
    await expect(board.header('Ada')).toHaveAttribute('aria-sort', 'descending');
    expect(await board.cardNames()).toEqual(['Raigeki', 'Dark Hole', 'Pot of Greed']);
    // status: Forbidden (Pot of Greed) first, then the cards on no list, by name
    await board.header('Status').getByRole('button').click();
    expect(await board.cardNames()).toEqual(['Pot of Greed', 'Dark Hole', 'Raigeki']);
    await board.header('Reason').getByRole('button').click();
    expect(await board.cardNames()).toEqual(['Dark Hole', 'Raigeki', 'Pot of Greed']);
    await board.header('Poster').getByRole('button').click();
    expect((await board.cardNames())[2]).toBe('Raigeki'); // Ada, Ada, Joey
  });

  test('Show Unresolved / Show All and the contested filter', async ({ page, browser }) => {
    const raigeki = await proposeByApi(ADA, RAIGEKI, 'split', '0');
    await voteByApi(GRACE, raigeki.id, '1'); // resolved and contested
    await proposeByApi(ADA, POT_OF_GREED, 'waiting for Grace', '0'); // unresolved
    const board = await signedInBoard(browser, JOEY, page);
    await expect(page.getByTestId('board-counts')).toHaveText('2 cards · 1 unresolved · 1 contested');
    await page.getByRole('button', { name: 'Show Unresolved' }).click();
    await expect.poll(() => board.cardNames()).toEqual(['Pot of Greed']);
    await page.getByRole('button', { name: 'Show All' }).click();
    await expect.poll(() => board.cardNames()).toEqual(['Raigeki', 'Pot of Greed']);
    await page.getByLabel('Contested only').check();
    await expect.poll(() => board.cardNames()).toEqual(['Raigeki']);
    await expect(board.row('Raigeki').getByTestId('opinion')).toHaveText('Poll');
  });

  test('only the own column is a vote select, and a refused vote reverts with the alert', async ({ page, browser }) => {
    await proposeByApi(JOEY, RAIGEKI, 'test reverts', undefined);
    const board = await signedInBoard(browser, ADA, page);
    await expect(board.ownVote('Raigeki')).toHaveText(/No Opinion/);
    await expect(board.voteOf('Raigeki', GRACE).getByRole('combobox')).toHaveCount(0);

    let release!: () => void;
    const answered = new Promise<void>((r) => (release = r));
    await page.route(VOTE_CALL, async (route) => {
      await answered;
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' });
    });
    await board.vote('Raigeki', 'Forbidden');
    // optimistic: shown at once, with the combined opinion
    await expect(board.ownVote('Raigeki')).toHaveText(/Forbidden/);
    await expect(board.row('Raigeki').getByTestId('opinion')).toHaveText('Forbidden');
    release();
    const reverted = page.getByRole('alert').filter({ hasText: 'Failed to save vote. Reverted.' });
    await expect(reverted).toBeVisible();
    await expect(board.ownVote('Raigeki')).toHaveText(/No Opinion/);
    await expect(board.row('Raigeki').getByTestId('opinion')).toHaveText('No Opinion');
    // a second refusal does not stack a second copy of the same alert
    await board.vote('Raigeki', 'Limited');
    await expect(board.ownVote('Raigeki')).toHaveText(/No Opinion/);
    await expect(reverted).toHaveCount(1);

    // with the server back, the vote sticks
    await page.unroute(VOTE_CALL);
    await board.vote('Raigeki', 'Limited');
    await page.reload();
    await expect(board.ownVote('Raigeki')).toHaveText(/Limited/);
  });

  test('a vote without an answer after 8 s reverts', async ({ page, browser }) => {
    await proposeByApi(JOEY, RAIGEKI, 'test timeout', undefined);
    // the page's clock, moved by the test: 8 s of the page's time without waiting them
    await page.clock.install();
    const board = await signedInBoard(browser, ADA, page);
    await page.route(VOTE_CALL, () => {
      // never answered
    });
    await board.vote('Raigeki', 'Semi-Limited');
    await expect(board.ownVote('Raigeki')).toHaveText(/Semi-Limited/);
    const reverted = page.getByRole('alert').filter({ hasText: 'Failed to save vote. Reverted.' });
    await page.clock.runFor(7_500);
    await expect(board.ownVote('Raigeki')).toHaveText(/Semi-Limited/); // not yet
    await expect(reverted).toHaveCount(0);
    await page.clock.runFor(600);
    await expect(reverted).toBeVisible();
    await expect(board.ownVote('Raigeki')).toHaveText(/No Opinion/);
  });

  test('two admins: one votes, the other sees it without reloading', async ({ browser }) => {
    test.setTimeout(60_000);
    await proposeByApi(JOEY, RAIGEKI, 'live test', undefined);
    const ada = await signedInBoard(browser, ADA);
    const grace = await signedInBoard(browser, GRACE);
    await expect(grace.voteOf('Raigeki', ADA)).toContainText('No Opinion');
    await ada.vote('Raigeki', 'Forbidden');
    await expect(grace.voteOf('Raigeki', ADA)).toContainText('Forbidden', { timeout: LIVE_TIMEOUT });
    await expect(grace.row('Raigeki').getByTestId('opinion')).toHaveText('Forbidden');
    // and back the other way
    await grace.vote('Raigeki', 'Limited');
    await expect(ada.voteOf('Raigeki', GRACE)).toContainText('Limited', { timeout: LIVE_TIMEOUT });
    await expect(ada.row('Raigeki').getByTestId('opinion')).toHaveText('Poll');
    await ada.page.context().close();
    await grace.page.context().close();
  });

  test('Send Votes is disabled with the reason until a send-off can publish; pressing toggles to Resend Votes', async ({ page, browser }) => {
    const board = await signedInBoard(browser, ADA, page);
    const send = page.getByRole('button', { name: 'Send Votes' });
    const blocker = page.getByTestId('sendoff-blocker');
    // an empty board: nothing to publish
    await expect(send).toBeDisabled();
    await expect(blocker).toHaveText('Cannot send votes: the board is empty.');
    await expect(send).toHaveAccessibleDescription('Cannot send votes: the board is empty.');

    const entry = await proposeByApi(ADA, RAIGEKI, 'send test', '0');
    await board.open();
    await expect(send).toBeDisabled();
    await expect(blocker).toHaveText('Cannot send votes: all admins must vote on every card first.');
    await expect(page.getByTestId('sendoff-progress')).toHaveText('Sent by 0 of 2 admins');

    // every admin voted, but the opinions differ: a poll decides nothing, as the server would answer last
    await voteByApi(GRACE, entry.id, '1');
    await board.open();
    await expect(send).toBeDisabled();
    await expect(blocker).toHaveText('Cannot send votes: no card has a decided status (every row is a poll or a discussion).');

    await voteByApi(GRACE, entry.id, '0');
    await board.open();
    await expect(send).toBeEnabled();
    await expect(blocker).toHaveCount(0);
    await send.click();
    await expect(page.getByRole('button', { name: 'Resend Votes' })).toBeVisible();
    await expect(page.getByTestId('sendoff-progress')).toHaveText('Sent by 1 of 2 admins: Ada');
    await page.getByRole('button', { name: 'Resend Votes' }).click();
    await expect(send).toBeVisible();
  });

  test('Effective from is editable by admins only; a refused date gives way to the saved one', async ({ page, browser }) => {
    const board = await signedInBoard(browser, ADA, page);
    const date = page.getByLabel('Effective from');
    await date.fill('2026-12-01');
    await expect(page.getByText('The next banlist takes this date.')).toBeVisible();
    await date.fill('2026-01-01');
    await expect(page.getByText(/The effective date must be after the newest banlist \(2026-07-01\)\./)).toBeVisible();
    await expect(date).toHaveValue('2026-12-01'); // what the server kept
    await board.open();
    await expect(page.getByLabel('Effective from')).toHaveValue('2026-12-01');

    const joey = await signedInBoard(browser, JOEY);
    await expect(joey.page.getByTestId('effective-date')).toHaveText('2026-12-01');
    await expect(joey.page.getByLabel('Effective from')).toHaveCount(0);
    await expect(joey.page.getByRole('button', { name: /Send Votes/ })).toHaveCount(0);
    await joey.page.context().close();
  });

  test('card pictures come from the browser-local card-name cache, asked for once', async ({ page, browser }) => {
    await proposeByApi(JOEY, RAIGEKI, 'picture test', undefined);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/cards/images')) asked.push(r.postData() ?? '');
    });
    const board = await signedInBoard(browser, ADA, page);
    const thumb = board.row('Raigeki').getByRole('button', { name: 'Preview Raigeki' }).locator('img');
    await expect(thumb).toHaveAttribute('src', `/api/cards/${RAIGEKI}/image?size=small`);
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('fh.card-images.v1') ?? '{}').Raigeki)).toBe(`/api/cards/${RAIGEKI}/image`);
    expect(asked.some((body) => body.includes('Raigeki'))).toBe(true);

    // the next visit finds the picture in the cache: no question to the server
    asked.length = 0;
    await board.open();
    await expect(thumb).toHaveAttribute('src', `/api/cards/${RAIGEKI}/image?size=small`);
    await board.row('Raigeki').getByRole('button', { name: 'Preview Raigeki' }).click();
    await expect(page.getByRole('dialog', { name: 'Raigeki preview' }).getByRole('img', { name: 'Raigeki' })).toHaveAttribute('src', `/api/cards/${RAIGEKI}/image`);
    expect(asked).toEqual([]);
  });

  test('reasons: everyone reads them, the poster edits, an admin deletes after confirming', async ({ page, browser }) => {
    await proposeByApi(JOEY, RAIGEKI, 'First reason of Joey', undefined);
    const board = await signedInBoard(browser, JOEY, page);
    await board.row('Raigeki').getByRole('button', { name: /Reason for Raigeki/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Reason: Raigeki' });
    const text = dialog.getByLabel('Reason');
    await text.fill('   ');
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await text.fill('A better reason');
    await page.route(/\/api\/judgement\/\d+\/reason\?/, (route) => route.fulfill({ status: 500, body: '{"error":"down"}', contentType: 'application/json' }));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Failed to update reason')).toBeVisible();
    await expect(text).toHaveValue('A better reason'); // nothing typed is lost
    await page.unrouteAll();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(board.row('Raigeki')).toContainText('A better reason');

    const ada = await signedInBoard(browser, ADA);
    await ada.row('Raigeki').getByRole('button', { name: /Reason for Raigeki/ }).click();
    const readOnly = ada.page.getByRole('dialog', { name: 'Reason: Raigeki' });
    await expect(readOnly.getByTestId('reason-text')).toHaveText('A better reason');
    await expect(readOnly.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await readOnly.getByRole('button', { name: 'Close', exact: true }).click();

    await ada.row('Raigeki').getByRole('button', { name: 'Delete Raigeki' }).click();
    const confirm = ada.page.getByRole('alertdialog');
    await expect(confirm).toContainText('Delete this entry?');
    await ada.page.route(/\/api\/judgement\/\d+\?requesterId=/, (route) =>
      route.fulfill({ status: 500, body: '{"error":"down"}', contentType: 'application/json' }));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm.getByText('Failed to delete entry')).toBeVisible();
    await ada.page.unrouteAll();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(ada.row('Raigeki')).toHaveCount(0);
    await ada.page.context().close();
  });
});

test.describe('judgement board on a phone @mobile', () => {
  test('the table scrolls sideways inside the page, the card column stays put', async ({ page, browser }) => {
    await proposeByApi(ADA, RAIGEKI, 'mobile', '0');
    const board = await signedInBoard(browser, ADA, page);
    expect(isMobile(page)).toBe(true);
    await expect(board.row('Raigeki')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const scroller = board.table;
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await board.vote('Raigeki', 'Limited');
    await expect(board.ownVote('Raigeki')).toHaveText(/Limited/);
    const name = board.row('Raigeki').getByRole('rowheader');
    await scroller.evaluate((el) => el.scrollTo(0, 0));
    const before = (await name.boundingBox())!.x;
    await scroller.evaluate((el) => el.scrollBy(300, 0));
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect((await name.boundingBox())!.x).toBe(before);
  });
});
