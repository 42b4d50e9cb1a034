import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { DEMO_DIR } from '../paths.ts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import type { Tx } from './client.ts';
import { randomUUID } from 'node:crypto';
import { archetypeSignatures, judgementDecisions, leagueMatches, leagueRuns, leagues, tournaments, users, type LeagueSettings } from './schema.ts';
import { parseYdk } from '../../domain/decks/ydk.ts';
import { newRoomPassword } from '../../domain/tournaments/rooms.ts';
import { writeEventRecord } from '../features/records/record-writer.ts';
import { writeLeagueRecord } from '../features/records/league-record-writer.ts';
import { recountRuns } from '../features/leagues/leagues-repository.ts';
import { loadPlay } from '../features/tournaments/play/tournament-play.ts';
import { standingsOf, winnerPeople } from '../features/tournaments/play/tournament-standings.ts';
import { deleteEventData, updateTournament, type TournamentRow } from '../features/tournaments/events-repository.ts';
import { createSeries, createTournament } from './factories.ts';
import { cardRowFromJson } from '../features/cards/card-import.ts';
import type { CardJson } from '../features/cards/card-json.ts';
import * as CardsRepository from '../features/cards/cards-repository.ts';
import { importLflist } from '../features/banlists/banlist-import.ts';

const demoFile = (name: string) => path.join(DEMO_DIR, name);

/** The demo users: two admins, a privileged curator, two players. */
export const DEMO_USERS = [
  { discordId: '100000000000000001', username: 'ada', displayName: 'Ada', auth: 2 },
  { discordId: '100000000000000002', username: 'grace', displayName: 'Grace', auth: 2 },
  { discordId: '100000000000000003', username: 'linus', displayName: 'Linus', auth: 1 },
  { discordId: '100000000000000004', username: 'joey', displayName: 'Joey', auth: 0 },
  { discordId: '100000000000000005', username: 'mai', displayName: 'Mai', auth: 0 },
] as const;

/**
 * The official cards, plus the 191 GOAT-era versions (ids 5047xxxxx) and the 69 unofficial Pre-Errata cards
 * (cards-goat.json.gz, from ../shared/data/cards: cards-goat-entries.json and rows of cards-unofficial.json):
 * the 2005.4 GOAT list names its cards by those passcodes, so GOAT decks validate, and the 2026.07 OCG list
 * names two (17412731, 96782896), which its pages name by their card.
 */
export async function loadDemoCards(db: Db): Promise<number> {
  let n = 0;
  for (const file of ['cards-official.json.gz', 'cards-goat.json.gz']) {
    const cards = JSON.parse(zlib.gunzipSync(fs.readFileSync(demoFile(file))).toString('utf8')) as CardJson[];
    n += await CardsRepository.upsertCards(db, cards.map(cardRowFromJson));
  }
  return n;
}

/** True when the database has no user, banlist, series or tournament yet. */
export async function isEmpty(db: Db): Promise<boolean> {
  // both drivers answer execute() with { rows }
  const result = (await db.execute(sql`select
    (select count(*) from users) + (select count(*) from banlists) + (select count(*) from series) + (select count(*) from tournaments) as n`)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0) === 0;
}

