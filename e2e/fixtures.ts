import { test as base, expect, type Page } from '@playwright/test';

const basePort = Number(process.env.E2E_PORT ?? 8090);
export const DEMO_URL = `http://localhost:${basePort}`;
export const EMPTY_URL = `http://localhost:${basePort + 1}`;

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

/** Signs in through the UI and the demo identity provider page, as a person would. */
export async function signInAs(page: Page, user: { name: string }, baseURL = DEMO_URL) {
  await page.goto(`${baseURL}/`);
  await openMenuIfMobile(page);
  await page.getByRole('button', { name: 'Login with Discord' }).click();
  await expect(page.getByRole('heading', { name: 'Demo sign-in' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^Sign in as ${user.name}\\b`) }).click();
  await page.waitForURL(`${baseURL}/`);
  await openMenuIfMobile(page);
  await expect(page.getByTestId('user-name').first()).toHaveText(user.name);
}

export const test = base;
export { expect };
