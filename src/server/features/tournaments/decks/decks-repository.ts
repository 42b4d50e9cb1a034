// The decks an event's players submit, and their review.
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { decks, members, teams } from '../../../db/schema.ts';

export type DeckRow = typeof decks.$inferSelect;

/** Every deck of a tournament (or of these members) without its cards: sizes only. */
export async function listDeckSummaries(db: Tx, uid: string, memberIds?: readonly number[]) {
  return db
    .select({
      id: decks.id, uid: decks.uid, memberId: decks.memberId, label: decks.label, approved: decks.approved,
      reviewerDiscordId: decks.reviewerDiscordId, rejectionReason: decks.rejectionReason, createdAt: decks.createdAt,
      mainCount: sql<number>`jsonb_array_length(${decks.mainDeck})::int`,
      extraCount: sql<number>`jsonb_array_length(${decks.extraDeck})::int`,
      sideCount: sql<number>`jsonb_array_length(${decks.sideDeck})::int`,
    })
    .from(decks)
    .where(and(eq(decks.tournamentUid, uid), memberIds ? inArray(decks.memberId, memberIds.length ? [...memberIds] : [-1]) : undefined))
    .orderBy(asc(decks.id));
}

export type DeckSummaryRow = Awaited<ReturnType<typeof listDeckSummaries>>[number];

export async function countMemberDecks(db: Tx, memberId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(decks).where(eq(decks.memberId, memberId));
  return row?.n ?? 0;
}

export async function insertDeck(tx: Tx, values: typeof decks.$inferInsert): Promise<DeckRow> {
  const [row] = await tx.insert(decks).values(values).returning();
  return row!;
}

export async function findDeck(db: Tx, uid: string, deckId: number): Promise<DeckRow | undefined> {
  const [row] = await db.select().from(decks).where(and(eq(decks.tournamentUid, uid), eq(decks.id, deckId)));
  return row;
}

export async function decksOfMembers(db: Tx, uid: string, memberIds: readonly number[]): Promise<DeckRow[]> {
  if (memberIds.length === 0) return [];
  return db.select().from(decks).where(and(eq(decks.tournamentUid, uid), inArray(decks.memberId, [...memberIds]))).orderBy(asc(decks.id));
}

/** Every deck of the event, oldest first. */
export async function listDecks(db: Tx, uid: string): Promise<DeckRow[]> {
  return db.select().from(decks).where(eq(decks.tournamentUid, uid)).orderBy(asc(decks.id));
}

export async function approvedDecks(db: Tx, uid: string): Promise<DeckRow[]> {
  return db.select().from(decks).where(and(eq(decks.tournamentUid, uid), eq(decks.approved, true))).orderBy(asc(decks.id));
}

/** Decks waiting for a check (neither approved nor rejected) of the active members of active teams, oldest first. */
export async function pendingDecks(db: Tx, uid: string): Promise<DeckRow[]> {
  return db.select({ deck: decks }).from(decks)
    .innerJoin(members, eq(members.id, decks.memberId))
    .innerJoin(teams, eq(teams.uid, members.teamUid))
    .where(and(eq(decks.tournamentUid, uid), eq(decks.approved, false), isNull(decks.reviewerDiscordId), eq(members.dropped, false), eq(teams.dropped, false)))
    .orderBy(asc(decks.id))
    .then((rows) => rows.map((r) => r.deck));
}

/** These decks approved by `reviewerDiscordId` in one statement. */
export async function approveDecks(tx: Tx, deckIds: readonly number[], reviewerDiscordId: string): Promise<void> {
  if (deckIds.length === 0) return;
  await tx.update(decks).set({ approved: true, reviewerDiscordId, rejectionReason: null }).where(inArray(decks.id, [...deckIds]));
}

export async function deleteDeck(tx: Tx, deckId: number): Promise<void> {
  await tx.delete(decks).where(eq(decks.id, deckId));
}

export async function reviewDeck(tx: Tx, deckId: number, set: { approved: boolean; reviewerDiscordId: string; rejectionReason: string | null }): Promise<DeckRow> {
  const [row] = await tx.update(decks).set(set).where(eq(decks.id, deckId)).returning();
  return row!;
}
