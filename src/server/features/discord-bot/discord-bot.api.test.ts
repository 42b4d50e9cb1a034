// The Discord bot (issue 31) over real HTTP on PGlite and PostgreSQL: interactions signed with a
// key pair made here, refused when the signature or its time is wrong; the commands answer from the
// same routes as the site (events, a player's table after Start, check-in, standings, the drop
// button pressed by its owner and by someone else, notifications); and the register command's
// bulk overwrite reaching a fake Discord started by the test.
import { execFile } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Match, Team } from '../../../domain/api/tournaments.ts';
import { buildApp } from '../../app.ts';
import { discordInteractions, discordUsers, users } from '../../db/schema.ts';
import { forgetExpiredInteractions } from './bot-repository.ts';
import { parseEnv } from '../../env.ts';
import { PROJECT_ROOT } from '../../paths.ts';
import { cliCommand } from '../../test/test-cli.ts';
import { apiTest } from '../../test/api-test.ts';
import { ok, tournamentKit } from '../tournaments/tournament-test-kit.ts';
import { COMMAND_NAMES } from '../../../domain/discord/commands.ts';
import { interactionId } from './bot-test-kit.ts';

const ADMIN = '961931000000000001';
const HOST = '961931000000000002';
const NEWCOMER = '961931000000000009';
const REPLAYER = '961931000000000010';

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const PUBLIC_HEX = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('hex');
const other = generateKeyPairSync('ed25519').privateKey;

// direct messages go nowhere here (a closed port): discord-dms.api.test.ts follows them
const { server, host, admin } = apiTest(
  { host: [HOST, 1, 'Hosta'], admin: [ADMIN, 2, 'Ada'] },
  { DISCORD_BOT_TOKEN: 'bot-token-secret', DISCORD_PUBLIC_KEY: PUBLIC_HEX, DISCORD_APPLICATION_ID: '123456', DISCORD_API_URL: 'http://127.0.0.1:9/api/v10' },
);
const kit = tournamentKit(server, { host, admin });

type Reply = { type: number; data?: { content?: string; flags?: number; choices?: { name: string; value: string }[]; components?: { components: { custom_id: string }[] }[] } };

