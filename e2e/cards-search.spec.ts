// Issue 32 §1: /cards finds any card of the demo data. One visit: a shared link opens with its filters in
// place (the folded ones unfolded; words as EDOPro and the site print them, issue 38 §3), 30 results with
// lazy pictures and 'Load more' for 30 more; a name
// typed (Enter searches at once) moves into the address and finds the card first, linked to its page;
// a search that finds nothing says so, and 'Clear filters' empties the address and the fields. axe 0
// serious and valid HTML with every filter in view. At 1280 and 390 px.
import { expect, expectAccessible, expectValidHtml, test } from './fixtures.ts';

const DARK_MAGICIAN = 46986414;

test('a shared search opens as it was; a name finds the card; nothing found and cleared @both-widths', async ({ page }) => {
  await page.goto('/cards?kind=monster&attribute=DARK&race=Spellcaster');
  const filters = page.getByRole('search', { name: 'Card filters' });
  await expect(filters.getByLabel('Kind')).toHaveValue('monster');
  await expect(filters.getByText('More filters (2 in use)')).toBeVisible();
  await expect(filters.getByLabel('Attribute')).toHaveValue('dark');
  await expect(filters.getByLabel('Type', { exact: true })).toHaveValue('spellcaster');

  const results = page.getByTestId('card-result');
  await expect(results).toHaveCount(30);
  // every one a DARK Spellcaster, as its row prints it
  for (const row of await results.all()) await expect(row).toContainText(/Spellcaster\b.* · DARK/);
  await expect(page.getByTestId('cards-count')).toContainText(/^[\d,]+ cards · statuses on the list of \d{4}-\d{2}-\d{2}/);
  await expect(results.first().locator('img')).toHaveAttribute('loading', 'lazy');
  await expectAccessible(page, 'the card search');
  await expectValidHtml(page, 'the card search');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(results).toHaveCount(60);

  const name = filters.getByLabel('Name');
  await name.fill('dark magician');
  await name.press('Enter');
  await expect(page).toHaveURL(/[?&]q=dark\+magician(&|$)/);
  await expect(page).toHaveURL(/kind=monster/);
  await expect(results.first()).toHaveAttribute('href', `/cards/${DARK_MAGICIAN}`);
  await expect(results.first()).toContainText('Dark Magician');
  await expect(results.first()).toContainText('Level 7 · ATK 2500 · DEF 2100');

  // typed without Enter: the search follows after a pause
  await name.fill('no card has this name');
  await expect(page.getByTestId('cards-empty')).toContainText('No card matches these filters.');
  await page.getByTestId('cards-empty').getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/cards$/);
  await expect(name).toHaveValue('');
  await expect(filters.getByLabel('Kind')).toHaveValue('');
  await expect(results).toHaveCount(30);
});
