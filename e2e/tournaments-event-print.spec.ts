import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { ADA, expect, expectAccessible, expectValidHtml, isMobile, screenshot, signInByApi, test } from './fixtures.ts';
import { apiAs, hostByApi } from './pages/tournament-page.ts';
import { AdminApi, type ApiMatch } from './pages/tournament-play.ts';

// Print and export (issue 19): the print view of a round (both lists) and of the standings, print
// media without navigation, the CSV files and the calendar downloaded from the pages; the match
// slips of a round (issue 30 §6).

/** Players whose names sort differently from their teams' (the list by player is not the list by team). */
const PLAYERS = [
  { name: 'Zoë Ångström', team: 'Alpha Aces' },
  { name: 'Émile Bernard', team: 'Omega Owls' },
  { name: 'bjørn olsen', team: 'Delta Drakes' },
  { name: 'Chloé Martin', team: 'Gamma Gryphons' },
  { name: 'Aaron Young', team: 'Zeta Zephyrs' },
  { name: 'Mira Ito', team: '=Formula Folk' },
];
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const soon = () => new Date(Math.round((Date.now() + 3 * 86_400_000) / 60_000) * 60_000).toISOString();

let uid: string;
let calendarUid: string;
/** 11 teams, best of 3: five matches and a bye in round 1, so two A4 pages of slips */
let slipUid: string;
const SLIP_TEAMS = 11;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // ids of this spec's own, distinct per project (each project has its own server, but one run may be repeated)
  const base = `12${String(Date.now()).slice(-9)}`;
  uid = await hostByApi(ADA, { name: 'Print Night', subtitle: 'Friday Swiss', manualDeckChecking: false, startsAt: soon() });
  for (const [i, p] of PLAYERS.entries()) {
    const ctx = await apiAs({ id: `${base}${String(i).padStart(7, '0')}`, name: p.name });
    const res = await ctx.post(`/api/tournaments/${uid}/signup`, { data: { name: p.team } });
    expect(res.status(), await res.text()).toBe(201);
    await ctx.dispose();
  }
  const admin = await AdminApi.as(ADA, uid);
  await admin.start();
  const [first] = await admin.matches(1);
  await admin.override(first!, 1, true);
  calendarUid = await hostByApi(ADA, { name: 'Calendar Night', startsAt: soon() });

  slipUid = await hostByApi(ADA, { name: 'Slip Night', manualDeckChecking: false, bestOf: 3 });
  for (let i = 0; i < SLIP_TEAMS; i++) {
    const ctx = await apiAs({ id: `${base}${String(50 + i).padStart(7, '0')}`, name: `Slip Player ${i + 1}` });
    const res = await ctx.post(`/api/tournaments/${slipUid}/signup`, { data: { name: `Table Team ${i + 1}` } });
    expect(res.status(), await res.text()).toBe(201);
    await ctx.dispose();
  }
  await (await AdminApi.as(ADA, slipUid)).start();
});

async function openPrint(page: Page, query: string) {
  await page.goto(`/tournaments/${uid}/print${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Print Night' })).toBeVisible();
}

async function shots(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 1280;
  await page.screenshot({ path: `/tmp/event-print-${name}-${width}.png`, fullPage: true });
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: `/tmp/event-print-${name}-print-${width}.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });
}

/** What a page reads where it sits when printed: the toolbar and the site's navigation are gone. */
async function expectPrintMedia(page: Page) {
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Print view' })).toBeHidden();
  await expect(page.getByRole('button', { name: /^Print/ })).toBeHidden();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  // black on white
  const colours = await page.locator('.print-page').evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]);
  expect(colours).toEqual(['rgb(0, 0, 0)', 'rgb(255, 255, 255)']);
  await page.emulateMedia({ media: 'screen' });
}