/** Fill an empty database so that the site is alive on first start. */
export async function seedDemoData(db: Db): Promise<void> {
  await loadDemoCards(db);
  const read = (f: string) => fs.readFileSync(demoFile(f), 'utf8');
  await importLflist(db, read('2026.05-TCG.lflist.conf'), { date: '2026-05-01', reference: true });
  await importLflist(db, read('2026.05-Worlds.lflist.conf'), { date: '2026-05-01' });
  await importLflist(db, read('2026.07-OCG.lflist.conf'), { date: '2026-07-01' });

  await db.insert(users).values(DEMO_USERS.map((u) => ({ ...u, discordUsername: u.username }))).onConflictDoNothing();
  const [ada, , linus] = DEMO_USERS;
  await seedDecisions(db);
  // the series holds its format's list, which is not one of the site's (issue 39 §2): the host form
  // preselects it as the series' own list, so a GOAT night never runs on the current OCG list by mistake
  const goat = await createSeries(db, {
    name: 'GOAT Format Monthly', preset: 'GOAT', createdBy: linus.discordId,
    banlist: read('2005.4-GOAT.lflist.conf'), banlistName: '2005.4 GOAT',
    description: 'The 2005 format that never left: Chaos, Goats and Tsukuyomi. Monthly events on the 2005.4 GOAT list.',
  });
  // the series holds the list its description names: hosting copies it into each event (issue 30 §8)
  const modern = await createSeries(db, {
    name: 'Modern Master Rule', preset: 'Master Rule 5', createdBy: linus.discordId,
    banlist: read('2026.07-OCG.lflist.conf'), banlistName: '2026.07 OCG',
    description: 'Current Master Rule on the 2026.07 OCG banlist. Best of three, 40 to 60 card decks.',
  });
  await createSeries(db, {
    name: 'Speed Duel Showdown', preset: 'Speed Duel', createdBy: ada.discordId, startingLp: 4000, startingHand: 4,
    minMainDeckSize: 20, maxMainDeckSize: 30, maxExtraDeckSize: 6, maxSideDeckSize: 6,
    description: 'Three-column fields and skills: quick matches for busy evenings.',
  });
  const day = 24 * 60 * 60 * 1000;
  const ago = (d: number) => new Date(Date.now() - d * day);
  const hour = 60 * 60 * 1000;
  // mid-round: round 1 began with the seed, its 50-minute clock running, tables and rooms given
  await createTournament(db, {
    name: 'GOAT Monthly #12', subtitle: 'Round 1 under way', iteration: 12, seriesUid: goat.id, hostDiscordId: linus.discordId,
    ruleOptions: goat.ruleOptions, cardTypeFilters: goat.cardTypeFilters, teams: 8, state: 'live', createdAt: ago(3), updatedAt: ago(0),
    startsAt: ago(0), roundMinutes: 50,
  });
  await createTournament(db, {
    name: 'Modern Open', subtitle: 'Sign-ups open: bring your best list', seriesUid: modern.id, hostDiscordId: ada.discordId,
    ruleOptions: modern.ruleOptions, banlist: read('2026.05-Worlds.lflist.conf'), banlistName: '2026.05 Worlds',
    description: 'Swiss rounds, then a top cut. Decks are checked against the 2026.05 Worlds list before the start.', teams: 3, state: 'upcoming', createdAt: ago(1), updatedAt: ago(1),
    // check-in open: two of the three teams are in
    startsAt: new Date(Date.now() + 2 * hour), checkIn: true, checkInOpen: true, checkedIn: 2,
  });
  await createTournament(db, {
    name: 'Weekend Round Robin', subtitle: 'Everyone plays everyone', format: 'ROUND_ROBIN', hostDiscordId: linus.discordId,
    teams: 0, state: 'upcoming', createdAt: ago(2), updatedAt: ago(2),
  });
  await seedEventRecords(db, { goat: goat.id, modern: modern.id, host: linus.discordId, ago });
  await seedLeagues(db, goat, { host: linus.discordId, ago });
}

/**
 * The judgement board's send-off behind two of 2026.07 OCG's changes (decision 032): a card page shows
 * the reason and both admins' votes where Called by the Grave became Forbidden and Maxx "C" Limited.
 */
async function seedDecisions(db: Db) {
  const [ada, grace, , joey, mai] = DEMO_USERS;
  const at = (day: string) => new Date(`${day}T18:00:00Z`);
  await db.insert(judgementDecisions).values([
    {
      banlistDate: '2026-07-01', cardId: 24224830, cardName: 'Called by the Grave', posterDiscordId: joey.discordId,
      reason: 'Eleven of the Modern decks run it: it answers every hand trap and graveyard effect for one card. Forbid it.',
      opinion: '0', votes: [[ada.discordId, '0'], [grace.discordId, '0']], proposedAt: at('2026-06-10'), decidedAt: at('2026-06-28'),
    },
    {
      banlistDate: '2026-07-01', cardId: 23434538, cardName: 'Maxx "C"', posterDiscordId: mai.discordId,
      reason: 'Combo decks have slowed down since May; one copy keeps it honest without deciding games.',
      opinion: '1', votes: [[ada.discordId, '1'], [grace.discordId, '1']], proposedAt: at('2026-06-12'), decidedAt: at('2026-06-28'),
    },
  ]);
}

