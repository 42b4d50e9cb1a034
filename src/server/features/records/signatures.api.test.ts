// The admins' archetype signatures (issue 20) over real HTTP on PGlite and PostgreSQL: who may
// edit them, what is refused, the table's order, the rule's preview on real decks, the name a
// winner's marking gives a matching deck, and the reclassification of recorded decks.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ArchetypePreview, ReclassifyResult, Report, Signature } from '../../../domain/api/records.ts';
import type { Match, Tournament } from '../../../domain/api/tournaments.ts';
import { parseYdk } from '../../../domain/decks/ydk.ts';
import { loadDemoCards } from '../../db/seed.ts';
import { signedInClient } from '../../test/test-server.ts';
import { apiTest } from '../../test/api-test.ts';
import { errorOf, ok } from '../tournaments/tournament-test-kit.ts';
import { ADMINS_ONLY, SIGNATURE_NOT_FOUND } from './signatures-routes.ts';

const read = (p: string) => readFileSync(new URL(`../../../../../shared/data/decks/${p}`, import.meta.url), 'utf8');
const CHAOS = read('iceygo-windbot/AI_Chaos408.ydk');
const WARRIOR = read('projectignis-distribution/Structure Deck - Warrior\'s Triumph.ydk');
const BLACKWING = read('iceygo-windbot/AI_Blackwing.ydk');
const OLD_SCHOOL = read('iceygo-windbot/AI_OldSchool.ydk');

// Marking cards, read off the decks with the card database: Chaos408 plays 3 Chaos Sorcerer and 3
// Cyber Dragon (Chaos Sorcerer's 8 copies of nothing make no archetype); Warrior's Triumph plays
// Marauding Captain, Command Knight and Reinforcement of the Army; Spirit Reaper and Magician of
// Faith are the Goat Control engine Chaos408 plays too.
const CHAOS_SORCERER = 9596126;
const CYBER_DRAGON = 70095154;
const SPIRIT_REAPER = 23205979;
const MAGICIAN_OF_FAITH = 31560081;
const MARAUDING_CAPTAIN = 2460565;
const COMMAND_KNIGHT = 10375182;
const REINFORCEMENT = 32807846;
const SCAPEGOAT = 73915051;

const { server, anonymous, admin, host, user } = apiTest(
  { admin: ['952000000000000001', 2, 'Ada'], host: ['952000000000000002', 1, 'Hosta'], user: ['952000000000000003', 0, 'Ulla'] },
);
let nextPlayer = 300;

beforeAll(async () => {
  await loadDemoCards(server.database.db);
}, 120_000);

const list = async () => ok<Signature[]>(await anonymous.get('/api/archetypes/signatures'));
const add = async (body: unknown) => ok<Signature>(await admin.post('/api/archetypes/signatures', body));
const preview = async (body: unknown) => ok<ArchetypePreview>(await admin.post('/api/archetypes/preview', body));
async function clearTable() {
  for (const s of await list()) expect((await admin.request('DELETE', `/api/archetypes/signatures/${s.id}`)).status).toBe(204);
}

describe('who may edit the table', () => {
  beforeAll(clearTable);

  test('anyone reads it; only admins write it (anonymous 401, a user or a host 403)', async () => {
    expect(await list()).toEqual([]);
    const body = { name: 'Chaos', cards: [CHAOS_SORCERER] };
    expect((await anonymous.post('/api/archetypes/signatures', body)).status).toBe(401);
    for (const who of [user, host]) {
      const res = await who.post('/api/archetypes/signatures', body);
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toBe(ADMINS_ONLY);
    }
    const created = await add(body);
    expect(created).toMatchObject({ name: 'Chaos', min: null, cards: [{ passcode: CHAOS_SORCERER, name: 'Chaos Sorcerer' }] });
    const id = created.id;
    const writes: [string, string, unknown][] = [
      ['PUT', `/api/archetypes/signatures/${id}`, body],
      ['DELETE', `/api/archetypes/signatures/${id}`, undefined],
      ['POST', '/api/archetypes/signatures/order', { ids: [id] }],
      ['POST', '/api/archetypes/reclassify', undefined],
    ];
    for (const [method, path, b] of writes) {
      expect((await anonymous.request(method, path, { body: b })).status).toBe(401);
      expect((await user.request(method, path, { body: b })).status).toBe(403);
    }
    expect((await anonymous.post('/api/archetypes/preview', { deck: CHAOS })).status).toBe(401);
    // a signed-in user may test a deck: the rule is public
    expect((await ok<ArchetypePreview>(await user.post('/api/archetypes/preview', { deck: CHAOS }))).name).toBe('Chaos');
    expect(await list()).toHaveLength(1);
  });
});

