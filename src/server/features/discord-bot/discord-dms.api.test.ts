// The bot's direct messages over real HTTP on PGlite and PostgreSQL (issue 31), against a fake
// Discord on DISCORD_API_URL: a paired round reaches each player once (a 429's retry_after obeyed,
// a 5xx retried, neither sending twice), 50007 is final and shown to the host, a player with
// notifications off gets nothing; the DM's 'Report result' leads to a report, whose opponent gets
// Confirm by DM, and a round later costs one call per player (the channel is kept), a global 429
// holding them all.
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { DiscordChannel } from '../../../domain/api/discord-channel.ts';
import type { Match } from '../../../domain/api/tournaments.ts';
import { ok, tournamentKit } from '../tournaments/tournament-test-kit.ts';
import { BOT_TOKEN, botApiTest, buttonId, INTERACTION_TOKEN, until } from './bot-test-kit.ts';
import * as DmRepo from './dm-repository.ts';

const HOST = '961933000000000002';
const { server, host, admin, discord, bot } = await botApiTest({ host: [HOST, 1, 'Hosta'], admin: ['961933000000000001', 2, 'Ada'] });
const kit = tournamentKit(server, { host, admin });
const logs: string[] = [];

beforeAll(async () => {
  // what the worker logs, kept to check no token is in it
  for (const level of ['info', 'warn', 'error'] as const) {
    vi.spyOn(server.app.log, level).mockImplementation((...args: unknown[]) => void logs.push(JSON.stringify(args)));
  }
  server.app.discordDms!.outbox.loop.tune({ retry: { baseDelayMs: 50 }, random: () => 0.5, pollMs: 200 });
}, 120_000);
afterAll(() => {
  vi.restoreAllMocks();
});

const messagesPath = (id: string) => `/channels/c${id}/messages`;