/** Demo players of the completed events (beside the demo users, who play too). */
export const DEMO_PLAYERS = [
  ['100000000000000011', 'Yugi'], ['100000000000000012', 'Kaiba'], ['100000000000000013', 'Bakura'], ['100000000000000014', 'Marik'],
  ['100000000000000015', 'Ishizu'], ['100000000000000016', 'Rex'], ['100000000000000017', 'Weevil'], ['100000000000000018', 'Duke'],
] as const;

const GOAT_DECKS = [
  'AI_Chaos408.ydk', 'AI_OldSchool.ydk', 'AI_Monarch506.ydk', 'AI_Burn.ydk', 'AI_Frog.ydk',
  "Structure Deck - Warrior's Triumph.ydk", 'Structure Deck - Zombie Madness.ydk', 'Starter Deck - Yugi Reloaded.ydk',
];
const MODERN_DECKS = [
  'AI_Blackwing.ydk', 'AI_Zoodiac.ydk', 'AI_SkyStriker.ydk', 'AI_Tearlaments.ydk', 'AI_Orcust.ydk', 'AI_Kashtira.ydk',
  'AI_Ryzeal.ydk', 'AI_Maliss.ydk', 'AI_Dogmatika.ydk', '[Tactical-Try Deck] Eldlich the Conqueror.ydk',
];

/**
 * The completed events of the demo, with the record their winner's marking writes (reports, the
 * meta, profiles, ratings): two GOAT Monthlies and two Modern Weeklies on the current list, the
 * older of each closed, the same players meeting again. Signatures name the historic GOAT decks.
 */
async function seedEventRecords(db: Db, o: { goat: string; modern: string; host: string; ago: (days: number) => Date }) {
  await db.insert(users).values(DEMO_PLAYERS.map(([discordId, name]) => ({ discordId, username: name.toLowerCase(), displayName: name, discordUsername: name.toLowerCase() }))).onConflictDoNothing();
  await db.insert(archetypeSignatures).values([
    // Chaos: the two Envoys and Chaos Sorcerer; Goat Control: Scapegoat with Metamorphosis; Warrior: Marauding Captain, Command Knight, Reinforcement of the Army
    { name: 'Chaos', cards: [72989439, 82301904, 9596126], min: 1, position: 1, updatedBy: o.host },
    { name: 'Goat Control', cards: [73915051, 46411259], min: 2, position: 2, updatedBy: o.host },
    { name: 'Warrior', cards: [2460565, 10375182, 32807846], min: 2, position: 3, updatedBy: o.host },
  ]).onConflictDoNothing();
  const people = [...DEMO_USERS.slice(3).map((u) => ({ discordId: u.discordId, displayName: u.displayName })), ...DEMO_PLAYERS.map(([discordId, displayName]) => ({ discordId, displayName }))];
  const deckFrom = (file: string) => {
    const parsed = parseYdk(fs.readFileSync(demoFile(path.join('decks', file)), 'utf8'));
    return { main: parsed.deck.main, extra: parsed.deck.extra, side: parsed.deck.side, label: file.replace(/^AI_|\.ydk$/g, '').replace(/^\[Tactical-Try Deck\] /, '') };
  };
  const events = [
    { name: 'GOAT Monthly #10', iteration: 10, series: o.goat, days: 58, decks: GOAT_DECKS, rotate: 0, privacy: 'all' as const, close: true },
    { name: 'GOAT Monthly #11', iteration: 11, series: o.goat, days: 30, decks: GOAT_DECKS, rotate: 3, privacy: 'top-cut' as const, close: false },
    { name: 'Modern Weekly #1', iteration: 1, series: o.modern, days: 20, decks: MODERN_DECKS, rotate: 0, privacy: 'all' as const, close: true, banlistName: '2026.07 OCG' },
    { name: 'Modern Weekly #2', iteration: 2, series: o.modern, days: 6, decks: MODERN_DECKS, rotate: 5, privacy: 'top-cut' as const, close: false, banlistName: '2026.07 OCG' },
  ];
  for (const e of events) {
    // the same players each time, seated differently, so that they meet again and ratings move
    const players = people.map((_, i) => people[(i + e.rotate) % people.length]!);
    const { tournament } = await createTournament(db, {
      name: e.name, subtitle: 'Final standings', iteration: e.iteration, seriesUid: e.series, hostDiscordId: o.host, state: 'completed',
      players, deckOf: (i) => deckFrom(e.decks[(i + e.rotate) % e.decks.length]!), deckPrivacy: e.privacy, banlistName: e.banlistName ?? null,
      pairingSeed: 20261100 + e.iteration, createdAt: o.ago(e.days + 3), updatedAt: o.ago(e.days),
      rated: true, // an admin marked the demo's past events rated: they make its ratings (issue 29)
    });
    await writeEventRecord(db as unknown as Tx, tournament, { completedAt: o.ago(e.days) });
    if (e.close) await closeEvent(db, tournament);
  }
}

