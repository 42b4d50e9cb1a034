import sharp from 'sharp';
import { LINUS, expect, openMenuIfMobile, screenshot, signInAs, test } from './fixtures.ts';

test.describe('image upload tool (/secret/upload)', () => {
  test('upload a small PNG: the username, a 1-hour URL, a preview and a copy button', async ({ page }) => {
    await signInAs(page, LINUS);
    await page.goto('/secret/upload');
    await expect(page.getByTestId('upload-username')).toHaveText('Linus');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Select Image' }).click();
    const buffer = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#22aa66' } }).png().toBuffer();
    await (await chooser).setFiles({ name: 'tiny.png', mimeType: 'image/png', buffer });

    const url = page.getByLabel(/^Image URL \(valid for 1 hour/);
    await expect(url).toHaveValue(/^http:\/\/localhost:\d+\/api\/images\/[A-Za-z0-9_-]{22}\?exp=\d+&sig=[A-Za-z0-9_-]+$/);
    const preview = page.getByRole('img', { name: 'Uploaded image preview' });
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(20);
    await expect(page.getByRole('button', { name: 'Copy URL' })).toBeVisible();
    const res = await page.request.get(await url.inputValue());
    expect(res.headers()['content-type']).toBe('image/png');
  });

  test('signed out: Please log in first.', async ({ page }) => {
    await page.goto('/secret/upload');
    await expect(page.getByText('Please log in first.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Select Image' })).toHaveCount(0);
  });

  test('an SVG renamed .png: Upload failed, with the reason', async ({ page }) => {
    await signInAs(page, LINUS);
    await page.goto('/secret/upload');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Select Image' }).click();
    await (await chooser).setFiles({ name: 'evil.png', mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Upload failed');
    await expect(alert).toContainText('only PNG, JPEG, WebP or GIF');
  });

  test('a session that ended in another tab: one signed-out state, never "Logged in as" beside "You are not logged in"', async ({ page }) => {
    await signInAs(page, LINUS);
    await page.goto('/secret/upload');
    await expect(page.getByTestId('upload-username')).toHaveText('Linus');
    // the other tab logs out: this one still shows Linus until it hears of it
    const other = await page.context().newPage();
    await other.goto('/');
    await openMenuIfMobile(other);
    await other.getByRole('button', { name: 'Logout' }).click();
    await expect(other).toHaveURL(/\/$/);
    await other.close();

    // an upload now is refused: the page turns signed out as a whole
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Select Image' }).click();
    const buffer = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).png().toBuffer();
    await (await chooser).setFiles({ name: 'a.png', mimeType: 'image/png', buffer });
    await expect(page.getByRole('alert')).toContainText('You are not logged in');
    await expect(page.getByText('Please log in first.')).toBeVisible();
    await expect(page.getByText(/Logged in as/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Select Image' })).toHaveCount(0);
    await screenshot(page, 'upload-session-ended');
    await openMenuIfMobile(page);
    await expect(page.getByTestId('user-name')).toHaveCount(0);
  });

  test('coming back to the tab after a logout elsewhere shows the signed-out page', async ({ page }) => {
    await signInAs(page, LINUS);
    await page.goto('/secret/upload');
    await expect(page.getByTestId('upload-username')).toHaveText('Linus');
    await page.request.post('/api/oauth/logout', { headers: { Origin: new URL(page.url()).origin } });
    // what a browser does when the tab is shown again
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await expect(page.getByText('Please log in first.')).toBeVisible();
    await expect(page.getByText(/Logged in as/)).toHaveCount(0);
  });
});