test('a paired round: one DM each, through 429 and 5xx; 50007 shown to the host; notifications off: none; Report result → the opponent’s Confirm', async () => {
  const uid = await kit.event('DEFAULT', 6, { name: 'DM Night', roundMinutes: 50 });
  const ids = (await kit.state(uid)).teams.map((t) => t.captainDiscordId);
  const [slow, flaky, closed, quiet] = ids;
  await ok(await kit.players.get(quiet!)!.request('PUT', '/api/discord/notifications', { body: { directMessages: false } }));
  discord.once((c) => c.path === messagesPath(slow!), { status: 429, body: { message: 'You are being rate limited.', retry_after: 0.3, global: false } });
  discord.once((c) => c.path === messagesPath(flaky!), { status: 502, body: { message: 'Bad Gateway' } });
  discord.once((c) => c.path === messagesPath(closed!), { status: 403, body: { message: 'Cannot send messages to this user', code: 50007 } });

  await ok(await host.post(`/api/tournaments/${uid}/start`));
  const reached = ids.filter((id) => id !== quiet && id !== closed);
  await until(async () => (await DmRepo.listFor(server.database.db, uid)).every((r) => r.status !== 'pending') && discord.messagesTo(slow!).length === 2);
  const rows = await DmRepo.listFor(server.database.db, uid);
  expect(rows.map((r) => r.discordId).sort()).toEqual(ids.filter((id) => id !== quiet).sort());
  expect(rows.filter((r) => r.status === 'sent').map((r) => r.discordId).sort()).toEqual([...reached].sort());
  expect(rows.find((r) => r.discordId === closed)).toMatchObject({ status: 'failed', errorCode: 50007 });
  // nothing to the player who turned messages off; each channel opened once; every call with the bot token
  expect(discord.calls.filter((c) => c.path === '/users/@me/channels').map((c) => c.body.recipient_id).sort()).toEqual(ids.filter((id) => id !== quiet).sort());
  expect(discord.calls.every((c) => c.auth === `Bot ${BOT_TOKEN}`)).toBe(true);
  expect([slow, flaky, closed, quiet].map((id) => discord.messagesTo(id!).length)).toEqual([2, 2, 1, 0]);
  // the 429's retry_after (0.3 s) waited out before the same message went again
  const [limited, after] = discord.messagesTo(slow!);
  expect(after!.at - limited!.at).toBeGreaterThanOrEqual(290);
  // a retry is the same message with the same nonce (Discord shows it once)
  const [first, retry] = discord.messagesTo(flaky!);
  expect(retry!.body).toEqual(first!.body);
  expect(retry!.body).toMatchObject({ enforce_nonce: true, nonce: expect.stringMatching(/^fh-dm-\d+$/) });
  for (const id of reached) expect(new Set(discord.messagesTo(id).map((c) => c.body.nonce)).size).toBe(1);

  // the DM: table, opponent, room, the round's end, and its two buttons (a match whose two players were reached)
  const teams = (await kit.state(uid)).teams;
  const captain = (teamUid: string | null) => teams.find((t) => t.uid === teamUid)!.captainDiscordId;
  const match = (await kit.roundMatches(uid)).find((m) => reached.includes(captain(m.team1Id)) && reached.includes(captain(m.team2Id)))!;
  const [reporter, opponent] = [captain(match.team1Id), captain(match.team2Id)];
  const full = await ok<Match>(await kit.players.get(reporter)!.get(`/api/tournaments/${uid}/matches/${match.id}`));
  const dm = discord.messagesTo(reporter).at(-1)!.body as { content: string; components: { components: { label: string; custom_id?: string; url?: string }[] }[] };
  expect(dm.content).toContain(`**DM Night**: round 1, table ${full.table}`);
  expect(dm.content).toContain(`(<@${opponent}>)`);
  expect(dm.content).toContain(`Room: \`${full.room!.name}\`\nPassword: \`${full.room!.password}\``);
  expect(dm.content).toMatch(/The round ends <t:\d+:f> \(<t:\d+:R>\)/);
  expect(dm.components[0]!.components.map((c) => c.label)).toEqual(['Report result', 'Open on the site']);
  expect(dm.components[0]!.components[1]!.url).toBe(`${server.url}/tournaments/${uid}`);
  // a player who takes no messages is still named to their opponent
  const quietMatch = (await kit.roundMatches(uid)).find((m) => [captain(m.team1Id), captain(m.team2Id)].includes(quiet!))!;
  const quietOpponent = [captain(quietMatch.team1Id), captain(quietMatch.team2Id)].find((id) => id !== quiet)!;
  expect(String(discord.messagesTo(quietOpponent)[0]!.body.content)).toContain(`(<@${quiet}>)`);

  // the host sees who was not reached
  const channel = await ok<DiscordChannel>(await host.get(`/api/tournaments/${uid}/discord`));
  expect(channel.unreachable).toEqual([{ discordId: closed, name: expect.any(String) }]);

  // Report result from the DM: the buttons, a 2-0; the opponent is told by DM and confirms from it
  const prompt = await bot.press(reporter, buttonId(dm.components, 'Report result'));
  expect(prompt.data?.components?.flatMap((r) => r.components.map((c) => c.label))).toEqual(['2-0', '2-1', '1-2', '0-2', 'Draw']);
  expect((await bot.press(opponent, buttonId(dm.components, 'Report result'))).data?.content).toBe('This button is not yours: nothing changed.');
  await bot.press(reporter, buttonId(prompt.data?.components, '2-0'));
  const opened = discord.calls.filter((c) => c.path === '/users/@me/channels').length;
  const told = () => discord.messagesTo(opponent).find((c) => String(c.body.content).includes('reported'));
  await until(() => !!told());
  const report = told()!.body as { content: string; components: { components: { label: string; custom_id?: string }[] }[] };
  expect(report.content).toContain('reported **0-2** for you');
  expect((await bot.press(reporter, buttonId(report.components, 'Confirm'))).data?.content).toBe('This button is not yours: nothing changed.');
  expect((await bot.press(opponent, buttonId(report.components, 'Confirm'))).data?.content).toBe('Result recorded: 0-2 (confirmed).');
  expect((await ok<Match>(await host.get(`/api/tournaments/${uid}/matches/${match.id}`))).outcome).toEqual({ winnerTeamId: match.team1Id });
  // the kept channel: no second opening
  expect(discord.calls.filter((c) => c.path === '/users/@me/channels').length).toBe(opened);

  // the next round: the kept channels (no opening), one message each; a global 429 holds every channel
  await kit.finishRound(uid);
  server.app.discordDms!.outbox.loop.tune({ batch: 1 });
  const before = discord.calls.length;
  discord.once((c) => c.path.endsWith('/messages'), { status: 429, body: { message: 'You are being rate limited.', retry_after: 0.3, global: true } });
  await ok(await host.post(`/api/tournaments/${uid}/next-round`));
  const round2 = () => discord.calls.slice(before);
  await until(async () => (await DmRepo.listFor(server.database.db, uid)).every((r) => r.status !== 'pending') && round2().length === ids.length);
  expect(round2().filter((c) => c.path === '/users/@me/channels')).toEqual([]);
  const [held, ...rest] = round2();
  expect(rest.map((c) => c.path).sort()).toEqual(ids.filter((id) => id !== quiet).map(messagesPath).sort());
  for (const c of rest) expect(c.at - held!.at).toBeGreaterThanOrEqual(290);
  // no token in the log lines
  expect(logs.join('')).not.toContain(BOT_TOKEN);
  expect(logs.join('')).not.toContain(INTERACTION_TOKEN);
});
