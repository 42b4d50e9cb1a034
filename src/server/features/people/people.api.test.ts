// People and roles from the site (issue 39 §1) over real HTTP, on PGlite and PostgreSQL: a promotion
// that applies to the player's open session at once, the last admin kept, a suspension that ends the
// player's session and live connection and is explained at sign-in and by the bot, its lift, requests
// to host, the list of users, and the admin log that lists each.
import { beforeAll, describe, expect, test } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import type { AdminLogPage } from '../../../domain/api/admin-log.ts';
import type { HostRequests, OwnHostRequests, Person, SuspendedPlayers, UsersPage } from '../../../domain/api/people.ts';
import { discordDms, judgementSendoffPressed } from '../../db/schema.ts';
import { RawStomp } from '../../realtime/live-test-kit.ts';
import { signedInClient, TestClient } from '../../test/test-server.ts';
import { errorOf, ok } from '../tournaments/tournament-test-kit.ts';
import { botApiTest, shown } from '../discord-bot/bot-test-kit.ts';

const ADA = '963900000000000001';
const GRACE = '963900000000000002';
const HOST = '963900000000000003';
const PLAYER = '963900000000000010';
const VICTIM = '963900000000000011';
const ASKER = '963900000000000012';
const SECOND_ASKER = '963900000000000013';

const { server, bot } = await botApiTest({}, { env: { SITE_NAME: 'Test Hub' } });
/** the admin still an admin after the race of two demotions */
let admin: TestClient;
let adminId: string;
const clients = new Map<string, TestClient>();

beforeAll(async () => {
  for (const [id, auth, name] of [[ADA, 2, 'Ada'], [GRACE, 2, 'Grace'], [HOST, 1, 'Hosta'], [PLAYER, 0, 'Pat'], [VICTIM, 0, 'Vic'], [ASKER, 0, 'Ash'], [SECOND_ASKER, 0, 'Sam']] as const) {
    clients.set(id, await signedInClient(server, id, auth, name));
  }
  [admin, adminId] = [clients.get(ADA)!, ADA];
}, 60_000);

const as = (id: string) => clients.get(id)!;
const put = (c: TestClient, path: string, body: unknown) => c.request('PUT', path, { body });
const del = (c: TestClient, path: string) => c.request('DELETE', path);
/** The person's direct messages about themselves (no event), as queued. */
const dmsOf = (id: string) => server.database.db.select().from(discordDms).where(and(eq(discordDms.discordId, id), isNull(discordDms.tournamentUid)));
const host = (c: TestClient, name: string) => c.post('/api/tournaments/host', { name, manualDeckChecking: false });

