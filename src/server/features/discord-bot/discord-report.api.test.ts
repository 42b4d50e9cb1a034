// /report and /round over real HTTP on PGlite and PostgreSQL (issue 31): the result buttons a best
// of 3 can have, a click reported through the site's route as the clicker, the opponent's Confirm
// and Dispute; a button pressed by anyone but its team's player changes nothing. The host's
// /round next: the site's Next Round and its refusals, the top cut behind a confirmation. /card
// and its autocomplete, from the site's card search.
import { expect, test } from 'vitest';
import type { Match, Tournament } from '../../../domain/api/tournaments.ts';
import { importLflist } from '../banlists/banlist-import.ts';
import { cardRowFromJson } from '../cards/card-import.ts';
import { officialCards } from '../cards/cdb-fixture.ts';
import * as CardsRepository from '../cards/cards-repository.ts';
import { ok, tournamentKit } from '../tournaments/tournament-test-kit.ts';
import { botApiTest, buttonId, discordUser, INTERACTION_TOKEN } from './bot-test-kit.ts';

const HOST = '961932000000000002';
const { server, host, admin, bot } = await botApiTest({ host: [HOST, 1, 'Hosta'], admin: ['961932000000000001', 2, 'Ada'] });
const kit = tournamentKit(server, { host, admin });

const matchOf = async (uid: string, id: number) => ok<Match>(await host.get(`/api/tournaments/${uid}/matches/${id}`));
const sides = async (uid: string, m: Match) => [await kit.captainIdOf(uid, m.team1Id!), await kit.captainIdOf(uid, m.team2Id!)] as const;

test('/report: the best of 3’s results as buttons; a click reports as the clicker, never for someone else; the opponent confirms', async () => {
  const uid = await kit.event('DEFAULT', 4, { name: 'Report Night' });
  await ok(await host.post(`/api/tournaments/${uid}/start`));
  const [m1, m2] = await kit.roundMatches(uid);
  const [p1, p2] = await sides(uid, m1!);

  const ask = await bot.slash(p1, 'report');
  expect(ask.data?.flags).toBe(64);
  expect(ask.data?.components?.flatMap((r) => r.components.map((c) => c.label))).toEqual(['2-0', '2-1', '1-2', '0-2', 'Draw']);
  const twoOne = buttonId(ask.data?.components, '2-1');
  expect(twoOne).toBe(`rp:${uid}:${m1!.id}:${m1!.team1Id}:2-1`);
  // the opponent, a player of another match and the host: nothing changes for them
  const [p3] = await sides(uid, m2!);
  for (const someoneElse of [p2, p3, HOST]) {
    expect((await bot.press(someoneElse, twoOne)).data).toMatchObject({ flags: 64, content: 'This button is not yours: nothing changed.' });
  }
  expect((await matchOf(uid, m1!.id)).reportFromTeam1).toBeNull();
  // the draw asks first
  const draw = await bot.press(p1, buttonId(ask.data?.components, 'Draw'));
  expect(draw).toMatchObject({ type: 7, data: { content: 'Report a draw (1-1)?' } });
  expect(buttonId(draw.data?.components, 'Confirm the draw')).toBe(`rp:${uid}:${m1!.id}:${m1!.team1Id}:1-1`);
  expect((await matchOf(uid, m1!.id)).reportFromTeam1).toBeNull();

  expect((await bot.press(p1, twoOne)).data?.content).toMatch(/^You reported 2-1: waiting for your opponent/);
  expect((await matchOf(uid, m1!.id)).reportFromTeam1).toMatchObject({ reporterDiscordId: p1, gamesWon: 2, gamesLost: 1 });
  // the opponent's Confirm: theirs only
  const confirm = `cf:${uid}:${m1!.id}:${m1!.team2Id}:1-2`;
  expect((await bot.press(p1, confirm)).data?.content).toBe('This button is not yours: nothing changed.');
  expect(await bot.press(p2, confirm)).toMatchObject({ type: 7, data: { content: 'Result recorded: 1-2 (confirmed).' } });
  expect(await matchOf(uid, m1!.id)).toMatchObject({ complete: true, finalScore: { team1Wins: 2, team2Wins: 1 }, outcome: { winnerTeamId: m1!.team1Id } });

  // the other match: reported, then disputed by the opponent through the site's flag
  const [p3b, p4] = await sides(uid, m2!);
  await bot.press(p3b, buttonId((await bot.slash(p3b, 'report')).data?.components, '2-0'));
  const dispute = `ds:${uid}:${m2!.id}:${m2!.team2Id}`;
  expect((await bot.press(p3b, dispute)).data?.content).toBe('This button is not yours: nothing changed.');
  expect((await matchOf(uid, m2!.id)).flaggedForReview).toBe(false);
  expect((await bot.press(p4, dispute)).data?.content).toMatch(/^Disputed/);
  expect(await matchOf(uid, m2!.id)).toMatchObject({ complete: false, flaggedForReview: true, flaggedMessage: expect.stringContaining('0-2') });
  // the interaction's token and the bot's never reach the audit log
  const audit = JSON.stringify(await server.database.db.execute('select * from audit_log'));
  expect(audit).not.toContain('secret');
});