/** What Close does: the final standings kept on the row, teams, matches and decks deleted (the record stays). */
async function closeEvent(db: Db, t: TournamentRow) {
  const loaded = await loadPlay(db as unknown as Tx, t);
  const people = await winnerPeople(db, t);
  const standings = standingsOf(t, loaded.teams, loaded.matches, people);
  await deleteEventData(db as unknown as Tx, t.uid);
  await updateTournament(db as unknown as Tx, t.uid, { closed: true, finalStandings: standings });
  // closed on the day it was played: the home page orders completed events by their last change
  await db.update(tournaments).set({ updatedAt: t.updatedAt }).where(eq(tournaments.uid, t.uid));
}

type SeriesRow = Awaited<ReturnType<typeof createSeries>>;
const deckOfFile = (file: string) => parseYdk(fs.readFileSync(demoFile(path.join('decks', file)), 'utf8')).deck;

/** A league's row from its series, as POST /api/leagues makes one (the series' settings copied, its own list). */
function leagueOf(s: SeriesRow, o: { name: string; createdBy: string; startsAt: Date; endsAt: Date; rated: boolean }): typeof leagues.$inferInsert {
  const settings: LeagueSettings = {
    relay: s.relay, dontShuffleDeck: s.dontShuffleDeck, dontCheckDeckContents: s.dontCheckDeckContents, dontCheckDeckSize: s.dontCheckDeckSize,
    tcgSegocRulings: s.tcgSegocRulings, startingLp: s.startingLp, startingHand: s.startingHand, cardsPerDraw: s.cardsPerDraw,
    minMainDeckSize: s.minMainDeckSize, maxMainDeckSize: s.maxMainDeckSize, minExtraDeckSize: s.minExtraDeckSize, maxExtraDeckSize: s.maxExtraDeckSize,
    minSideDeckSize: s.minSideDeckSize, maxSideDeckSize: s.maxSideDeckSize, ruleOptions: [...s.ruleOptions], cardTypeFilters: [...s.cardTypeFilters],
  };
  return {
    id: randomUUID(), seriesId: s.id, seriesName: s.name, name: o.name, banlistDate: null, banlistName: s.banlistName, banlist: s.banlist, settings,
    startsAt: o.startsAt, endsAt: o.endsAt, matchesPerRun: 5, bestOf: 3, confirmHours: 24, deckPrivacy: 'top-cut', rated: o.rated,
    createdBy: o.createdBy, createdAt: o.startsAt, updatedAt: o.startsAt,
  };
}

/**
 * The demo's leagues of the GOAT series (issue 41): last month's, final (its report, its runs in the
 * meta, profiles and, marked rated, the ratings), and this month's, running, with a match in each
 * state: played and confirmed, one that stood, one the hosts decided after a dispute, a report
 * waiting for Mai's answer, a dispute waiting for the hosts, a match being played, a run in the queue.
 */
