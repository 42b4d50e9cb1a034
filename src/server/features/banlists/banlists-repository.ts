import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { banlistEntries, banlists, cards, users } from '../../db/schema.ts';
import type { BanlistEntry, BanlistSummary } from '../../../domain/api/banlists.ts';
import { statusOfCount } from '../../../domain/banlists/statuses.ts';
import type { CardType } from '../../../domain/banlists/card-types.ts';
import type { LflistEntry } from '../../../domain/banlists/lflist.ts';
import { conflict } from '../../errors.ts';

export type BanlistKind = 'format' | 'reference';

export interface ImportedEntry {
  code: number;
  count: number;
  /** set by the judgement send-off; an import keeps the reason the card had on the list it replaces */
  reason?: string | null;
  posterDiscordId?: string | null;
}

export interface ImportedList {
  date: string;
  kind: BanlistKind;
  name: string;
  whitelist: boolean;
  /** a `$genesys` points list (decision 027) */
  genesys?: boolean;
  /** the lines a later line of the same card overrides, kept for the list's EDOPro hash (decision 027) */
  shadowedLines?: readonly LflistEntry[];
  entries: ImportedEntry[];
  createdBy?: string | null;
  /** poster of entries that bring no poster and had no reason before (the importing admin) */
  defaultPoster?: string | null;
  /** more to write in the import's transaction once the list is stored (its line in the admin log) */
  onStored?: (tx: Tx, stored: { id: number; entries: number }) => Promise<void>;
}

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/**
 * Writes to one list wait for each other (a transaction-scoped advisory lock on its kind and
 * date), so a re-import and a reason edit never take row locks in opposite orders (deadlock).
 */
