// Issue 20: the event report. An event of eight teams with real decks (every deck published) played
// to its winner; a visitor follows 'Event report' from the completed view and reads the champion,
// the top cut, the placements and the decks with their pictures, downloads a .ydk and copies a
// ydke:// link; the host corrects an archetype and the meta table follows. Also: the page before a
// winner is marked. At 1280 and 390 px, axe 0 serious.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectValidHtml, isMobile, LINUS, signInAs, test } from './fixtures.ts';
import { hostByApi, signUpByApi } from './pages/tournament-page.ts';
import { AdminApi } from './pages/tournament-play.ts';

const DECKS_DIR = path.resolve(import.meta.dirname, '../../shared/data/decks/iceygo-windbot');
const DECKS = ['AI_Blackwing.ydk', 'AI_Lightsworn.ydk', 'AI_Zoodiac.ydk', 'AI_Nekroz.ydk', 'AI_Qliphort.ydk', 'AI_SkyStriker.ydk', 'AI_Orcust.ydk', 'AI_Tearlaments.ydk'];
const name = (what: string) => `${what} ${test.info().project.name} ${Date.now()}`;

interface ReportCard { passcode: number; name: string; count: number }
interface ReportBody {
  champion: { teamName: string } | null;
  placements: { teamName: string; placement: string }[];
  decks: { id: number; player: string; archetype: string; main: ReportCard[]; extra: ReportCard[]; side: ReportCard[] }[];
}
const copies = (cards: ReportCard[]) => cards.flatMap((c) => Array<number>(c.count).fill(c.passcode));

/** Eight one-player teams, each with a real deck, in a Swiss of 3 rounds and a top cut of 4, played to the winner. */
async function playedEvent(): Promise<{ uid: string; report: ReportBody }> {
  const uid = await hostByApi(LINUS, { name: name('Report Cup'), format: 'DEFAULT', manualDeckChecking: false, deckPrivacy: 'all', topCut: 4, swissRounds: 3 });
  const stamp = String(Date.now()).slice(-6);
  for (const [i, file] of DECKS.entries()) {
    const player = { id: `1000${stamp}${String(i).padStart(8, '0')}`, name: `Reporter ${String.fromCharCode(65 + i)}` };
    await signUpByApi(uid, player, `Report Team ${String.fromCharCode(65 + i)}`, fs.readFileSync(path.join(DECKS_DIR, file), 'utf8'));
  }
  const api = await AdminApi.as(LINUS, uid);
  await api.start();
  for (;;) {
    await api.finishOpen();
    const t = await api.tournament();
    if (t.currentRound >= t.roundCount) break;
    await api.nextRound();
  }
  const won = await api.ctx.post(`/api/tournaments/${uid}/winner`);
  expect(won.ok(), await won.text()).toBe(true);
  const report = (await (await api.ctx.get(`/api/tournaments/${uid}/report`)).json()) as ReportBody;
  await api.dispose();
  return { uid, report };
}

async function shot(page: Page, what: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => [...document.images].every((i) => i.complete || i.getBoundingClientRect().top > innerHeight), null, { timeout: 5000 }).catch(() => undefined);
  await page.screenshot({ path: path.join(dir, `report-${what}-${page.viewportSize()!.width}.png`), fullPage: true });
}