test('/round next: the site’s refusals; a Swiss round at once; the top cut only after its confirmation, pressed twice advancing once', async () => {
  const uid = await kit.event('DEFAULT', 4, { name: 'Cut Night', topCut: 2, swissRounds: 2 });
  await ok(await host.post(`/api/tournaments/${uid}/start`));
  const next = [{ name: 'action', type: 3, value: 'next' }, { name: 'event', type: 3, value: uid }];
  const player = (await kit.state(uid)).teams[0]!.captainDiscordId;
  expect((await bot.slash(player, 'round', next)).data).toMatchObject({ flags: 64, content: expect.stringMatching(/^Only an admin or the host/) });
  expect((await bot.slash(HOST, 'round', next)).data?.content).toBe('Round 1 has 2 matches still to finish\nNeeds attention: 2 (2 matches not reported).');
  await kit.finishRound(uid);
  expect((await bot.slash(HOST, 'round', next)).data?.content).toBe('**Cut Night**: round 2 of 3 is paired; its players get their tables by direct message.\nNeeds attention: 2 (2 matches not reported).');
  await kit.finishRound(uid);
  const ask = await bot.slash(HOST, 'round', next);
  expect(ask.data?.content).toMatch(/round 2 is the last Swiss round\. Next Round creates the top 2/);
  expect((await kit.state(uid)).currentRound).toBe(2);
  const confirm = buttonId(ask.data?.components, 'Create the top 2');
  expect((await bot.press(player, confirm)).data?.content).toMatch(/^Only an admin or the host/);
  expect((await bot.press(HOST, confirm)).data?.content).toBe('**Cut Night**: round 3 of 3 is paired; its players get their tables by direct message.\nNeeds attention: 1 (1 match not reported).');
  expect((await bot.press(HOST, confirm)).data?.content).toBe('**Cut Night** is already in round 3: nothing changed.');
  expect((await ok<Tournament>(await host.get(`/api/tournaments/${uid}`))).currentRound).toBe(3);
});

test('/card: the autocomplete’s names (passcodes as values); the status on the newest list, its picture and its page', async () => {
  const DARK_MAGICIAN = 46986414;
  await CardsRepository.upsertCards(server.database.db, officialCards().filter((c) => /^Dark Magician( Girl)?$/.test(c.name)).map(cardRowFromJson));
  await importLflist(server.database.db, `!2026.07 Test\n${DARK_MAGICIAN} 1 --Dark Magician\n`, { date: '2026-07-01' });
  const auto = await bot.signed({ id: '3', application_id: '123456', token: INTERACTION_TOKEN, version: 1, type: 4, data: { id: '9', name: 'card', type: 1, options: [{ name: 'name', type: 3, value: 'dark magi', focused: true }] }, user: discordUser(HOST) });
  expect(auto.type).toBe(8);
  const picked = (auto.data as { choices: { name: string; value: string }[] }).choices;
  expect(picked[0]).toEqual({ name: 'Dark Magician', value: String(DARK_MAGICIAN) });
  expect(picked.map((c) => c.name)).toContain('Dark Magician Girl');
  for (const value of [String(DARK_MAGICIAN), 'dark magician']) {
    const reply = await bot.slash(HOST, 'card', [{ name: 'name', type: 3, value }]);
    expect(reply.data).toMatchObject({ flags: 64, content: `**Dark Magician**: Limited (1) on the 2026.07 Test list (2026-07-01). <${server.url}/cards/${DARK_MAGICIAN}>` });
    expect((reply.data as { embeds: unknown[] }).embeds).toEqual([expect.objectContaining({ url: `${server.url}/cards/${DARK_MAGICIAN}`, image: { url: `${server.url}/api/cards/${DARK_MAGICIAN}/image` } })]);
  }
  expect((await bot.slash(HOST, 'card', [{ name: 'name', type: 3, value: 'no such card at all' }])).data?.content).toBe('No card called “no such card at all”');
});
