import { and, desc, eq, lt, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { banlistEntries, banlists, cards, users } from '../../db/schema.ts';
import type { BanlistEntry } from '../../../domain/api/banlists.ts';
import { statusOfCount } from '../../../domain/banlist/statuses.ts';
import type { CardType } from '../../../domain/banlist/card-types.ts';

export type BanlistKind = 'format' | 'reference';

export interface ImportedList {
  date: string;
  kind: BanlistKind;
  name: string;
  whitelist: boolean;
  entries: { code: number; count: number }[];
  createdBy?: string | null;
}

/** Create or replace the list of that kind and date, in one transaction. */
export async function replaceList(db: Db, list: ImportedList): Promise<{ id: number; entries: number }> {
  return db.transaction(async (tx) => {
    await tx.delete(banlists).where(and(eq(banlists.kind, list.kind), eq(banlists.date, list.date)));
    const [row] = await tx
      .insert(banlists)
      .values({ date: list.date, kind: list.kind, name: list.name, whitelist: list.whitelist, createdBy: list.createdBy ?? null })
      .returning({ id: banlists.id });
    const id = row!.id;
    const values = list.entries.map((e, position) => ({ banlistId: id, cardId: e.code, count: e.count, position }));
    for (let i = 0; i < values.length; i += 1000) await tx.insert(banlistEntries).values(values.slice(i, i + 1000));
    return { id, entries: values.length };
  });
}

/** The format's banlist dates, newest first. */
export async function listDates(db: Tx): Promise<string[]> {
  const rows = await db.select({ date: banlists.date }).from(banlists).where(eq(banlists.kind, 'format')).orderBy(desc(banlists.date));
  return rows.map((r) => r.date);
}

async function countsOf(db: Tx, banlistId: number | undefined): Promise<Map<number, number>> {
  if (banlistId === undefined) return new Map();
  const rows = await db.select({ cardId: banlistEntries.cardId, count: banlistEntries.count }).from(banlistEntries).where(eq(banlistEntries.banlistId, banlistId));
  return new Map(rows.map((r) => [r.cardId, r.count]));
}

/** Entries of the format's banlist of that date with Advanced and previous statuses, or undefined. */
export async function findEntries(db: Tx, date: string): Promise<BanlistEntry[] | undefined> {
  const [list] = await db.select().from(banlists).where(and(eq(banlists.kind, 'format'), eq(banlists.date, date)));
  if (!list) return undefined;
  const [reference] = await db.select({ id: banlists.id }).from(banlists)
    .where(and(eq(banlists.kind, 'reference'), lte(banlists.date, date))).orderBy(desc(banlists.date)).limit(1);
  const [previous] = await db.select({ id: banlists.id }).from(banlists)
    .where(and(eq(banlists.kind, 'format'), lt(banlists.date, date))).orderBy(desc(banlists.date)).limit(1);
  const [advanced, before] = await Promise.all([countsOf(db, reference?.id), countsOf(db, previous?.id)]);
  const rows = await db
    .select({
      id: banlistEntries.id, cardId: banlistEntries.cardId, count: banlistEntries.count, reason: banlistEntries.reason,
      posterId: banlistEntries.posterDiscordId, cardName: cards.name, cardType: cards.cardType,
      posterUsername: users.username, posterDisplayName: users.displayName,
    })
    .from(banlistEntries)
    .leftJoin(cards, eq(cards.id, banlistEntries.cardId))
    .leftJoin(users, eq(users.discordId, banlistEntries.posterDiscordId))
    .where(eq(banlistEntries.banlistId, list.id))
    .orderBy(banlistEntries.position);
  return rows.map((r) => {
    const adv = advanced.get(r.cardId);
    const prev = before.get(r.cardId);
    return {
      id: r.id,
      cardId: r.cardId,
      cardName: r.cardName ?? `Card ${r.cardId}`,
      cardType: (r.cardType ?? 'UNKNOWN') as CardType,
      formatStatus: statusOfCount(r.count),
      advancedFormatStatus: adv === undefined ? 'UNLIMITED' : statusOfCount(adv),
      previousFormatStatus: prev === undefined ? 'NONE' : statusOfCount(prev),
      reason: r.reason,
      poster: r.posterId ? { discordId: r.posterId, username: r.posterUsername, displayName: r.posterDisplayName } : null,
    };
  });
}
