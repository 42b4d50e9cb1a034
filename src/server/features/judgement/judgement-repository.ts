import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  banlistEntries, banlists, cards, judgementDecisions, judgementEntries, judgementSendoff, judgementSendoffPressed, judgementVotes, users,
} from '../../db/schema.ts';
import type { JudgementEntry, SendoffStatus } from '../../../domain/api/judgement.ts';
import { statusOfCount } from '../../../domain/banlists/statuses.ts';
import {
  SENDOFF_NOTHING_DECIDED_MESSAGE, everyAdminPressed, planPublication, sendoffReadiness, type ListEntry,
} from '../../../domain/judgement/sendoff.ts';
import { combinedOpinion, isVote, votesOfAdmins, type Vote } from '../../../domain/judgement/votes.ts';
import { badRequest, conflict, notFoundIfMissing } from '../../errors.ts';
import { lockList } from '../banlists/banlists-repository.ts';

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

// Every board write takes this lock first, so that two last presses (or a vote racing a
// send-off) cannot interleave: PostgreSQL releases it at commit or rollback.
const BOARD_LOCK = 727_301;
async function lockBoard(tx: Transaction) {
  await tx.execute(sql`select pg_advisory_xact_lock(${BOARD_LOCK})`);
}

export const ENTRY_NOT_FOUND = 'Judgement entry not found';

/** Admins (auth 2) in the order of GET /api/users/admin-discord-ids. */
export async function listAdminIds(db: Tx): Promise<string[]> {
  const rows = await db.select({ id: users.discordId }).from(users).where(eq(users.auth, 2)).orderBy(users.createdAt, users.discordId);
  return rows.map((r) => r.id);
}

async function newestFormatList(db: Tx) {
  const [row] = await db.select().from(banlists).where(eq(banlists.kind, 'format')).orderBy(desc(banlists.date)).limit(1);
  return row;
}

async function sendoffDate(db: Tx): Promise<string | null> {
  const [row] = await db.select({ date: judgementSendoff.sendoffDate }).from(judgementSendoff).where(eq(judgementSendoff.id, 1));
  return row?.date ?? null;
}

export async function sendoffStatus(db: Tx): Promise<SendoffStatus> {
  const pressed = await db.select({ id: judgementSendoffPressed.adminDiscordId }).from(judgementSendoffPressed)
    .orderBy(judgementSendoffPressed.pressedAt, judgementSendoffPressed.adminDiscordId);
  return { pressed: pressed.map((p) => p.id), sendoffDate: await sendoffDate(db) };
}