describe('levels', () => {
  test('an admin promotes a player to curator, who hosts at once without a restart, and is told by direct message', async () => {
    const player = as(PLAYER);
    expect(await errorOf(await host(player, 'Too soon'))).toBe('Only curators (auth level 1 or more) may host tournaments');
    const person = await ok<Person>(await put(admin, `/api/users/${PLAYER}/auth`, { auth: 1, reason: 'Runs the Tuesday nights' }));
    expect(person).toMatchObject({ discordId: PLAYER, displayName: 'Pat', auth: 1, suspended: false, hosted: 0 });
    // the same session, on its next request
    expect((await ok<{ auth: number }>(await player.get('/api/oauth/me'))).auth).toBe(1);
    expect((await host(player, 'Pat’s Tuesday')).status).toBe(201);
    const [dm] = await dmsOf(PLAYER);
    expect(dm).toMatchObject({ kind: 'level' });
    expect(shown((dm!.body as { content: string }).content)).toMatch(/made you a curator on \*\*Test Hub\*\*.*Reason: Runs the Tuesday nights/);
  });

  test.each([
    ['a player', () => as(PLAYER), { auth: 1, reason: 'x' }, 403, 'Only admins can change levels'],
    ['a visitor', () => new TestClient(server.url), { auth: 1, reason: 'x' }, 401, 'You must be signed in'],
    ['no reason', () => admin, { auth: 1 }, 400, /^reason: say why/],
    ['a blank reason', () => admin, { auth: 1, reason: '   ' }, 400, /^reason: say why/],
    ['level 3', () => admin, { auth: 3, reason: 'x' }, 400, /^auth: must be 0 \(player\), 1 \(curator\) or 2 \(admin\)/],
  ])('refused for %s', async (_label, client, body, status, message) => {
    const res = await put(client(), `/api/users/${ASKER}/auth`, body);
    expect(res.status).toBe(status);
    expect(await errorOf(res)).toMatch(message);
  });

  test('an unknown user is 404', async () => {
    const res = await put(admin, '/api/users/963900000000000999/auth', { auth: 1, reason: 'x' });
    expect([res.status, await errorOf(res)]).toEqual([404, 'User not found']);
  });

  test('two admins demoting each other at once leave one admin, who cannot be demoted as the last', async () => {
    const [a, g] = await Promise.all([
      put(as(ADA), `/api/users/${GRACE}/auth`, { auth: 1, reason: 'Steps down' }),
      put(as(GRACE), `/api/users/${ADA}/auth`, { auth: 1, reason: 'Steps down' }),
    ]);
    // the second is refused either as the last admin's demotion (409) or, when the first had
    // committed before it was read, as no longer an admin's request (403)
    expect([a.status, g.status].filter((s) => s === 200)).toHaveLength(1);
    expect([403, 409]).toContain(a.status === 200 ? g.status : a.status);
    [admin, adminId] = a.status === 200 ? [as(ADA), ADA] : [as(GRACE), GRACE];
    const lastName = adminId === ADA ? 'Ada' : 'Grace';
    const self = await put(admin, `/api/users/${adminId}/auth`, { auth: 0, reason: 'Leaving' });
    expect([self.status, await errorOf(self)]).toEqual([409, `${lastName} is the last admin: make someone else an admin first`]);
    // the demoted one lost the admins' rights on their open session
    const other = adminId === ADA ? GRACE : ADA;
    expect((await put(as(other), `/api/users/${PLAYER}/auth`, { auth: 0, reason: 'x' })).status).toBe(403);
    // back to two admins
    expect((await put(admin, `/api/users/${other}/auth`, { auth: 2, reason: 'Back' })).status).toBe(200);
  });

  test('an admin made a curator no longer counts as having pressed Send Votes', async () => {
    await ok(await put(admin, `/api/users/${PLAYER}/auth`, { auth: 2, reason: 'Judges the board' }));
    await server.database.db.insert(judgementSendoffPressed).values({ adminDiscordId: PLAYER });
    await ok(await put(admin, `/api/users/${PLAYER}/auth`, { auth: 1, reason: 'Back to hosting' }));
    expect(await server.database.db.select().from(judgementSendoffPressed).where(eq(judgementSendoffPressed.adminDiscordId, PLAYER))).toEqual([]);
  });
});

describe('suspensions', () => {
  let eventUid: string;

  test('a suspended player’s open session is refused at the next write and their live connection closes; sign-in and the bot say why and until when', async () => {
    const victim = as(VICTIM);
    // they play in a running event, which the host keeps running
    const { uid } = await ok<{ uid: string }>(await host(as(HOST), 'Suspension Cup'));
    eventUid = uid;
    await ok(await victim.post(`/api/tournaments/${uid}/signup`, { name: 'Vic’s team' }));
    await ok(await as(PLAYER).post(`/api/tournaments/${uid}/signup`, { name: 'Pat’s team' }));
    await ok(await as(HOST).post(`/api/tournaments/${uid}/start`));
    const live = await RawStomp.open(server.url, { cookie: victim.cookieHeader(), origin: server.url });
    live.send('CONNECT\naccept-version:1.2\nhost:x\n\n\0');
    await live.frame('CONNECTED');

    const until = new Date(Date.now() + 7 * 86_400_000);
    until.setUTCSeconds(0, 0);
    const person = await ok<Person>(await admin.post(`/api/users/${VICTIM}/suspension`, { reason: 'Flag spam', until: until.toISOString() }));
    expect(person).toMatchObject({ suspended: true, suspension: { reason: 'Flag spam', until: until.toISOString() } });
    // closed before the answer came (awaiting it waits on nothing)
    expect((await live.closed).code).toBeGreaterThan(0);

    const notifications = (c: TestClient) => put(c, '/api/discord/notifications', { directMessages: true });
    expect((await notifications(victim)).status).toBe(401);
    expect(await ok(await victim.get('/api/oauth/me'))).toBeNull();
    const again = await new TestClient(server.url).signIn(VICTIM, 'Vic').catch((e: Error) => e.message);
    const day = `${until.getUTCDate()} ${until.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${until.getUTCFullYear()}`;
    expect(again).toContain(`handle-callback answered 403: {"error":"Your account is suspended until ${day}, ${String(until.getUTCHours()).padStart(2, '0')}:${String(until.getUTCMinutes()).padStart(2, '0')} UTC. Reason: Flag spam"}`);
    const answer = await bot.slash(VICTIM, 'events');
    expect(answer.data?.content).toBe(`Your account is suspended until <t:${until.getTime() / 1000}:f>: nothing was done. Reason: Flag spam`);
    expect(answer.data?.flags).toBe(64);

    // what they did before stays; the host sees them in the attention panel's list
    const suspended = await ok<SuspendedPlayers>(await as(HOST).get(`/api/tournaments/${uid}/suspended`));
    expect(suspended.players).toEqual([expect.objectContaining({ discordId: VICTIM, name: 'Vic', teamName: 'Vic’s team', until: until.toISOString() })]);
    expect((await as(PLAYER).get(`/api/tournaments/${uid}/suspended`)).status).toBe(403);
    expect((await dmsOf(VICTIM)).map((d) => d.kind)).toEqual(['suspended']);
  });

  test.each([
    ['an admin', () => admin, () => (adminId === ADA ? GRACE : ADA), {}, 403, 'An admin cannot be suspended: make them a curator or a player first'],
    ['oneself', () => admin, () => adminId, {}, 403, 'You cannot suspend yourself'],
    ['an end in the past', () => admin, () => PLAYER, { until: '2020-01-01T00:00:00Z' }, 400, 'until: must be later than now (leave it out to suspend until lifted)'],
    ['a curator asking', () => as(HOST), () => PLAYER, {}, 403, 'Only admins can suspend users'],
  ])('a suspension of %s is refused', async (_label, client, whom, extra, status, message) => {
    const res = await client().post(`/api/users/${whom()}/suspension`, { reason: 'x', ...extra });
    expect([res.status, await errorOf(res)]).toEqual([status, message]);
  });

  test('lifting the suspension restores them: sign-in, writes and the bot', async () => {
    const person = await ok<Person>(await del(admin, `/api/users/${VICTIM}/suspension`));
    expect(person).toMatchObject({ suspended: false, suspension: null });
    const victim = new TestClient(server.url);
    await victim.signIn(VICTIM, 'Vic');
    expect((await put(victim, '/api/discord/notifications', { directMessages: true })).status).toBe(200);
    expect(shown((await bot.slash(VICTIM, 'events')).data?.content)).not.toMatch(/suspended/);
    expect((await ok<SuspendedPlayers>(await as(HOST).get(`/api/tournaments/${eventUid}/suspended`))).players).toEqual([]);
    const twice = await del(admin, `/api/users/${VICTIM}/suspension`);
    expect([twice.status, await errorOf(twice)]).toEqual([409, 'Vic is not suspended']);
  });
});

