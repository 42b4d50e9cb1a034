// Issue 41's 'done when' for Discord: a league played from signed interactions, over real HTTP on
// PGlite and PostgreSQL, against the stand-in Discord (DISCORD_API_URL) and CDN (DISCORD_CDN_URL).
// No league: the sentence. Two Discord users who never signed in join with a .ydk attachment and a
// ydke:// text, find each other (the second is paired at once), both get the paired DM with the
// room and its password; one reports from the DM's 'Report result', the other gets Confirm and
// Dispute: someone else's press and the reporter's own change nothing, the opponent's Confirm counts;
// both are told their one-match runs are over. /league standings, a new run retired (asking first).
// A second league: the several-leagues sentence, the league option by name and autocomplete, cancel;
// a Dispute from the DM decided by the host (both told, but the one who turned direct messages off),
// and at the end each player's place.
import { beforeAll, expect, test } from 'vitest';
import type { League, LeagueMatch } from '../../../domain/api/leagues.ts';
import { parseYdk } from '../../../domain/decks/ydk.ts';
import { buildYdke } from '../../../domain/decks/ydke.ts';
import type { TestClient } from '../../test/test-server.ts';
import { HOUR, ILLEGAL, LEGAL, LIST_DATE, loadLeagueCards, ok, sessionClient } from '../leagues/league-test-kit.ts';
import * as UsersRepository from '../users/users-repository.ts';
import {
  BOT_TOKEN, botApiTest, buttonId, discordUser, dmsOf, INTERACTION_TOKEN, interactionId, shown, type Reply,
} from './bot-test-kit.ts';

const ORIGIN = 'http://league.test';
const CURATOR = '961941000000000001';
const [P1, P2, P3] = ['961941000000000011', '961941000000000012', '961941000000000013'] as const;
const NAME = { [P1]: 'u0011', [P2]: 'u0012', [P3]: 'u0013' };

const clock = { at: Date.now() };
const { server, discord, cdn, bot } = await botApiTest({}, { cdn: true, env: { PUBLIC_URL: ORIGIN }, now: () => new Date(clock.at) });
const { dms, dm } = dmsOf(discord);
let curator: TestClient;

beforeAll(async () => {
  const db = server.database.db;
  await loadLeagueCards(db);
  curator = await sessionClient(server, CURATOR, 'Curie');
  await UsersRepository.setAuth(db, CURATOR, 1);
  // no polling: every message goes out on the kick after its league write's commit
  const { loop } = server.app.discordDms!.outbox;
  loop.tune({ retry: { baseDelayMs: 50 }, random: () => 0.5, pollMs: 600_000 });
  loop.kick();
}, 120_000);

const text = (r: Reply) => shown(r.data?.content);

/** /league <sub>, with its options (the league's among them) nested in the subcommand. */
const league = (id: string, sub: string, options: unknown[] = [], resolved?: unknown) => bot.slash(id, 'league', [{ name: sub, type: 1, options }], resolved);
const named = (value: string) => [{ name: 'league', type: 3, value }];
const autocomplete = (id: string, typed: string) => bot.signed({
  application_id: '123456', token: INTERACTION_TOKEN, version: 1, id: interactionId(), type: 4, user: discordUser(id),
  data: { id: '9', name: 'league', type: 1, options: [{ name: 'find', type: 1, options: [{ name: 'league', type: 3, value: typed, focused: true }] }] },
});
const create = async (name: string, body: Record<string, unknown> = {}) =>
  ok<League>(await curator.post('/api/leagues', { seriesId, name, banlistDate: LIST_DATE, ...body }));
const match = async (l: string, m: number) => ok<LeagueMatch>(await curator.get(`/api/leagues/${l}/matches/${m}`));
let seriesId = '';

