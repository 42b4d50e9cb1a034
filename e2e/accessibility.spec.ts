import type { Locator, Page } from '@playwright/test';
import { ADA, JOEY, LINUS, collectConsoleErrors, demoUrl, expect, expectAccessible, expectValidHtml, isMobile, openMenuIfMobile, screenshot, signInAs, test } from './fixtures.ts';

const RAIGEKI = 12580477;

/**
 * The banlist's rows repeat one template hundreds of times, and axe takes seconds per hundred: it checks the
 * first rows of each section (every status colour), the others are marked for it to skip.
 */
async function sampleBanlistRows(page: Page, perSection = 3) {
  await page.evaluate((n) => {
    let seen = 0;
    for (const el of document.querySelectorAll('h2[data-testid^="section-"], [data-testid="banlist-entry"]')) {
      if (el.tagName === 'H2') seen = 0;
      else if (++seen > n) el.setAttribute('data-axe-skip', '');
    }
  }, perSection);
}

interface Visit {
  /** the test's name where the path is computed */
  name?: string;
  path: string | ((page: Page) => Promise<string>);
  /** shown once the page has loaded what it shows */
  ready: (page: Page) => Locator;
  screenshot?: string;
  fullPage?: boolean;
  /** a page laid out otherwise at 390 px (cards for tables, a panel for the filters): checked at both widths */
  phoneLayout?: boolean;
}

/** Beyond serious and critical: the heading outline, which axe rates moderate. */
const OUTLINE = ['heading-order'];

async function tournamentPath(page: Page, name: string) {
  const list = (await (await page.request.get('/api/tournaments')).json()) as { uid: string; name: string }[];
  return `/tournaments/${list.find((t) => t.name === name)!.uid}`;
}

async function seriesDetailPath(page: Page) {
  const series = (await (await page.request.get('/api/series/summaries')).json()) as { id: string; name: string }[];
  return `/series/${series[0]!.id}`;
}

const SERIES_TABS = ['Metadata', 'Procedural', 'Base Settings', 'Rules & Filters'];

/** Opens each tab of a form in turn and runs axe on it. */
async function everyTabAccessible(page: Page, path: string, tabs: readonly string[], after?: (tab: string) => Promise<void> | undefined) {
  for (const tab of tabs) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('data-state', 'active');
    await expectAccessible(page, `${path}, ${tab}`, OUTLINE);
    await expectValidHtml(page, `${path}, ${tab}`);
    await after?.(tab);
  }
}

/** Every page a visitor can open, each in the state it settles in. */
const VISITOR_PAGES: Visit[] = [
  { path: '/', ready: (p) => p.getByTestId('banlist-effective-date'), screenshot: 'home', phoneLayout: true },
  { path: '/banlist', ready: (p) => p.getByTestId('banlist-entry').first(), screenshot: 'banlist', fullPage: false, phoneLayout: true },
  { path: '/judgement', ready: (p) => p.getByText('Please log in to view.'), screenshot: 'judgement-visitor' },
  { path: '/series', ready: (p) => p.getByTestId('series-card').first() },
  { name: 'a series page', path: seriesDetailPath, ready: (p) => p.getByRole('heading', { name: 'Match Parameters' }) },
  { path: '/series/new', ready: (p) => p.getByText('Log in to create or edit series.') },
  { path: '/tournaments', ready: (p) => p.getByTestId('tournament-card').first() },
  { name: 'Modern Open', path: (p) => tournamentPath(p, 'Modern Open'), ready: (p) => p.getByRole('button', { name: 'Login with Discord' }).last() },
  { name: 'GOAT Monthly #12', path: (p) => tournamentPath(p, 'GOAT Monthly #12'), ready: (p) => p.getByText(/round 1 of/i).first(), phoneLayout: true },
  { name: 'GOAT Monthly #11', path: (p) => tournamentPath(p, 'GOAT Monthly #11'), ready: (p) => p.getByText('Tournament Completed'), phoneLayout: true },
  { path: '/tournaments/new', ready: (p) => p.getByText('You must be logged in to host a tournament') },
  { path: '/secret/upload', ready: (p) => p.getByText('Please log in first.') },
  { path: '/api/oauth/callback', ready: (p) => p.getByRole('heading', { name: 'Authentication Error' }) },
  { path: '/no/such/page', ready: (p) => p.getByRole('heading', { name: 'Page not found' }) },
];

