// The event settings of issue 19 over real HTTP on PGlite and PostgreSQL: hosting with them and their
// defaults, the webhook in privileged reads only (never from the public cache), PATCH .../settings
// (who may, what may change before and after the start, bad values), the host's top cut and Swiss
// rounds played to a champion, a cut larger than the field, the list ordered by start, and the
// banlist changed before the start with the decks checked again (issue 30 §8).
import { beforeAll, describe, expect, test } from 'vitest';
import type { AuditEntry, Match, Participant, Tournament, TournamentSummary } from '../../../domain/api/tournaments.ts';
import type { Deck } from '../../../domain/api/decks.ts';
import { signedInClient, TestClient } from '../../test/test-server.ts';
import { apiTest } from '../../test/api-test.ts';
import { importLflist } from '../banlists/banlist-import.ts';
import { cardRowFromJson } from '../cards/card-import.ts';
import * as CardsRepository from '../cards/cards-repository.ts';
import { errorOf, ok, tournamentKit } from './tournament-test-kit.ts';

const ADMIN = '961900000000000001';
const HOST = '961900000000000002';
const CURATOR = '961900000000000003';
const STRANGER = '961900000000000004';
const WEBHOOK = 'https://discord.com/api/webhooks/123456789012345678/abcDEF-token_1';
// two spells and two site lists: the open one allows the decks below, the strict one forbids Pot of Greed and limits Graceful Charity
const POT = 55144522;
const CHARITY = 79571449;
const OPEN_LIST = `#[Test Open]\n!Test Open\n${POT} 3\n${CHARITY} 3\n`;
const STRICT_LIST = `#[Test Strict]\n!Test Strict\n${POT} 0\n${CHARITY} 1\n`;
const ydk = (...main: number[]) => `#main\n${main.join('\n')}\n#extra\n!side\n`;

const { server, anonymous, admin, host, curator, stranger } = apiTest(
  { admin: [ADMIN, 2, 'Ada'], host: [HOST, 1, 'Hosta'], curator: [CURATOR, 1, 'Linus'], stranger: [STRANGER, 0, 'Stranger'] },
);
const kit = tournamentKit(server, { host, admin });

beforeAll(async () => {
  const db = server.database.db;
  await CardsRepository.upsertCards(db, [
    { id: POT, name: 'Pot of Greed', type: 0x2 }, { id: CHARITY, name: 'Graceful Charity', type: 0x2 },
  ].map(cardRowFromJson));
  await importLflist(db, OPEN_LIST, { date: '2026-01-01' });
  await importLflist(db, STRICT_LIST, { date: '2026-02-01' });
}, 120_000);

const patch = (c: TestClient, uid: string, body: unknown) => c.request('PATCH', `/api/tournaments/${uid}/settings`, { body });
const read = async (c: TestClient, uid: string) => ok<Tournament>(await c.get(`/api/tournaments/${uid}`));
/** A player of the event: the captain of its first team. */
const aPlayer = async (uid: string) => kit.players.get((await kit.state(uid)).teams[0]!.captainDiscordId)!;

