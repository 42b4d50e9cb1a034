import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

/**
 * Each project (desktop, mobile) has its own two servers, so the projects run side by side
 * (playwright.config.ts): the demo server is the project's baseURL, the empty one the next port.
 */
export const demoUrl = (): string => base.info().project.use.baseURL!;
export const emptyUrl = (): string => {
  const url = new URL(demoUrl());
  url.port = String(Number(url.port) + 1);
  return url.origin;
};

/** Demo users seeded on the demo server (src/server/db/seed.ts). */
export const ADA = { id: '100000000000000001', name: 'Ada', auth: 2 };
export const LINUS = { id: '100000000000000003', name: 'Linus', auth: 1 };
export const JOEY = { id: '100000000000000004', name: 'Joey', auth: 0 };

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 768;

/** Opens the mobile menu when the viewport needs it, so nav controls are reachable. */
export async function openMenuIfMobile(page: Page) {
  if (!isMobile(page)) return;
  const toggle = page.getByRole('button', { name: /menu/i });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** Chooses a user on the demo identity provider's page and waits for the way back to `returnTo`. */
export async function approveOnDemoProvider(page: Page, user: { name: string }, returnTo: string | RegExp) {
  await expect(page.getByRole('heading', { name: 'Demo sign-in' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^Sign in as ${user.name}\\b`) }).click();
  await page.waitForURL(returnTo);
}

/** Signs in through the UI and the demo identity provider page, as a person would. */
export async function signInAs(page: Page, user: { name: string }, baseURL = demoUrl()) {
  await page.goto(`${baseURL}/`);
  await openMenuIfMobile(page);
  await page.getByRole('button', { name: 'Login with Discord' }).click();
  await approveOnDemoProvider(page, user, `${baseURL}/`);
  await openMenuIfMobile(page);
  await expect(page.getByTestId('user-name').first()).toHaveText(user.name);
}

/**
 * axe (WCAG 2.x A/AA and best practices) on what the page shows now: no serious or critical violation,
 * nor any of the rules `alsoRequired` names (e.g. 'heading-order', which axe rates moderate).
 */
export async function expectAccessible(page: Page, what: string, alsoRequired: readonly string[] = []) {
  const { violations } = await new AxeBuilder({ page }).exclude('[data-axe-skip]').analyze();
  const grave = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || alsoRequired.includes(v.id))
    .map((v) => `${v.id} (${v.impact}, ${v.nodes.length} nodes): ${v.help}; first: ${v.nodes[0]?.target.join(' ')} ${v.nodes[0]?.failureSummary ?? ''}`);
  expect(grave, `axe on ${what}`).toEqual([]);
}

/** A 1×1 PNG: what Discord's CDN answers for an avatar here. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

/**
 * Errors the page logs to the console or throws, from now on: a list to assert empty. Avatars live on
 * Discord's CDN, which test machines cannot reach: they are answered locally, so a failed lookup of
 * cdn.discordapp.com is not counted as the page's error.
 */
export async function collectConsoleErrors(page: Page): Promise<string[]> {
  // on the context and awaited: every page of the test, from the next request on, gets the local pixel
  await page.context().route('https://cdn.discordapp.com/**', (route) => route.fulfill({ contentType: 'image/png', body: PIXEL }));
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  return errors;
}

/**
 * With SCREENSHOTS=1 the page is also saved as docs/screenshots/{name}-{width}.png (the pictures in the
 * repository come from such a run); long lists are taken as one screen, the rest as the whole page.
 */
export async function screenshot(page: Page, name: string, fullPage = true) {
  if (!process.env.SCREENSHOTS) return;
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const width = page.viewportSize()?.width ?? 1280;
  await page.screenshot({ path: `docs/screenshots/${name}-${width}.png`, fullPage, animations: 'disabled' });
}

/** Escape closes a dialog; pressed again if the dialog had not yet listened for keys when it first went. */
export async function closeWithEscape(page: Page, dialog: Locator) {
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

export const test = base;
export { expect };