describe('requests to host', () => {
  test('a request is made, seen with the person’s history and approved: a curator at once, told by direct message', async () => {
    const asker = as(ASKER);
    const made = await asker.post('/api/host-requests', { note: 'I run the GOAT nights' });
    expect(made.status).toBe(201);
    const second = await asker.post('/api/host-requests', { note: 'Again' });
    expect([second.status, await errorOf(second)]).toEqual([409, 'Your request to host is already waiting for the admins']);
    const own = await ok<OwnHostRequests>(await asker.get('/api/host-requests/own'));
    expect(own.request).toMatchObject({ status: 'open', note: 'I run the GOAT nights', reason: null });
    expect(own.deciders.map((d) => d.name).sort()).toEqual(['Ada', 'Grace']);

    const { requests } = await ok<HostRequests>(await admin.get('/api/host-requests'));
    const seen = requests.find((r) => r.discordId === ASKER)!;
    expect(seen).toMatchObject({ displayName: 'Ash', note: 'I run the GOAT nights', history: { hosted: 0, played: 0, earlier: [] } });
    expect((await as(HOST).get('/api/host-requests')).status).toBe(403);

    expect(await ok(await admin.post(`/api/host-requests/${seen.id}/approve`))).toMatchObject({ status: 'approved' });
    expect((await host(asker, 'Ash’s GOAT night')).status).toBe(201);
    expect((await dmsOf(ASKER)).map((d) => d.kind)).toEqual(['host-request']);
    const twice = await admin.post(`/api/host-requests/${seen.id}/approve`);
    expect([twice.status, await errorOf(twice)]).toEqual([409, 'This request was already approved']);
    const curator = await asker.post('/api/host-requests', { note: 'x' });
    expect([curator.status, await errorOf(curator)]).toEqual([409, 'You can host already: no request needed']);
  });

  test('a declined request says why to its author, who may ask again', async () => {
    const sam = as(SECOND_ASKER);
    const { id } = await ok<{ id: number }>(await sam.post('/api/host-requests', {}));
    const noReason = await admin.post(`/api/host-requests/${id}/decline`, {});
    expect([noReason.status, await errorOf(noReason)]).toEqual([400, 'reason: say why (it goes in the log)']);
    await ok(await admin.post(`/api/host-requests/${id}/decline`, { reason: 'Play a few events first' }));
    expect((await ok<OwnHostRequests>(await sam.get('/api/host-requests/own'))).request).toMatchObject({ status: 'declined', reason: 'Play a few events first' });
    expect((await sam.post('/api/host-requests', { note: 'Played three' })).status).toBe(201);
    const { requests } = await ok<HostRequests>(await admin.get('/api/host-requests'));
    expect(requests.find((r) => r.discordId === SECOND_ASKER)!.history.earlier).toEqual([expect.objectContaining({ status: 'declined', reason: 'Play a few events first' })]);
  });
});