/** Board rows as the API shows them, oldest proposal first; `onlyId` narrows to one row. */
export async function listEntries(db: Tx, onlyId?: number): Promise<JudgementEntry[]> {
  const rows = await db
    .select({
      entry: judgementEntries,
      username: users.username, displayName: users.displayName, preferredName: users.preferredName,
    })
    .from(judgementEntries)
    .leftJoin(users, eq(users.discordId, judgementEntries.posterDiscordId))
    .where(onlyId === undefined ? undefined : eq(judgementEntries.id, onlyId))
    .orderBy(asc(judgementEntries.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.entry.id);
  // one after another: inside a transaction they share one connection
  const adminIds = await listAdminIds(db);
  const voteRows = await db.select().from(judgementVotes).where(inArray(judgementVotes.entryId, ids));
  const newest = await newestFormatList(db);
  const effectiveDate = await sendoffDate(db);
  const counts = new Map<number, number>();
  if (newest) {
    const listed = await db.select({ cardId: banlistEntries.cardId, count: banlistEntries.count }).from(banlistEntries)
      .where(and(eq(banlistEntries.banlistId, newest.id), inArray(banlistEntries.cardId, rows.map((r) => r.entry.cardId))));
    for (const l of listed) counts.set(l.cardId, l.count);
  }
  const admins = new Set(adminIds);
  const votesByEntry = new Map<number, Record<string, Vote>>();
  for (const v of voteRows) {
    // votes of users who are no longer admins are kept but neither shown nor counted
    if (!admins.has(v.adminDiscordId) || !isVote(v.vote)) continue;
    const votes = votesByEntry.get(v.entryId) ?? {};
    votes[v.adminDiscordId] = v.vote;
    votesByEntry.set(v.entryId, votes);
  }
  return rows.map(({ entry, username, displayName, preferredName }) => {
    const votes = votesByEntry.get(entry.id) ?? {};
    const count = counts.get(entry.cardId);
    const name = username ?? `user-${entry.posterDiscordId}`;
    return {
      id: entry.id,
      cardId: entry.cardId,
      cardName: entry.cardName,
      poster: { discordId: entry.posterDiscordId, displayName: preferredName || displayName || name, username: name },
      reason: entry.reason,
      votes,
      currentStatus: count === undefined ? 'NONE' : statusOfCount(count),
      currentOpinion: combinedOpinion(votesOfAdmins(votes, adminIds)),
      effectiveDate,
    };
  });
}

export async function findEntry(db: Tx, id: number): Promise<JudgementEntry | undefined> {
  return (await listEntries(db, id))[0];
}

export const UNKNOWN_CARD = 'Unknown card';
export const ALREADY_ON_BOARD = 'This card is already on the board';

/** Add a proposal: 400 when the card is not in the card table, 409 when it is on the board already. */
export async function createEntry(
  db: Db,
  o: { cardId: number; posterDiscordId: string; reason: string; initialVote?: { adminId: string; vote: Vote } },
): Promise<JudgementEntry> {
  return db.transaction(async (tx) => {
    await lockBoard(tx);
    const [card] = await tx.select({ name: cards.name }).from(cards).where(eq(cards.id, o.cardId));
    if (!card) throw badRequest(UNKNOWN_CARD);
    const [existing] = await tx.select({ id: judgementEntries.id }).from(judgementEntries).where(eq(judgementEntries.cardId, o.cardId));
    if (existing) throw conflict(ALREADY_ON_BOARD);
    const [row] = await tx
      .insert(judgementEntries)
      .values({ cardId: o.cardId, cardName: card.name, posterDiscordId: o.posterDiscordId, reason: o.reason })
      .returning({ id: judgementEntries.id });
    if (o.initialVote) {
      await tx.insert(judgementVotes).values({ entryId: row!.id, adminDiscordId: o.initialVote.adminId, vote: o.initialVote.vote });
    }
    return (await findEntry(tx, row!.id))!;
  });
}

/** Set one admin's vote on a row; undefined when the row is gone. */
export async function setVote(db: Db, entryId: number, adminId: string, vote: Vote): Promise<JudgementEntry | undefined> {
  return db.transaction(async (tx) => {
    await lockBoard(tx);
    const [row] = await tx.select({ id: judgementEntries.id }).from(judgementEntries).where(eq(judgementEntries.id, entryId));
    if (!row) return undefined;
    await tx
      .insert(judgementVotes)
      .values({ entryId, adminDiscordId: adminId, vote })
      .onConflictDoUpdate({ target: [judgementVotes.entryId, judgementVotes.adminDiscordId], set: { vote } });
    await tx.update(judgementEntries).set({ updatedAt: new Date() }).where(eq(judgementEntries.id, entryId));
    return findEntry(tx, entryId);
  });
}

export async function updateReason(db: Db, entryId: number, reason: string): Promise<JudgementEntry | undefined> {
  return db.transaction(async (tx) => {
    const updated = await tx.update(judgementEntries).set({ reason, updatedAt: new Date() })
      .where(eq(judgementEntries.id, entryId)).returning({ id: judgementEntries.id });
    return updated.length ? findEntry(tx, entryId) : undefined;
  });
}

/** Remove a row (its votes go with it); returns the row as it was. */
export async function deleteEntry(db: Db, entryId: number): Promise<JudgementEntry | undefined> {
  return db.transaction(async (tx) => {
    await lockBoard(tx);
    const entry = await findEntry(tx, entryId);
    if (entry) await tx.delete(judgementEntries).where(eq(judgementEntries.id, entryId));
    return entry;
  });
}

export async function setSendoffDate(db: Db, date: string | null): Promise<SendoffStatus> {
  return db.transaction(async (tx) => {
    await lockBoard(tx);
    await tx.insert(judgementSendoff).values({ id: 1, sendoffDate: date })
      .onConflictDoUpdate({ target: judgementSendoff.id, set: { sendoffDate: date } });
    return sendoffStatus(tx);
  });
}

/** The newest format banlist's date, or null when there is none. */
export async function newestFormatDate(db: Tx): Promise<string | null> {
  return (await newestFormatList(db))?.date ?? null;
}

export function effectiveDateConflictMessage(newest: string): string {
  return `Cannot send votes: the effective date must be after the newest banlist (${newest}). Set 'Effective from' to a later date.`;
}

export const SENDOFF_POINTS_LIST_MESSAGE =
  'Cannot send votes: the newest banlist is a $genesys points list, and a send-off writes copy limits (Forbidden to Unlimited), not points. Import the next points list instead.';

export interface Publication {
  date: string;
  name: string;
  /** the board rows that left the board, with the status they were published at */
  entries: JudgementEntry[];
}

export interface ToggleResult {
  status: SendoffStatus;
  published: Publication | null;
}

/**
 * Toggle an admin in the pressed list. Pressing needs a ready board (409 otherwise); the press
 * that completes the list publishes the new banlist, removes the decided rows and resets the
 * list, all in this one transaction.
 */
export async function toggleSendoff(
  db: Db,
  o: { adminId: string; today: string; banlistName: (date: string) => string; onPublish?: (tx: Transaction, p: Publication) => Promise<void> },
): Promise<ToggleResult> {
  return db.transaction(async (tx) => {
    await lockBoard(tx);
    const [mine] = await tx.select().from(judgementSendoffPressed).where(eq(judgementSendoffPressed.adminDiscordId, o.adminId));
    if (mine) {
      await tx.delete(judgementSendoffPressed).where(eq(judgementSendoffPressed.adminDiscordId, o.adminId));
      return { status: await sendoffStatus(tx), published: null };
    }
    const adminIds = await listAdminIds(tx);
    const board = await listEntries(tx);
    const readiness = sendoffReadiness(board, adminIds);
    if (!readiness.ready) throw conflict(readiness.message);
    // its counts are points: a decided 0..3 written there would read as points (decision 027)
    const newest = await newestFormatList(tx);
    if (newest?.genesys) throw conflict(SENDOFF_POINTS_LIST_MESSAGE);
    await tx.insert(judgementSendoffPressed).values({ adminDiscordId: o.adminId });
    const status = await sendoffStatus(tx);
    if (!everyAdminPressed(status.pressed, adminIds)) return { status, published: null };

    const date = status.sendoffDate ?? o.today;
    if (newest && date <= newest.date) throw conflict(effectiveDateConflictMessage(newest.date));
    const current: ListEntry[] = newest
      ? await tx.select({ cardId: banlistEntries.cardId, count: banlistEntries.count, reason: banlistEntries.reason, posterDiscordId: banlistEntries.posterDiscordId })
        .from(banlistEntries).where(eq(banlistEntries.banlistId, newest.id)).orderBy(banlistEntries.position)
      : [];
    const plan = planPublication(current, board.map((e) => ({
      id: e.id, cardId: e.cardId, opinion: e.currentOpinion, reason: e.reason, posterDiscordId: e.poster.discordId,
    })));
    if (plan.publishedEntryIds.length === 0) throw conflict(SENDOFF_NOTHING_DECIDED_MESSAGE);

    const name = o.banlistName(date);
    await lockList(tx, 'format', date);
    const [list] = await tx.insert(banlists)
      // the newest list edited: its shadowed lines stay (serializeLflist drops those of cards that left), so an
      // unchanged card keeps its lines and the file is the one EDOPro would read after that edit by hand (decision 027)
      .values({ date, kind: 'format', name, whitelist: newest?.whitelist ?? false, shadowedLines: newest?.shadowedLines ?? [], createdBy: o.adminId })
      .returning({ id: banlists.id });
    const values = plan.entries.map((e, position) => ({ banlistId: list!.id, ...e, position }));
    for (let i = 0; i < values.length; i += 1000) await tx.insert(banlistEntries).values(values.slice(i, i + 1000));
    await keepDecisions(tx, { date, adminIds, entries: board.filter((e) => plan.publishedEntryIds.includes(e.id)) });
    await tx.delete(judgementEntries).where(inArray(judgementEntries.id, plan.publishedEntryIds));
    await tx.delete(judgementSendoffPressed);
    // the date was for this send-off; the next cycle starts without one
    await tx.update(judgementSendoff).set({ sendoffDate: null }).where(eq(judgementSendoff.id, 1));
    const published = new Set(plan.publishedEntryIds);
    const publication = { date, name, entries: board.filter((e) => published.has(e.id)) };
    // its announcement is queued with it: sent once it commits, never for a send-off rolled back
    await o.onPublish?.(tx, publication);
    return { status: await sendoffStatus(tx), published: publication };
  });
}

/**
 * The published rows with each admin's vote as it stood, before the board deletes them (decision 032):
 * a card's history shows why its status changed and who voted what.
 */
async function keepDecisions(tx: Transaction, o: { date: string; adminIds: readonly string[]; entries: readonly JudgementEntry[] }) {
  if (o.entries.length === 0) return;
  const proposed = new Map((await tx.select({ id: judgementEntries.id, at: judgementEntries.createdAt }).from(judgementEntries)
    .where(inArray(judgementEntries.id, o.entries.map((e) => e.id)))).map((r) => [r.id, r.at]));
  await tx.insert(judgementDecisions).values(o.entries.map((e) => ({
    banlistDate: o.date, cardId: e.cardId, cardName: e.cardName, posterDiscordId: e.poster.discordId, reason: e.reason,
    opinion: e.currentOpinion, votes: votesOfAdmins(e.votes, o.adminIds).map((v, i): [string, string] => [o.adminIds[i]!, v]),
    proposedAt: proposed.get(e.id) ?? new Date(),
  })));
}

/** The row, or a 404. */
export async function requireEntry(db: Tx, id: number): Promise<JudgementEntry> {
  return notFoundIfMissing(await findEntry(db, id), ENTRY_NOT_FOUND);
}
