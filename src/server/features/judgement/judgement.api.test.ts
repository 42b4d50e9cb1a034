import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { banlistEntries, banlists, cards, judgementEntries, judgementSendoff, judgementSendoffPressed, webhookDeliveries } from '../../db/schema.ts';
import type { TestClient } from '../../test/test-server.ts';
import { apiTest } from '../../test/api-test.ts';
import { TOPICS } from '../../../domain/api/topics.ts';
import type { JudgementEntry } from '../../../domain/api/judgement.ts';
import { SENDOFF_EMPTY_MESSAGE, SENDOFF_NOT_READY_MESSAGE, SENDOFF_NOTHING_DECIDED_MESSAGE } from '../../../domain/judgement/sendoff.ts';
import { lflistHash, parseLflist } from '../../../domain/banlists/lflist.ts';
import * as JudgementRepository from './judgement-repository.ts';

const NOT_READY = 'Cannot send votes: all admins must vote on every card first.';
const ADA = '201';
const GRACE = '202';
const JOEY = '203'; // plain user
const LINUS = '204'; // auth 1: still not an admin
const OLD_DATE = '2026-01-01';

const CARDS = [
  { id: 1001, name: 'Pot of Greed' },
  { id: 1002, name: 'Raigeki' },
  { id: 1003, name: 'Dark Hole' },
  { id: 1004, name: 'Monster Reborn' },
  { id: 1005, name: 'Ash Blossom & Joyous Spring' },
  { id: 1006, name: 'Graceful Charity' },
];

// A tiny Discord stand-in: records webhook posts, answers with `webhookStatus`.
const webhookPosts: unknown[] = [];
const webhookPaths: string[] = [];
/** the stand-in's next answers (then 204) */
let webhookStatus: number[] = [];
const webhook = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    webhookPosts.push(JSON.parse(body));
    webhookPaths.push(req.url!);
    res.writeHead(webhookStatus.shift() ?? 204).end();
  });
});

// before apiTest's hooks: the stand-in listens before the server starts, and closes after it
beforeAll(() => new Promise<void>((r) => webhook.listen(0, '127.0.0.1', r)));
afterAll(() => void webhook.close());

