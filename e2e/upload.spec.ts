import sharp from 'sharp';
import { LINUS, expect, signInAs, test } from './fixtures.ts';

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

  test('a session that ended meanwhile: You are not logged in', async ({ page }) => {
    await signInAs(page, LINUS);
    await page.goto('/secret/upload');
    await page.route('**/api/images/api/upload', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":"You must be signed in"}' }));
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Select Image' }).click();
    const buffer = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).png().toBuffer();
    await (await chooser).setFiles({ name: 'a.png', mimeType: 'image/png', buffer });
    await expect(page.getByRole('alert')).toHaveText('You are not logged in');
  });
});
