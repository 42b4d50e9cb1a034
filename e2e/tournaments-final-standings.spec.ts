// Issue 18: the completed view's final standings. Placements, a champion's row that says what the
// Champion block says, the Swiss record beside it after a top cut, readable on a phone; and a round
// robin bye told as what it scores (nothing).
import { expect, expectAccessible, isMobile, signInAs, test } from './fixtures.ts';
import { LINUS } from './fixtures.ts';
import { TournamentView, hostByApi, screenshot } from './pages/tournament-page.ts';
import { AdminApi, type ApiMatch, PlayView, playerPage } from './pages/tournament-play.ts';

const name = (what: string) => `${what} ${test.info().project.name} ${Date.now()}`;

interface Row {
  teamName: string;
  placement: string | null;
  wins: number;
  losses: number;
  ties: number;
  swissRecord: { rank: number; wins: number; losses: number; ties: number } | null;
}
interface Standings {
  rows: Row[];
  champion: { teamName: string; wins: number; losses: number; ties: number; points: number } | null;
}
const record = (r: { wins: number; losses: number; ties: number }) => `${r.wins}-${r.losses}-${r.ties}`;
/** The Swiss cell: rank and record (on a phone under the record, named for screen readers). */
const swiss = (text: string) => new RegExp(`^(Swiss )?${text}$`);

/** Every round played through the API (`pick` says which side wins), then the winner marked. */
async function playToWinner(api: AdminApi, pick: (m: ApiMatch) => 1 | 2 = () => 1): Promise<Standings> {
  for (;;) {
    await api.finishOpen(pick);
    const t = await api.tournament();
    if (t.championTeamUid || t.currentRound >= t.roundCount) break;
    await api.nextRound();
  }
  const won = await api.ctx.post(`/api/tournaments/${api.uid}/winner`);
  expect(won.ok(), await won.text()).toBe(true);
  return (await (await api.ctx.get(`/api/tournaments/${api.uid}/standings`)).json()) as Standings;
}

