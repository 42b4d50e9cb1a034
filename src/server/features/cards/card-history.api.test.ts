// Issue 32 §2, §3 over HTTP: a card's history across imported lists and a send-off, and two real
// lists compared (the expected diff computed here from the files).
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import type { CardHistory, ListComparison } from '../../../domain/api/card-pages.ts';
import { parseLflist } from '../../../domain/banlists/lflist.ts';
import { cards } from '../../db/schema.ts';
import { cardRowFromJson } from './card-import.ts';
import type { CardJson } from './card-json.ts';
import * as CardsRepository from './cards-repository.ts';
import { TestClient } from '../../test/test-server.ts';
import { apiTest } from '../../test/api-test.ts';
import { cardFacts, cardLinkCard } from './card-link-card.ts';

const LFLISTS = new URL('../../../../../shared/data/lflists/', import.meta.url);
const CARDS_JSON = new URL('../../../../../shared/data/cards/', import.meta.url);
const NORDEN = 17412721;
const NORDEN_PRE_ERRATA = 17412731;
const MIND_MASTER = 96782886;
const MIND_MASTER_PRE_ERRATA = 96782896;
const ADA = '301';
const GRACE = '302';
const JOEY = '303';
const CARDS = [{ id: 1001, name: 'Pot of Greed' }, { id: 1002, name: 'Raigeki' }];

const { server, ada, grace, joey } = apiTest(
  { ada: [ADA, 2, 'Ada'], grace: [GRACE, 2, 'Grace'], joey: [JOEY, 0, 'Joey'] },
  { FORMAT_NAME: 'Test Format' },
);
const anonymous = () => new TestClient(server.url);

beforeAll(async () => {
  await server.database.db.insert(cards).values(CARDS.map((c) => ({ ...c, searchName: c.name.toLowerCase(), type: 2, cardType: 'SPELL_NORMAL' })));
});

async function ok<T>(res: Response): Promise<T> {
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res.json() as Promise<T>;
}
const importList = (date: string, text: string) => ada.request('PUT', `/api/banlists/${date}`, { body: text });
const history = async (passcode: number) => ok<CardHistory>(await anonymous().get(`/api/cards/${passcode}/history`));

describe('a card’s history', () => {
  test('a card whose status changes across three imported lists has three entries with their dates', async () => {
    await ok(await importList('2026-01-01', '!2026.01 Test\n1001 0\n1002 1\n'));
    await ok(await importList('2026-02-01', '!2026.02 Test\n1001 1\n1002 1\n'));
    // the same stamp would serve a stale answer: the import moves it
    expect((await history(1001)).statuses).toHaveLength(2);
    await ok(await importList('2026-03-01', '!2026.03 Test\n1001 2\n1002 1\n'));
    const h = await history(1001);
    expect(h.name).toBe('Pot of Greed');
    expect(h.statuses.map((s) => [s.date, s.name, s.status, s.change, s.previousStatus ?? null])).toEqual([
      ['2026-01-01', '2026.01 Test', 'FORBIDDEN', 'FIRST', null],
      ['2026-02-01', '2026.02 Test', 'LIMITED', 'CHANGED', 'FORBIDDEN'],
      ['2026-03-01', '2026.03 Test', 'SEMI_LIMITED', 'CHANGED', 'LIMITED'],
    ]);
    expect(h.statuses.every((s) => s.judgements.length === 0)).toBe(true);
    expect((await anonymous().get('/api/cards/999999/history')).status).toBe(404);
    const bad = await anonymous().get('/api/cards/abc/history');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/number/);
  });

  test('a send-off keeps the entry’s reason and each admin’s vote, shown on the list it produced', async () => {
    const entry = await ok<{ id: number }>(await joey.post('/api/judgement', { cardId: 1002, reason: 'Too strong for one card' }));
    await ok(await ada.post(`/api/judgement/${entry.id}/vote?adminId=${ADA}&vote=0`));
    await ok(await grace.post(`/api/judgement/${entry.id}/vote?adminId=${GRACE}&vote=0`));
    await ok(await ada.request('PUT', `/api/judgement/sendoff-date?adminId=${ADA}`, { body: '2026-04-01' }));
    await ok(await ada.post(`/api/judgement/sendoff-toggle?adminId=${ADA}`));
    await ok(await grace.post(`/api/judgement/sendoff-toggle?adminId=${GRACE}`));
    // the board forgot the row; the card's history did not
    expect(await ok<unknown[]>(await ada.get('/api/judgement'))).toEqual([]);
    const last = (await history(1002)).statuses.at(-1)!;
    expect(last).toMatchObject({ date: '2026-04-01', status: 'FORBIDDEN', change: 'CHANGED', previousStatus: 'LIMITED' });
    expect(last.judgements).toEqual([{
      reason: 'Too strong for one card', poster: { discordId: JOEY, displayName: 'Joey' }, status: 'FORBIDDEN',
      decidedAt: expect.any(String),
      votes: [{ discordId: ADA, displayName: 'Ada', vote: '0' }, { discordId: GRACE, displayName: 'Grace', vote: '0' }],
    }]);
    // the link card of /cards/1001: its status on the newest list (the send-off's, which kept its line)
    const card = cardLinkCard((await cardFacts(server.database.db, 1001))!, { siteName: 'Site', url: 'https://x.test/cards/1001' }, { url: 'https://x.test/p.png', alt: '' });
    expect(card).toMatchObject({ title: 'Pot of Greed' });
    expect(card!.description).toMatch(/ · Semi-Limited on 2026\.04 Test Format$/);
  });
});