describe('hosting with the event settings', () => {
  test('left out, they are the defaults: no start, no check-in, 50-minute rounds, untimed cut, no late entry, the rule for the cut', async () => {
    const uid = await kit.event('DEFAULT', 0);
    const t = await read(anonymous, uid);
    expect(t).toMatchObject({
      startsAt: null, checkIn: false, checkInStatus: { open: false, checkedIn: 0, total: 0 }, topCut: null, swissRounds: null,
      roundMinutes: 50, topCutRoundMinutes: 0, lateEntryRounds: 0, lateEntryOpen: false, roundEndsAt: null,
    });
    expect('discordWebhookUrl' in t).toBe(false);
    expect((await read(host, uid)).discordWebhookUrl).toBeNull();
  });

  test('given, every one is stored and read back (the start in UTC)', async () => {
    const uid = await kit.event('DEFAULT', 0, {
      startsAt: '2026-12-05T20:00:00+01:00', checkIn: true, topCut: 4, swissRounds: 5, roundMinutes: 40, topCutRoundMinutes: 60,
      lateEntryRounds: 2, discordWebhookUrl: WEBHOOK,
    });
    expect(await read(host, uid)).toMatchObject({
      startsAt: '2026-12-05T19:00:00.000Z', checkIn: true, topCut: 4, swissRounds: 5, roundMinutes: 40, topCutRoundMinutes: 60,
      lateEntryRounds: 2, discordWebhookUrl: WEBHOOK,
    });
  });

  test.each([
    [{ discordWebhookUrl: 'https://example.com/api/webhooks/1/x' }, 'discordWebhookUrl: must be a Discord webhook URL (https://discord.com/api/webhooks/…)'],
    [{ discordWebhookUrl: 'http://discord.com/api/webhooks/1/x' }, 'discordWebhookUrl: must be a Discord webhook URL (https://discord.com/api/webhooks/…)'],
    [{ topCut: 3 }, 'topCut: must be one of 0, 2, 4, 8, 16, 32'],
    [{ swissRounds: 21 }, 'swissRounds: must be at most 20'],
    [{ roundMinutes: -5 }, 'roundMinutes: must be at least 0'],
    [{ lateEntryRounds: 4 }, 'lateEntryRounds: must be at most 3'],
    [{ startsAt: 'next friday' }, 'startsAt: must be a date and time such as 2026-12-05T19:00:00Z'],
  ])('%o is refused with a sentence', async (extra, sentence) => {
    const res = await host.post('/api/tournaments/host', { name: 'Bad settings', format: 'DEFAULT', ...extra });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toContain(sentence);
  });
});

describe('the webhook is for admins and the host only', () => {
  test('every other read lacks it, the public cache included, and the privileged read is private', async () => {
    const uid = await kit.event('DEFAULT', 2, { discordWebhookUrl: WEBHOOK });
    const player = await aPlayer(uid);
    // the public variant cached first, then the privileged one, then the public one again from the cache
    for (const c of [anonymous, stranger, player, curator]) expect('discordWebhookUrl' in (await read(c, uid))).toBe(false);
    const res = await host.get(`/api/tournaments/${uid}`);
    expect(res.headers.get('cache-control')).toContain('private');
    expect(((await res.json()) as Tournament).discordWebhookUrl).toBe(WEBHOOK);
    expect((await read(admin, uid)).discordWebhookUrl).toBe(WEBHOOK);
    for (const c of [anonymous, stranger, player, curator]) {
      const body = await (await c.get(`/api/tournaments/${uid}`)).text();
      expect(body).not.toContain('webhooks');
    }
    // the list and the live state never carry it
    expect(JSON.stringify(await ok<TournamentSummary[]>(await host.get('/api/tournaments')))).not.toContain('webhooks');
    expect(await (await anonymous.get(`/api/tournaments/${uid}/scoreboard`)).text()).not.toContain('webhooks');
  });
});

