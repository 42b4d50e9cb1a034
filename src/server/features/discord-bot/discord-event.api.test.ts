// Issue 31's 'done when': a whole event driven from signed interactions, over real HTTP on PGlite and
// PostgreSQL, against a fake Discord (DISCORD_API_URL) and a fake CDN (DISCORD_CDN_URL) started
// here. Five Discord users who never signed in sign up with /signup, send decks with /deck (a .ydk
// attachment, a ydke:// text; an attachment off the CDN or too big is refused unread), are told
// by DM that check-in is open and check in from its button or /checkin; the one who did not is told
// they were dropped; /table, /report and the opponent's Confirm from the DM, a Dispute settled by
// the host (both told), /standings, a drop, the host's /round next with the panel's count and the
// cut's confirmation (its teams told), and the final result by DM.
import { readFileSync } from 'node:fs';
import { beforeAll, expect, test } from 'vitest';
import type { Match, Team, Tournament } from '../../../domain/api/tournaments.ts';
import { parseYdk } from '../../../domain/decks/ydk.ts';
import { buildYdke } from '../../../domain/decks/ydke.ts';
import { loadDemoCards } from '../../db/seed.ts';
import { ok } from '../tournaments/tournament-test-kit.ts';
import { BOT_TOKEN, botApiTest, buttonId, dmsOf, shown, withAttachment } from './bot-test-kit.ts';

const DECK = readFileSync(new URL('../../../../../shared/data/decks/iceygo-windbot/AI_Blackwing.ydk', import.meta.url), 'utf8');
const HOST = '961934000000000002';
const PLAYERS = ['961934000000000011', '961934000000000012', '961934000000000013', '961934000000000014', '961934000000000015'];
const [P1, P2, P3, P4, P5] = PLAYERS as [string, string, string, string, string];

const { server, host, discord, cdn, bot } = await botApiTest({ host: [HOST, 1, 'Hosta'] }, { cdn: true });
const { dms, dm } = dmsOf(discord);

beforeAll(async () => {
  await loadDemoCards(server.database.db);
  server.app.discordDms!.outbox.loop.tune({ retry: { baseDelayMs: 50 }, random: () => 0.5, pollMs: 100 });
}, 120_000);

const event = (uid: string) => [{ name: 'event', type: 3, value: uid }];
const state = async (uid: string) => ok<Tournament>(await host.get(`/api/tournaments/${uid}`));
const teamOf = (t: Tournament, id: string) => t.teams.find((x) => x.captainDiscordId === id)!;

