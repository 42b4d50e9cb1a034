// All SQL of a card's page (issue 32 §2): the card and its artworks, its line on every format list,
// the send-offs that decided it (decision 032) and the public decklists that play it.
import { and, asc, between, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { banlistEntries, banlists, cards, eventRecords, judgementDecisions, recordDecks, users } from '../../db/schema.ts';
import { nameOf } from '../../../domain/users/display-name.ts';

export interface CardRow { id: number; alias: number; name: string; setcodes: number[]; cardType: string; description: string }

/** Alternate artworks only (|id - alias| < 10): "treated as" aliases are other cards (as the meta counts them). */
export const baseOf = (id: number, alias: number) => (alias > 0 && alias !== id && Math.abs(alias - id) < 10 ? alias : id);

export async function findCard(db: Tx, passcode: number): Promise<CardRow | undefined> {
  const [row] = await db.select({
    id: cards.id, alias: cards.alias, name: cards.name, setcodes: cards.setcodes, cardType: cards.cardType, description: cards.description,
  }).from(cards).where(eq(cards.id, passcode));
  return row && { ...row, setcodes: row.setcodes ?? [] };
}

/** The card's original and every alternate artwork of it, the original first. */
export async function artworksOf(db: Tx, base: number): Promise<number[]> {
  // an artwork's passcode is within 10 of its card's: a range of the primary key, not a scan of every card
  const rows = await db.select({ id: cards.id }).from(cards)
    .where(and(between(cards.id, base - 9, base + 9), eq(cards.alias, base))).orderBy(asc(cards.id));
  return [base, ...rows.map((r) => r.id).filter((id) => id !== base)];
}

export interface ListLine { date: string; name: string; whitelist: boolean; genesys: boolean; count: number | null }

/** Every format list, oldest first, with the count of the card's line on it (the passcode's own, else an artwork's). */
export async function listLines(db: Tx, passcode: number, group: readonly number[]): Promise<ListLine[]> {
  const { rows } = (await db.execute(sql`
    select l.date, l.name, l.whitelist, l.genesys,
      (select e.count from ${banlistEntries} e where e.banlist_id = l.id and e.card_id in ${[...group]}
        order by (e.card_id = ${passcode}) desc, e.card_id limit 1) as count
    from ${banlists} l where l.kind = 'format' order by l.date`)) as unknown as { rows: (Omit<ListLine, 'count'> & { count: number | string | null })[] };
  return rows.map((r) => ({ ...r, count: r.count === null ? null : Number(r.count) }));
}

export interface DecisionRow {
  banlistDate: string;
  reason: string;
  opinion: string;
  decidedAt: Date;
  poster: { discordId: string; displayName: string };
  votes: { discordId: string; displayName: string; vote: string }[];
}

/** The send-offs that decided the card or an artwork of it, with the names of the poster and the voters now. */
export async function decisions(db: Tx, group: readonly number[]): Promise<DecisionRow[]> {
  const rows = await db.select().from(judgementDecisions)
    .where(inArray(judgementDecisions.cardId, [...group])).orderBy(asc(judgementDecisions.decidedAt), asc(judgementDecisions.id));
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.flatMap((r) => [r.posterDiscordId, ...r.votes.map(([id]) => id)]))];
  const people = new Map((await db.select().from(users).where(inArray(users.discordId, ids))).map((u) => [u.discordId, u]));
  const person = (discordId: string) => ({ discordId, displayName: nameOf(people.get(discordId), `user-${discordId}`) });
  return rows.map((r) => ({
    banlistDate: r.banlistDate, reason: r.reason, opinion: r.opinion, decidedAt: r.decidedAt,
    poster: person(r.posterDiscordId),
    votes: r.votes.map(([id, vote]) => ({ ...person(id), vote })),
  }));
}

export interface DecklistRow {
  deckId: number; tournamentUid: string; eventName: string; completedAt: Date; player: string; placement: string; archetype: string;
  main: number[]; extra: number[];
}

/** jsonb containment of [passcode] in Main or Extra, one test per artwork (no unnesting), as the footprint reads. */
const playsAny = (group: readonly number[]) => or(...group.flatMap((p) => {
  const one = JSON.stringify([p]);
  return [sql`${recordDecks.mainDeck} @> ${one}::jsonb`, sql`${recordDecks.extraDeck} @> ${one}::jsonb`];
}))!;

/**
 * The newest published decks of these events that play the card (the events are those whose tallies
 * say they have some: a few, where a scan of every deck's lists cost 50 to 100 ms over 1,000 events).
 */
export async function decklists(db: Tx, group: readonly number[], uids: readonly string[], limit: number): Promise<DecklistRow[]> {
  if (uids.length === 0) return [];
  const where = and(inArray(recordDecks.tournamentUid, [...uids]), eq(recordDecks.published, true), playsAny(group));
  const rows = await db.select({
    deckId: recordDecks.id, tournamentUid: recordDecks.tournamentUid, eventName: eventRecords.name, completedAt: eventRecords.completedAt,
    label: recordDecks.label, placement: recordDecks.placement, archetype: recordDecks.archetype, main: recordDecks.mainDeck, extra: recordDecks.extraDeck,
    preferredName: users.preferredName, displayName: users.displayName, username: users.username,
  }).from(recordDecks)
    .innerJoin(eventRecords, eq(eventRecords.tournamentUid, recordDecks.tournamentUid))
    .leftJoin(users, eq(users.discordId, recordDecks.discordId))
    .where(where).orderBy(desc(eventRecords.completedAt), asc(recordDecks.rank), asc(recordDecks.id)).limit(limit);
  return rows.map((r) => ({
    deckId: r.deckId, tournamentUid: r.tournamentUid, eventName: r.eventName, completedAt: r.completedAt,
    player: nameOf(r, 'Unknown player'), placement: r.placement, archetype: r.archetype, main: r.main, extra: r.extra,
  }));
}