test.describe('accessibility and a quiet console', () => {
  // One test per page: each gets its own time budget and the pages spread over the workers.
  for (const visit of VISITOR_PAGES) {
    test(`a visitor: ${visit.name ?? visit.path} passes axe and logs no console error${visit.phoneLayout ? ' @both-widths' : ''}`, async ({ page }) => {
      test.setTimeout(60_000);
      const errors = await collectConsoleErrors(page);
      const path = typeof visit.path === 'string' ? visit.path : await visit.path(page);
      await page.goto(path);
      await expect(visit.ready(page), path).toBeVisible();
      if (path === '/banlist') await sampleBanlistRows(page);
      await expectAccessible(page, path, OUTLINE);
      await expectValidHtml(page, path);
      if (visit.screenshot) await screenshot(page, visit.screenshot, visit.fullPage);
      expect(errors, `console errors on ${path}`).toEqual([]);
    });
  }

  test('a visitor: the phone menu open and the status colours in the dark theme pass axe @both-widths', async ({ page }) => {
    test.setTimeout(60_000);
    const errors = await collectConsoleErrors(page);
    if (isMobile(page)) {
      await page.goto('/');
      await openMenuIfMobile(page);
      await expect(page.locator('#mobile-menu')).toBeVisible();
      await expectAccessible(page, '/ with the menu open', OUTLINE);
      await expectValidHtml(page, '/ with the menu open');
    }
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const [path, ready] of [['/', 'banlist-effective-date'], ['/banlist', 'banlist-entry']] as const) {
      await page.goto(path);
      await expect(page.getByTestId(ready).first()).toBeVisible();
      if (path === '/banlist') await sampleBanlistRows(page);
      await expectAccessible(page, `${path} (dark)`, OUTLINE);
    }
    expect(errors).toEqual([]);
  });

  test('an admin: the judgement board passes axe in both themes, with a quiet console', async ({ page }) => {
    test.setTimeout(60_000);
    // before signing in: the avatar the header shows from then on is answered locally
    const errors = await collectConsoleErrors(page);
    await signInAs(page, ADA);
    const origin = demoUrl();
    const proposed = await page.request.post('/api/judgement', {
      data: { cardId: RAIGEKI, reason: 'Accessibility check', votes: { [ADA.id]: '0' } },
      headers: { Origin: origin },
    });
    const entryId = proposed.ok() ? ((await proposed.json()) as { id: number }).id : null;
    try {
      await page.goto('/judgement');
      await expect(page.getByTestId('judgement-row').first()).toBeVisible();
      await expect(page.getByRole('button', { name: /Send Votes|Resend Votes/ })).toBeVisible();
      await expectAccessible(page, '/judgement (admin)', OUTLINE);
      await expectValidHtml(page, '/judgement (admin)');
      await screenshot(page, 'judgement');
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectAccessible(page, '/judgement (admin, dark)', OUTLINE);
      await page.emulateMedia({ colorScheme: 'light' });
    } finally {
      if (entryId !== null) await page.request.delete(`/api/judgement/${entryId}?requesterId=${ADA.id}`, { headers: { Origin: origin } });
    }
    expect(errors, 'console errors of a signed-in admin').toEqual([]);
  });

  test('an admin: the banlist tools, the series form and the upload tool pass axe, with a quiet console @both-widths', async ({ page }) => {
    test.setTimeout(60_000);
    // before signing in: the avatar the header shows from then on is answered locally
    const errors = await collectConsoleErrors(page);
    await signInAs(page, ADA);
    await page.goto('/banlist');
    await expect(page.getByTestId('banlist-entry').first()).toBeVisible();
    if (isMobile(page)) await page.getByRole('button', { name: /Filters and actions/ }).click();
    await expect(page.getByRole('button', { name: 'Delete Banlist' })).toBeVisible();
    await sampleBanlistRows(page);
    await expectAccessible(page, '/banlist (admin)', OUTLINE);

    await page.goto('/series/new');
    await everyTabAccessible(page, '/series/new', SERIES_TABS, (tab) => (tab === 'Metadata' ? screenshot(page, 'series-form') : undefined));

    await page.goto('/secret/upload');
    await expect(page.getByRole('button', { name: 'Select Image' })).toBeVisible();
    await expectAccessible(page, '/secret/upload (signed in)', OUTLINE);
    await expectValidHtml(page, '/secret/upload (signed in)');
    expect(errors, 'console errors of a signed-in admin').toEqual([]);
  });

  test('an admin: the tournament pages with Admin Tools and the host form pass axe, with a quiet console @both-widths', async ({ page }) => {
    test.setTimeout(60_000);
    // before signing in: the avatar the header shows from then on is answered locally
    const errors = await collectConsoleErrors(page);
    await signInAs(page, ADA);
    await page.goto('/tournaments');
    await expect(page.getByRole('link', { name: 'Host Tournament' })).toBeVisible();
    await expectAccessible(page, '/tournaments (admin)', OUTLINE);
    for (const name of ['Modern Open', 'GOAT Monthly #12']) {
      await page.goto(await tournamentPath(page, name));
      await expect(page.getByTestId('admin-tools')).toBeVisible();
      await expectAccessible(page, `${name} (admin)`, OUTLINE);
      await expectValidHtml(page, `${name} (admin)`);
    }
    await page.goto('/tournaments/new');
    await expect(page.getByRole('button', { name: 'Create Tournament' })).toBeVisible();
    await expectAccessible(page, '/tournaments/new', OUTLINE);
    await expectValidHtml(page, '/tournaments/new');
    expect(errors, 'console errors of a signed-in admin').toEqual([]);
  });

  test('a curator: a series edit form and the host form of a series pass axe on every tab, with a quiet console', async ({ page }) => {
    test.setTimeout(90_000);
    const errors = await collectConsoleErrors(page);
    await signInAs(page, LINUS);
    const series = await seriesDetailPath(page);
    await page.goto(`${series}/edit`);
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
    await everyTabAccessible(page, `${series}/edit`, SERIES_TABS);
    const host = series.replace('/series/', '/tournaments/host/');
    await page.goto(host);
    await expect(page.getByRole('button', { name: 'Create Tournament' })).toBeVisible();
    await everyTabAccessible(page, host, ['Basic Info', 'Rules & Format', 'Deck Settings', 'Advanced']);
    expect(errors, 'console errors of a signed-in curator').toEqual([]);
  });

  test('a player: the judgement board without admin controls passes axe, with a quiet console', async ({ page }) => {
    test.setTimeout(60_000);
    const errors = await collectConsoleErrors(page);
    await signInAs(page, JOEY);
    await page.goto('/judgement');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /Suggest Card|Propose Card/ }).first()).toBeVisible();
    await expectAccessible(page, '/judgement (player)', OUTLINE);
    expect(errors, 'console errors of a signed-in player').toEqual([]);
  });
});