/** A PDF's first page as a PNG for docs/screenshots, where poppler's pdftoppm is installed (a look at the paper itself). */
function slipsPdfPage(pdf: string, png: string) {
  try {
    execFileSync('pdftoppm', ['-r', '80', '-png', '-singlefile', '-f', '1', '-l', '1', pdf, png]);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}

async function savedText(download: Download): Promise<string> {
  return fs.readFileSync((await download.path())!, 'utf8');
}

test('the print view of a round: pairings by table and every player A–Z with their table', async ({ page }) => {
  await openPrint(page, '?round=1');
  await expect(page.getByTestId('round-heading')).toContainText('Swiss round 1 of 3');
  // the round's end as text; on screen (a print view projected in the hall) the clock counts down beside it, on paper not
  const ends = page.getByTestId('round-ends');
  await expect(ends).toContainText(/^Time: \d{1,2}[:.]\d{2}/);
  const clock = page.getByTestId('round-heading').getByTestId('clock-text');
  await expect(clock).toHaveText(/^(49|50):\d{2}$/);
  const first = await clock.innerText();
  await expect(clock).not.toHaveText(first);
  await page.emulateMedia({ media: 'print' });
  await expect(clock).toBeHidden();
  await expect(ends).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  // no site navigation, on screen either
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

  const byTable = page.getByTestId('pairings-by-table');
  const tableRows = byTable.locator('tbody tr');
  await expect(tableRows).toHaveCount(3);
  expect(await tableRows.locator('td:nth-child(1)').allInnerTexts()).toEqual(['1', '2', '3']);
  await expect(byTable.getByRole('columnheader')).toHaveText(['Table', 'Team 1', 'Team 2', 'Result']);
  // the decided match shows its games
  await expect(tableRows.filter({ hasText: '2–1' })).toHaveCount(1);

  const byPlayer = page.getByTestId('pairings-by-player');
  const seatRows = byPlayer.locator('tbody tr');
  const players = await seatRows.locator('td:nth-child(1) b').allInnerTexts();
  expect(players).toHaveLength(PLAYERS.length);
  expect(players).toEqual([...players].sort(collator.compare));
  expect(players[0]).toBe('Aaron Young');
  // a player's table is the table of their team in the first list
  const team = PLAYERS.find((p) => p.name === players[0])!.team;
  const table = await tableRows.filter({ hasText: team }).locator('td:nth-child(1)').innerText();
  await expect(seatRows.first().locator('td:nth-child(2)')).toHaveText(table);

  // nothing wider than the screen
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page, 'the print view of a round', ['heading-order']);
  await expectValidHtml(page, 'the print view of a round');
  await expectPrintMedia(page);
  // the list by player starts a page of its own, and table headers repeat on every printed page
  expect(await byPlayer.evaluate((el) => getComputedStyle(el).breakBefore)).toBe('auto');
  await page.emulateMedia({ media: 'print' });
  expect(await byPlayer.evaluate((el) => getComputedStyle(el).breakBefore)).toBe('page');
  expect(await byTable.locator('thead').evaluate((el) => getComputedStyle(el).display)).toBe('table-header-group');
  await page.emulateMedia({ media: 'screen' });

  // live, as a print view projected in the hall: the host gives a table five more minutes, and it shows without a reload
  const admin = await AdminApi.as(ADA, uid);
  const open = (await admin.matches(1)).find((m) => !m.complete && m.team1Id && m.team2Id)!;
  const openRow = tableRows.filter({ hasText: open.team1Name! });
  await expect(openRow.locator('td').first()).not.toContainText('+');
  await admin.extend(open, 5);
  await expect(openRow.locator('td').first()).toContainText('+5 min');
  await shots(page, 'round');
  if (!isMobile(page)) {
    // on A4 and on Letter: the pairings on one page, the list by player on the next
    await page.emulateMedia({ media: 'print' });
    for (const format of ['A4', 'Letter'] as const) {
      const pdf = await page.pdf({ format, path: `/tmp/event-print-round-${format}.pdf` });
      expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g), format).toHaveLength(2);
    }
  }
});