test.describe('event report', () => {
  test('a visitor reads the report; .ydk and ydke:// per deck; the host corrects an archetype and the meta follows', async ({ page, context }) => {
    test.setTimeout(180_000);
    const { uid, report } = await playedEvent();
    expect(report.decks).toHaveLength(8);

    // ---- from the completed view to the report ------------------------------------------------
    await page.goto(`/tournaments/${uid}`);
    await page.getByRole('link', { name: 'Event report' }).click();
    await expect(page).toHaveURL(new RegExp(`/tournaments/${uid}/report$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Report Cup /);
    await expect(page.getByTestId('report-champion-name')).toHaveText(report.champion!.teamName);
    // no admin marked it: it does not count toward ratings
    await expect(page.getByTestId('rated-badge')).toHaveText('Unrated');

    const placements = page.getByTestId('placements');
    await expect(placements.getByTestId('placement')).toHaveText(report.placements.map((p) => p.placement));
    expect(report.placements.slice(0, 4).map((p) => p.placement)).toEqual(['1st', '2nd', '3rd–4th', '3rd–4th']);
    await expect(placements.getByTestId('placement-team')).toHaveText(report.placements.map((p) => p.teamName));
    // the tie-breakers by name, as percentages (issue 30 §8)
    await expect(placements.getByRole('columnheader')).toContainText(['OMW %', 'OOMW %']);
    await expect(placements.getByTestId('placement-omw').first()).toHaveText(/^\d{1,3}\.\d%$/);
    await expect(placements.getByRole('link', { name: 'Reporter A' })).toHaveAttribute('href', /^\/players\/\d+$/);
    await expect(page.getByTestId('report-bracket').getByTestId('report-bracket-column')).toHaveText([/Semifinals · Round 4/, /Final · Round 5/]);

    // ---- a published deck: a text list, compact pictures or every copy in EDOPro's order, the .ydk, the ydke:// link
    const deck = page.getByTestId('report-deck').first();
    const first = report.decks[0]!;
    await expect(deck.getByRole('link', { name: first.player })).toBeVisible();
    await expect(deck.getByTestId('deck-archetype')).toHaveText(first.archetype);
    // the list says '3x Card Name' (issue 30 §8); a name's copies on one line, whatever their art
    const most = first.main.reduce((a, b) => (b.count > a.count ? b : a));
    const mostCopies = first.main.filter((c) => c.name === most.name).reduce((n, c) => n + c.count, 0);
    await expect(deck.getByTestId('deck-list').getByRole('heading', { name: `Main Deck (${copies(first.main).length})` })).toBeVisible();
    await expect(deck.getByTestId('deck-line').filter({ hasText: new RegExp(`^${mostCopies}x `) }).filter({ hasText: most.name }).first()).toBeVisible();
    // compact: a picture per card, its copies on it; 'Show every copy' shows them all and is remembered
    const main = deck.getByTestId('deck-main').locator('img');
    await expect(main).toHaveCount(first.main.length);
    expect(first.main.length).toBeLessThan(copies(first.main).length);
    await expect(deck.getByTestId('deck-main').getByTestId('card-copies').first()).toHaveText(/^×[23]$/);
    const everyCopy = deck.getByRole('button', { name: /^Show every copy/ });
    await expect(everyCopy).toHaveAttribute('aria-pressed', 'false');
    await everyCopy.click();
    await expect(everyCopy).toHaveAttribute('aria-pressed', 'true');
    await expect(main).toHaveCount(copies(first.main).length);
    await expect(main.first()).toHaveAttribute('src', `/api/cards/${first.main[0]!.passcode}/image?size=small`);
    await expect(main.last()).toHaveAttribute('src', `/api/cards/${first.main.at(-1)!.passcode}/image?size=small`);
    await deck.getByTestId('deck-main').scrollIntoViewIfNeeded();
    await expect.poll(() => main.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // the eighth deck starts closed, and opens
    const last = page.getByTestId('report-deck').last();
    await expect(last.getByTestId('deck-main')).toHaveCount(0);
    await last.getByRole('button', { name: /^Show cards/ }).click();
    await expect(last.getByTestId('deck-main')).toBeVisible();

    const download = page.waitForEvent('download');
    await deck.getByRole('button', { name: /^Download \.ydk/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${first.player} - ${first.archetype}.ydk`);
    const ydk = fs.readFileSync((await file.path())!, 'utf8');
    expect(ydk).toBe(['#created by Format Hub', '#main', ...copies(first.main), '#extra', ...copies(first.extra), '!side', ...copies(first.side)].join('\n') + '\n');

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await deck.getByRole('button', { name: /^Copy ydke:\/\/ link of / }).click();
    await expect(deck.getByRole('button', { name: /^Copy ydke:\/\/ link of / })).toHaveText('Copied');
    await expect(deck.getByRole('status')).toHaveText('Copied');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const parts = link.replace(/^ydke:\/\//, '').split('!');
    expect(link.startsWith('ydke://')).toBe(true);
    const decode = (part: string) => [...Buffer.from(part, 'base64').entries()].length / 4;
    expect(parts.slice(0, 3).map(decode)).toEqual([copies(first.main).length, copies(first.extra).length, copies(first.side).length]);
    expect(Buffer.from(parts[0]!, 'base64').readUInt32LE(0)).toBe(first.main[0]!.passcode);

    // ---- the meta: a chart and its table --------------------------------------------------------
    const meta = page.getByTestId('report-meta-table');
    await expect(meta.getByRole('rowheader', { name: 'Blackwing' })).toBeVisible();
    // archetypes as EDOPro spells them, spaces kept (issue 30 §8)
    await expect(meta.getByRole('rowheader', { name: 'Sky Striker' })).toBeVisible();
    await expect(page.getByTestId('deck-archetype').filter({ hasText: /^Sky Striker$/ })).toHaveCount(1);
    await expect(page.getByRole('button', { name: /^Correct the archetype/ })).toHaveCount(0);
    if (!isMobile(page)) await expect(page.getByTestId('report-meta-chart').getByTestId('share-bar').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'the event report', ['heading-order']);
    await expectValidHtml(page, 'the event report');
    await shot(page, 'visitor');

    // ---- the host corrects the Blackwing deck's archetype, then gives the rule's name back ----------
    await signInAs(page, LINUS);
    await page.goto(`/tournaments/${uid}/report`);
    await expect(page.getByTestId('report-deck').first().getByRole('button', { name: /^Show every copy/ })).toHaveAttribute('aria-pressed', 'true');
    const blackwing = report.decks.find((d) => d.archetype === 'Blackwing')!;
    const card = page.locator(`[data-testid="report-deck"][data-deck-id="${blackwing.id}"]`);
    await card.getByRole('button', { name: /^Correct the archetype/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading')).toHaveText(`Archetype of ${blackwing.player}’s deck`);
    await expect(dialog.getByRole('button', { name: 'Use the rule’s name' })).toBeDisabled();
    const field = dialog.getByRole('textbox', { name: 'Archetype' });
    await field.fill('   ');
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(dialog).toContainText('An archetype cannot be blank.');
    await field.fill('Blackwing Control');
    await expectAccessible(page, 'the archetype dialog');
    await shot(page, 'archetype-dialog');
    await field.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(card.getByTestId('deck-archetype')).toHaveText('Blackwing Control');
    await expect(card.getByTestId('deck-archetype-auto')).toHaveText('corrected (the rule says Blackwing)');
    await expect(meta.getByRole('rowheader', { name: 'Blackwing Control' })).toBeVisible();
    await expect(meta.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Blackwing Control' }) }).getByRole('cell').first()).toHaveText('1');
    await expect(meta.getByRole('rowheader', { name: 'Blackwing', exact: true })).toHaveCount(0);

    // keyboard: the dialog opens from its button, 'Use the rule's name' gives Blackwing back
    await card.getByRole('button', { name: /^Correct the archetype/ }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('textbox', { name: 'Archetype' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Use the rule’s name' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card.getByTestId('deck-archetype')).toHaveText('Blackwing');
    await expect(meta.getByRole('rowheader', { name: 'Blackwing', exact: true })).toBeVisible();
    await shot(page, 'host');
  });

  test('before the winner is marked: a sentence and the way back to the event; an unknown event is not found', async ({ page }) => {
    const uid = await hostByApi(LINUS, { name: name('Report Not Yet'), format: 'DEFAULT' });
    await page.goto(`/tournaments/${uid}/report`);
    const box = page.getByTestId('report-not-yet');
    await expect(box).toContainText('The report is published once the winner is marked.');
    await box.getByRole('link', { name: 'Go to the event' }).click();
    await expect(page).toHaveURL(new RegExp(`/tournaments/${uid}$`));
    await page.goto('/tournaments/no-such-event/report');
    await expect(page.getByRole('alert')).toHaveText('Tournament not found');
    await expectAccessible(page, 'the report of an unknown event');
  });
});
