import http from 'node:http';
import { LINUS, expect, expectAccessible, signInAs, test, webhookSinkPort } from './fixtures.ts';
import { HostTournamentForm } from './pages/tournament-page.ts';
import { PlayView } from './pages/tournament-play.ts';

// The event's Discord webhook (issue 19, decision 018). e2e/fixtures.ts points the worker's servers'
// DISCORD_WEBHOOK_RELAY_URL at webhookSinkPort(), where this spec's sink stands in for Discord.
const HOOK = 'https://discord.com/api/webhooks/987654321098765432/e2e-Token_secret';

interface Received { path: string; title: string; description: string }

/** A local Discord: its first answer is a 500 (so the page shows a retried failure), then 204. */
async function startSink(port: number) {
  const requests: Received[] = [];
  const delivered: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { embeds: { title: string; description?: string }[] };
      const got = { path: req.url ?? '', title: body.embeds[0]?.title ?? '', description: body.embeds[0]?.description ?? '' };
      requests.push(got);
      if (requests.length === 1) {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Internal Server Error' }));
        return;
      }
      delivered.push(got);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { requests, delivered, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

test.describe('Discord', () => {
  test('a host sets the event’s webhook; after Start the channel gets round 1’s pairings, a failed try is in the audit log', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const sink = await startSink(webhookSinkPort());
    try {
      const name = `Discord Night ${testInfo.project.name} ${Date.now()}`;
      // ---- Linus hosts from a series, the webhook typed in the Event tab -------------------------
      await signInAs(page, LINUS);
      await page.goto('/series');
      await page.getByTestId('series-card').filter({ hasText: 'Modern Master Rule' }).getByRole('link', { name: /^Host a tournament/ }).click();
      const form = new HostTournamentForm(page);
      await form.field('Name').fill(name);
      await page.getByRole('tab', { name: /^Event/ }).click();
      await page.getByLabel(/Discord webhook/).fill(HOOK);
      await form.create.click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(name); // with the series' iteration (#n)

      // ---- seeded teams, Start: the pairings go out after the reply ------------------------------
      const view = new PlayView(page);
      await view.action('Seed Test Data');
      await expect((await view.adminSection('Teams')).getByTestId('team-count')).toContainText('8 teams');
      await view.action('Start Tournament', 'Start Tournament');
      await expect(view.banner).toContainText('Swiss round 1');

      // Discord failed once: the server tries again after its backoff (5 s) and the message arrives
      await expect.poll(() => sink.delivered.length, { timeout: 30_000 }).toBe(1);
      expect(sink.requests).toHaveLength(2);
      const [message] = sink.delivered;
      expect(message!.path).toBe('/api/webhooks/987654321098765432/e2e-Token_secret');
      expect(message!.title).toBe(`Round 1 pairings: ${name}`);
      expect(message!.description.match(/\*\*Table \d+\*\*/g)).toEqual(['**Table 1**', '**Table 2**', '**Table 3**', '**Table 4**']);

      // ---- the host reads the failure in the audit log, in a sentence, without the token ---------
      await page.reload();
      const actions = await view.adminSection('Actions');
      await actions.getByText('Audit log').click();
      const entry = actions.getByRole('listitem').filter({ hasText: 'Discord pairings message not delivered' });
      await expect(entry).toContainText('by the server');
      await expect(entry).toContainText('Attempt 1 failed: HTTP 500: Internal Server Error. Trying again at');
      await expect(actions.getByLabel('Audit log entries')).not.toContainText('e2e-Token_secret');
      await expectAccessible(page, 'the audit log with a failed Discord delivery');
      const width = page.viewportSize()?.width ?? 1280;
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await entry.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/fh-discord-audit-${width}.png` });
    } finally {
      await sink.close();
    }
  });
});