describe('what is refused', () => {
  let goat: Signature;
  beforeAll(async () => {
    await clearTable();
    goat = await add({ name: 'Goat Control', cards: [SPIRIT_REAPER, MAGICIAN_OF_FAITH, SCAPEGOAT], min: 2 });
  });

  test.each([
    ['no name', { cards: [SCAPEGOAT] }, /^name: required/],
    ['a blank name', { name: '   ', cards: [SCAPEGOAT] }, /^name: required/],
    ['a name of 41 characters', { name: 'x'.repeat(41), cards: [SCAPEGOAT] }, /^name: at most 40/],
    ['no cards', { name: 'X', cards: [] }, /^cards: at least one card/],
    ['21 cards', { name: 'X', cards: Array.from({ length: 21 }, (_, i) => i + 1) }, /^cards: at most 20/],
    ['a card that is not a number', { name: 'X', cards: ['Scapegoat'] }, /^cards/],
    ['min 0', { name: 'X', cards: [SCAPEGOAT], min: 0 }, /^min: at least 1/],
    ['a field the table does not have', { name: 'X', cards: [SCAPEGOAT], colour: 'red' }, /colour/],
    ['an array for a body', [1, 2], /JSON object/],
  ])('%s: 400', async (_label, body, message) => {
    const res = await admin.post('/api/archetypes/signatures', body);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatch(message);
  });

  test('unknown passcodes are named; min above the number of cards is refused', async () => {
    const res = await admin.post('/api/archetypes/signatures', { name: 'Ghost', cards: [SCAPEGOAT, 123, 456] });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe('cards: no card has the passcodes 123, 456');
    const tooMany = await admin.post('/api/archetypes/signatures', { name: 'Ghost', cards: [SCAPEGOAT, SCAPEGOAT], min: 2 });
    expect(tooMany.status).toBe(400);
    expect(await errorOf(tooMany)).toBe('min: at most the number of different cards (1)');
  });

  test('a duplicate name (letter case aside) is 409, on add and on edit', async () => {
    const dup = await admin.post('/api/archetypes/signatures', { name: 'goat control', cards: [SCAPEGOAT] });
    expect(dup.status).toBe(409);
    expect(await errorOf(dup)).toBe('A signature named "goat control" already exists');
    const other = await add({ name: 'Other Goats', cards: [SCAPEGOAT] });
    const rename = await admin.request('PUT', `/api/archetypes/signatures/${other.id}`, { body: { name: 'Goat Control', cards: [SCAPEGOAT] } });
    expect(rename.status).toBe(409);
    // renaming a signature to its own name in another case is no duplicate
    const same = await ok<Signature>(await admin.request('PUT', `/api/archetypes/signatures/${goat.id}`, { body: { name: 'GOAT Control', cards: [SCAPEGOAT, SPIRIT_REAPER, SCAPEGOAT], min: 1 } }));
    expect(same).toMatchObject({ id: goat.id, name: 'GOAT Control', min: 1, position: goat.position, cards: [{ passcode: SCAPEGOAT, name: 'Scapegoat' }, { passcode: SPIRIT_REAPER, name: 'Spirit Reaper' }] });
  });

  test('an unknown or malformed id: 404 or 400', async () => {
    for (const method of ['PUT', 'DELETE']) {
      const res = await admin.request(method, '/api/archetypes/signatures/999999', { body: method === 'PUT' ? { name: 'X', cards: [SCAPEGOAT] } : undefined });
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toBe(SIGNATURE_NOT_FOUND);
      expect((await admin.request(method, '/api/archetypes/signatures/abc', { body: method === 'PUT' ? { name: 'X', cards: [SCAPEGOAT] } : undefined })).status).toBe(400);
    }
  });
});

