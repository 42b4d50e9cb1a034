// Issue 38's first 'done when', at the real limits (rate-limit scale 1), on PGlite and PostgreSQL:
// eleven Discord users send /notifications as fast as their own limit allows (300 a minute each,
// 3,300 in all: more than the 3,000 writes a minute one address may make), while a twelfth signs up,
// checks in and reports from Discord without a single refusal. Every bot call comes from this
// process, so before issue 38 the eleven used up the loopback address's limit for everyone.
import { expect, test } from 'vitest';
import type { Tournament } from '../../../domain/api/tournaments.ts';
import { RATE_LIMITS } from '../../http/rate-limits.ts';
import { ok } from '../tournaments/tournament-test-kit.ts';
import { botApiTest, buttonId, shown, type Reply } from './bot-test-kit.ts';

const HOST = '961938000000000002';
const PLAYER = '961938000000000100';
const SPAMMERS = Array.from({ length: 11 }, (_, i) => `9619380000000002${String(i).padStart(2, '0')}`);
const PER_USER = RATE_LIMITS.write;

const { host, bot } = await botApiTest({ host: [HOST, 1, 'Hosta'] }, { rateLimitScale: 1 });

/** `n` tasks, `width` at a time. */
async function pool<T>(n: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < n) {
      const i = next++;
      out[i] = await task(i);
    }
  }));
  return out;
}

const isRefusal = (r: Reply) => /too many requests|something went wrong|could not|not allowed|refused/i.test(shown(r.data?.content));

test('eleven users at their own limit stop nobody else: the twelfth signs up, checks in and reports', async () => {
  const { uid } = await ok<{ uid: string }>(await host.post('/api/tournaments/host', { name: 'Jam Night', format: 'DEFAULT', manualDeckChecking: false, checkIn: true }));
  await ok(await host.post(`/api/tournaments/${uid}/seed-test?count=1`));
  await ok(await host.post(`/api/tournaments/${uid}/check-in/open`));
  const event = [{ name: 'event', type: 3, value: uid }];
  const mine: Reply[] = [];

  // the eleven, each up to their own limit, 32 interactions in flight at once; the twelfth signs up and checks in meanwhile
  const spam = pool(SPAMMERS.length * PER_USER, 32, (i) => bot.slash(SPAMMERS[i % SPAMMERS.length]!, 'notifications', [{ name: 'state', type: 3, value: i % 2 ? 'on' : 'off' }]));
  mine.push(await bot.slash(PLAYER, 'signup', [...event, { name: 'team', type: 3, value: 'Twelfth' }]));
  mine.push(await bot.slash(PLAYER, 'checkin', event));
  const answers = await spam;
  expect(answers.filter((r) => /^Direct messages are (on|off)/.test(r.data?.content ?? ''))).toHaveLength(SPAMMERS.length * PER_USER);

  // past the shared address's 3,000 writes a minute: the twelfth plays on
  const t = await ok<Tournament>(await host.get(`/api/tournaments/${uid}`));
  await ok(await host.post(`/api/tournaments/${uid}/teams/${t.teams.find((x) => x.name !== 'Twelfth')!.uid}/check-in`));
  await ok(await host.post(`/api/tournaments/${uid}/start`));
  const prompt = await bot.slash(PLAYER, 'report', event);
  mine.push(prompt);
  mine.push(await bot.press(PLAYER, buttonId(prompt.data?.components, '2-0')));
  expect(mine.map((r) => shown(r.data?.content))).toEqual([
    'Signed up: **Twelfth** plays in **Jam Night**. Submit your deck with /deck (a .ydk file or a ydke:// text).',
    'Checked in: Twelfth plays in **Jam Night**.',
    '**Jam Night**, round 1, table 1 against Test Team 1: your result (your games first)?',
    'You reported 2-0: waiting for your opponent to confirm (they get a message).',
  ]);
  expect(mine.some(isRefusal)).toBe(false);

  // one more from a spammer: over their own limit, told the wait privately; nothing changed for them
  const over = await bot.slash(SPAMMERS[0]!, 'notifications', [{ name: 'state', type: 3, value: 'on' }]);
  expect(over.data).toMatchObject({ flags: 64, content: expect.stringMatching(/^Too many requests: try again in \d+ s$/) });
}, 240_000);
