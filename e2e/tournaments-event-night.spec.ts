// Issue 30, done when: one event night played as its host would at 1280 and 390 px. The attention
// panel leads the host through it: a team not checked in opens at its desk button, a test message
// reaches the channel, a dispute is settled by accepting one side's report; a late entry comes back
// into round 2; the cut is confirmed and the top cut is played with one-tap results to a champion,
// whose event card on the list links the report. What the page does not show is moved by the API.
import http from 'node:http';
import { JOEY, LINUS, expect, expectAccessible, isMobile, signInAs, test, webhookSinkPort } from './fixtures.ts';
import { deckYdke, hostByApi, signUpByApi } from './pages/tournament-page.ts';
import { AdminApi, PlayView, reportByApi, type ApiMatch } from './pages/tournament-play.ts';

const HOOK = 'https://discord.com/api/webhooks/987654321098765433/e2e-night_Token';
const LATE_DECK = 'projectignis-distribution/[Tactical-Try Deck] Eldlich the Conqueror.ydk';
const LIVE = { timeout: 10_000 };

/** A local Discord that takes every message (the webhook's relay points here). */
async function startSink(port: number) {
  const titles: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      titles.push((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { embeds: { title: string }[] }).embeds[0]?.title ?? '');
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { titles, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

const played = (m: ApiMatch) => !m.bye && m.team1Id !== null && m.team2Id !== null;

test('an event night led by the attention panel: check-in desk, a test message, a dispute, a late entry, the cut and a champion @both-widths', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const sink = await startSink(webhookSinkPort());
  try {
    const name = `Night ${testInfo.project.name} ${Date.now()}`;
    const uid = await hostByApi(LINUS, {
      name, format: 'DEFAULT', manualDeckChecking: false, checkIn: true, lateEntryRounds: 1, topCut: 4, swissRounds: 2, discordWebhookUrl: HOOK,
    });
    const api = await AdminApi.as(LINUS, uid);
    await api.seed(5);
    await api.ctx.post(`/api/tournaments/${uid}/check-in/open`);
    const teams = (await api.tournament()).teams;
    for (const team of teams.slice(0, 4)) expect((await api.ctx.post(`/api/tournaments/${uid}/teams/${team.uid}/check-in`)).ok()).toBe(true);
    const waiting = teams[4]!;

    // ---- check-in: the panel names the team not in; its name opens the desk's button ---------------
    await signInAs(page, LINUS);
    const host = new PlayView(page);
    await host.goto(uid);
    const attention = page.getByTestId('attention-panel');
    await expect(attention.getByRole('heading', { level: 2 })).toHaveText('Needs attention (1)');
    await expect(page).toHaveTitle(/^\(1\) /);
    await attention.getByRole('button', { name: `Open ${waiting.name} in Teams` }).click();
    const desk = page.getByRole('button', { name: `Check in ${waiting.name}` });
    await expect(desk).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(attention.getByTestId('attention-none')).toBeVisible(LIVE);

    // ---- the channel: check-in's post went out; a test message reaches it and shows --------------
    await expect.poll(() => sink.titles, LIVE).toEqual([`Check-in is open: ${name}`]);
    await attention.getByRole('button', { name: 'Send a test message' }).click();
    await expect.poll(() => sink.titles, LIVE).toContain(`Test message: ${name}`);
    await expect(attention.getByTestId('attention-discord')).toHaveText(/^Discord: last delivery [^·]+$/, LIVE);
    // pressed again at once: refused with the wait (one every 10 seconds), nothing sent
    await attention.getByRole('button', { name: 'Send a test message' }).click();
    await expect(attention.getByRole('alert')).toHaveText(/^A test message went out \d s ago: send the next one in \d+ s \(at most one every 10 seconds and 5 a minute\)\.$/);
    expect(sink.titles.filter((t) => t.startsWith('Test message'))).toHaveLength(1);
    await expectAccessible(page, 'the attention panel during check-in');

    // ---- round 1: both players claim the win; the host accepts one report from the panel ---------
    await host.action('Start Tournament', 'Start Tournament');
    await expect(host.banner).toContainText('Swiss round 1 of 2');
    const [disputed, ...others] = (await api.matches(1)).filter(played);
    await reportByApi(uid, await api.playerOf(disputed!.team1Id!), disputed!.id, 2, 0);
    await reportByApi(uid, await api.playerOf(disputed!.team2Id!), disputed!.id, 2, 1);
    const dispute = attention.getByTestId('attention-dispute');
    await expect(dispute.getByTestId('attention-report-1')).toContainText(disputed!.team1Name!, LIVE);
    await expect(attention.getByTestId('attention-unreported')).toHaveCount(others.length);
    await dispute.getByRole('button', { name: `Accept ${disputed!.team1Name}’s report` }).click();
    await expect(dispute).toHaveCount(0, LIVE);

    // ---- a late entry during round 1 plays round 2 -------------------------------------------------
    await signUpByApi(uid, JOEY, 'Late Joey', deckYdke(LATE_DECK));
    for (const m of others) await api.override(m, 1);
    await expect(attention.getByTestId('attention-none')).toBeVisible(LIVE);
    await host.action(/^Next Round/);
    await expect(host.banner).toContainText('Swiss round 2 of 2', LIVE);
    const joeyTeam = (await api.tournament()).teams.find((t) => t.name === 'Late Joey')!;
    expect((await api.matches(2)).some((m) => m.team1Id === joeyTeam.uid || m.team2Id === joeyTeam.uid)).toBe(true);

    // ---- the cut: Next Round names who makes it; the semifinals by one tap ------------------------
    await api.finishOpen();
    await host.action(/^Next Round/);
    await expect(host.confirm.getByTestId('cut-qualifier')).toHaveCount(4);
    await host.confirm.getByRole('button', { name: 'Pair the Top Cut' }).click();
    await expect(host.banner).toContainText('Top 4: semifinals', LIVE);
    const semis = (await api.matches(3)).filter(played);
    expect(semis).toHaveLength(2);
    for (const m of semis) {
      await host.openMatch(m.id);
      await host.resultButton(`2–1 for ${m.team1Name}`).click();
      await expect(host.modal.getByRole('status')).toHaveText('Result saved.');
      await host.closeModal();
    }
    await host.action(/^Next Round/);
    await expect(host.banner).toContainText('Final', LIVE);
    const [final] = (await api.matches(4)).filter(played);
    await host.openMatch(final!.id);
    await host.resultButton(`2–0 for ${final!.team1Name}`).click();
    await expect(host.modal.getByRole('status')).toHaveText('Result saved.');
    await host.closeModal();
    await host.action('Mark Winner');
    await host.confirm.getByRole('button', { name: 'Mark Winner' }).click();
    await expect(page.getByTestId('champion')).toContainText(final!.team1Name!, LIVE);
    await expect.poll(() => sink.titles, LIVE).toContain(`${final!.team1Name} wins ${name}`);

    // ---- the list: the completed event's card names the champion and links the report ------------
    await page.goto('/tournaments');
    const card = page.getByTestId('tournament-card').filter({ hasText: name });
    await expect(card.getByTestId('card-champion')).toContainText(final!.team1Name!);
    await expect(card.getByTestId('card-report-link')).toHaveAttribute('href', `/tournaments/${uid}/report`);
    if (isMobile(page)) expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await api.dispose();
  } finally {
    await sink.close();
  }
});