describe('the list of users and the admin log', () => {
  test('users by name, by Discord id and by level, with what they hosted and played', async () => {
    const byName = await ok<UsersPage>(await admin.get('/api/users?q=pat'));
    expect(byName).toMatchObject({ total: 1, pageSize: 25, users: [{ discordId: PLAYER, displayName: 'Pat', username: 'pat', auth: 1, suspended: false, hosted: 1, played: 1 }] });
    expect(byName.users[0]!.lastSeenAt).toEqual(expect.any(String));
    expect((await ok<UsersPage>(await admin.get(`/api/users?q=${VICTIM.slice(0, 17)}`))).total).toBe(4);
    const curators = await ok<UsersPage>(await admin.get('/api/users?level=1'));
    expect(curators.users.map((u) => u.displayName).sort()).toEqual(['Ash', 'Hosta', 'Pat']);
    expect((await ok<UsersPage>(await admin.get('/api/users?q=%25'))).total).toBe(0);
    expect(await ok<UsersPage>(await admin.get('/api/users?page=9'))).toMatchObject({ users: [], total: 7 });
    expect((await as(HOST).get('/api/users')).status).toBe(403);
    expect(await errorOf(await admin.get('/api/users?level=5'))).toMatch(/^level: /);
  });

  test('the log lists each action, newest first, filtered by action, actor, subject and day', async () => {
    const all = await ok<AdminLogPage>(await admin.get('/api/admin/log'));
    expect(all.entries.map((e) => e.action)).toEqual([
      'host-request', 'host-request-decline', 'host-request', 'host-request-approve', 'host-request',
      'lift-suspension', 'suspend', 'level', 'level', 'level', 'level', 'level',
    ]);
    const promotion = all.entries.at(-1)!;
    expect(promotion).toMatchObject({ actor: { discordId: ADA, name: 'Ada' }, subject: { kind: 'user', id: PLAYER, name: 'Pat' }, details: { from: 0, to: 1, reason: 'Runs the Tuesday nights' } });
    const suspend = await ok<AdminLogPage>(await admin.get('/api/admin/log?action=suspend'));
    expect(suspend.entries).toEqual([expect.objectContaining({ subject: expect.objectContaining({ id: VICTIM }), details: expect.objectContaining({ reason: 'Flag spam' }) })]);
    expect((await ok<AdminLogPage>(await admin.get(`/api/admin/log?subject=${VICTIM}`))).total).toBe(2);
    expect((await ok<AdminLogPage>(await admin.get(`/api/admin/log?actor=${ASKER}`))).entries.map((e) => e.action)).toEqual(['host-request']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await ok<AdminLogPage>(await admin.get(`/api/admin/log?from=${today}&to=${today}`))).total).toBe(all.total);
    expect((await ok<AdminLogPage>(await admin.get('/api/admin/log?to=2020-01-01'))).total).toBe(0);
    expect(await errorOf(await admin.get('/api/admin/log?from=2026-02-02&to=2026-02-01'))).toBe('to: must not be before from');
    expect((await as(HOST).get('/api/admin/log')).status).toBe(403);
  });

  test('banlist imports and deletes, events cancelled and rated marks are logged with their subjects', async () => {
    const list = '#[Test List]\n!Test List\n12580477 0 --Raigeki\n';
    await ok(await admin.request('PUT', '/api/banlists/2026-05-01', { body: list }));
    expect((await del(admin, '/api/banlists/2026-05-01')).status).toBe(204);
    const { uid } = await ok<{ uid: string }>(await host(as(HOST), 'Cancelled Cup'));
    await ok(await as(HOST).post(`/api/tournaments/${uid}/cancel`));
    await ok(await admin.post(`/api/tournaments/${uid}/rated`, { rated: true }));
    const { entries } = await ok<AdminLogPage>(await admin.get('/api/admin/log'));
    expect(entries.slice(0, 4).map((e) => [e.action, e.subject.kind, e.subject.name])).toEqual([
      ['mark-rated', 'tournament', 'Cancelled Cup'],
      ['cancel-event', 'tournament', 'Cancelled Cup'],
      ['banlist-delete', 'banlist', 'Test List (2026-05-01)'],
      ['banlist-import', 'banlist', 'Test List (2026-05-01)'],
    ]);
    expect(entries[1]!.actor?.discordId).toBe(HOST);
    expect(entries[3]!.details).toMatchObject({ entries: 1, kind: 'format' });
  });
});