test('a whole event from Discord: sign-up, decks, check-in, tables, reports, a dispute, a drop, the cut and the final result', async () => {
  const { uid } = await ok<{ uid: string }>(await host.post('/api/tournaments/host', { name: 'Discord Night', format: 'DEFAULT', manualDeckChecking: false, checkIn: true, topCut: 2 }));

  // /signup: the only open event when none is named; the team option, else the player's own name
  expect((await bot.slash(P1, 'signup', [{ name: 'team', type: 3, value: 'Blackwings' }])).data).toMatchObject({ flags: 64, content: expect.stringContaining('Signed up: **Blackwings** plays in **Discord Night**') });
  for (const id of [P2, P3, P4, P5]) expect((await bot.slash(id, 'signup', event(uid))).data?.content).toContain('Signed up');
  expect((await bot.slash(P1, 'signup', event(uid))).data?.content).toBe('You are already in a team of this tournament');
  expect((await state(uid)).teams.map((x) => x.name).sort()).toEqual(['Blackwings', 'u0012', 'u0013', 'u0014', 'u0015']);

  // /deck: a .ydk attachment from the CDN; a ydke:// text
  const file = cdn.put('501', 'Black wing.ydk', DECK);
  const attached = withAttachment(event(uid), file);
  const sent = await bot.slash(P1, 'deck', attached.options, attached.resolved);
  expect(sent.data?.content).toMatch(/^Deck “Black wing” received for \*\*Discord Night\*\* \(Main \d+, Extra \d+, Side \d+\)\. It is approved\.$/);
  const ydke = buildYdke(parseYdk(DECK).deck);
  expect((await bot.slash(P2, 'deck', [...event(uid), { name: 'ydke', type: 3, value: ydke }])).data?.content).toContain('received');
  // refused before anything is read: another host, a stated size over 64 KB, not a .ydk
  const fetched = cdn.requests.length;
  const offCdn = { ...cdn.put('502', 'x.ydk', DECK), url: 'http://127.0.0.1:9/attachments/1/502/x.ydk' };
  const refusals: [object, string][] = [
    [offCdn, 'file: not a Discord attachment'],
    [cdn.put('503', 'big.ydk', DECK, 70_000), 'file: at most 64 KB (a deck is about 1 KB)'],
    [cdn.put('504', 'deck.txt', DECK), 'file: send a .ydk file (as EDOPro saves decks)'],
  ];
  for (const [f, error] of refusals) {
    const { options, resolved } = withAttachment(event(uid), f as { id: string });
    const refused = (await bot.slash(P3, 'deck', options, resolved)).data;
    expect([refused?.flags, shown(refused?.content)]).toEqual([64, error]);
  }
  expect(cdn.requests.length).toBe(fetched);
  // a file that says it is small and is not: read up to the limit, then refused
  const liar = withAttachment(event(uid), cdn.put('505', 'liar.ydk', Buffer.alloc(70_000, 0x31), 900));
  expect(shown((await bot.slash(P3, 'deck', liar.options, liar.resolved)).data?.content)).toBe('file: at most 64 KB (a deck is about 1 KB)');
  // a body cut short on its way: Discord did not send the file, nothing stored
  const dropped = withAttachment(event(uid), cdn.putCut('506', 'cut.ydk', DECK));
  expect(shown((await bot.slash(P3, 'deck', dropped.options, dropped.resolved)).data?.content)).toBe('file: Discord did not send the file: try again');
  // a deck the list refuses: the site's sentence and its problems
  const tooMany = `#main\n${'14558127\n'.repeat(4)}${DECK.split('#main')[1]}`;
  const bad = await bot.slash(P4, 'deck', [...event(uid), { name: 'ydke', type: 3, value: buildYdke(parseYdk(tooMany).deck) }]);
  expect(bad.data?.content).toMatch(/^.+\n• .+/);
  const decks = async (id: string) => (await state(uid)).teams.find((x) => x.captainDiscordId === id)!.members[0]!.submittedDecks.length;
  expect([await decks(P1), await decks(P2), await decks(P3), await decks(P4)]).toEqual([1, 1, 0, 0]);

  // check-in opens: each player is told, with 'Check in'; the button checks in the presser's own team
  await ok(await host.post(`/api/tournaments/${uid}/check-in/open`));
  for (const id of [P1, P2, P3]) {
    const told = await dm(id, 'check-in is open');
    expect((await bot.press(id, buttonId(told.components, 'Check in')))).toMatchObject({ type: 7, data: { content: expect.stringContaining('Checked in') } });
  }
  expect((await bot.slash(P4, 'checkin')).data?.content).toContain('Checked in');
  // the host's /round before the start: the refusal, and the panel's count (one team not checked in)
  const early = await bot.slash(HOST, 'round', [{ name: 'action', type: 3, value: 'next' }, ...event(uid)]);
  expect(early.data?.content).toContain('Needs attention: 1 (1 team not checked in).');

  // the start drops the no-show, who is told; the others get their tables
  await ok(await host.post(`/api/tournaments/${uid}/start`));
  expect((await dm(P5, 'without')).content).toBe('**Discord Night** has started without **u0015**: the team had not checked in and was dropped as a no-show. Ask the host if this is a mistake.');
  for (const id of [P1, P2, P3, P4]) await dm(id, 'round 1');
  expect(dms(P5, 'round 1')).toEqual([]);
  const table = await bot.slash(P1, 'table');
  expect(table.data?.content).toMatch(/round 1, table \d+/);

  // match A: /report 2-0, the opponent confirms from the DM (someone else's press does nothing)
  const t1 = await state(uid);
  const round1 = await ok<Match[]>(await host.get(`/api/tournaments/${uid}/matches?round=1`));
  const captain = (teamUid: string | null) => t1.teams.find((x) => x.uid === teamUid)!.captainDiscordId;
  const [a, b] = round1;
  const prompt = await bot.slash(captain(a!.team1Id), 'report');
  await bot.press(captain(a!.team1Id), buttonId(prompt.data?.components, '2-0'));
  const confirm = await dm(captain(a!.team2Id), 'reported **0-2** for you');
  expect((await bot.press(captain(b!.team1Id), buttonId(confirm.components, 'Confirm'))).data?.content).toBe('This button is not yours: nothing changed.');
  expect((await bot.press(captain(a!.team2Id), buttonId(confirm.components, 'Confirm'))).data?.content).toBe('Result recorded: 0-2 (confirmed).');

  // match B: the opponent disputes; the host's /round says what holds the round up; the host settles it, both are told
  const promptB = await bot.slash(captain(b!.team1Id), 'report');
  await bot.press(captain(b!.team1Id), buttonId(promptB.data?.components, '2-1'));
  const disputeDm = await dm(captain(b!.team2Id), 'reported **1-2** for you');
  expect((await bot.press(captain(b!.team2Id), buttonId(disputeDm.components, 'Dispute'))).data?.content).toContain('Disputed');
  const held = await bot.slash(HOST, 'round', [{ name: 'action', type: 3, value: 'next' }]);
  expect(held.data?.content).toBe('Round 1 has 1 match still to finish\nNeeds attention: 1 (1 dispute).');
  await ok(await host.post(`/api/tournaments/${uid}/matches/${b!.id}/override-winner?winnerTeamId=${b!.team2Id}`, { team1Wins: 1, team2Wins: 2 }));
  for (const id of [captain(b!.team1Id), captain(b!.team2Id)]) {
    expect((await dm(id, 'settled')).content).toMatch(/^\*\*Discord Night\*\*, round 1: the host settled your match: \*\*.+\*\* 1-2 \*\*.+\*\*: \*\*.+\*\* won\.$/);
  }

  // /standings: the top 8 and the user's place
  expect((await bot.slash(P1, 'standings')).data?.content).toMatch(/^\*\*Discord Night\*\*: standings\n1\. .+\n(.+\n){3}5\. u0015: 0 pts \(0-0-0\), dropped\nYou: \d\. Blackwings/);

  // the host's /round next: round 2 paired, and the panel's count after it
  const next = await bot.slash(HOST, 'round', [{ name: 'action', type: 3, value: 'next' }]);
  expect(next.data?.content).toMatch(/round 2 of \d+ is paired; its players get their tables by direct message\.\nNeeds attention: 2 \(2 matches not reported\)\./);
  for (const id of [P1, P2, P3, P4]) await dm(id, 'round 2');

  // the Swiss rounds played; then the cut: the host confirms it, and its teams are told they made it
  const t2 = await state(uid);
  const finish = async (round: number) => {
    for (const m of await ok<Match[]>(await host.get(`/api/tournaments/${uid}/matches?round=${round}`))) {
      if (m.team2Id) await ok(await host.post(`/api/tournaments/${uid}/matches/${m.id}/override-winner?winnerTeamId=${m.team1Id}`, { team1Wins: 2, team2Wins: 0 }));
    }
  };
  for (let round = 2; round < t2.roundCount - 1; round++) {
    await finish(round);
    expect((await bot.slash(HOST, 'round', [{ name: 'action', type: 3, value: 'next' }])).data?.content).toContain(`round ${round + 1} of ${t2.roundCount} is paired`);
  }
  await finish(t2.roundCount - 1);
  const ask = await bot.slash(HOST, 'round', [{ name: 'action', type: 3, value: 'next' }]);
  expect(ask.data?.content).toContain('Next Round creates the top 2');
  expect((await bot.press(HOST, buttonId(ask.data?.components, 'Create the top 2'))).data?.content).toContain(`round ${t2.roundCount} of ${t2.roundCount} is paired`);
  const [final] = await ok<Match[]>(await host.get(`/api/tournaments/${uid}/matches?round=${t2.roundCount}`));
  const finalists = [captain(final!.team1Id), captain(final!.team2Id)];
  for (const id of finalists) expect((await dm(id, 'you made the top 2')).content).toBe('**Discord Night**: you made the top 2! Your table follows in the pairing message.');
  const out = [P1, P2, P3, P4].filter((id) => !finalists.includes(id));
  for (const id of out) expect(dms(id, 'top 2')).toEqual([]);

  // a drop: one who did not make the cut leaves, from /drop's button
  const leaving = out[0]!;
  const drop = await bot.slash(leaving, 'drop');
  expect(await bot.press(leaving, buttonId(drop.data?.components, 'Drop'))).toMatchObject({ type: 7, data: { content: expect.stringContaining('Dropped') } });
  expect((await ok<Team>(await host.get(`/api/tournaments/${uid}/teams/${teamOf(await state(uid), leaving).uid}`))).dropped).toBe(true);

  // the final, the winner marked: every player who played is told their place, with the report
  await ok(await host.post(`/api/tournaments/${uid}/matches/${final!.id}/override-winner?winnerTeamId=${final!.team1Id}`, { team1Wins: 2, team2Wins: 1 }));
  await ok(await host.post(`/api/tournaments/${uid}/winner`));
  const champion = (await state(uid)).teams.find((x) => x.uid === final!.team1Id)!.name;
  for (const id of [P1, P2, P3, P4]) {
    const result = await dm(id, 'is over');
    expect(result.content).toMatch(new RegExp(`^\\*\\*Discord Night\\*\\* is over\\. Champion: \\*\\*${champion}\\*\\*\\. You finished \\S+ of 5 \\(\\d-\\d-\\d\\)\\.$`));
    expect(result.components![0]!.components.map((c) => c.url)).toEqual([`${server.url}/tournaments/${uid}/report`, `${server.url}/tournaments/${uid}`]);
  }
  expect((await dm(captain(final!.team1Id), 'is over')).content).toContain('You finished 1st of 5');
  expect(dms(P5, 'is over')).toEqual([]);
  // every message once, every call with the bot token
  for (const id of PLAYERS) {
    const nonces = discord.messagesTo(id).map((c) => c.body.nonce);
    expect(new Set(nonces).size).toBe(nonces.length);
  }
  expect(discord.calls.every((c) => c.auth === `Bot ${BOT_TOKEN}`)).toBe(true);
});