describe('PATCH .../settings', () => {
  test.each([
    ['a visitor', 401, () => anonymous],
    ['a stranger', 403, () => stranger],
    ['a curator who does not host it', 403, () => curator],
    ['a player of the event', 403, null],
    ['the host', 200, () => host],
    ['an admin', 200, () => admin],
  ] as const)('%s: %i', async (_who, status, client) => {
    const uid = await kit.event('DEFAULT', 2);
    const c = client ? client() : await aPlayer(uid);
    const res = await patch(c, uid, { roundMinutes: 30 });
    expect(res.status).toBe(status);
    expect((await kit.state(uid)).roundMinutes).toBe(status === 200 ? 30 : 50);
  });

  test('before the start every field changes, audited with what it was and became (the webhook without its token)', async () => {
    const uid = await kit.event('DEFAULT', 2);
    const t = await ok<Tournament>(await patch(host, uid, {
      startsAt: '2027-01-10T18:30:00Z', checkIn: true, topCut: 2, swissRounds: 4, roundMinutes: 0, topCutRoundMinutes: 45,
      lateEntryRounds: 1, discordWebhookUrl: WEBHOOK,
    }));
    expect(t).toMatchObject({
      startsAt: '2027-01-10T18:30:00.000Z', checkIn: true, topCut: 2, swissRounds: 4, roundMinutes: 0, topCutRoundMinutes: 45,
      lateEntryRounds: 1, discordWebhookUrl: WEBHOOK,
    });
    // null clears; a field left out stays
    const cleared = await ok<Tournament>(await patch(host, uid, { startsAt: null, topCut: null, discordWebhookUrl: '' }));
    expect(cleared).toMatchObject({ startsAt: null, topCut: null, swissRounds: 4, discordWebhookUrl: null });
    const log = (await ok<AuditEntry[]>(await host.get(`/api/tournaments/${uid}/audit`))).filter((e) => e.action === 'settings');
    expect(log).toHaveLength(2);
    expect(log[0]!.before).toMatchObject({ startsAt: null, checkIn: false, topCut: null, roundMinutes: 50, discordWebhookUrl: null });
    expect(log[0]!.after).toMatchObject({ startsAt: '2027-01-10T18:30:00.000Z', checkIn: true, topCut: 2, discordWebhookUrl: 'https://discord.com/api/webhooks/123456789012345678/…' });
    expect(JSON.stringify(log)).not.toContain('abcDEF');
    // the same values again change nothing and leave no line
    await ok(await patch(host, uid, { swissRounds: 4 }));
    expect((await ok<AuditEntry[]>(await host.get(`/api/tournaments/${uid}/audit`))).filter((e) => e.action === 'settings')).toHaveLength(2);
  });

  test.each([
    [{ roundMinutes: 'soon' }, 'roundMinutes: must be a whole number'],
    [{ topCut: 64 }, 'topCut: must be one of 0, 2, 4, 8, 16, 32'],
    [{ discordWebhookUrl: 'https://discord.com.evil.example/api/webhooks/1/x' }, 'discordWebhookUrl: must be a Discord webhook URL'],
    [{ format: 'ROUND_ROBIN' }, 'format: is not an event setting (startsAt, checkIn, topCut, swissRounds, roundMinutes, topCutRoundMinutes, lateEntryRounds, discordWebhookUrl, deckPrivacy, seedByRating, banlistDate)'],
    [{ banlistDate: 'May 2026' }, 'banlistDate: A banlist date is YYYY-MM-DD'],
    [[1, 2], 'The body must be a JSON object'],
  ])('%o is a 400 that says why', async (body, sentence) => {
    const uid = await kit.event('DEFAULT', 0);
    const res = await patch(host, uid, body);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toContain(sentence);
  });

  test('once started: the start, check-in, cut and Swiss rounds are fixed; the clocks and the webhook change, the running clock with them', async () => {
    const uid = await kit.event('DEFAULT', 4, { lateEntryRounds: 2, roundMinutes: 50 });
    const started = await ok<Tournament>(await host.post(`/api/tournaments/${uid}/start`));
    const begun = Date.parse(started.roundStartDates[0]!);
    expect(Date.parse(started.roundEndsAt!)).toBe(begun + 50 * 60_000);
    for (const [body, sentence] of [
      [{ startsAt: '2027-01-01T10:00:00Z' }, 'startsAt: the start time cannot change once the event has started'],
      [{ checkIn: true }, 'checkIn: check-in cannot be turned on or off once the event has started'],
      [{ topCut: 2 }, 'topCut: the top cut is fixed once the event has started (roundCount counts it)'],
      [{ swissRounds: 5 }, 'swissRounds: the Swiss rounds are fixed once the event has started (roundCount counts them)'],
      [{ lateEntryRounds: 3 }, 'lateEntryRounds: late entry can only be shortened once the event has started'],
    ] as const) {
      const res = await patch(host, uid, body);
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toBe(sentence);
    }
    // the same values are no change: a form that sends every field is not refused for them
    await ok(await patch(host, uid, { checkIn: false, topCut: null, swissRounds: null, startsAt: null }));
    const changed = await ok<Tournament>(await patch(host, uid, { roundMinutes: 20, discordWebhookUrl: WEBHOOK, lateEntryRounds: 1 }));
    expect(changed).toMatchObject({ roundMinutes: 20, discordWebhookUrl: WEBHOOK, lateEntryRounds: 1, lateEntryOpen: true });
    expect(Date.parse(changed.roundEndsAt!)).toBe(begun + 20 * 60_000);
    // every match of the round follows the round's clock
    const ms = await kit.roundMatches(uid);
    expect(ms.filter((m) => !m.bye).every((m) => m.endsAt === changed.roundEndsAt)).toBe(true);
    expect((await ok<Tournament>(await patch(host, uid, { roundMinutes: 0 }))).roundEndsAt).toBeNull();
    // shortening late entry below the current round closes it
    expect((await ok<Tournament>(await patch(host, uid, { lateEntryRounds: 0 }))).lateEntryOpen).toBe(false);
  });

  test('once over, nothing changes', async () => {
    const uid = await kit.event('DEFAULT', 2);
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    await kit.advanceToEnd(uid);
    await ok(await host.post(`/api/tournaments/${uid}/winner`));
    const res = await patch(host, uid, { roundMinutes: 10 });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe('The tournament is over: its settings no longer change');
  });
});