test('the print view of the standings', async ({ page }) => {
  await openPrint(page, '?standings');
  await expect(page.getByText('Standings, Swiss round 1 of 3')).toBeVisible();
  const rows = page.getByTestId('standings-print').locator('tbody tr');
  await expect(rows).toHaveCount(PLAYERS.length);
  // the winner of the decided match leads, with its players under its name
  await expect(rows.first()).toContainText('3');
  await expect(page.getByTestId('standings-print').getByRole('columnheader').first()).toHaveText('#');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page, 'the print view of the standings', ['heading-order']);
  await expectPrintMedia(page);
  await shots(page, 'standings');
});

test('both CSV files download from the print view; the admin panel links to them and to the print view @both-widths', async ({ page }) => {
  await openPrint(page, '?round=1');
  const [pairings] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download pairings (CSV)' }).click()]);
  expect(pairings.suggestedFilename()).toBe('Print Night round 1 pairings.csv');
  const csv = await savedText(pairings);
  expect(csv.split('\r\n')[0]).toBe('\uFEFFRound,Table,Team 1,Team 1 players,Team 2,Team 2 players,Team 1 games,Team 2 games,Winner,Status');
  expect(csv).toContain("'=Formula Folk");
  expect(csv).toContain('Zoë Ångström');
  const [standings] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download standings (CSV)' }).click()]);
  expect(standings.suggestedFilename()).toBe('Print Night standings.csv');
  expect((await savedText(standings)).split('\r\n')).toHaveLength(PLAYERS.length + 2);

  // the host's tools: the same links, signed in as the admin
  await signInByApi(page, ADA);
  await page.goto(`/tournaments/${uid}`);
  const tools = page.getByTestId('admin-tools');
  if (isMobile(page)) await tools.getByRole('tab', { name: 'Actions' }).click();
  const links = tools.getByTestId('export-links');
  await expect(links.getByRole('link')).toHaveText(['Print pairings', 'Print match slips', 'Print standings', 'Big screen', 'Download pairings (CSV)', 'Download standings (CSV)']);
  const [fromPanel] = await Promise.all([page.waitForEvent('download'), links.getByRole('link', { name: 'Download pairings (CSV)' }).click()]);
  expect(fromPanel.suggestedFilename()).toBe('Print Night round 1 pairings.csv');
  await links.getByRole('link', { name: 'Print standings' }).click();
  await expect(page).toHaveURL(new RegExp(`/tournaments/${uid}/print\\?standings$`));
  await expect(page.getByTestId('standings-print').locator('tbody tr')).toHaveCount(PLAYERS.length);
});