/** The page scrolls only downwards; a wide table scrolls in its own box. */
async function expectNoSidewaysScroll(view: TournamentView) {
  const overflow = await view.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('final standings', () => {
  test('Swiss → Top Cut, 12 teams: placements, the champion\'s record as in the Champion block, the runner-up\'s final loss, the Swiss record labelled; a no-show not placed @both-widths', async ({ page }) => {
    test.setTimeout(120_000);
    const uid = await hostByApi(LINUS, { name: name('Final Standings'), format: 'DEFAULT', checkIn: true });
    const api = await AdminApi.as(LINUS, uid);
    await api.seed(13);
    // 12 check in; the 13th is dropped as a no-show at the start
    await api.ctx.post(`/api/tournaments/${uid}/check-in/open`);
    const seeded = (await api.tournament()).teams;
    for (const team of seeded.slice(0, 12)) expect((await api.ctx.post(`/api/tournaments/${uid}/teams/${team.uid}/check-in`)).ok()).toBe(true);
    const noShow = seeded[12]!;
    await api.start();
    // 4 Swiss rounds won by team 1, then a cut of 2 whose final the Swiss leader (team 1) loses
    const standings = await playToWinner(api, (m) => (m.bracket === 'top' ? 2 : 1));
    const champion = standings.champion!;
    const [first, second] = standings.rows;

    const view = new TournamentView(page);
    await view.goto(uid);
    const block = view.centre.getByTestId('champion');
    await expect(block.getByTestId('champion-name')).toHaveText(champion.teamName);
    await expect(block.getByTestId('champion-record')).toHaveText(`${record(champion)} · ${champion.points} points`);

    const table = view.centre.getByTestId('standings');
    await expect(table.getByRole('heading', { name: 'Final Standings' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Placement' })).toBeVisible();
    // the Swiss record: a column of its own, or on a phone under the record, the column header saying so
    await expect(table.getByRole('columnheader', { name: isMobile(page) ? /^W-L-T ?Swiss$/ : /^Swiss/ })).toBeVisible();
    await expect(table.getByTestId('standing-placement')).toHaveText(['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th', '11th', '12th']);
    // the no-show is no 13th: listed apart, unplaced (issue 39)
    await expect(table.getByTestId('standings-did-not-play')).toHaveText(`Did not play: ${noShow.name}: not placed.`);
    expect(standings.rows.at(-1)).toMatchObject({ teamName: noShow.name, placement: null });

    // the champion's row: the record the Champion block shows, its Swiss part one win short
    const rows = table.getByTestId('standing-row');
    await expect(rows.nth(0).getByTestId('standing-team')).toHaveText(champion.teamName);
    await expect(rows.nth(0).getByTestId('standing-record')).toHaveText(record(champion));
    await expect(rows.nth(0).getByTestId('standing-swiss').filter({ visible: true })).toHaveText(swiss(`2nd · ${record({ ...champion, wins: champion.wins - 1 })}`));
    // the runner-up led after Swiss and shows the final it lost
    await expect(rows.nth(1).getByTestId('standing-team')).toHaveText(second!.teamName);
    await expect(rows.nth(1).getByTestId('standing-record')).toHaveText(record(second!));
    await expect(rows.nth(1).getByTestId('standing-swiss').filter({ visible: true })).toHaveText(swiss(`1st · ${record({ ...second!, losses: second!.losses - 1 })}`));
    expect(first!.teamName).toBe(champion.teamName);
    await expect(table).toContainText('Points and W-L-T count every match, top cut included.');

    await expectNoSidewaysScroll(view);
    if (isMobile(page)) {
      // on a phone the table may scroll sideways in its own box, which stays inside the screen
      const box = (await table.getByRole('region', { name: 'Final Standings table' }).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
      // the placement column shows without scrolling the table sideways (the page itself may need scrolling down to it:
      // the Event report link and the players' links sit above it)
      await rows.nth(0).scrollIntoViewIfNeeded();
      await expect(rows.nth(0).getByTestId('standing-placement')).toBeInViewport();
    }
    await expectAccessible(page, 'the completed view with final standings', ['heading-order']);
    await table.scrollIntoViewIfNeeded();
    await screenshot(page, 'final-standings');
    await api.dispose();
  });

  test('a top cut of 4 the host chose (issue 19): 8 teams, 3 Swiss rounds, semifinals and a final played on the page, placements 3rd–4th', async ({ page }) => {
    test.setTimeout(150_000);
    const uid = await hostByApi(LINUS, { name: name('Top Four'), format: 'DEFAULT', manualDeckChecking: false, topCut: 4, swissRounds: 3 });
    const api = await AdminApi.as(LINUS, uid);
    await api.seed(8);
    await api.start();
    expect(await api.tournament()).toMatchObject({ topCut: 4, swissRounds: 3, roundCount: 5 });
    for (let round = 1; round <= 3; round++) {
      await api.finishOpen();
      await api.nextRound();
    }
    const semis = await api.matches(4);
    expect(semis.map((m) => m.bracket)).toEqual(['top', 'top']);

    await signInAs(page, LINUS);
    const host = new PlayView(page);
    await host.goto(uid);
    await expect(host.banner).toContainText('Top 4: semifinals');
    const cut = await host.expectBracketColumns('Top Cut');
    await expect(cut.getByTestId('bracket-column')).toHaveText([/Semifinals · Round 4/, /Final · Round 5/]);
    // the semifinals on the page: the host enters both results
    for (const m of semis) {
      await host.openMatch(m.id);
      await host.fillWins(2, 0);
      await host.modal.getByRole('button', { name: `${m.team1Name} Wins` }).click();
      await expect(host.modal.getByRole('status')).toHaveText('Result saved.');
      await host.closeModal();
    }
    const next = await host.actionButton('Next Round (4/5)');
    await expect(next).toBeEnabled({ timeout: 5_000 });
    await next.click();
    await expect(host.banner).toContainText('Final');
    const [final] = await api.matches(5);
    expect([final!.team1Id, final!.team2Id].sort()).toEqual(semis.map((m) => m.team1Id).sort());
    await host.openMatch(final!.id);
    await host.fillWins(1, 2);
    await host.modal.getByRole('button', { name: `${final!.team2Name} Wins` }).click();
    await expect(host.modal.getByRole('status')).toHaveText('Result saved.');
    await host.closeModal();
    // the final's clock stops at its report (issue 30 §4)
    await expect(host.banner.getByTestId('round-all-in')).toHaveText('All results in');
    await expect(await host.actionButton('Mark Winner')).toBeEnabled({ timeout: 5_000 });
    await host.action('Mark Winner');
    await host.confirm.getByRole('button', { name: 'Mark Winner' }).click();
    await expect(host.centre.getByTestId('champion-name')).toHaveText(final!.team2Name!);

    const table = host.centre.getByTestId('standings');
    await expect(table.getByTestId('standing-placement')).toHaveText(['1st', '2nd', '3rd–4th', '3rd–4th', '5th', '6th', '7th', '8th']);
    await expect(table.getByTestId('standing-team').nth(1)).toHaveText(final!.team1Name!);
    const semiLosers = semis.map((m) => m.team2Name!).sort();
    expect([await table.getByTestId('standing-team').nth(2).innerText(), await table.getByTestId('standing-team').nth(3).innerText()].sort()).toEqual(semiLosers);
    await expectNoSidewaysScroll(host);
    // beside Admin Tools the box is narrow: its last column stays inside it, nothing to scroll (issue 30 §8)
    const region = table.getByRole('region', { name: 'Final Standings table' });
    const box = (await region.boundingBox())!;
    const last = (await table.getByRole('columnheader').last().boundingBox())!;
    expect(last.x + last.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
    expect(await region.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'top-cut-4');
    await api.dispose();
  });

  test('Round robin, 5 teams: the bye is a round off that scores nothing, and the places are the ranks', async ({ browser, page }) => {
    test.setTimeout(120_000);
    const uid = await hostByApi(LINUS, { name: name('Round Robin Places'), format: 'ROUND_ROBIN' });
    const api = await AdminApi.as(LINUS, uid);
    await api.seed(5);
    await api.start();
    const bye = (await api.matches(1)).find((m) => m.bye)!;
    const p = await playerPage(browser, uid, await api.playerOf(bye.team1Id!));
    await expect(p.view.yourMatch.getByTestId('your-bye')).toHaveText('You have a bye this round. A bye is a round off: no game and no points (every team sits out once).');
    await p.page.context().close();

    const standings = await playToWinner(api);
    const view = new TournamentView(page);
    await view.goto(uid);
    const table = view.centre.getByTestId('standings');
    await expect(table.getByTestId('standing-placement')).toHaveText(['1st', '2nd', '3rd', '4th', '5th']);
    await expect(table.getByTestId('standing-swiss')).toHaveCount(0);
    // four real matches each: the bye is in no record
    await expect(table.getByTestId('standing-record')).toHaveText(standings.rows.map(record));
    expect(standings.rows.every((r) => r.wins + r.losses + r.ties === 4)).toBe(true);
    await expect(view.centre.getByTestId('champion-record')).toContainText(record(standings.rows[0]!));
    await api.dispose();
  });
});
