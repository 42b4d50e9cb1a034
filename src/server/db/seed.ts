import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { DEMO_DIR } from '../paths.ts';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { users } from './schema.ts';
import { createSeries, createTournament } from './factories.ts';
import { cardRowFromJson, type CardJson } from '../features/cards/card-import.ts';
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
 * The official cards, plus the 191 GOAT-era versions (ids 5047xxxxx) and the 67 unofficial Pre-Errata cards
 * (cards-goat.json.gz, from ../shared/data/cards: cards-goat-entries.json and the "(Pre-Errata)" rows of
 * cards-unofficial.json): the 2005.4 GOAT list names its cards by those passcodes, so GOAT decks validate.
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
  const goat = await createSeries(db, {
    name: 'GOAT Format Monthly', preset: 'GOAT', createdBy: linus.discordId,
    description: 'The 2005 format that never left: Chaos, Goats and Tsukuyomi. Monthly events with the community banlist.',
  });
  const modern = await createSeries(db, {
    name: 'Modern Master Rule', preset: 'Master Rule 5', createdBy: linus.discordId,
    description: 'Current Master Rule with the format banlist. Best of three, 40 to 60 card decks.',
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
  await createTournament(db, {
    name: 'GOAT Monthly #11', subtitle: 'Final standings', iteration: 11, seriesUid: goat.id, hostDiscordId: linus.discordId,
    ruleOptions: goat.ruleOptions, teams: 6, state: 'completed', createdAt: ago(33), updatedAt: ago(30),
  });
}