describe('the banlist, until the start', () => {
  test('the host changes it: decks the new list refuses are rejected naming it and their cards, the files follow, the log counts them', async () => {
    const uid = await kit.event('DEFAULT', 0, { banlistDate: '2026-01-01', manualDeckChecking: false, dontCheckDeckSize: true });
    expect(await read(anonymous, uid)).toMatchObject({ banlistName: 'Test Open', hasBanlist: true }); // the public read is cached now
    const deckOf = async (discordId: string, main: number[]) => {
      const player = await signedInClient(server, discordId, 0, `Player ${discordId.slice(-2)}`);
      await ok(await player.post(`/api/tournaments/${uid}/signup`, { name: `Team ${discordId.slice(-2)}` }));
      await ok(await player.request('POST', `/api/tournaments/${uid}/decks`, { body: ydk(...main) }));
      const me = (await ok<Participant[]>(await anonymous.get(`/api/tournaments/${uid}/participants`))).find((p) => p.discordId === discordId)!;
      return async () => (await ok<Deck[]>(await player.get(`/api/tournaments/${uid}/participants/${me.id}/decks`)))[0]!;
    };
    const breaks = await deckOf('961900000000000011', [POT, CHARITY, CHARITY]);
    const keeps = await deckOf('961900000000000012', [CHARITY]);
    expect((await breaks()).status).toBe('Approved');

    // only the host or an admin; a date with no list is a 404 that says so
    expect((await patch(curator, uid, { banlistDate: '2026-02-01' })).status).toBe(403);
    expect((await patch(stranger, uid, { banlistDate: '2026-02-01' })).status).toBe(403);
    const missing = await patch(host, uid, { banlistDate: '2025-01-01' });
    expect(missing.status).toBe(404);
    expect(await errorOf(missing)).toBe('banlistDate: there is no banlist dated 2025-01-01');

    const t = await ok<Tournament>(await patch(host, uid, { banlistDate: '2026-02-01' }));
    expect(t).toMatchObject({ banlistName: 'Test Strict', hasBanlist: true });
    expect(await read(anonymous, uid)).toMatchObject({ banlistName: 'Test Strict' });
    const rejected = await breaks();
    expect(rejected).toMatchObject({ status: 'Rejected', approved: false, reviewerDiscordId: HOST });
    expect(rejected.rejectionReason).toBe('The host changed the banlist to Test Strict, which this deck breaks: Pot of Greed (55144522) is Forbidden on Test Strict; '
      + 'Graceful Charity (79571449) is Limited on Test Strict: the deck has 2 copies; at most 1 is allowed. Submit a legal deck.');
    expect((await keeps()).status).toBe('Approved');
    // the event's .lflist.conf download is the new list
    const file = await anonymous.get(`/api/tournaments/${uid}/banlist`);
    expect(file.headers.get('content-disposition')).toContain('Test Strict.lflist.conf');
    expect(await file.text()).toContain(`${POT} 0`);

    const log = async () => (await ok<AuditEntry[]>(await host.get(`/api/tournaments/${uid}/audit`))).filter((e) => e.action === 'settings');
    expect(await log()).toHaveLength(1);
    expect((await log())[0]).toMatchObject({
      before: { banlist: 'Test Open' },
      after: { banlistDate: '2026-02-01', banlist: 'Test Strict', banlistChange: 'from Test Open to Test Strict; 1 deck rejected', decksRejected: [{ wasApproved: true }] },
    });
    // the list the event holds again is no change; none at all is a change
    await ok(await patch(host, uid, { banlistDate: '2026-02-01' }));
    expect(await log()).toHaveLength(1);
    expect(await ok<Tournament>(await patch(admin, uid, { banlistDate: null }))).toMatchObject({ banlistName: null, hasBanlist: false });
    expect((await anonymous.get(`/api/tournaments/${uid}/banlist`)).status).toBe(404);
    expect((await log()).at(-1)!.after).toMatchObject({ banlist: null, banlistChange: 'from Test Strict to no banlist; no deck rejected' });
  });

  test('once started it is fixed: a 409 with the sentence, the same list no change', async () => {
    const uid = await kit.event('DEFAULT', 2, { banlistDate: '2026-01-01' });
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    const res = await patch(host, uid, { banlistDate: '2026-02-01' });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe('banlistDate: the banlist is fixed once the event has started: the decks were checked against it');
    expect((await patch(host, uid, { banlistDate: null })).status).toBe(409);
    await ok(await patch(host, uid, { banlistDate: '2026-01-01' }));
    expect((await read(anonymous, uid)).banlistName).toBe('Test Open');
  });
});