test('a league from Discord: join, find, the paired DM, report, the opponent’s Confirm, standings, retire; a dispute decided and the end', async () => {
  // no league yet: the sentence, nothing else
  expect(text(await league(P1, 'find'))).toBe('No league is running now: see the leagues on the site');
  ({ id: seriesId } = await ok<{ id: string }>(await curator.post('/api/series', { name: 'League Monthly' })));
  const may = await create('May League', { matchesPerRun: 1 });
  const url = `${ORIGIN}/leagues/${may.id}`;

  // join: a .ydk attachment from the CDN, a ydke:// text; a deck the list refuses is not a run
  const file = cdn.put('601', 'Blackwing.ydk', LEGAL);
  const joined = await league(P1, 'join', [{ name: 'file', type: 11, value: file.id }], { attachments: { [file.id]: file } });
  expect(joined.data).toMatchObject({ flags: 64 });
  expect(text(joined)).toMatch(/^Run started in \*\*May League\*\* \(Main \d+, Extra \d+, Side \d+\): 1 match, each a best of 3\. Find an opponent with \/league find\.$/);
  expect(text(await league(P2, 'join', [{ name: 'ydke', type: 3, value: buildYdke(parseYdk(LEGAL).deck) }]))).toContain('Run started in **May League**');
  const refused = text(await league(P3, 'join', [{ name: 'ydke', type: 3, value: buildYdke(parseYdk(ILLEGAL).deck) }]));
  expect(refused).toMatch(/^.+\n• .+/);
  expect(text(await league(P1, 'join', [{ name: 'ydke', type: 3, value: buildYdke(parseYdk(LEGAL).deck) }]))).toBe('You already have an active run in this league: finish or retire it before starting another');

  // find, twice: the first waits, the second is paired at once with the room
  expect(text(await league(P1, 'find'))).toMatch(/^You are in the queue of \*\*May League\*\* until <t:\d+:t> \(<t:\d+:R>\); 1 waiting\./);
  const paired = await league(P2, 'find');
  // the match the answer's 'Report result' names, as its host reads it (the room's password included)
  const m = await match(may.id, Number(buttonId(paired.data?.components, 'Report result').split(':')[2]));
  expect(m.room).toBeDefined();
  expect(text(paired)).toBe(`**May League**: you are paired with ${NAME[P1]} (<@${P1}>).\nRoom: \`${m.room!.name}\`\nPassword: \`${m.room!.password}\`\nPlay a best of 3 in EDOPro, then report the result here or on the site.`);
  // both are told by DM: the opponent, the room and its password, the league's page
  for (const [id, other] of [[P1, P2], [P2, P1]] as const) {
    const told = await dm(id, 'you are paired with');
    expect(shown(told.content)).toBe(`**May League**: you are paired with ${NAME[other]} (<@${other}>).\nRoom: \`${m.room!.name}\`\nPassword: \`${m.room!.password}\`\nPlay a best of 3 in EDOPro, then report the result here or on the site.`);
    expect(told.components![0]!.components.map((c) => c.label)).toEqual(['Report result', 'Open on the site']);
    expect(told.components![0]!.components[1]!.url).toBe(url);
  }

  // P1 reports from the DM: 'Report result' opens the results (someone else's opens nothing), 2-1
  const pairedDm = await dm(P1, 'you are paired with');
  expect(text(await bot.press(P3, buttonId(pairedDm.components, 'Report result')))).toBe('This button is not yours: nothing changed.');
  const prompt = await bot.press(P1, buttonId(pairedDm.components, 'Report result'));
  expect(prompt.data?.components?.[0]?.components.map((c) => c.label)).toEqual(['2-0', '2-1', '1-2', '0-2']);
  expect(await bot.press(P1, buttonId(prompt.data?.components, '2-1'))).toMatchObject({ type: 7, data: { content: expect.stringContaining('You reported 2-1 against u0012') } });
  expect(text(await league(P1, 'report'))).toBe('**May League**: you have no match to report. Find one with /league find.');

  // P2 is told, with Confirm and Dispute: someone else's press and the reporter's change nothing
  const report = await dm(P2, 'reported **1-2** for you');
  expect(shown(report.content)).toMatch(new RegExp(`^\\*\\*May League\\*\\*: ${NAME[P1]} reported \\*\\*1-2\\*\\* for you \\(your games first\\)\\. Confirm it, or dispute it for the league’s hosts\\. Unanswered, it stands <t:\\d+:R>\\.$`));
  const confirm = buttonId(report.components, 'Confirm');
  const other = await bot.press(P3, confirm);
  expect([other.type, other.data?.flags, text(other)]).toEqual([4, 64, 'This is not your match: only its two players report, confirm or dispute it']);
  expect(text(await bot.press(P1, confirm))).toBe('You reported this match: your opponent confirms or disputes it');
  expect((await match(may.id, m.id)).state).toBe('reported');
  expect(await bot.press(P2, confirm)).toMatchObject({ type: 7, data: { content: `Confirmed: 1-2 against ${NAME[P1]} (your games first). The result counts.`, components: [] } });
  expect(await match(may.id, m.id)).toMatchObject({ state: 'complete', resolution: 'confirmed', winnerDiscordId: P1 });
  // a second press after it counted: the site's sentence, nothing changes
  expect(text(await bot.press(P2, confirm))).toBe('This match has a result already');
  // both one-match runs are over: each is told its record
  expect(shown((await dm(P1, 'your run is over')).content)).toBe('**May League**: your run is over: 1-0 (2 points, a perfect run). Start another run with /league join.');
  expect(shown((await dm(P2, 'your run is over')).content)).toBe('**May League**: your run is over: 0-1 (0 points). Start another run with /league join.');

  // standings: the channel sees them
  const standings = await league(P2, 'standings');
  expect(standings.data?.flags).toBeUndefined();
  expect(text(standings)).toBe(`**May League**: leaderboard\n1. ${NAME[P1]}: 2 pts (1-0, 1 run)\n2. ${NAME[P2]}: 0 pts (0-1, 1 run)`);

  // a new run, retired: asked first; the button does nothing for anyone else
  expect(text(await league(P1, 'retire'))).toBe('You have no active run in this league: start one with a deck');
  await league(P1, 'join', [{ name: 'ydke', type: 3, value: buildYdke(parseYdk(LEGAL).deck) }]);
  const ask = await league(P1, 'retire');
  expect(text(ask)).toBe('Retire your run in **May League** at 0-0 (0 points)? Its results stay; you may start another run.');
  expect(text(await bot.press(P2, buttonId(ask.data?.components, 'Retire')))).toBe('Only the run’s player can do this');
  expect(await bot.press(P1, buttonId(ask.data?.components, 'Retire'))).toMatchObject({ type: 7, data: { content: 'Retired: your run ended at 0-0 (0 points). Start another with /league join.' } });
  const after = await ok<League>(await curator.get(`/api/leagues/${may.id}`));
  expect(after.leaderboard.find((r) => r.discordId === P1)).toMatchObject({ runs: 2, points: 2 });

  // a second league (starting a minute later: the list's first): the sentence without a name; by name, by autocomplete
  clock.at += 60_000;
  const june = await create('June League');
  expect(text(await league(P1, 'find'))).toBe('2 leagues are running (June League, May League): name one with the league option');
  expect(text(await league(P1, 'standings', named('june league')))).toBe('**June League**: leaderboard: no runs yet.');
  expect(text(await league(P1, 'find', named('July')))).toBe('No league called “July”: pick one from the list');
  expect((await autocomplete(P1, 'jun')).data).toEqual({ choices: [{ name: 'June League', value: june.id }] });

  // a Dispute from the DM; the host decides: both told, but the one who turned direct messages off
  for (const id of [P1, P2]) await league(id, 'join', [...named(june.id), { name: 'ydke', type: 3, value: buildYdke(parseYdk(LEGAL).deck) }]);
  // cancel leaves the queue: nobody waits; found again, the two meet
  await league(P1, 'find', named(june.id));
  expect(text(await league(P1, 'cancel', named(june.id)))).toBe('You are out of the queue of **June League**.');
  expect((await ok<League>(await curator.get(`/api/leagues/${june.id}`))).queueSize).toBe(0);
  await league(P1, 'find', named(june.id));
  const second = await league(P2, 'find', named(june.id));
  const disputedId = Number(buttonId(second.data?.components, 'Report result').split(':')[2]);
  const reportPrompt = await league(P2, 'report', named(june.id));
  await bot.press(P2, buttonId(reportPrompt.data?.components, '2-0'));
  const toDispute = await dm(P1, 'reported **0-2** for you');
  expect(await bot.press(P1, buttonId(toDispute.components, 'Dispute'))).toMatchObject({ type: 7, data: { content: 'Disputed: the league’s hosts decide the result.' } });
  expect((await match(june.id, disputedId)).state).toBe('disputed');
  expect(text(await bot.slash(P2, 'notifications', [{ name: 'state', type: 3, value: 'off' }]))).toContain('Direct messages are off');
  await ok(await curator.post(`/api/leagues/${june.id}/matches/${disputedId}/decide`, { winnerDiscordId: P1, gamesWon: 2, gamesLost: 1 }));
  expect(shown((await dm(P1, 'the hosts decided')).content)).toBe(`**June League**: the hosts decided your match against ${NAME[P2]}: you won 2-1.`);

  // the end (of both leagues): nothing open, the leaderboards final at once; each player told their place (P2's DMs on again)
  await bot.slash(P2, 'notifications', [{ name: 'state', type: 3, value: 'on' }]);
  clock.at = new Date(june.endsAt).getTime() + HOUR;
  await server.app.leagues.sweep();
  expect((await ok<League>(await curator.get(`/api/leagues/${june.id}`))).phase).toBe('final');
  expect(shown((await dm(P1, 'June League** is final')).content)).toBe('**June League** is final. You finished 1st of 2 (1 point, 1-0 over 1 run): in the top 8!');
  expect(shown((await dm(P2, 'June League** is final')).content)).toBe('**June League** is final. You finished 2nd of 2 (0 points, 0-1 over 1 run): in the top 8!');
  expect(dms(P2, 'the hosts decided')).toEqual([]);
  expect(shown((await dm(P1, 'May League** is final')).content)).toBe('**May League** is final. You finished 1st of 2 (2 points, 1-0 over 2 runs): in the top 8!');

  // every message once, nothing queued for a press that changed nothing, every call with the bot token
  for (const id of [P1, P2, P3]) {
    const nonces = discord.messagesTo(id).map((c) => c.body.nonce);
    expect(new Set(nonces).size).toBe(nonces.length);
  }
  expect(discord.messagesTo(P3)).toEqual([]);
  expect(discord.calls.every((c) => c.auth === `Bot ${BOT_TOKEN}`)).toBe(true);
});