describe('the table’s order', () => {
  let ids: number[];
  beforeAll(async () => {
    await clearTable();
    ids = [];
    for (const name of ['First', 'Second', 'Third']) ids.push((await add({ name, cards: [CHAOS_SORCERER] })).id);
  });

  test('new signatures go to the end; an order of every id is kept', async () => {
    expect((await list()).map((s) => s.name)).toEqual(['First', 'Second', 'Third']);
    const reordered = await ok<Signature[]>(await admin.post('/api/archetypes/signatures/order', { ids: [ids[2], ids[0], ids[1]] }));
    expect(reordered.map((s) => s.name)).toEqual(['Third', 'First', 'Second']);
    expect((await list()).map((s) => s.name)).toEqual(['Third', 'First', 'Second']);
    // the first signature a deck matches names it
    expect((await preview({ deck: CHAOS })).name).toBe('Third');
  });

  test('an order that leaves one out, names one twice or one that is gone is refused', async () => {
    const cases: [number[], number, RegExp][] = [
      [[ids[0]!, ids[1]!], 409, /name every signature once/],
      [[ids[0]!, ids[0]!, ids[1]!, ids[2]!], 400, /listed twice/],
      [[ids[0]!, ids[1]!, 999999], 409, /no signature has the id 999999/],
    ];
    for (const [order, status, message] of cases) {
      const res = await admin.post('/api/archetypes/signatures/order', { ids: order });
      expect(res.status).toBe(status);
      expect(await errorOf(res)).toMatch(message);
    }
    expect((await admin.post('/api/archetypes/signatures/order', { ids: 'all' })).status).toBe(400);
    expect((await list()).map((s) => s.name)).toEqual(['Third', 'First', 'Second']);
  });
});

describe('the preview of the rule on real decks', () => {
  beforeAll(clearTable);

  test('with no signature, the historic decks are Other and the archetype decks keep their archetype', async () => {
    expect(await preview({ deck: CHAOS })).toMatchObject({ name: 'Other', source: 'other', signatureId: null, cards: 40 });
    expect(await preview({ deck: BLACKWING })).toMatchObject({ name: 'Blackwing', source: 'setcode' });
  });

  test('a signature names the decks that hold its cards; min says how many of them', async () => {
    const chaos = await add({ name: 'Chaos', cards: [CHAOS_SORCERER, CYBER_DRAGON] });
    const warrior = await add({ name: 'Warrior', cards: [MARAUDING_CAPTAIN, COMMAND_KNIGHT, REINFORCEMENT, SCAPEGOAT], min: 3 });
    expect(await preview({ deck: CHAOS })).toMatchObject({ name: 'Chaos', source: 'signature', copies: 6, signatureId: chaos.id });
    // Marauding Captain ×2, Command Knight, Reinforcement ×2: three different of the four
    expect(await preview({ deck: WARRIOR })).toMatchObject({ name: 'Warrior', source: 'signature', copies: 5, signatureId: warrior.id });
    await ok(await admin.request('PUT', `/api/archetypes/signatures/${warrior.id}`, { body: { name: 'Warrior', cards: [MARAUDING_CAPTAIN, COMMAND_KNIGHT, REINFORCEMENT, SCAPEGOAT] } }));
    expect((await preview({ deck: WARRIOR })).name).toBe('Other'); // all four now, and it plays no Scapegoat
    expect((await preview({ deck: OLD_SCHOOL })).name).toBe('Other');
    // a signature never renames an archetype deck
    await add({ name: 'Any Blackwing card', cards: [parseYdk(BLACKWING).deck.main[0]!], min: 1 });
    expect((await preview({ deck: BLACKWING })).name).toBe('Blackwing');
  });

  test('passcodes, a ydke:// link and ydk text give one answer', async () => {
    const { main, extra } = parseYdk(CHAOS).deck;
    expect((await preview({ main, extra })).name).toBe('Chaos');
    expect((await preview({ main })).name).toBe('Chaos');
    const ydke = `ydke://${[main, extra, []].map((s) => Buffer.from(new Uint32Array(s).buffer).toString('base64')).join('!')}!`;
    expect(await preview({ deck: ydke })).toMatchObject({ name: 'Chaos', cards: 40 });
  });

  test.each([
    ['nothing', {}, /^Send the deck/],
    ['both kinds', { main: [CHAOS_SORCERER], deck: CHAOS }, /not both/],
    ['an empty deck', { main: [], extra: [] }, /no cards/],
    ['text that is no deck', { deck: 'hello' }, /^deck: /],
    ['201 cards', { main: Array.from({ length: 201 }, () => CHAOS_SORCERER) }, /^main: at most 200/],
    ['a passcode too large', { main: [2 ** 32] }, /^main/],
    ['over-long text', { deck: 'x'.repeat(100_001) }, /^deck: at most/],
  ])('%s: 400', async (_label, body, message) => {
    const res = await admin.post('/api/archetypes/preview', body);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatch(message);
  });
});

