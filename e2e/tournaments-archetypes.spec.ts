// Issue 20: the admins' archetype signatures at /admin/archetypes. An admin tests a real deck no
// archetype names ('Other'), adds a signature for it with the card search, sees the deck named by
// it, moves it up with the keyboard, deletes it with confirmation and the deck is 'Other' again; a
// player sees the table read-only. At 1280 and 390 px, axe 0 serious. The spec makes its own
// signature (the demo seeds a few; their names are not relied on) and removes it.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ADA, expect, expectAccessible, expectValidHtml, JOEY, signInAs, test } from './fixtures.ts';

// AI_OldSchool: Frostosaurus, Luster Dragon, Insect Knight... no archetype dominates, and none of the demo's signatures marks it
const OLD_SCHOOL = fs.readFileSync(path.resolve(import.meta.dirname, '../../shared/data/decks/iceygo-windbot/AI_OldSchool.ydk'), 'utf8');

/** With SHOTS_DIR set, a picture of the page: {what}-{width}.png. */
async function shot(page: Page, what: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.waitForFunction(() => [...document.images].every((i) => i.complete), null, { timeout: 5000 }).catch(() => undefined);
  await page.screenshot({ path: path.join(dir, `archetypes-${what}-${page.viewportSize()!.width}.png`), fullPage: true });
}

/** The signatures' names in table order (without the place number read before each). */
const signatureNames = async (page: Page) =>
  (await page.getByTestId('signature').getByRole('heading').allInnerTexts()).map((t) => t.replace(/^\d+\.\s*/, ''));

async function testDeck(page: Page, expected: string) {
  await page.getByRole('textbox', { name: 'Deck' }).fill(OLD_SCHOOL);
  await page.getByRole('button', { name: 'Name this deck' }).click();
  await expect(page.getByTestId('archetype-preview')).toContainText(`The rule names this deck${expected}`);
}

test.describe('archetype signatures', () => {
  test('an admin adds a signature, tests a deck, reorders and deletes it', async ({ page }) => {
    test.setTimeout(120_000);
    const name = `Old School ${test.info().project.name}`.slice(0, 40);
    await signInAs(page, ADA);
    await page.goto('/judgement');
    await page.getByRole('link', { name: 'Archetype signatures' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Archetype signatures' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Signatures \(\d+\)$/ })).toBeVisible();
    await expect(page.getByTestId('read-only-note')).toBeHidden();
    const before = await signatureNames(page);

    await testDeck(page, 'Other');
    await expect(page.getByTestId('archetype-preview')).toContainText('matches no signature');

    await page.getByRole('button', { name: 'Add signature' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add signature' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    for (const card of ['Frostosaurus', 'Luster Dragon', 'Insect Knight']) {
      await dialog.getByRole('searchbox', { name: 'Find a card by name' }).fill(card);
      await dialog.getByRole('list', { name: 'Search results' }).getByRole('button', { name: new RegExp(`^${card}\\b`) }).first().click();
    }
    await expect(dialog.getByRole('list', { name: 'Marking cards' }).getByRole('listitem')).toHaveCount(3);
    await dialog.getByRole('button', { name: 'Remove Insect Knight' }).click();
    await dialog.getByRole('combobox', { name: 'A deck must hold' }).selectOption({ label: 'At least 1 of them' });
    await expectAccessible(page, 'the add-signature dialog');
    await shot(page, 'dialog');
    await dialog.getByRole('button', { name: 'Add signature' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `Added ${name}` })).toBeVisible();
    await expect.poll(() => signatureNames(page)).toEqual([...before, name]);
    const item = page.getByTestId('signature').filter({ has: page.getByRole('heading', { name }) });
    await expect(item).toContainText('A deck must hold at least 1 of these 2 cards');
    await expect(item.getByRole('list', { name: `Cards of ${name}` })).toContainText('Frostosaurus');
    await expect(item.getByRole('img')).toHaveCount(0); // thumbnails are decorative (alt="")

    await testDeck(page, name);
    await expect(page.getByTestId('archetype-preview')).toContainText(`signature #${before.length + 1} “${name}”`);
    await expectAccessible(page, 'the admin page with the new signature');
    await expectValidHtml(page, 'the admin page with the new signature');
    await shot(page, 'admin');

    if (before.length > 0) {
      // keyboard: the move button keeps the focus on the moved signature
      const up = page.getByRole('button', { name: `Move ${name} up` });
      await up.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => signatureNames(page)).toEqual([...before.slice(0, -1), name, before.at(-1)]);
      await expect(page.getByRole('status').filter({ hasText: `Moved ${name} to place ${before.length}` })).toBeVisible();
      await expect(page.getByRole('button', { name: `Move ${name} up` }).or(page.getByRole('button', { name: `Move ${name} down` })).first()).toBeFocused();
      await page.reload({ waitUntil: 'domcontentloaded' });
      await expect.poll(() => signatureNames(page)).toEqual([...before.slice(0, -1), name, before.at(-1)]);
    }

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete ${name}?` });
    await expect(confirm).toContainText('keep their name until you reclassify');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `Deleted ${name}` })).toBeVisible();
    await expect.poll(async () => (await signatureNames(page)).length).toBe(before.length);
    await testDeck(page, 'Other');
  });

  test('a player sees the table read-only', async ({ page }) => {
    await signInAs(page, JOEY);
    await page.goto('/admin/archetypes');
    await expect(page.getByRole('heading', { level: 1, name: 'Archetype signatures' })).toBeVisible();
    await expect(page.getByTestId('read-only-note')).toHaveText(/Only admins can edit archetype signatures\./);
    await expect(page.getByRole('heading', { name: /^Signatures \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add signature' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Delete|Edit|Move) / })).toHaveCount(0);
    await expectAccessible(page, 'the read-only table');
    await shot(page, 'read-only');
  });
});
