import { emptyUrl, expect, isMobile, test } from './fixtures.ts';
import { SECTIONS, countsOf } from './pages/banlist-page.ts';

test.describe('home page with demo data', () => {
  test('hero, quick cards, featured tournaments, series spotlight, banlist highlights', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'View Banlist' })).toHaveAttribute('href', '/banlist');
    await expect(page.getByRole('link', { name: 'Browse Tournaments' })).toHaveAttribute('href', '/tournaments');

    const featured = page.getByRole('region', { name: 'Featured Tournaments' });
    await expect(featured.getByRole('link').first()).toContainText('GOAT Monthly #12'); // the Live one first
    await expect(featured.getByRole('heading', { level: 3 })).toHaveText(['GOAT Monthly #12', 'Modern Open', 'Weekend Round Robin', 'Modern Weekly #2', 'Modern Weekly #1', 'GOAT Monthly #11']);
    await expect(featured.getByRole('link').first()).toHaveAttribute('href', /^\/tournaments\/[0-9a-f-]{36}$/);

    const spotlight = page.getByRole('region', { name: 'Series Spotlight' });
    await expect(spotlight.getByRole('link')).toHaveCount(3);
    await expect(spotlight.getByRole('link', { name: /GOAT Format Monthly/ })).toHaveAttribute('href', /^\/series\/[0-9a-f-]{36}$/);

    const highlights = page.getByRole('region', { name: 'Banlist Highlights' });
    await expect(highlights).toContainText('2026-07-01');
    // cards, as the banlist page counts them: the passcodes of one card (alternate artworks) once
    const counts = countsOf(await (await page.request.get('/api/banlists/2026-07-01')).json());
    for (const status of SECTIONS) await expect(highlights.getByTestId(`banlist-count-${status}`)).toContainText(String(counts[status]));

    // quick cards: 7 tournaments, 1 ongoing, 2 upcoming, 4 completed; 3 series
    const quick = page.getByRole('region', { name: 'At a glance' });
    await expect(quick).toContainText('2026-07-01');
    await expect(quick.getByTestId('tournaments-total')).toHaveText('7');
    await expect(quick.getByTestId('tournaments-ongoing')).toHaveText('1');
    await expect(quick.getByTestId('tournaments-upcoming')).toHaveText('2');
    await expect(quick.getByTestId('tournaments-completed')).toHaveText('4');
    await expect(quick.getByTestId('series-count')).toHaveText('3');
  });

  test('the swipe hint shows on mobile only @both-widths', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Featured Tournaments' })).toBeVisible();
    if (isMobile(page)) await expect(page.getByText('Swipe to explore →').first()).toBeVisible();
    else await expect(page.getByText('Swipe to explore →').first()).toBeHidden();
  });

  test('a featured tournament links to its page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('region', { name: 'Featured Tournaments' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/tournaments\/[0-9a-f-]{36}$/);
  });
});

test.describe('home page limits', () => {
  test('at most 6 featured tournaments and 6 series', async ({ page }) => {
    const now = Date.now();
    const tournaments = Array.from({ length: 9 }, (_, i) => ({
      uid: `00000000-0000-4000-8000-00000000000${i}`, name: `Cup ${i}`, subtitle: null, iteration: null, imageUri: null,
      seriesUid: null, hostDiscordId: '1', format: 'DEFAULT', bestOf: 3, inProgress: false, completed: false,
      currentRound: 0, roundCount: 0, teamCount: 0,
      createdAt: new Date(now - i * 60_000).toISOString(), updatedAt: new Date(now - i * 60_000).toISOString(),
    }));
    const series = Array.from({ length: 8 }, (_, i) => ({ id: `s${i}`, name: `Series ${i}`, description: null, picture: null }));
    await page.route('**/api/tournaments', (route) => route.fulfill({ json: tournaments }));
    await page.route('**/api/series/summaries', (route) => route.fulfill({ json: series }));
    await page.goto('/');
    const featured = page.getByRole('region', { name: 'Featured Tournaments' });
    // newest first within the Upcoming group
    await expect(featured.getByRole('heading', { level: 3 })).toHaveText(['Cup 0', 'Cup 1', 'Cup 2', 'Cup 3', 'Cup 4', 'Cup 5']);
    await expect(page.getByRole('region', { name: 'Series Spotlight' }).getByRole('link')).toHaveCount(6);
    await expect(page.getByRole('region', { name: 'At a glance' }).getByTestId('tournaments-total')).toHaveText('9');
  });
});

test.describe('home page states', () => {
  test('empty database: the empty texts', async ({ page }) => {
    await page.goto(`${await emptyUrl()}/`);
    await expect(page.getByText('No tournaments to show yet.')).toBeVisible();
    await expect(page.getByText('No series available.')).toBeVisible();
    await expect(page.getByText('No banlist published yet.').first()).toBeVisible();
  });

  test('loading texts while the calls are slow', async ({ page }) => {
    const release: (() => void)[] = [];
    for (const path of ['**/api/tournaments', '**/api/series/summaries']) {
      await page.route(path, async (route) => {
        await new Promise<void>((r) => release.push(r));
        await route.continue();
      });
    }
    await page.goto('/');
    await expect(page.getByText('Loading tournaments…')).toBeVisible();
    await expect(page.getByText('Loading series…')).toBeVisible();
    release.forEach((r) => r());
    await expect(page.getByText('Loading tournaments…')).toBeHidden();
  });

  test('failures show the error texts', async ({ page }) => {
    for (const path of ['**/api/tournaments', '**/api/series/summaries', '**/api/banlists/dates']) {
      await page.route(path, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }));
    }
    await page.goto('/');
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to load tournaments' }).first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Failed to load series').first()).toBeVisible();
    await expect(page.getByText('Failed to load banlist').first()).toBeVisible();
  });
});