describe('the host’s top cut and Swiss rounds', () => {
  test('a cut of 4 over 10 teams: 4 Swiss rounds, then the cut’s 2 rounds, to a champion', async () => {
    const uid = await kit.event('DEFAULT', 10, { topCut: 4 });
    const started = await ok<Tournament>(await host.post(`/api/tournaments/${uid}/start`));
    // the rule would cut 10 teams to 2 (5 rounds): the host's 4 makes it 6
    expect(started.roundCount).toBe(6);
    const end = await kit.advanceToEnd(uid);
    expect(end.championTeamUid).not.toBeNull();
    const all = await kit.matchesOf(uid);
    const top = all.filter((m: Match) => m.bracket === 'top');
    expect([...new Set(all.filter((m) => m.bracket === 'swiss').map((m) => m.roundNumber))]).toEqual([1, 2, 3, 4]);
    expect(top.map((m) => m.roundNumber).sort()).toEqual([5, 5, 6]);
    expect(new Set(top.filter((m) => m.roundNumber === 5).flatMap((m) => [m.team1Id, m.team2Id])).size).toBe(4);
    const final = top.find((m) => m.roundNumber === 6)!;
    expect(end.championTeamUid).toBe(final.outcome!.winnerTeamId);
    const won = await ok<Tournament>(await host.post(`/api/tournaments/${uid}/winner`));
    expect(won.winnerTeamUid).toBe(final.outcome!.winnerTeamId);
  });

  test('Swiss rounds of the host, no cut: 6 teams play 2 rounds and the Swiss leader wins', async () => {
    const uid = await kit.event('DEFAULT', 6, { swissRounds: 2, topCut: 0 });
    expect((await ok<Tournament>(await host.post(`/api/tournaments/${uid}/start`))).roundCount).toBe(2);
    const end = await kit.advanceToEnd(uid);
    expect(end.currentRound).toBe(2);
    expect(end.championTeamUid).not.toBeNull();
    const res = await host.post(`/api/tournaments/${uid}/next-round`);
    expect(res.status).toBe(409);
    await ok(await host.post(`/api/tournaments/${uid}/winner`));
  });

  test('more Swiss rounds than the rule and no cut where the rule has one: 8 teams play 5 rounds and a winner is marked', async () => {
    const uid = await kit.event('DEFAULT', 8, { swissRounds: 5, topCut: 0 });
    expect((await ok<Tournament>(await host.post(`/api/tournaments/${uid}/start`))).roundCount).toBe(5);
    const end = await kit.advanceToEnd(uid);
    expect(end).toMatchObject({ currentRound: 5 });
    expect(end.championTeamUid).not.toBeNull();
    expect((await kit.matchesOf(uid)).some((m) => m.bracket === 'top')).toBe(false);
  });

  test('a cut larger than the active field is a 409 that says so, and nothing starts', async () => {
    const uid = await kit.event('DEFAULT', 10, { topCut: 16 });
    const res = await host.post(`/api/tournaments/${uid}/start`);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe('The top cut of 16 is larger than the 10 active teams: choose a smaller cut in the event settings');
    expect(await kit.state(uid)).toMatchObject({ inProgress: false, currentRound: 0 });
    await ok(await patch(host, uid, { topCut: 8 }));
    expect((await ok<Tournament>(await host.post(`/api/tournaments/${uid}/start`))).roundCount).toBe(4 + 3);
  });

  test('round robin and double elimination ignore the choice', async () => {
    const rr = await kit.event('ROUND_ROBIN', 4, { topCut: 32, swissRounds: 9 });
    expect((await ok<Tournament>(await host.post(`/api/tournaments/${rr}/start`))).roundCount).toBe(3);
    const de = await kit.event('DOUBLE_ELIM', 4, { topCut: 8, swissRounds: 1 });
    expect((await ok<Tournament>(await host.post(`/api/tournaments/${de}/start`))).roundCount).toBe(5);
  });
});