export async function lockList(tx: Tx, kind: BanlistKind, date: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`banlist:${kind}:${date}`}))`);
}

/**
 * Create or replace the list of that kind and date, in one transaction. Reasons (and their posters) of
 * cards that stay on a replaced list are kept, so re-importing a corrected file loses no one's words.
 */
export async function replaceList(db: Db, list: ImportedList): Promise<{ id: number; entries: number }> {
  try {
    return await db.transaction(async (tx) => {
      await lockList(tx, list.kind, list.date);
      const kept = new Map<number, { reason: string; poster: string | null }>();
      const [old] = await tx.select({ id: banlists.id }).from(banlists).where(and(eq(banlists.kind, list.kind), eq(banlists.date, list.date)));
      if (old) {
        const rows = await tx
          .select({ cardId: banlistEntries.cardId, reason: banlistEntries.reason, poster: banlistEntries.posterDiscordId })
          .from(banlistEntries)
          .where(and(eq(banlistEntries.banlistId, old.id), sql`${banlistEntries.reason} is not null`));
        for (const r of rows) kept.set(r.cardId, { reason: r.reason!, poster: r.poster });
        await tx.delete(banlists).where(eq(banlists.id, old.id));
      }
      const [row] = await tx
        .insert(banlists)
        .values({
          date: list.date, kind: list.kind, name: list.name, whitelist: list.whitelist, createdBy: list.createdBy ?? null,
          genesys: list.genesys ?? false, shadowedLines: storedShadowedLines(list.shadowedLines),
        })
        .returning({ id: banlists.id });
      const id = row!.id;
      const values = list.entries.map((e, position) => {
        const before = kept.get(e.code);
        return {
          banlistId: id,
          cardId: e.code,
          count: e.count,
          position,
          reason: e.reason ?? before?.reason ?? null,
          posterDiscordId: e.posterDiscordId ?? (e.reason ? null : before?.poster) ?? list.defaultPoster ?? null,
        };
      });
      for (let i = 0; i < values.length; i += 1000) await tx.insert(banlistEntries).values(values.slice(i, i + 1000));
      await list.onStored?.(tx, { id, entries: values.length });
      return { id, entries: values.length };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('Another import of this banlist date is running; try again');
    throw e;
  }
}

/** The shadowed_lines column: [code, count] pairs in file order. */
export const storedShadowedLines = (lines: readonly LflistEntry[] = []): [number, number][] => lines.map((l) => [l.code, l.count]);

/** Dates of the lists of a kind, newest first. */
export async function listDates(db: Tx, kind: BanlistKind = 'format'): Promise<string[]> {
  const rows = await db.select({ date: banlists.date }).from(banlists).where(eq(banlists.kind, kind)).orderBy(desc(banlists.date));
  return rows.map((r) => r.date);
}

/**
 * EDOPro's hash of a list's lines, in SQL so that every list's comes in one query: the formula of lflistHash
 * (domain/banlists/lflist.ts) in 64-bit integers masked to 32 bits; a line whose count is outside -27..5 adds
 * nothing there too. The lines are those of the file the list exports (exportedHash): each entry, and each
 * shadowed line whose card is still an entry. The API tests check it against the hash of the downloaded file.
 */
const lineHash = (code: SQL, count: SQL) =>
  sql`(((${code} << 18) | (${code} >> 14)) # ((${code} << (27 + ${count})) | (${code} >> (5 - ${count})))) & 4294967295`;
const SHADOWED_HASH = sql`(select coalesce(bit_xor(${lineHash(sql`s.code`, sql`s.count`)}), 0)
  from (select (j.line->>0)::int8 as code, (j.line->>1)::int4 as count from jsonb_array_elements(l.shadowed_lines) as j(line)) s
  where s.count between -27 and 5 and exists (select 1 from ${banlistEntries} k where k.banlist_id = l.id and k.card_id = s.code))`;
const LIST_HASH = sql`(${0x7dfcee6a}::int8 # coalesce(bit_xor(${lineHash(sql`e.card_id`, sql`e.count`)}) filter (where e.count between -27 and 5), 0) # ${SHADOWED_HASH})`;

interface SummaryRow {
  date: string; kind: BanlistKind; name: string; whitelist: boolean; genesys: boolean; entries: number | string; hash: number | string | bigint;
}

async function summaries(db: Tx, where: SQL): Promise<BanlistSummary[]> {
  const result = (await db.execute(sql`
    select l.date, l.kind, l.name, l.whitelist, l.genesys, count(e.id) as entries, ${LIST_HASH} as hash
    from ${banlists} l left join ${banlistEntries} e on e.banlist_id = l.id
    where ${where}
    group by l.id
    order by l.date desc, l.kind asc`)) as unknown as { rows: SummaryRow[] };
  return result.rows.map((r) => ({
    date: r.date, kind: r.kind, name: r.name, whitelist: r.whitelist, entries: Number(r.entries), hash: Number(r.hash), points: r.genesys,
  }));
}

/** Every list with its size and EDOPro hash, newest first. */
export function listSummaries(db: Tx): Promise<BanlistSummary[]> {
  return summaries(db, sql`true`);
}

/** One list's summary. */
export async function listSummary(db: Tx, key: Pick<ListKey, 'id'>): Promise<BanlistSummary | undefined> {
  const [summary] = await summaries(db, sql`l.id = ${key.id}`);
  return summary;
}

/**
 * What a banlist page depends on: the list row and its revision (the row's xmin, which every write to the
 * list changes), and the reference and previous lists in force. Equal keys mean equal pages, on every instance.
 */
export interface ListKey {
  id: number;
  revision: string;
  date: string;
  name: string;
  whitelist: boolean;
  /** a `$genesys` points list: its counts are point values */
  genesys: boolean;
  referenceId: number | null;
  previousId: number | null;
}

export async function findListKey(db: Tx, date: string, kind: BanlistKind = 'format'): Promise<ListKey | undefined> {
  const result = (await db.execute(sql`
    select l.id, l.xmin::text as revision, l.date, l.name, l.whitelist, l.genesys,
      (select r.id from ${banlists} r where r.kind = 'reference' and r.date <= l.date order by r.date desc limit 1) as reference_id,
      (select p.id from ${banlists} p where p.kind = 'format' and p.date < l.date order by p.date desc limit 1) as previous_id
    from ${banlists} l where l.kind = ${kind} and l.date = ${date}`)) as unknown as {
    rows: { id: number; revision: string; date: string; name: string; whitelist: boolean; genesys: boolean; reference_id: number | null; previous_id: number | null }[];
  };
  const r = result.rows[0];
  if (!r) return undefined;
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  return {
    id: Number(r.id), revision: String(r.revision), date: r.date, name: r.name, whitelist: r.whitelist, genesys: r.genesys,
    referenceId: num(r.reference_id), previousId: num(r.previous_id),
  };
}

/**
 * Entries of a list with names and types from the card table, Advanced status from the reference list in
 * force and the status on the previous list: one query, whatever the size of the list.
 */
export async function listEntries(db: Tx, key: ListKey, entryId?: number): Promise<BanlistEntry[]> {
  const adv = alias(banlistEntries, 'adv');
  const prev = alias(banlistEntries, 'prev');
  const rows = await db
    .select({
      id: banlistEntries.id, cardId: banlistEntries.cardId, count: banlistEntries.count, reason: banlistEntries.reason,
      posterId: banlistEntries.posterDiscordId, cardName: cards.name, cardType: cards.cardType, cardAlias: cards.alias,
      posterUsername: users.username, posterDisplayName: sql<string | null>`coalesce(${users.preferredName}, ${users.displayName})`,
      advancedCount: adv.count, previousCount: prev.count,
    })
    .from(banlistEntries)
    .leftJoin(cards, eq(cards.id, banlistEntries.cardId))
    .leftJoin(users, eq(users.discordId, banlistEntries.posterDiscordId))
    .leftJoin(adv, and(eq(adv.banlistId, key.referenceId ?? -1), eq(adv.cardId, banlistEntries.cardId)))
    .leftJoin(prev, and(eq(prev.banlistId, key.previousId ?? -1), eq(prev.cardId, banlistEntries.cardId)))
    .where(entryId === undefined ? eq(banlistEntries.banlistId, key.id) : and(eq(banlistEntries.banlistId, key.id), eq(banlistEntries.id, entryId)))
    .orderBy(banlistEntries.position);
  return rows.map((r) => ({
    id: r.id,
    cardId: r.cardId,
    cardName: r.cardName ?? `Card ${r.cardId}`,
    // alternate artworks only (|id - alias| < 10): "treated as" aliases are different cards
    alias: r.cardAlias && Math.abs(r.cardAlias - r.cardId) < 10 ? r.cardAlias : 0,
    cardType: (r.cardType ?? 'UNKNOWN') as CardType,
    // a points list's count is a point value: every card on it may be played (its points are the limit)
    formatStatus: key.genesys ? 'UNLIMITED' : statusOfCount(r.count),
    advancedFormatStatus: r.advancedCount === null ? 'UNLIMITED' : statusOfCount(r.advancedCount),
    previousFormatStatus: r.previousCount === null ? 'NONE' : statusOfCount(r.previousCount),
    reason: r.reason,
    poster: r.posterId ? { discordId: r.posterId, username: r.posterUsername, displayName: r.posterDisplayName } : null,
    points: key.genesys ? r.count : null,
  }));
}

/** Entries of the format's banlist of that date, or undefined when there is none. */
export async function findEntries(db: Tx, date: string): Promise<BanlistEntry[] | undefined> {
  const key = await findListKey(db, date);
  return key ? listEntries(db, key) : undefined;
}

export interface ListForExport {
  name: string;
  whitelist: boolean;
  genesys: boolean;
  /** codes, counts and card names in import order */
  entries: { code: number; count: number; name?: string }[];
  shadowedLines: LflistEntry[];
}

/**
 * What the .lflist.conf download is written from (serializeLflist), with the lines that keep its EDOPro hash;
 * undefined when the list is gone (deleted since its key was read).
 */
export async function listForExport(db: Tx, banlistId: number): Promise<ListForExport | undefined> {
  const [list] = await db
    .select({ name: banlists.name, whitelist: banlists.whitelist, genesys: banlists.genesys, shadowedLines: banlists.shadowedLines })
    .from(banlists)
    .where(eq(banlists.id, banlistId));
  const rows = await db
    .select({ code: banlistEntries.cardId, count: banlistEntries.count, name: cards.name })
    .from(banlistEntries)
    .leftJoin(cards, eq(cards.id, banlistEntries.cardId))
    .where(eq(banlistEntries.banlistId, banlistId))
    .orderBy(banlistEntries.position);
  if (!list) return undefined;
  return {
    name: list.name,
    whitelist: list.whitelist,
    genesys: list.genesys,
    entries: rows.map((r) => (r.name === null ? { code: r.code, count: r.count } : { code: r.code, count: r.count, name: r.name })),
    shadowedLines: list.shadowedLines.map(([code, count]) => ({ code, count })),
  };
}

/** Deletes the list of that kind and date (its entries cascade); false when there was none. */
/** `onDeleted` writes more in the same transaction (the admin log's line), only when a list was deleted. */
export async function deleteList(db: Db, date: string, kind: BanlistKind = 'format', onDeleted?: (tx: Tx, name: string) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockList(tx, kind, date);
    const rows = await tx.delete(banlists).where(and(eq(banlists.kind, kind), eq(banlists.date, date))).returning({ id: banlists.id, name: banlists.name });
    if (rows[0]) await onDeleted?.(tx, rows[0].name);
    return rows.length > 0;
  });
}

