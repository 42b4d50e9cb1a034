import { expect, test } from './fixtures.ts';

test.describe('OAuth callback page', () => {
  test('without a code: the error and a way home', async ({ page }) => {
    await page.goto('/api/oauth/callback');
    await expect(page.getByRole('heading', { name: 'Authentication Error' })).toBeVisible();
    await expect(page.getByText('No authorization code was received')).toBeVisible();
    await page.getByRole('button', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('with a code the server refuses: authentication failed', async ({ page }) => {
    await page.goto('/api/oauth/callback?code=bogus&state=bogus');
    await expect(page.getByRole('heading', { name: 'Authentication Error' })).toBeVisible();
    await expect(page.getByText('Authentication failed. Please try again.')).toBeVisible();
  });

  test('while the server answers: Completing Authentication', async ({ page }) => {
    // the gate exists before the page asks, so release() is never called before the request is held
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route('**/api/oauth/handle-callback', async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto('/api/oauth/callback?code=slow&state=slow');
    await expect(page.getByText('Completing Authentication')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Authentication Error' })).toBeVisible();
  });
});
