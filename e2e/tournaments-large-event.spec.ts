// Decision 022: an event of more than LIVE_STANDINGS_TEAMS teams gets a short notice on the standings
// topic, and the page reads the standings it announced (GET .../standings?version=N) instead of being
// sent the whole table; the open page still follows every result live.
import { LINUS, expect, test } from './fixtures.ts';
import { hostByApi, personPage } from './pages/tournament-page.ts';
import { AdminApi, PlayView } from './pages/tournament-play.ts';
import { LIVE_STANDINGS_TEAMS } from '../src/domain/api/standings.ts';

/** A large event's views move at most once a second (decision 022); a few more allow for a busy CI. */
const LIVE = { timeout: 8_000 };

test('a large event: the standings follow a result live through a notice and one read', async ({ browser }) => {
  test.setTimeout(120_000);
  const teams = LIVE_STANDINGS_TEAMS + 1;
  const uid = await hostByApi(LINUS, { name: `Large Open ${test.info().project.name} ${Date.now()}`, manualDeckChecking: false });
  const api = await AdminApi.as(LINUS, uid);
  await api.seed(teams);
  await api.start();

  const visitorPage = await personPage(browser, null);
  const visitor = new PlayView(visitorPage);
  // the page asks for both views once it is subscribed: from then on it hears every notice
  const subscribed = new Promise<void>((resolve) => {
    visitorPage.on('websocket', (ws) => ws.on('framesent', (f) => { if (String(f.payload).includes('request-standings')) resolve(); }));
  });
  await visitor.goto(uid);
  await subscribed;
  await expect(visitor.standings.getByTestId('standing-row')).toHaveCount(teams);

  // the notice and the read it leads to, and what the page shows after them
  const [m] = (await api.matches(1)).filter((x) => x.team1Id && x.team2Id);
  const winner = visitor.standings.getByTestId('standing-row').filter({ has: visitorPage.getByTestId('standing-team').getByText(m!.team2Name!, { exact: true }) });
  await expect(winner.getByTestId('standing-points')).toHaveText('0');
  const read = visitorPage.waitForRequest((r) => /\/standings\?version=\d+$/.test(r.url()), LIVE);
  await api.override(m!, 2);
  await read;
  await expect(winner.getByTestId('standing-points')).toHaveText('3', LIVE);
  await expect(winner.getByTestId('standing-record')).toHaveText('1-0-0');
  await api.dispose();
});