async function seedLeagues(db: Db, goat: SeriesRow, o: { host: string; ago: (days: number) => Date }) {
  const tx = db as unknown as Tx;
  const hour = 3_600_000;
  const [, , , joey, mai] = DEMO_USERS;
  const players = [joey.discordId, mai.discordId, ...DEMO_PLAYERS.map(([id]) => id)];
  type Match = { a: number; b: number; winner: 0 | 1; games: [number, number]; at: Date };
  const insertRuns = async (leagueId: string, who: readonly string[], startedAt: Date) =>
    db.insert(leagueRuns).values(who.map((discordId, i) => {
      const deck = deckOfFile(GOAT_DECKS[i % GOAT_DECKS.length]!);
      return { leagueId, discordId, mainDeck: deck.main, extraDeck: deck.extra, sideDeck: deck.side, startedAt: new Date(startedAt.getTime() + i * hour) };
    })).returning({ id: leagueRuns.id });
  const completeMatch = (leagueId: string, runs: { id: number }[], m: Match, resolution: 'confirmed' | 'stood' | 'decided' = 'confirmed') => {
    const [g1, g2] = m.winner === 0 ? m.games : [m.games[1], m.games[0]];
    return {
      leagueId, run1Id: runs[m.a]!.id, run2Id: runs[m.b]!.id, player1Id: players[m.a]!, player2Id: players[m.b]!, state: 'complete' as const,
      roomPassword: newRoomPassword(), games1: g1, games2: g2, winnerRunId: runs[m.winner === 0 ? m.a : m.b]!.id,
      reportedBy: players[m.winner === 0 ? m.a : m.b]!, reportGames1: g1, reportGames2: g2, reportedAt: m.at, confirmBy: new Date(m.at.getTime() + 24 * hour),
      resolution, resultAt: m.at, completedAt: resolution === 'stood' ? new Date(m.at.getTime() + 24 * hour) : m.at, createdAt: new Date(m.at.getTime() - hour),
      ...(resolution === 'decided' && { decidedBy: o.host, decidedAt: new Date(m.at.getTime() + 2 * hour), disputedBy: players[m.winner === 0 ? m.b : m.a]!, disputedAt: new Date(m.at.getTime() + hour), disputeReason: 'The room closed before game three' }),
    };
  };

  // ---- last month's: ten players, five matches each (the circle method: everyone meets five others), final and rated
  const pastStart = o.ago(38);
  const pastEnd = o.ago(8);
  const [past] = await db.insert(leagues).values({ ...leagueOf(goat, { name: 'GOAT League: last month', createdBy: o.host, startsAt: pastStart, endsAt: pastEnd, rated: true }), closedAt: pastEnd, finalAt: pastEnd }).returning();
  const pastRuns = await insertRuns(past!.id, players, pastStart);
  const matches: Match[] = [];
  const seats = players.map((_, i) => i);
  for (let round = 0; round < 5; round++) {
    for (let t = 0; t < seats.length / 2; t++) {
      const [a, b] = [seats[t]!, seats[seats.length - 1 - t]!];
      // the lower seat wins most, with an upset every few tables; Yugi (seat 2) wins them all
      const upset = (a * 7 + b * 3 + round) % 4 === 0 && a !== 2 && b !== 2;
      const lowerWins = a === 2 || (b !== 2 && (a < b) !== upset);
      matches.push({ a, b, winner: lowerWins ? 0 : 1, games: (a + b + round) % 3 === 0 ? [2, 1] : [2, 0], at: new Date(pastStart.getTime() + (round * 5 + t + 1) * 12 * hour) });
    }
    seats.splice(1, 0, seats.pop()!);
  }
  await db.insert(leagueMatches).values(matches.map((m, i) => completeMatch(past!.id, pastRuns, m, i % 7 === 3 ? 'stood' : 'confirmed')));
  await recountRuns(tx, pastRuns.map((r) => r.id), 1);
  await db.update(leagueRuns).set({ status: 'complete', matchCount: 5, played: 5, endedAt: pastEnd }).where(eq(leagueRuns.leagueId, past!.id));
  await writeLeagueRecord(tx, { ...past!, finalAt: pastEnd });

  // ---- this month's: running, eight players, each match state once
  const start = o.ago(6);
  const [now] = await db.insert(leagues).values(leagueOf(goat, { name: 'GOAT League: this month', createdBy: o.host, startsAt: start, endsAt: new Date(start.getTime() + 30 * 24 * hour), rated: true })).returning();
  const who = players.slice(0, 8); // Joey, Mai, Yugi, Kaiba, Bakura, Marik, Ishizu, Rex
  const runs = await insertRuns(now!.id, who, start);
  const at = (daysAgo: number) => o.ago(daysAgo);
  const [JOEY, MAI, YUGI, KAIBA, BAKURA, MARIK, ISHIZU, REX] = [0, 1, 2, 3, 4, 5, 6, 7];
  const open = (a: number, b: number) => ({ leagueId: now!.id, run1Id: runs[a]!.id, run2Id: runs[b]!.id, player1Id: who[a]!, player2Id: who[b]!, roomPassword: newRoomPassword() });
  const reportedAt = new Date(Date.now() - 3 * hour);
  const rows = await db.insert(leagueMatches).values([
    completeMatch(now!.id, runs, { a: YUGI, b: KAIBA, winner: 0, games: [2, 1], at: at(5) }),
    completeMatch(now!.id, runs, { a: BAKURA, b: MARIK, winner: 0, games: [2, 0], at: at(4) }, 'stood'),
    completeMatch(now!.id, runs, { a: ISHIZU, b: REX, winner: 0, games: [2, 1], at: at(3) }, 'decided'),
    // Joey reported 2–0; Mai confirms or disputes
    { ...open(JOEY, MAI), state: 'reported' as const, games1: 2, games2: 0, winnerRunId: runs[JOEY]!.id, reportedBy: who[JOEY]!, reportGames1: 2, reportGames2: 0,
      reportedAt, confirmBy: new Date(reportedAt.getTime() + 24 * hour), resultAt: reportedAt, createdAt: new Date(reportedAt.getTime() - hour) },
    // Yugi reported 2–1, Bakura disputed: the hosts decide
    { ...open(YUGI, BAKURA), state: 'disputed' as const, games1: 2, games2: 1, winnerRunId: runs[YUGI]!.id, reportedBy: who[YUGI]!, reportGames1: 2, reportGames2: 1,
      reportedAt: at(1), confirmBy: new Date(at(1).getTime() + 24 * hour), disputedBy: who[BAKURA]!, disputedAt: new Date(at(1).getTime() + hour),
      disputeReason: 'We never played game three', resultAt: at(1), createdAt: new Date(at(1).getTime() - hour) },
    // Kaiba and Ishizu are playing
    { ...open(KAIBA, ISHIZU), createdAt: new Date(Date.now() - hour) },
  ]).returning({ id: leagueMatches.id });
  const playing = rows[5]!.id;
  await recountRuns(tx, runs.map((r) => r.id), 1);
  const run = (i: number, set: Partial<typeof leagueRuns.$inferInsert>) => db.update(leagueRuns).set(set).where(eq(leagueRuns.id, runs[i]!.id));
  await run(JOEY, { matchCount: 1, played: 1 });
  await run(MAI, { matchCount: 1, played: 1 });
  await run(YUGI, { matchCount: 2, played: 2 });
  await run(KAIBA, { matchCount: 2, played: 1, currentMatchId: playing });
  await run(BAKURA, { matchCount: 2, played: 2 });
  // Marik waits in the queue for a quarter of an hour
  await run(MARIK, { matchCount: 1, played: 1, queuedAt: new Date(), queuedUntil: new Date(Date.now() + 15 * 60_000) });
  await run(ISHIZU, { matchCount: 2, played: 1, currentMatchId: playing });
  await run(REX, { matchCount: 1, played: 1 });
}