const { server, anonymous, ada, grace, joey, linus } = apiTest(
  { ada: [ADA, 2, 'Ada'], grace: [GRACE, 2, 'Grace'], joey: [JOEY, 0, 'Joey'], linus: [LINUS, 1, 'Linus'] },
  () => ({
    FORMAT_NAME: 'Test Format',
    // the site's channel: a Discord webhook, posted through the relay to the stand-in above
    DISCORD_WEBHOOK_URL: 'https://discord.com/api/webhooks/1234567890/judgement-token',
    DISCORD_WEBHOOK_RELAY_URL: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}`,
  }),
);
const published: { topic: string; body: unknown }[] = [];

beforeAll(async () => {
  // the outbox retries a failed post within the test's time
  server.app.eventWebhooks.outbox.loop.tune({ retry: { baseDelayMs: 20, maxDelayMs: 50 }, pollMs: 50, random: () => 0.5 });
  const { db } = server.database;
  await db.insert(cards).values(CARDS.map((c) => ({ ...c, searchName: c.name.toLowerCase(), type: 2, cardType: 'SPELL_NORMAL' })));
  // the newest format list: Pot of Greed forbidden (with a reason), Raigeki limited, Dark Hole semi-limited
  const [list] = await db.insert(banlists).values({ date: OLD_DATE, kind: 'format', name: '2026.01 Test Format' }).returning();
  await db.insert(banlistEntries).values([
    { banlistId: list!.id, cardId: 1001, count: 0, position: 0, reason: 'Draw 2 for 1', posterDiscordId: null },
    { banlistId: list!.id, cardId: 1002, count: 1, position: 1 },
    { banlistId: list!.id, cardId: 1003, count: 2, position: 2 },
  ]);
  const realPublish = server.app.realtime.publish.bind(server.app.realtime);
  vi.spyOn(server.app.realtime, 'publish').mockImplementation(async (topic, body) => {
    published.push({ topic, body });
    return realPublish(topic, body);
  });
});

beforeEach(async () => {
  const { db } = server.database;
  // an earlier test's post still on its way would land in this test's list
  await vi.waitFor(async () => expect(await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending'))).toEqual([]));
  await db.delete(judgementEntries);
  await db.delete(judgementSendoffPressed);
  await db.delete(judgementSendoff);
  await db.delete(banlists).where(gt(banlists.date, OLD_DATE));
  published.length = 0;
  webhookPosts.length = 0;
  webhookPaths.length = 0;
  webhookStatus = [];
});

const put = (c: TestClient, path: string, body: string) => c.request('PUT', path, { body });
const del = (c: TestClient, path: string) => c.request('DELETE', path);
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

async function propose(c: TestClient, cardId: number, body: Record<string, unknown> = {}): Promise<JudgementEntry> {
  const res = await c.post('/api/judgement', { cardId, reason: `Why ${cardId}`, ...body });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}
async function vote(c: TestClient, adminId: string, id: number, value: string) {
  const res = await c.post(`/api/judgement/${id}/vote?adminId=${adminId}&vote=${encodeURIComponent(value)}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as JudgementEntry;
}
const toggle = (c: TestClient, adminId: string) => c.post(`/api/judgement/sendoff-toggle?adminId=${adminId}`);
const board = async (c: TestClient = ada) => (await (await c.get('/api/judgement')).json()) as JudgementEntry[];

describe('who may do what (rules.md, judgement board)', () => {
  test.each([
    ['read the board', 'GET', '/api/judgement'],
    ['read the send-off state', 'GET', '/api/judgement/sendoff-status'],
    ['propose a card', 'POST', '/api/judgement'],
    ['vote', 'POST', '/api/judgement/1/vote?vote=0'],
    ['edit a reason', 'PUT', '/api/judgement/1/reason'],
    ['delete an entry', 'DELETE', '/api/judgement/1'],
    ['toggle the send-off', 'POST', '/api/judgement/sendoff-toggle'],
    ['set the effective date', 'PUT', '/api/judgement/sendoff-date'],
  ])('signed out, %s is 401', async (_l, method, path) => {
    const body = method === 'POST' && path === '/api/judgement' ? { cardId: 1001, reason: 'x' } : method === 'PUT' ? 'x' : undefined;
    const res = await anonymous.request(method, path, { body });
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toBe('You must be signed in');
  });

  test('any signed-in user reads the board and the send-off state', async () => {
    await propose(ada, 1004);
    for (const c of [joey, linus]) {
      expect((await board(c)).map((e) => e.cardName)).toEqual(['Monster Reborn']);
      expect((await c.get('/api/judgement/sendoff-status')).status).toBe(200);
    }
  });

  test.each([
    ['a plain user', () => joey, JOEY],
    ['an auth 1 user', () => linus, LINUS],
  ])('%s cannot vote, set the date or send', async (_l, client, id) => {
    const entry = await propose(ada, 1004);
    const c = client();
    for (const res of [
      await c.post(`/api/judgement/${entry.id}/vote?adminId=${id}&vote=0`),
      await put(c, `/api/judgement/sendoff-date?adminId=${id}`, '2026-12-01'),
      await toggle(c, id),
    ]) {
      expect(res.status).toBe(403);
    }
    expect((await board())[0]!.votes).toEqual({});
  });

  test.each([
    ['vote in another admin’s column', (id: number) => ada.post(`/api/judgement/${id}/vote?adminId=${GRACE}&vote=0`)],
    ['toggle for another admin', () => toggle(ada, GRACE)],
    ['set the date as another admin', () => put(ada, `/api/judgement/sendoff-date?adminId=${GRACE}`, '2026-12-01')],
    ['delete as someone else', (id: number) => del(joey, `/api/judgement/${id}?requesterId=${ADA}`)],
    ['edit a reason as someone else', (id: number) => put(joey, `/api/judgement/${id}/reason?requesterId=${ADA}`, 'mine now')],
    ['propose with another poster id', () => joey.post('/api/judgement', { cardId: 1005, reason: 'x', poster: ADA })],
    ['propose with another poster object', () => joey.post('/api/judgement', { cardId: 1005, reason: 'x', poster: { discordId: ADA } })],
  ])('acting as someone else is 403: %s', async (_l, call) => {
    const entry = await propose(joey, 1004);
    const res = await call(entry.id);
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toBe('The acting user must be the signed-in user');
    const [after] = await board();
    expect(after).toMatchObject({ votes: {}, reason: 'Why 1004' });
    expect((await board()).length).toBe(1);
    expect((await (await ada.get('/api/judgement/sendoff-status')).json()).pressed).toEqual([]);
  });

  test('only the poster edits a reason, even an admin may not', async () => {
    const entry = await propose(joey, 1004);
    const res = await put(ada, `/api/judgement/${entry.id}/reason?requesterId=${ADA}`, 'Admin rewrite');
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toBe('Only the poster can edit this reason');
  });

  test('a plain user cannot delete someone else’s entry; the poster and any admin can', async () => {
    const adas = await propose(ada, 1004);
    const joeys = await propose(joey, 1005);
    const refused = await del(joey, `/api/judgement/${adas.id}?requesterId=${JOEY}`);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe('Only admins and the poster can delete this entry');
    expect((await del(joey, `/api/judgement/${joeys.id}?requesterId=${JOEY}`)).status).toBe(200);
    const other = await propose(linus, 1006);
    expect((await del(grace, `/api/judgement/${other.id}?requesterId=${GRACE}`)).status).toBe(200);
    expect((await board()).map((e) => e.id)).toEqual([adas.id]);
  });
});

describe('proposing a card', () => {
  test('a plain user proposes; the entry has the card name from the card table and the poster', async () => {
    const entry = await propose(joey, 1005, { cardName: 'whatever the client says', poster: { discordId: JOEY, displayName: 'Joey' }, effectiveDate: null });
    expect(entry).toEqual({
      id: expect.any(Number),
      cardId: 1005,
      cardName: 'Ash Blossom & Joyous Spring',
      poster: { discordId: JOEY, displayName: 'Joey', username: expect.any(String) },
      reason: 'Why 1005',
      votes: {},
      currentStatus: 'NONE',
      currentOpinion: 'no opinion',
      effectiveDate: null,
    });
    expect(published).toEqual([{ topic: TOPICS.judgement, body: entry }]);
  });

  test('the poster may be given as an id; the reason is trimmed', async () => {
    const entry = await propose(joey, 1005, { poster: JOEY, reason: '  spaced  ' });
    expect(entry.reason).toBe('spaced');
  });

  test('a plain user’s initial vote is ignored', async () => {
    const entry = await propose(joey, 1005, { votes: { [JOEY]: '0' } });
    expect(entry.votes).toEqual({});
  });

  test('an admin’s initial vote counts in their own column only', async () => {
    const entry = await propose(ada, 1002, { votes: { [ADA]: '0', [GRACE]: '3' } });
    expect(entry.votes).toEqual({ [ADA]: '0' });
    expect(entry.currentOpinion).toBe('0');
    expect(entry.currentStatus).toBe('LIMITED');
  });

  test('a card already on the board is a 409', async () => {
    await propose(joey, 1005);
    const res = await ada.post('/api/judgement', { cardId: 1005, reason: 'again' });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe('This card is already on the board');
  });

  test.each([
    ['an unknown card', { cardId: 999999, reason: 'x' }, 'Unknown card'],
    ['no card id', { reason: 'x' }, /^cardId: /],
    ['a card id that is not a number', { cardId: 'abc', reason: 'x' }, /^cardId: /],
    ['a card id beyond uint32 (EDOPro passcodes)', { cardId: 2 ** 32, reason: 'x' }, 'cardId: must be a card id'],
    ['a blank reason', { cardId: 1005, reason: '   ' }, 'reason: must not be blank'],
    ['no reason', { cardId: 1005 }, /^reason: /],
    ['a reason of 2,001 characters', { cardId: 1005, reason: 'x'.repeat(2001) }, 'reason: must be at most 2000 characters'],
    ['an invalid initial vote', { cardId: 1005, reason: 'x', votes: { [JOEY]: 'ban it' } }, /^votes\.203: must be one of/],
  ])('%s is a 400', async (_l, body, message) => {
    const res = await joey.post('/api/judgement', body);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatch(message);
    expect(await board()).toEqual([]);
  });

  test('a reason of exactly 2,000 characters is accepted', async () => {
    expect((await propose(joey, 1005, { reason: 'y'.repeat(2000) })).reason).toHaveLength(2000);
  });
});

describe('the board', () => {
  test('current status comes from the newest format banlist; NONE when the card is not on it', async () => {
    await propose(joey, 1001);
    await propose(joey, 1003);
    await propose(joey, 1006);
    expect((await board()).map((e) => [e.cardName, e.currentStatus])).toEqual([
      ['Pot of Greed', 'FORBIDDEN'], ['Dark Hole', 'SEMI_LIMITED'], ['Graceful Charity', 'NONE'],
    ]);
  });

  test('the effective date of every entry is the board’s send-off date', async () => {
    await propose(joey, 1006);
    expect((await put(ada, `/api/judgement/sendoff-date?adminId=${ADA}`, '2026-12-01')).status).toBe(200);
    expect((await board())[0]!.effectiveDate).toBe('2026-12-01');
  });
});

describe('voting', () => {
  test('votes combine into the current opinion and are published after commit', async () => {
    const entry = await propose(joey, 1002);
    published.length = 0;
    const seenAtPublish: (JudgementEntry | undefined)[] = [];
    vi.mocked(server.app.realtime.publish).mockImplementationOnce(async (topic, body) => {
      published.push({ topic, body });
      // a separate read (not the writing transaction) already sees the vote: it was committed
      seenAtPublish.push(await JudgementRepository.findEntry(server.database.db, entry.id));
    });
    const afterAda = await vote(ada, ADA, entry.id, '0');
    expect(afterAda).toMatchObject({ votes: { [ADA]: '0' }, currentOpinion: '0' });
    expect(seenAtPublish[0]?.votes).toEqual({ [ADA]: '0' });
    expect((await vote(grace, GRACE, entry.id, '1')).currentOpinion).toBe('poll');
    expect((await vote(grace, GRACE, entry.id, 'discussion')).currentOpinion).toBe('discussion');
    expect((await vote(grace, GRACE, entry.id, 'no opinion')).currentOpinion).toBe('0');
    expect(published.map((p) => p.topic)).toEqual(Array(4).fill(TOPICS.judgement));
    expect(published.at(-1)!.body).toMatchObject({ id: entry.id, votes: { [ADA]: '0', [GRACE]: 'no opinion' } });
  });

  test('without adminId the vote goes in the session user’s column', async () => {
    const entry = await propose(joey, 1002);
    const res = await ada.post(`/api/judgement/${entry.id}/vote?vote=3`);
    expect((await res.json()).votes).toEqual({ [ADA]: '3' });
  });

  test.each([
    ['an unknown value', 'vote=4', 400, /^vote: must be one of '0', '1', '2', '3', 'poll', 'discussion', 'no opinion'$/],
    ['no value', '', 400, /^vote: /],
  ])('%s is a %s', async (_l, query, status, message) => {
    const entry = await propose(joey, 1002);
    const res = await ada.post(`/api/judgement/${entry.id}/vote?adminId=${ADA}&${query}`);
    expect(res.status).toBe(status);
    expect(await errorOf(res)).toMatch(message);
  });

  test('a vote on a missing entry is a 404, a bad id a 400', async () => {
    const missing = await ada.post(`/api/judgement/424242/vote?adminId=${ADA}&vote=0`);
    expect(missing.status).toBe(404);
    expect(await errorOf(missing)).toBe('Judgement entry not found');
    expect((await ada.post(`/api/judgement/abc/vote?adminId=${ADA}&vote=0`)).status).toBe(400);
  });

  test('a former admin’s vote is neither shown nor counted', async () => {
    const entry = await propose(joey, 1002);
    await vote(ada, ADA, entry.id, '0');
    const { setAuth } = await import('../users/users-repository.ts');
    await setAuth(server.database.db, ADA, 0);
    try {
      expect((await board())[0]).toMatchObject({ votes: {}, currentOpinion: 'no opinion' });
    } finally {
      await setAuth(server.database.db, ADA, 2);
    }
    expect((await board())[0]!.votes).toEqual({ [ADA]: '0' });
  });
});

describe('editing and deleting', () => {
  test('the poster edits the reason with a text/plain body', async () => {
    const entry = await propose(joey, 1004);
    const res = await put(joey, `/api/judgement/${entry.id}/reason?requesterId=${JOEY}`, '  A better reason  ');
    expect(res.status).toBe(200);
    expect((await res.json()).reason).toBe('A better reason');
    expect(published.at(-1)).toMatchObject({ topic: TOPICS.judgement, body: { id: entry.id, reason: 'A better reason' } });
  });

  test.each([
    ['blank', '   ', 'reason: must not be blank'],
    ['too long', 'z'.repeat(2001), 'reason: must be at most 2000 characters'],
  ])('a %s reason is a 400 and the old one stays', async (_l, text, message) => {
    const entry = await propose(joey, 1004);
    const res = await put(joey, `/api/judgement/${entry.id}/reason?requesterId=${JOEY}`, text);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe(message);
    expect((await board())[0]!.reason).toBe('Why 1004');
  });

  test('a delete publishes the deleted entry', async () => {
    const entry = await propose(joey, 1004);
    const res = await del(joey, `/api/judgement/${entry.id}?requesterId=${JOEY}`);
    expect(res.status).toBe(200);
    expect(published.at(-1)).toEqual({ topic: TOPICS.judgement, body: { action: 'deleted', entry } });
    expect((await del(joey, `/api/judgement/${entry.id}?requesterId=${JOEY}`)).status).toBe(404);
  });
});

describe('send-off', () => {
  const status = async () => (await (await ada.get('/api/judgement/sendoff-status')).json()) as { pressed: string[]; sendoffDate: string | null };

  test('pressing before every admin voted a real value is a 409 with the spec text', async () => {
    const entry = await propose(joey, 1004);
    await vote(ada, ADA, entry.id, '0');
    await vote(grace, GRACE, entry.id, 'no opinion');
    const res = await toggle(ada, ADA);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe(NOT_READY);
    expect(SENDOFF_NOT_READY_MESSAGE).toBe(NOT_READY);
    expect(await status()).toEqual({ pressed: [], sendoffDate: null });
  });

  test('an empty board cannot be sent', async () => {
    const res = await toggle(ada, ADA);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe(SENDOFF_EMPTY_MESSAGE);
  });

  test('pressing toggles the admin in the pressed list and publishes the state', async () => {
    const entry = await propose(joey, 1004);
    await vote(ada, ADA, entry.id, 'poll');
    await vote(grace, GRACE, entry.id, '1');
    // a poll decides nothing: refused on the first press, not only the last
    const undecided = await toggle(ada, ADA);
    expect(undecided.status).toBe(409);
    expect(await errorOf(undecided)).toBe(SENDOFF_NOTHING_DECIDED_MESSAGE);
    await vote(ada, ADA, entry.id, '1');
    published.length = 0;
    const first = await toggle(ada, ADA);
    expect(await first.json()).toEqual({ pressed: [ADA], sendoffDate: null, published: null });
    expect(await status()).toEqual({ pressed: [ADA], sendoffDate: null });
    expect(await (await toggle(ada, ADA)).json()).toMatchObject({ pressed: [] });
    expect(published).toEqual([
      { topic: TOPICS.judgementSendoff, body: { pressed: [ADA], sendoffDate: null } },
      { topic: TOPICS.judgementSendoff, body: { pressed: [], sendoffDate: null } },
    ]);
  });

  test.each([
    ['not a date', 'next friday', 'date: A banlist date is YYYY-MM-DD'],
    ['an impossible date', '2026-02-30', 'date: Not a real calendar date'],
  ])('the effective date refuses %s with a 400', async (_l, body, message) => {
    const res = await put(ada, `/api/judgement/sendoff-date?adminId=${ADA}`, body);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe(message);
  });

  test('the effective date must come after the newest banlist; blank clears it', async () => {
    const same = await put(ada, `/api/judgement/sendoff-date?adminId=${ADA}`, OLD_DATE);
    expect(same.status).toBe(409);
    expect(await errorOf(same)).toBe(`The effective date must be after the newest banlist (${OLD_DATE}).`);
    expect(await (await put(grace, `/api/judgement/sendoff-date?adminId=${GRACE}`, '2026-03-01')).json()).toEqual({ pressed: [], sendoffDate: '2026-03-01' });
    expect(published.at(-1)).toEqual({ topic: TOPICS.judgementSendoff, body: { pressed: [], sendoffDate: '2026-03-01' } });
    expect(await (await put(grace, `/api/judgement/sendoff-date?adminId=${GRACE}`, '')).json()).toEqual({ pressed: [], sendoffDate: null });
  });

  /** Four rows: three decided (one of them a card not on the list), one contested. */
  async function readyBoard() {
    const raigeki = await propose(joey, 1002, { reason: 'Too strong' }); // LIMITED -> FORBIDDEN
    const pot = await propose(ada, 1001, { reason: 'Fine now', votes: { [ADA]: '3' } }); // FORBIDDEN -> UNLIMITED
    const ash = await propose(linus, 1005, { reason: 'Hand traps everywhere' }); // new -> LIMITED
    const charity = await propose(joey, 1006, { reason: 'Split opinions' }); // poll: stays
    await vote(ada, ADA, raigeki.id, '0');
    await vote(grace, GRACE, raigeki.id, '0');
    await vote(grace, GRACE, pot.id, '3');
    await vote(ada, ADA, ash.id, '1');
    await vote(grace, GRACE, ash.id, '1');
    await vote(ada, ADA, charity.id, '0');
    await vote(grace, GRACE, charity.id, '2');
    return { raigeki, pot, ash, charity };
  }

  test('the last press publishes the banlist, clears the decided rows and resets the state', async () => {
    const { charity } = await readyBoard();
    expect((await put(ada, `/api/judgement/sendoff-date?adminId=${ADA}`, '2026-12-01')).status).toBe(200);
    expect((await toggle(ada, ADA)).status).toBe(200);
    published.length = 0;
    const last = await toggle(grace, GRACE);
    expect(last.status).toBe(200);
    expect(await last.json()).toEqual({
      pressed: [], sendoffDate: null, published: { date: '2026-12-01', name: '2026.12 Test Format', changed: 3 },
    });

    // the new list: the old one with the decisions applied, previous statuses from the old list
    expect(await (await anonymous.get('/api/banlists/dates')).json()).toEqual(['2026-12-01', OLD_DATE]);
    const entries = (await (await anonymous.get('/api/banlists/2026-12-01')).json()) as {
      cardName: string; formatStatus: string; previousFormatStatus: string; reason: string | null; poster: { discordId: string } | null;
    }[];
    expect(entries.map((e) => [e.cardName, e.formatStatus, e.previousFormatStatus, e.reason, e.poster?.discordId ?? null])).toEqual([
      ['Pot of Greed', 'UNLIMITED', 'FORBIDDEN', 'Fine now', ADA],
      ['Raigeki', 'FORBIDDEN', 'LIMITED', 'Too strong', JOEY],
      ['Dark Hole', 'SEMI_LIMITED', 'SEMI_LIMITED', null, null],
      ['Ash Blossom & Joyous Spring', 'LIMITED', 'NONE', 'Hand traps everywhere', LINUS],
    ]);
    const [row] = await server.database.db.select().from(banlists).where(inArray(banlists.date, ['2026-12-01']));
    expect(row).toMatchObject({ kind: 'format', name: '2026.12 Test Format', createdBy: GRACE });

    // the contested row stays, now measured against the new list
    expect((await board()).map((e) => [e.id, e.currentStatus])).toEqual([[charity.id, 'NONE']]);
    expect(await status()).toEqual({ pressed: [], sendoffDate: null });

    // live: the board as it is now, then the reset state
    expect(published).toEqual([
      { topic: TOPICS.judgement, body: await board() },
      { topic: TOPICS.judgementSendoff, body: { pressed: [], sendoffDate: null } },
    ]);

    // the optional webhook gets a summary
    await vi.waitFor(() => expect(webhookPosts).toHaveLength(1));
    const content = (webhookPosts[0] as { content: string }).content;
    expect(content).toContain('**2026.12 Test Format** is published, effective 2026-12-01.');
    expect(content).toContain('• Raigeki: Limited → Forbidden');
    expect(content).toContain('• Ash Blossom & Joyous Spring: None → Limited');
  });

  test('without a date set the send-off is dated today', async () => {
    await readyBoard();
    await toggle(ada, ADA);
    const today = new Date().toISOString().slice(0, 10);
    const res = await toggle(grace, GRACE);
    expect((await res.json()).published).toMatchObject({ date: today });
  });

  test('a failing webhook does not fail the send-off, and its post is tried again', async () => {
    webhookStatus = [500];
    await readyBoard();
    await toggle(ada, ADA);
    expect((await toggle(grace, GRACE)).status).toBe(200);
    expect(await board()).toHaveLength(1);
    await vi.waitFor(() => expect(webhookPosts).toHaveLength(2));
    expect(webhookPosts[1]).toEqual(webhookPosts[0]);
    expect(webhookPaths).toEqual(['/api/webhooks/1234567890/judgement-token', '/api/webhooks/1234567890/judgement-token']);
  });

  test('a newer banlist imported meanwhile makes the last press a 409, and nothing changes', async () => {
    await readyBoard();
    await put(ada, `/api/judgement/sendoff-date?adminId=${ADA}`, '2026-12-01');
    await server.database.db.insert(banlists).values({ date: '2027-01-01', kind: 'format', name: 'Imported' });
    await toggle(ada, ADA);
    const res = await toggle(grace, GRACE);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe(
      "Cannot send votes: the effective date must be after the newest banlist (2027-01-01). Set 'Effective from' to a later date.",
    );
    expect(await status()).toEqual({ pressed: [ADA], sendoffDate: '2026-12-01' });
    expect(await board()).toHaveLength(4);
  });

  test('the published list keeps the newest list\'s shadowed lines: its file and the API have the hash of that edit (decision 027)', async () => {
    const { db } = server.database;
    // earlier lines of Raigeki (decided: now forbidden), Dark Hole (unchanged) and of a card no longer on the list
    await db.update(banlists).set({ shadowedLines: [[1002, 3], [1003, 3], [1004, 2]] }).where(eq(banlists.date, OLD_DATE));
    try {
      await readyBoard();
      await put(ada, `/api/judgement/sendoff-date?adminId=${ADA}`, '2026-12-01');
      await toggle(ada, ADA);
      expect((await toggle(grace, GRACE)).status).toBe(200);
      const [row] = await db.select().from(banlists).where(eq(banlists.date, '2026-12-01'));
      expect(row).toMatchObject({ genesys: false, shadowedLines: [[1002, 3], [1003, 3], [1004, 2]] });
      const file = await (await anonymous.get('/api/banlists/2026-12-01/lflist')).text();
      const [list] = parseLflist(file).lists;
      // the card that left takes its line with it; the others keep theirs, each card's own line comes last
      expect(list!.shadowedLines).toEqual([{ code: 1002, count: 3 }, { code: 1003, count: 3 }]);
      expect(new Map(list!.entries.map((e) => [e.code, e.count]))).toEqual(new Map([[1001, 3], [1002, 0], [1003, 2], [1005, 1]]));
      const hash = lflistHash([{ code: 1002, count: 3 }, { code: 1003, count: 3 }, ...list!.entries]);
      expect(list!.hash).toBe(hash);
      expect((await (await anonymous.get('/api/banlists/2026-12-01/summary')).json()).hash).toBe(hash);
    } finally {
      await db.update(banlists).set({ shadowedLines: [] }).where(eq(banlists.date, OLD_DATE));
    }
  });

  test('a points list ($genesys) as the newest list: pressing is a 409, the send-off would write copy limits as points', async () => {
    await server.database.db.insert(banlists).values({ date: '2026-06-01', kind: 'format', name: 'Genesys', genesys: true });
    await readyBoard();
    const res = await toggle(ada, ADA);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe(JudgementRepository.SENDOFF_POINTS_LIST_MESSAGE);
    expect(await status()).toEqual({ pressed: [], sendoffDate: null });
    expect(await board()).toHaveLength(4);
  });

  test('when every row is a poll or a discussion there is nothing to publish', async () => {
    const entry = await propose(joey, 1006);
    await vote(ada, ADA, entry.id, 'discussion');
    await vote(grace, GRACE, entry.id, '0');
    await toggle(ada, ADA);
    const res = await toggle(grace, GRACE);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatch(/^Cannot send votes: no card has a decided status/);
  });

  test('two admins pressing at once publish exactly one banlist', async () => {
    // several rounds: without the board lock both presses see only themselves and nothing is published
    for (let round = 0; round < 5; round++) {
      await server.database.db.delete(judgementEntries);
      await server.database.db.delete(banlists).where(gt(banlists.date, OLD_DATE));
      await readyBoard();
      const [a, g] = await Promise.all([toggle(ada, ADA), toggle(grace, GRACE)]);
      const bodies = [await a.json(), await g.json()];
      expect(bodies.filter((b) => b.published).length).toBe(1);
      expect(await board()).toHaveLength(1);
      expect(await status()).toEqual({ pressed: [], sendoffDate: null });
    }
  });
});