describe('the list', () => {
  test('upcoming events by their start, soonest first; then upcoming ones without a start; then the rest by creation', async () => {
    const late = await kit.event('DEFAULT', 0, { name: 'Order late', startsAt: '2030-03-01T18:00:00Z' });
    const none = await kit.event('DEFAULT', 0, { name: 'Order none' });
    const soon = await kit.event('DEFAULT', 0, { name: 'Order soon', startsAt: '2030-01-01T18:00:00Z' });
    const live = await kit.event('DEFAULT', 2, { name: 'Order live', startsAt: '2029-01-01T18:00:00Z' });
    await ok(await host.post(`/api/tournaments/${live}/start`));
    const list = await ok<TournamentSummary[]>(await anonymous.get('/api/tournaments'));
    const at = (uid: string) => list.findIndex((t) => t.uid === uid);
    expect(at(soon)).toBeLessThan(at(late));
    expect(at(late)).toBeLessThan(at(none));
    expect(at(none)).toBeLessThan(at(live));
    expect(list[at(soon)]!.startsAt).toBe('2030-01-01T18:00:00.000Z');
    // every upcoming event with a start comes before every one without
    const upcoming = list.filter((t) => !t.inProgress && !t.completed);
    const firstWithout = upcoming.findIndex((t) => t.startsAt === null);
    expect(upcoming.slice(firstWithout).every((t) => t.startsAt === null)).toBe(true);
  });
});