/** Posts an interaction as Discord does: signed over timestamp + body. */
async function signed(body: unknown, { key = privateKey, ageSeconds = 0, tamper = false } = {}) {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000) - ageSeconds);
  const signature = sign(null, Buffer.from(timestamp + raw), key).toString('hex');
  return fetch(`${server.url}/api/discord/interactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature-ed25519': signature, 'x-signature-timestamp': timestamp },
    body: tamper ? raw.replace('}', ' }') : raw,
  });
}
const user = (id: string) => ({ id, username: `u${id.slice(-4)}`, discriminator: '0', global_name: null, avatar: null });
const inGuild = (id: string) => ({ guild_id: '42', member: { user: user(id), roles: [] } });
async function slash(id: string, name: string, options: unknown[] = []): Promise<Reply> {
  return ok<Reply>(await signed({ id: interactionId(), application_id: '123456', token: 'interaction-token', version: 1, type: 2, data: { id: '9', name, type: 1, options }, ...inGuild(id) }));
}
async function press(id: string, customId: string): Promise<Reply> {
  return ok<Reply>(await signed({ id: interactionId(), application_id: '123456', token: 'interaction-token', version: 1, type: 3, data: { custom_id: customId, component_type: 2 }, user: user(id) }));
}
const eventOption = (uid: string) => [{ name: 'event', type: 3, value: uid }];

describe('the interactions endpoint', () => {
  test('PING answers PONG; a bad, tampered or old signature is a 401 that changes nothing', async () => {
    expect(await ok(await signed({ type: 1, id: '1', application_id: '123456', token: 't', version: 1 }))).toEqual({ type: 1 });
    const off = { id: '1', application_id: '123456', token: 't', version: 1, type: 2, data: { id: '9', name: 'notifications', type: 1, options: [{ name: 'state', type: 3, value: 'off' }] }, user: user(NEWCOMER) };
    for (const res of [await signed(off, { key: other }), await signed(off, { tamper: true }), await signed(off, { ageSeconds: 301 })]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Invalid request signature' });
    }
    const unsigned = await fetch(`${server.url}/api/discord/interactions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"type":1}' });
    expect(unsigned.status).toBe(401);
    expect(await server.database.db.select().from(users).where(eq(users.discordId, NEWCOMER))).toEqual([]);
  });

  test('/notifications off from someone who never signed in: a site user, and the site’s setting stored', async () => {
    const reply = await slash(NEWCOMER, 'notifications', [{ name: 'state', type: 3, value: 'off' }]);
    expect(reply.data).toMatchObject({ flags: 64, content: expect.stringContaining('off') });
    const [row] = await server.database.db.select().from(users).where(eq(users.discordId, NEWCOMER));
    expect(row).toMatchObject({ username: 'u0009', displayName: 'u0009' });
    const dmOff = async (id: string) => server.database.db.select({ dmOff: discordUsers.dmOff }).from(discordUsers).where(eq(discordUsers.discordId, id));
    expect(await dmOff(NEWCOMER)).toEqual([{ dmOff: true }]);
    // the command is the site's setting, called as the user
    expect((await slash(NEWCOMER, 'notifications', [{ name: 'state', type: 3, value: 'on' }])).data?.content).toMatch(/^Direct messages are on/);
    expect(await dmOff(NEWCOMER)).toEqual([{ dmOff: false }]);
    expect(await ok(await host.request('PUT', '/api/discord/notifications', { body: { directMessages: false } }))).toEqual({ directMessages: false });
    expect(await dmOff(HOST)).toEqual([{ dmOff: true }]);
    expect((await fetch(`${server.url}/api/discord/notifications`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"directMessages":true}' })).status).toBe(401);
  });

  test('every signed interaction is a 200 with a private sentence, whatever its shape: never a 500, never “something went wrong”', async () => {
    const errors = vi.spyOn(server.app.log, 'error');
    const envelope = { application_id: '123456', token: 'interaction-token', version: 1, user: user(NEWCOMER) };
    const cases: [unknown, string][] = [
      [{ ...envelope, id: interactionId(), type: 2 }, 'This command came without its data: nothing changed.'],
      [{ ...envelope, id: interactionId(), type: 2, data: { id: '9', name: 'signup', type: 1, options: { team: 'x' } } }, 'The options of /signup could not be read: nothing changed.'],
      [{ ...envelope, id: interactionId(), type: 2, data: { id: '9', name: 'signup', type: 1, options: [{ name: 'team', type: 4, value: 7 }] } }, 'team: must be text'],
      [{ ...envelope, id: interactionId(), type: 2, data: { id: '9', name: 'deck', type: 1, options: [{ name: 'file', type: 11, value: '5' }] } }, 'file: the file did not arrive: attach it again'],
      [{ ...envelope, id: interactionId(), type: 3, data: { component_type: 2 } }, 'This button could not be read: nothing changed.'],
      [{ ...envelope, id: interactionId(), type: 3, data: { custom_id: 'rp:not-a-button' } }, 'This button is no longer used: nothing changed.'],
      [{ ...envelope, id: 'not-an-id', type: 2, data: { id: '9', name: 'events', type: 1 } }, 'This interaction could not be read: nothing changed.'],
      [{ ...envelope, user: undefined, id: interactionId(), type: 2, data: { id: '9', name: 'events', type: 1 } }, 'This interaction names no user.'],
      [[1, 2, 3], 'This interaction could not be read: nothing changed.'],
    ];
    for (const [body, sentence] of cases) {
      const res = await signed(body);
      expect([res.status, await res.json()]).toEqual([200, { type: 4, data: { content: sentence, allowed_mentions: { parse: [] }, flags: 64 } }]);
    }
    // a signed body that is not JSON at all
    const timestamp = String(Math.floor(Date.now() / 1000));
    const raw = '{"type":2,';
    const res = await fetch(`${server.url}/api/discord/interactions`, {
      method: 'POST', body: raw,
      headers: { 'content-type': 'application/json', 'x-signature-ed25519': sign(null, Buffer.from(timestamp + raw), privateKey).toString('hex'), 'x-signature-timestamp': timestamp },
    });
    expect([res.status, ((await res.json()) as Reply).data?.content]).toEqual([200, 'This interaction could not be read: nothing changed.']);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  test('the same signed interaction delivered again is answered as the first time and not acted on again', async () => {
    const uid = await kit.event('DEFAULT', 0, { name: 'Replay Night' });
    const body = { id: interactionId(), application_id: '123456', token: 'interaction-token', version: 1, type: 2, data: { id: '9', name: 'signup', type: 1, options: [...eventOption(uid), { name: 'team', type: 3, value: 'Once' }] }, user: user(REPLAYER) };
    const raw = JSON.stringify(body);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const deliver = () => fetch(`${server.url}/api/discord/interactions`, {
      method: 'POST', body: raw,
      headers: { 'content-type': 'application/json', 'x-signature-ed25519': sign(null, Buffer.from(timestamp + raw), privateKey).toString('hex'), 'x-signature-timestamp': timestamp },
    }).then((r) => ok<Reply>(r));
    // two at once, then a third: one sign-up; every answer the first's (or, while it is made, that it was answered)
    const answers = [...await Promise.all([deliver(), deliver()]), await deliver()];
    const first = 'Signed up: **Once** plays in **Replay Night**. Submit your deck with /deck (a .ydk file or a ydke:// text).';
    expect(answers.map((a) => a.data?.content).filter((c) => c !== 'This interaction was already answered: nothing changed.')).toContain(first);
    expect(answers[2]!.data?.content).toBe(first);
    expect((await kit.state(uid)).teams.map((t) => t.name)).toEqual(['Once']);
    // a new interaction from the same user is acted on: the site's refusal
    expect((await slash(REPLAYER, 'signup', eventOption(uid))).data?.content).toBe('You are already in a team of this tournament');
    // kept while its signature's time can pass (five minutes, and a minute more), then forgotten
    const kept = await server.database.db.select().from(discordInteractions).where(eq(discordInteractions.id, body.id));
    expect(kept[0]!.expiresAt.getTime() / 1000 - Number(timestamp)).toBe(360);
    await forgetExpiredInteractions(server.database.db, new Date((Number(timestamp) + 361) * 1000));
    expect(await server.database.db.select().from(discordInteractions).where(eq(discordInteractions.id, body.id))).toEqual([]);
  });

  test('a refusal that quotes the site’s sentence shows the event’s name as written, not as a mention', async () => {
    const uid = await kit.event('DEFAULT', 0, { name: '<@&42> Night' });
    const reply = await slash(NEWCOMER, 'table', eventOption(uid));
    expect(reply.data).toMatchObject({ flags: 64, content: 'You are not playing in \\<\\@&42\\> Night', allowed_mentions: { parse: [] } });
  });

  test('without a bot token the endpoint answers 404 with a sentence', async () => {
    const app = await buildApp({ env: parseEnv({ LOG_LEVEL: 'silent', DEMO_DATA: '0' }), database: server.database });
    const res = await app.inject({ method: 'POST', url: '/api/discord/interactions', headers: { 'content-type': 'application/json' }, payload: '{"type":1}' });
    expect([res.statusCode, res.json()]).toEqual([404, { error: 'The Discord bot is off: set DISCORD_BOT_TOKEN and DISCORD_PUBLIC_KEY' }]);
    await app.close();
  });
});

describe('commands', () => {
  test('/events and the event autocomplete; /table after Start is the player’s match with its room; /standings', async () => {
    const uid = await kit.event('DEFAULT', 2, { name: 'Bot Night' });
    const events = await slash(NEWCOMER, 'events');
    expect(events.data?.flags).toBeUndefined();
    expect(events.data?.content).toContain(`[Bot Night](<${server.url}/tournaments/${uid}>)`);
    const auto = await ok<Reply>(await signed({ id: '3', application_id: '123456', token: 't', version: 1, type: 4, data: { id: '9', name: 'table', type: 1, options: [{ name: 'event', type: 3, value: 'bot ni', focused: true }] }, user: user(NEWCOMER) }));
    expect(auto).toEqual({ type: 8, data: { choices: [{ name: 'Bot Night', value: uid }] } });

    const [a, b] = (await kit.state(uid)).teams;
    expect((await slash(a!.captainDiscordId, 'table')).data?.content).toContain('has not started');
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    const [m] = await kit.roundMatches(uid);
    const full = await ok<Match>(await kit.players.get(a!.captainDiscordId)!.get(`/api/tournaments/${uid}/matches/${m!.id}`));
    // no event option: the user's running event
    const table = await slash(a!.captainDiscordId, 'table');
    expect(table.data?.flags).toBe(64);
    expect(table.data?.content).toContain(`round 1, table ${full.table}`);
    expect(table.data?.content).toContain(`Opponent: ${b!.name.replace(/[-()[\]]/g, '\\$&')} (<@${b!.captainDiscordId}>)`);
    expect(table.data?.content).toContain(`Room: \`${full.room!.name}\``);
    expect(table.data?.content).toContain(`Password: \`${full.room!.password}\``);
    // someone not in it is told so, ephemerally, in the site's words
    expect((await slash(NEWCOMER, 'table', eventOption(uid))).data).toMatchObject({ flags: 64, content: 'You are not playing in Bot Night' });

    await kit.finishRound(uid); // team 1 of the match wins: its team 2 is second
    const second = [a!, b!].find((t) => t.uid === m!.team2Id)!;
    const standings = await slash(second.captainDiscordId, 'standings', eventOption(uid));
    expect(standings.data?.content).toMatch(/^\*\*Bot Night\*\*: standings\n1\. .+: 3 pts \(1-0-0\)\n2\. .+: 0 pts \(0-1-0\)\nYou: 2\. /);
  });

  test('/checkin while check-in is open; /drop: the button does nothing for someone else, and drops for its owner', async () => {
    const uid = await kit.event('DEFAULT', 2, { name: 'Check Night', checkIn: true });
    const [a, b] = (await kit.state(uid)).teams;
    expect((await slash(a!.captainDiscordId, 'checkin', eventOption(uid))).data).toMatchObject({ flags: 64, content: expect.stringMatching(/not open|closed/i) });
    await ok(await host.post(`/api/tournaments/${uid}/check-in/open`));
    expect((await slash(a!.captainDiscordId, 'checkin', eventOption(uid))).data?.content).toContain('Checked in');
    expect((await kit.state(uid)).teams.find((t) => t.uid === a!.uid)?.checkedIn).toBe(true);

    const ask = await slash(a!.captainDiscordId, 'drop', eventOption(uid));
    expect(ask.data?.flags).toBe(64);
    const customId = ask.data!.components![0]!.components[0]!.custom_id;
    expect(customId).toBe(`drop:${uid}:${a!.uid}`);
    for (const someoneElse of [b!.captainDiscordId, HOST]) {
      expect((await press(someoneElse, customId)).data).toMatchObject({ flags: 64, content: 'This button is not yours: nothing changed.' });
    }
    expect((await ok<Team>(await host.get(`/api/tournaments/${uid}/teams/${a!.uid}`))).dropped).toBe(false);
    expect(await press(a!.captainDiscordId, customId)).toMatchObject({ type: 7, data: { content: expect.stringContaining('Dropped'), components: [] } });
    expect((await ok<Team>(await host.get(`/api/tournaments/${uid}/teams/${a!.uid}`))).dropped).toBe(true);
    expect((await press(a!.captainDiscordId, customId)).data).toMatchObject({ flags: 64, content: 'This team has already dropped' });
  });
});

test('npm run cli -- discord register: a bulk overwrite of every command in the guild, with the bot token', async () => {
  const calls: { method?: string; url?: string; auth?: string; body: string }[] = [];
  const fake = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      calls.push({ method: req.method, url: req.url, auth: req.headers.authorization, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const env = { DISCORD_API_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/api/v10`, DISCORD_BOT_TOKEN: 'bot-token-secret', DISCORD_APPLICATION_ID: '123456', DISCORD_GUILD_ID: '777', DISCORD_PUBLIC_KEY: PUBLIC_HEX, LOG_LEVEL: 'silent' };
  try {
    const out = await new Promise<string>((resolve, reject) =>
      execFile(...cliCommand(['discord', 'register']), { cwd: PROJECT_ROOT, env: { ...process.env, ...env }, timeout: 60_000 }, (e, stdout, stderr) => (e ? reject(new Error(stderr)) : resolve(stdout))));
    expect(out.trim()).toBe(`Registered ${COMMAND_NAMES.length} commands in server 777.`);
  } finally {
    fake.close();
  }
  expect(calls).toHaveLength(1);
  expect(calls[0]).toMatchObject({ method: 'PUT', url: '/api/v10/applications/123456/guilds/777/commands', auth: 'Bot bot-token-secret' });
  const sent = JSON.parse(calls[0]!.body) as { name: string; options: { name: string }[] }[];
  expect(sent.map((c) => c.name)).toEqual([...COMMAND_NAMES]);
  expect([...new Set(sent.flatMap((c) => c.options.map((o) => o.name)))].sort()).toEqual([
    'action', 'cancel', 'event', 'file', 'find', 'join', 'name', 'report', 'retire', 'standings', 'state', 'team', 'ydke',
  ]);
  // /league's subcommands each take the league option
  const league = sent.find((c) => c.name === 'league') as unknown as { options: { name: string; options: { name: string }[] }[] };
  for (const sub of league.options) expect(sub.options.at(-1)!.name).toBe('league');
});
