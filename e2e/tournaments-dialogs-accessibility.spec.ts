// Axe on the tournament dialogs of issue 18 (the Start confirmation, a disputed match, the past-round
// question). Apart from accessibility.spec.ts because it makes events on the demo server: specs that
// write there run after home.spec.ts, which reads the demo data as seeded.
import { LINUS, collectConsoleErrors, expect, expectAccessible, signInAs, test } from './fixtures.ts';
import { hostByApi } from './pages/tournament-page.ts';
import { AdminApi, PlayView, reportByApi } from './pages/tournament-play.ts';

const OUTLINE = ['heading-order'];

test.describe('accessibility of the tournament dialogs of issue 18', () => {
  test('an admin: the Start confirmation, a disputed match and the past-round question pass axe, with a quiet console @both-widths', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = await collectConsoleErrors(page);
    const stamp = `${test.info().project.name} ${Date.now()}`;
    // a tournament to start, with teams that have no approved deck
    const toStart = await hostByApi(LINUS, { name: `A11y Start ${stamp}`, manualDeckChecking: true });
    const seeder = await AdminApi.as(LINUS, toStart);
    await seeder.seed(3);
    await seeder.dispose();
    // one played into round 2, with a disputed match
    const uid = await hostByApi(LINUS, { name: `A11y Dispute ${stamp}` });
    const api = await AdminApi.as(LINUS, uid);
    await api.seed(4);
    await api.start();
    await api.finishOpen();
    await api.nextRound();
    const [disputed] = await api.matches(2);
    await reportByApi(uid, await api.playerOf(disputed!.team1Id!), disputed!.id, 2, 0);
    await reportByApi(uid, await api.playerOf(disputed!.team2Id!), disputed!.id, 2, 1);
    const [past] = await api.matches(1);

    await signInAs(page, LINUS);
    const view = new PlayView(page);
    await view.goto(toStart);
    await view.action('Start Tournament');
    await expect(view.confirm.getByRole('list', { name: 'Teams without an approved deck' })).toBeVisible();
    await expectAccessible(page, 'the Start confirmation', OUTLINE);

    await view.goto(uid);
    await view.showList();
    await view.openMatch(disputed!.id);
    await expect(view.modal.getByTestId('score-reports')).toBeVisible();
    await expectAccessible(page, 'the modal of a disputed match', OUTLINE);
    await view.closeModal();

    await view.chooseRound('Round 1');
    await view.openMatch(past!.id);
    await view.fillWins(0, 2);
    await view.modal.getByRole('button', { name: `${past!.team2Name} Wins` }).click();
    await expect(view.confirm).toContainText('already paired');
    await expectAccessible(page, 'the past-round question', OUTLINE);
    expect(errors, 'console errors of an admin on the tournament dialogs').toEqual([]);
    await api.dispose();
  });
});