describe('two lists compared', () => {
  const read = (file: string) => readFileSync(new URL(file, LFLISTS), 'utf8');
  const FROM = '2023.02-TCG.lflist.conf';
  const TO = '2026.05-TCG.lflist.conf';

  test('two real TCG lists: the changes are those of the files, by group', async () => {
    await ok(await importList('2023-02-01', read(FROM)));
    await ok(await importList('2026-05-01', read(TO)));
    const body = await ok<ListComparison>(await anonymous().get('/api/banlists/compare?from=2023-02-01&to=2026-05-01'));
    // the diff from the files: a card off a plain list is Unlimited (spec 1 §3's counts written out here)
    const status = ['FORBIDDEN', 'LIMITED', 'SEMI_LIMITED', 'UNLIMITED'];
    const counts = (file: string) => new Map(parseLflist(read(file)).lists[0]!.entries.map((e) => [e.code, e.count]));
    const [a, b] = [counts(FROM), counts(TO)];
    const expected = [...new Set([...a.keys(), ...b.keys()])].flatMap((code) => {
      const [x, y] = [status[Math.min(a.get(code) ?? 3, 3)]!, status[Math.min(b.get(code) ?? 3, 3)]!];
      return x === y ? [] : [[code, x, y]];
    });
    expect(body.from).toEqual({ date: '2023-02-01', name: '2023.02 TCG', whitelist: false, points: false });
    expect(body.changes.map((c) => [c.passcode, c.fromStatus, c.toStatus]).sort((p, q) => Number(p[0]) - Number(q[0])))
      .toEqual(expected.sort((p, q) => Number(p[0]) - Number(q[0])));
    expect(expected.length).toBeGreaterThan(50);
    expect(body.changes.every((c) => c.group === c.toStatus)).toBe(true);
    // grouped in the order newly Forbidden … Unlimited
    const groups = [...new Set(body.changes.map((c) => c.group))];
    expect(groups).toEqual(status.filter((s) => groups.includes(s as never)));
  });

  test('an alternate passcode (a pre-errata version by the same name) is named by its card, with its passcode', async () => {
    // the real rows: Elder Entity Norden and Mind Master, and their pre-errata passcodes (cards-unofficial, alias the card)
    const wanted = new Set([NORDEN, NORDEN_PRE_ERRATA, MIND_MASTER, MIND_MASTER_PRE_ERRATA]);
    const rows = ['cards-official.json', 'cards-unofficial.json'].flatMap((f) => JSON.parse(readFileSync(new URL(f, CARDS_JSON), 'utf8')) as CardJson[]);
    await CardsRepository.upsertCards(server.database.db, rows.filter((c) => wanted.has(c.id)).map(cardRowFromJson));
    await ok(await importList('2026-06-01', read('2026.05-Worlds.lflist.conf')));
    await ok(await importList('2026-07-01', read('2026.07-OCG.lflist.conf')));
    const body = await ok<ListComparison>(await anonymous().get('/api/banlists/compare?from=2026-06-01&to=2026-07-01'));
    const of = (passcode: number) => body.changes.find((c) => c.passcode === passcode);
    expect([NORDEN_PRE_ERRATA, NORDEN, MIND_MASTER_PRE_ERRATA, MIND_MASTER].map((p) => of(p) && [of(p)!.name, of(p)!.alternateOf, of(p)!.fromStatus, of(p)!.toStatus])).toEqual([
      ['Elder Entity Norden', NORDEN, 'UNLIMITED', 'FORBIDDEN'],
      ['Elder Entity Norden', null, 'FORBIDDEN', 'LIMITED'],
      ['Mind Master', MIND_MASTER, 'UNLIMITED', 'FORBIDDEN'],
      ['Mind Master', null, 'FORBIDDEN', 'LIMITED'],
    ]);
  });

  test('a bad date is a 400 with a sentence, a date without a list a 404', async () => {
    const bad = await anonymous().get('/api/banlists/compare?from=2023-02-30&to=2026-05-01');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/calendar date/);
    expect((await anonymous().get('/api/banlists/compare?from=2023-02-01')).status).toBe(400);
    const missing = await anonymous().get('/api/banlists/compare?from=2023-02-01&to=2025-01-01');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toBe('There is no format banlist of 2025-01-01.');
  });
});
