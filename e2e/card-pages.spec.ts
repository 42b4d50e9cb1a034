// Issue 32 §2, §3: a card's page and two lists compared, on the demo data (seed.ts: the 2026.07 OCG
// send-off that forbade Called by the Grave, with Ada's and Grace's votes). One visit each, checking
// all they show; axe 0 serious and valid HTML on both. Specs before this one may add lists, so the
// steps are found by date, not counted.
import type { Page } from '@playwright/test';
import { ADA, expect, expectAccessible, expectValidHtml, signInAs, test } from './fixtures.ts';

/** Nothing wider than the screen (at 390 px too). */
const expectNoSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

const CALLED_BY_THE_GRAVE = 24224830;
const NORDEN_PRE_ERRATA = 17412731;

test('a card’s page: its text, its status through the lists with the votes behind the change, its meta and decklists; proposing it opens the board’s form with it @both-widths', async ({ page }) => {
  await signInAs(page, ADA);
  await page.goto(`/cards/${CALLED_BY_THE_GRAVE}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Called by the Grave' })).toBeVisible();
  await expect(page.getByTestId('card-passcode')).toHaveText(String(CALLED_BY_THE_GRAVE));
  await expect(page.getByTestId('card-text')).toContainText('banish it');

  const step = page.getByTestId('card-timeline-step').filter({ hasText: '2026-07-01' });
  await expect(step).toContainText('2026.07 OCG');
  await expect(step).toContainText('Limited → Forbidden');
  const judgement = step.getByTestId('card-judgement');
  await expect(judgement).toContainText('proposed by Joey');
  await expect(judgement).toContainText('Eleven of the Modern decks run it');
  await expect(judgement.getByRole('list', { name: 'Votes' }).getByRole('listitem')).toHaveText(['Ada: Forbidden', 'Grace: Forbidden']);
  await expect(page.getByTestId('card-timeline-step').filter({ hasText: '2026-05-01' })).toContainText('First list');

  const history = await (await page.request.get(`/api/cards/${CALLED_BY_THE_GRAVE}/history`)).json() as { meta: unknown[]; decklists: { tournamentUid: string; deckId: number }[] };
  await expect(page.getByTestId('card-meta-table').locator('tbody tr')).toHaveCount(history.meta.length);
  const first = history.decklists[0]!;
  await expect(page.getByTestId('card-decklists').getByRole('link').first()).toHaveAttribute('href', `/tournaments/${first.tournamentUid}/report#deck-${first.deckId}`);
  await expectAccessible(page, 'a card’s page');
  await expectValidHtml(page, 'a card’s page');
  await expectNoSidewaysScroll(page);

  await page.getByRole('link', { name: 'Propose on the judgement board' }).click();
  await expect(page).toHaveURL(new RegExp(`/judgement\\?propose=${CALLED_BY_THE_GRAVE}$`));
  const dialog = page.getByRole('dialog', { name: 'Propose Card' });
  await expect(dialog.getByTestId('proposed-card-name')).toHaveText('Called by the Grave');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/judgement$/);
});

test('two lists compared: the banlist links a list to its changes, grouped, each card linked, copied as text for Discord @both-widths', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/banlist?date=2026-07-01');
  await page.getByRole('link', { name: 'Changes since 2026-05-01' }).click();
  await expect(page).toHaveURL(/\/banlist\/compare\?from=2026-05-01&to=2026-07-01$/);
  const body = await (await page.request.get('/api/banlists/compare?from=2026-05-01&to=2026-07-01')).json() as { changes: { group: string; name: string }[] };
  await expect(page.getByTestId('compare-summary')).toContainText(`${body.changes.length} changes from 2026.05 Worlds to 2026.07 OCG`);
  await expect(page.getByTestId('compare-group').getByRole('heading', { level: 2 }))
    .toHaveText(['Newly Forbidden', 'Newly Limited', 'Newly Semi-Limited', 'Newly Unlimited'].map((h) => new RegExp(`^${h} \\(\\d+\\)$`)));
  const forbidden = page.getByTestId('compare-group').filter({ has: page.getByRole('heading', { name: /^Newly Forbidden/ }) });
  await expect(forbidden.getByRole('link', { name: 'Called by the Grave' })).toHaveAttribute('href', `/cards/${CALLED_BY_THE_GRAVE}`);
  // the OCG list's pre-errata passcodes are named by their card, and say their passcode (issue 38 §3)
  expect(body.changes.filter((c) => /^Card \d+$/.test(c.name))).toEqual([]);
  const preErrata = forbidden.getByRole('listitem').filter({ hasText: `passcode ${NORDEN_PRE_ERRATA}` });
  await expect(preErrata.getByRole('link', { name: 'Elder Entity Norden' })).toHaveAttribute('href', `/cards/${NORDEN_PRE_ERRATA}`);
  // every control's name holds the words it shows (WCAG 2.5.3; axe keeps this rule off by default)
  await expect(page.getByRole('button', { name: /^Copy as text/ })).toBeVisible();
  await expectAccessible(page, 'the comparison', ['label-content-name-mismatch']);
  await expectValidHtml(page, 'the comparison');
  await expectNoSidewaysScroll(page);

  await page.getByTestId('compare-copy').click();
  await expect(page.getByTestId('compare-copy')).toHaveText('Copied');
  await expect(page.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
  const text = await page.evaluate(() => navigator.clipboard.readText());
  expect(text.split('\n').slice(0, 4)).toEqual(['**2026.05 Worlds → 2026.07 OCG**', '', '__Newly Forbidden__', '• Called by the Grave (Limited → Forbidden)']);
  expect(text.split('\n').filter((l) => l.startsWith('• '))).toHaveLength(body.changes.length);
  expect(text).toContain(`• Elder Entity Norden, passcode ${NORDEN_PRE_ERRATA} (Unlimited → Forbidden)`);
});
