import { ADA, JOEY, LINUS, approveOnDemoProvider, expect, openMenuIfMobile, signInAtHome, signInThroughProvider, test } from './fixtures.ts';

test.describe('sign-in', () => {
  test('a visitor signs in through the demo provider page and logs out @both-widths', async ({ page }) => {
    await signInThroughProvider(page, JOEY);
    await expect(page.getByRole('img', { name: /Joey/ }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await openMenuIfMobile(page);
    await expect(page.getByRole('button', { name: 'Login with Discord' })).toBeVisible();
    // the session is gone on the server too; a visitor is not an error
    const me = await page.request.get('/api/oauth/me');
    expect(me.status()).toBe(200);
    expect(await me.json()).toBeNull();
  });

  test('sign-in comes back to the page it started on, with its query', async ({ page }) => {
    // from the navigation bar, on a filtered banlist
    await page.goto('/banlist?date=2026-05-01&q=dragon');
    await expect(page.getByPlaceholder('Search cards by name, type, or reason...')).toHaveValue('dragon');
    await openMenuIfMobile(page);
    await page.getByRole('button', { name: 'Login with Discord' }).click();
    await approveOnDemoProvider(page, JOEY, /\/banlist\?date=2026-05-01&q=dragon$/);
    await openMenuIfMobile(page);
    await expect(page.getByTestId('user-name').first()).toHaveText('Joey');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);

    // from the button beside 'Please log in to view.' on the judgement board
    await page.goto('/judgement');
    await expect(page.getByText('Please log in to view.')).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Login with Discord' }).click();
    await approveOnDemoProvider(page, ADA, /\/judgement$/);
    await expect(page.getByRole('button', { name: 'Suggest Card' })).toBeVisible();
  });

  test('a new user types an id and a name on the provider page', async ({ page }) => {
    await page.goto('/');
    await openMenuIfMobile(page);
    await page.getByRole('button', { name: 'Login with Discord' }).click();
    await page.getByLabel('Discord id').fill('424242424242424242');
    await page.getByLabel('Name').fill('Pegasus');
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL('/');
    await openMenuIfMobile(page);
    await expect(page.getByTestId('user-name').first()).toHaveText('Pegasus');
    // the session survives a reload
    await page.reload();
    await openMenuIfMobile(page);
    await expect(page.getByTestId('user-name').first()).toHaveText('Pegasus');
  });

  test('cancelling on the provider page shows the authentication error', async ({ page }) => {
    await page.goto('/');
    await openMenuIfMobile(page);
    await page.getByRole('button', { name: 'Login with Discord' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'Authentication Error' })).toBeVisible();
    await expect(page.getByText('Authentication failed. Please try again.')).toBeVisible();
  });
});

test.describe('navigation for each role', () => {
  const links = ['Home', 'Banlist', 'Series', 'Tournaments'];

  test('signed out: the four links, no Judgement, a login button', async ({ page }) => {
    await page.goto('/');
    await openMenuIfMobile(page);
    for (const name of links) await expect(page.getByRole('link', { name, exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Judgement' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Login with Discord' })).toBeVisible();
  });

  for (const user of [JOEY, LINUS]) {
    test(`auth ${user.auth} (${user.name}) sees no Judgement link`, async ({ page }) => {
      await signInAtHome(page, user);
      for (const name of links) await expect(page.getByRole('link', { name, exact: true }).first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'Judgement' })).toHaveCount(0);
    });
  }

  test('an admin sees the Judgement link and it opens the board page @both-widths', async ({ page }) => {
    await signInAtHome(page, ADA);
    await page.getByRole('link', { name: 'Judgement' }).first().click();
    await expect(page).toHaveURL(/\/judgement$/);
    await expect(page.getByRole('heading', { name: 'The Next Judgement' })).toBeVisible();
  });

  test('every link leads to its page, deep links load the app', async ({ page }) => {
    for (const [path, heading] of [
      ['/banlist', /Banlist/], ['/series', /Series/], ['/tournaments', /Tournaments/], ['/series/new', /Series/],
      ['/tournaments/host/abc', /Host/], ['/secret/upload', /Upload/], ['/no/such/page', /not found/i],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toHaveText(heading);
    }
    await page.goto('/tournaments/host');
    await expect(page).toHaveURL(/\/series$/);
  });
});

// @mobile: only the 390 px project runs it (the toggle exists at 768 px and below)
test.describe('mobile menu @mobile', () => {
  test('opens, locks scrolling, closes on Escape, on the overlay and on route change', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: /menu/i });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

    await toggle.click();
    await page.getByTestId('menu-overlay').click({ position: { x: 10, y: 10 } });
    await expect(menu).toBeHidden();

    await toggle.click();
    await menu.getByRole('link', { name: 'Series' }).click();
    await expect(page).toHaveURL(/\/series$/);
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });
});