/** The poster of an entry of the format list of that date; undefined when no such entry. */
export async function findEntryPoster(db: Tx, date: string, entryId: number): Promise<{ posterDiscordId: string | null } | undefined> {
  const [row] = await db
    .select({ posterDiscordId: banlistEntries.posterDiscordId })
    .from(banlistEntries)
    .innerJoin(banlists, eq(banlists.id, banlistEntries.banlistId))
    .where(and(eq(banlists.kind, 'format'), eq(banlists.date, date), eq(banlistEntries.id, entryId)));
  return row;
}

/** Sets an entry's reason and bumps the list's revision (cached pages key on it), in one transaction. */
export async function updateReason(db: Db, date: string, entryId: number, reason: string): Promise<BanlistEntry | undefined> {
  return db.transaction(async (tx) => {
    await lockList(tx, 'format', date);
    const key = await findListKey(tx, date);
    if (!key) return undefined;
    const updated = await tx
      .update(banlistEntries)
      .set({ reason })
      .where(and(eq(banlistEntries.banlistId, key.id), eq(banlistEntries.id, entryId)))
      .returning({ id: banlistEntries.id });
    if (updated.length === 0) return undefined;
    // a no-op update gives the list row a new xmin: the revision every cached page of this list keys on
    await tx.update(banlists).set({ name: sql`${banlists.name}` }).where(eq(banlists.id, key.id));
    const [entry] = await listEntries(tx, key, entryId);
    return entry;
  });
}