describe('recorded decks', () => {
  let uid: string;
  let chaosId: number;
  const LABELS = ['Chaos list', 'Warrior list'];
  const report = async () => ok<Report>(await anonymous.get(`/api/tournaments/${uid}/report`));
  const deckOf = (r: Report, label: string) => r.decks.find((d) => d.label === label)!;

  beforeAll(async () => {
    await clearTable();
    chaosId = (await add({ name: 'Chaos Turbo', cards: [CHAOS_SORCERER, CYBER_DRAGON] })).id;
    ({ uid } = await ok<{ uid: string }>(await host.post('/api/tournaments/host', { name: 'Signatures', manualDeckChecking: false, deckPrivacy: 'all' })));
    for (const [i, text] of [CHAOS, WARRIOR].entries()) {
      const player = await signedInClient(server, `95200000000000${String(nextPlayer++).padStart(4, '0')}`, 0, `Player ${i}`);
      await ok(await player.post(`/api/tournaments/${uid}/signup`, { name: `Team ${i}` }));
      await ok(await player.request('POST', `/api/tournaments/${uid}/decks?label=${encodeURIComponent(LABELS[i]!)}`, { body: text }));
    }
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    for (let guard = 0; guard < 10; guard++) {
      const t = await ok<Tournament>(await anonymous.get(`/api/tournaments/${uid}`));
      for (const m of await ok<Match[]>(await admin.get(`/api/tournaments/${uid}/matches?round=${t.currentRound}`))) {
        if (m.complete || !m.team1Id || !m.team2Id) continue;
        await ok(await admin.post(`/api/tournaments/${uid}/matches/${m.id}/override-winner?winnerTeamId=${m.team1Id}`, { team1Wins: 2, team2Wins: 0 }));
      }
      if (t.currentRound >= t.roundCount) break;
      await ok(await host.post(`/api/tournaments/${uid}/next-round`));
    }
    await ok(await host.post(`/api/tournaments/${uid}/winner`));
  }, 120_000);

  test('a winner marked after a signature was added names the matching deck by it', async () => {
    const r = await report();
    expect(deckOf(r, LABELS[0]!)).toMatchObject({ archetype: 'Chaos Turbo', archetypeAuto: 'Chaos Turbo', corrected: false });
    expect(deckOf(r, LABELS[1]!).archetype).toBe('Other');
    expect(r.meta.archetypes.map((a) => a.archetype).sort()).toEqual(['Chaos Turbo', 'Other']);
  });

  test('reclassify names published decks again by today’s table, keeps hand corrections, and the cached report follows', async () => {
    await ok(await admin.post('/api/archetypes/signatures', { name: 'Warrior', cards: [MARAUDING_CAPTAIN, COMMAND_KNIGHT, REINFORCEMENT], min: 2 }));
    const chaosDeck = deckOf(await report(), LABELS[0]!);
    await ok(await host.request('PATCH', `/api/tournaments/${uid}/report/decks/${chaosDeck.id}`, { body: { archetype: 'Goat Control' } }));
    await ok(await admin.request('PUT', `/api/archetypes/signatures/${chaosId}`, { body: { name: 'Chaos', cards: [CHAOS_SORCERER, CYBER_DRAGON] } }));
    expect(deckOf(await report(), LABELS[1]!).archetype).toBe('Other'); // cached, and nothing rewrote it yet

    const result = await ok<ReclassifyResult>(await admin.post('/api/archetypes/reclassify'));
    expect(result).toEqual({ decks: 2, changed: 1, events: 1, runs: 0, leagues: 0 });
    const r = await report();
    expect(deckOf(r, LABELS[1]!)).toMatchObject({ archetype: 'Warrior', archetypeAuto: 'Warrior', corrected: false });
    expect(deckOf(r, LABELS[0]!)).toMatchObject({ archetype: 'Goat Control', archetypeAuto: 'Chaos', corrected: true });
    expect(r.meta.archetypes.map((a) => a.archetype).sort()).toEqual(['Goat Control', 'Warrior']);
    // run again: nothing left to change
    expect(await ok<ReclassifyResult>(await admin.post('/api/archetypes/reclassify'))).toEqual({ decks: 2, changed: 0, events: 0, runs: 0, leagues: 0 });
  });
});