test('the tournament page adds the event to a calendar; the list subscribes to all of them', async ({ page, context }) => {
  await page.goto(`/tournaments/${calendarUid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar Night' })).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Add to calendar' }).click()]);
  expect(file.suggestedFilename()).toBe('Calendar Night.ics');
  const ics = await savedText(file);
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toContain('SUMMARY:Calendar Night');
  expect(ics).toContain(`URL:${new URL(page.url()).origin}/tournaments/${calendarUid}`);

  await page.goto('/tournaments');
  // issue 30 §8: a webcal:// subscription at this site, and its address to copy
  const origin = new URL(page.url());
  const feed = page.getByRole('link', { name: 'Subscribe to the calendar' });
  await expect(feed).toHaveAttribute('href', `webcal://${origin.host}/api/tournaments.ics`);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const copy = page.getByRole('button', { name: 'Copy address' });
  await copy.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('calendar-feed').getByRole('status')).toHaveText('Copied the calendar’s address');
  await expect(page.getByTestId('calendar-feed').getByRole('button')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin.origin}/api/tournaments.ics`);
  await page.getByTestId('calendar-feed').screenshot({ path: '/tmp/calendar-feed-1280.png' });
  // at 390 px the two stay tappable and inside the page
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(feed).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.locator('#tournaments-title').locator('..').screenshot({ path: '/tmp/calendar-feed-390.png' });
  const all = await page.request.get('/api/tournaments.ics');
  const text = await all.text();
  expect(text).toContain('SUMMARY:Calendar Night');
  expect(text).not.toContain('SUMMARY:Print Night'); // started: no longer upcoming
});

test('match slips of a round with a bye: one per match, with its room for the host only, four to an A4 page', async ({ page }) => {
  const admin = await AdminApi.as(ADA, slipUid);
  const matches = (await admin.matches(1)) as (ApiMatch & { table: number | null })[];
  const played = matches.filter((m) => m.team1Id && m.team2Id && m.table !== null).sort((a, b) => a.table! - b.table!);
  expect(played).toHaveLength(5);
  const bye = matches.find((m) => m.bye)!;
  // the rooms as the host reads them, one match at a time
  const rooms = await Promise.all(played.map(async (m) => {
    const res = await admin.ctx.get(`/api/tournaments/${slipUid}/matches/${m.id}`);
    return ((await res.json()) as { room: { name: string; password: string } }).room;
  }));
  expect(rooms.every((r) => r.password.length > 0)).toBe(true);

  // a visitor: the slips, without a room or a password, and no read of them asked
  const roomReads: string[] = [];
  page.on('request', (r) => { if (/\/api\/tournaments\/[^/]+\/matches\/\d+$/.test(r.url())) roomReads.push(r.url()); });
  await page.goto(`/tournaments/${slipUid}/print?round=1`);
  // reached from the print view's choices, by keyboard
  await page.getByRole('link', { name: 'Match slips' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/print\\?slips&round=1$`));
  await expect(page.getByRole('button', { name: 'Print match slips' })).toBeEnabled();
  const slips = page.getByTestId('match-slip');
  await expect(slips).toHaveCount(5);
  await expect(page.getByTestId('slips-note')).toHaveText(`No slip for a bye (${bye.team1Name ?? bye.team2Name}): nothing to report.`);
  await expect(page.getByTestId('slips-rooms-note')).toContainText('host and admins only');
  const visitorText = await page.getByTestId('match-slips').innerText();
  for (const r of rooms) expect(visitorText).not.toContain(r.password);
  expect(roomReads).toEqual([]);

  // the host: each slip with its room and password
  await signInByApi(page, ADA);
  await page.reload();
  await expect(slips).toHaveCount(5);
  for (const [i, m] of played.entries()) {
    const slip = slips.nth(i);
    await expect(slip.getByRole('heading', { level: 3 })).toHaveText(`Table ${m.table}`);
    await expect(slip).toContainText('Slip Night');
    await expect(slip).toContainText(/Swiss round 1 of \d/);
    await expect(slip.getByRole('rowheader')).toHaveText([new RegExp(`^${m.team1Name}Slip Player`), new RegExp(`^${m.team2Name}Slip Player`)]);
    await expect(slip.getByTestId('slip-room')).toHaveText(`Room${rooms[i]!.name}Password${rooms[i]!.password}`);
    await expect(slip.getByTestId('slip-games').getByRole('columnheader')).toHaveText(['Team', 'Game 1', 'Game 2', 'Game 3', 'Games won']);
    await expect(slip.getByTestId('game-box')).toHaveCount(6);
    await expect(slip.getByTestId('result-box')).toHaveCount(2);
    await expect(slip.getByTestId('signature-line')).toHaveText([`Signature, ${m.team1Name}`, `Signature, ${m.team2Name}`]);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page, 'the match slips', ['heading-order']);
  await expectValidHtml(page, 'the match slips');
  await screenshot(page, 'print-match-slips');

  // on paper: the slips only, two by two, none split across pages, on A4
  await expectPrintMedia(page);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('slips-note')).toBeHidden();
  expect(await slips.first().evaluate((el) => getComputedStyle(el).breakInside)).toBe('avoid');
  expect(await page.getByTestId('match-slips').locator('ol').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length)).toBe(2);
  const pdf = await page.pdf({ format: 'A4', path: '/tmp/event-print-slips-A4.pdf' });
  // five slips, four to a page: the fifth on a page of its own, whole
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g)).toHaveLength(2);
  if (process.env.SCREENSHOTS) slipsPdfPage('/tmp/event-print-slips-A4.pdf', 'docs/screenshots/print-match-slips-a4');
  await page.emulateMedia({ media: 'screen' });

  // a phone's screen: one column, nothing wider than the screen
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(page, 'print-match-slips');
});
