// The admins' archetype signatures (issue 20): the table in its order, with card names, and the
// reclassification of recorded decks by today's rule.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Signature, SignatureBody } from '../../../domain/api/records.ts';
import { archetypeOf, type DeckSignature } from '../../../domain/decks/archetype.ts';
import type { Db, Tx } from '../../db/client.ts';
import { archetypeSignatures, cards, recordDecks } from '../../db/schema.ts';
import { conflict } from '../../errors.ts';
import { edoproSetnames } from '../cards/edopro-setnames.ts';
import * as LeagueRecords from './league-records-repository.ts';
import * as RecordsRepository from './records-repository.ts';

type Row = typeof archetypeSignatures.$inferSelect;

export const DUPLICATE_NAME = (name: string) => `A signature named "${name}" already exists`;

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } } | undefined;
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/** Names of these cards (passcodes the cards table lacks are left out). */
export async function cardNames(db: Tx, ids: Iterable<number>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: cards.id, name: cards.name }).from(cards).where(inArray(cards.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

function toSignature(r: Row, names: ReadonlyMap<number, string>): Signature {
  return {
    id: r.id, name: r.name, min: r.min, position: r.position,
    cards: r.cards.map((passcode) => ({ passcode, name: names.get(passcode) ?? `Unknown card ${passcode}` })),
  };
}

/** Every signature in table order (the first a deck matches names it). */
export async function list(db: Tx): Promise<Signature[]> {
  const rows = await db.select().from(archetypeSignatures).orderBy(asc(archetypeSignatures.position), asc(archetypeSignatures.id));
  const names = await cardNames(db, rows.flatMap((r) => r.cards));
  return rows.map((r) => toSignature(r, names));
}

export async function find(db: Tx, id: number): Promise<Signature | undefined> {
  const [row] = await db.select().from(archetypeSignatures).where(eq(archetypeSignatures.id, id));
  return row && toSignature(row, await cardNames(db, row.cards));
}

export async function count(db: Tx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(archetypeSignatures);
  return Number(row?.n ?? 0);
}

/** Another signature of this name, letter case aside ("goat control" would shadow "Goat Control"). */
async function refuseDuplicateName(tx: Tx, name: string, except?: number): Promise<void> {
  const same = await tx.select({ id: archetypeSignatures.id }).from(archetypeSignatures)
    .where(sql`lower(${archetypeSignatures.name}) = lower(${name})`);
  if (same.some((r) => r.id !== except)) throw conflict(DUPLICATE_NAME(name));
}

/** A new signature at the end of the table. */
export async function insert(db: Db, body: SignatureBody, by: string): Promise<Signature> {
  try {
    return await db.transaction(async (tx) => {
      await refuseDuplicateName(tx, body.name);
      const [last] = await tx.select({ p: sql<number | null>`max(${archetypeSignatures.position})` }).from(archetypeSignatures);
      const position = last?.p === null || last?.p === undefined ? 0 : Number(last.p) + 1;
      const [row] = await tx.insert(archetypeSignatures)
        .values({ name: body.name, cards: body.cards, min: body.min ?? null, position, updatedBy: by })
        .returning();
      return toSignature(row!, await cardNames(tx, row!.cards));
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(DUPLICATE_NAME(body.name));
    throw e;
  }
}

/** The signature replaced (its place in the table kept); undefined when there is none. */
export async function update(db: Db, id: number, body: SignatureBody, by: string): Promise<{ before: Signature; after: Signature } | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const before = await find(tx, id);
      if (!before) return undefined;
      await refuseDuplicateName(tx, body.name, id);
      const [row] = await tx.update(archetypeSignatures)
        .set({ name: body.name, cards: body.cards, min: body.min ?? null, updatedBy: by, updatedAt: new Date() })
        .where(eq(archetypeSignatures.id, id)).returning();
      return { before, after: toSignature(row!, await cardNames(tx, row!.cards)) };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(DUPLICATE_NAME(body.name));
    throw e;
  }
}

export async function remove(db: Db, id: number): Promise<Signature | undefined> {
  return db.transaction(async (tx) => {
    const before = await find(tx, id);
    if (before) await tx.delete(archetypeSignatures).where(eq(archetypeSignatures.id, id));
    return before;
  });
}

/**
 * The table's new order, `ids` first to last. `check` sees the ids there are (under the same
 * transaction) and throws when `ids` is not each of them once.
 */
export async function reorder(db: Db, ids: readonly number[], by: string, check: (existing: number[]) => void): Promise<Signature[]> {
  return db.transaction(async (tx) => {
    // one row lock per signature: two reorders at once apply one after the other
    const existing = await tx.select({ id: archetypeSignatures.id }).from(archetypeSignatures).orderBy(asc(archetypeSignatures.id)).for('update');
    check(existing.map((r) => r.id));
    for (const [position, id] of ids.entries()) {
      await tx.update(archetypeSignatures).set({ position, updatedBy: by, updatedAt: new Date() }).where(eq(archetypeSignatures.id, id));
    }
    return list(tx);
  });
}

/** The table as the rule reads it: in its order, the first a deck matches names it. */
export async function listSignatures(db: Tx): Promise<DeckSignature[]> {
  const rows = await db.select().from(archetypeSignatures).orderBy(asc(archetypeSignatures.position), asc(archetypeSignatures.id));
  return rows.map((r) => ({ name: r.name, cards: r.cards, ...(r.min !== null && { min: r.min }) }));
}

/** The table as the rule reads it, with each signature's id (the preview names the one that matched). */
export async function ruleTable(db: Tx): Promise<{ ids: number[]; signatures: DeckSignature[] }> {
  const rows = await db.select({ id: archetypeSignatures.id }).from(archetypeSignatures).orderBy(asc(archetypeSignatures.position), asc(archetypeSignatures.id));
  return { ids: rows.map((r) => r.id), signatures: await listSignatures(db) };
}

export interface ReclassifyOutcome {
  decks: number;
  changed: number;
  /** events whose report changed (their version moved on) */
  events: string[];
  /** final leagues' runs named again, and the leagues whose report changed (issue 41) */
  runs: number;
  leagues: string[];
}

/**
 * Names every published recorded deck again by today's rule, in one transaction. A hand
 * correction stays shown (only the rule's name beside it moves). Unpublished decks keep no
 * cards, so they keep their name. `notice` runs in the transaction for each event changed.
 */
export async function reclassify(db: Db, notice: (tx: Tx, uid: string) => Promise<void>): Promise<ReclassifyOutcome> {
  return db.transaction(async (tx) => {
    const decks = await tx.select({
      id: recordDecks.id, tournamentUid: recordDecks.tournamentUid, archetype: recordDecks.archetype, archetypeAuto: recordDecks.archetypeAuto,
      correctedBy: recordDecks.correctedBy, main: recordDecks.mainDeck, extra: recordDecks.extraDeck,
    }).from(recordDecks).where(eq(recordDecks.published, true)).orderBy(asc(recordDecks.id));
    const lookup = await RecordsRepository.setcodeLookup(tx, decks.flatMap((d) => [...d.main, ...d.extra]));
    const signatures = await listSignatures(tx);
    const setnames = edoproSetnames();
    const events = new Set<string>();
    let changed = 0;
    for (const d of decks) {
      const auto = archetypeOf({ main: d.main, extra: d.extra }, lookup, setnames, signatures).name;
      const archetype = d.correctedBy ? d.archetype : auto;
      if (auto === d.archetypeAuto && archetype === d.archetype) continue;
      await tx.update(recordDecks).set({ archetype, archetypeAuto: auto }).where(and(eq(recordDecks.id, d.id)));
      if (archetype !== d.archetype) changed++;
      events.add(d.tournamentUid);
    }
    for (const uid of events) {
      await RecordsRepository.renamedArchetypes(tx, uid);
      await notice(tx, uid);
    }
    // a final league keeps every counted run's cards (published or not): each is named again (none is corrected by hand)
    const runs = await LeagueRecords.namedRuns(tx);
    const runLookup = await RecordsRepository.setcodeLookup(tx, runs.flatMap((r) => [...r.main, ...r.extra]));
    const leagues = new Set<string>();
    for (const r of runs) {
      const archetype = archetypeOf({ main: r.main, extra: r.extra }, runLookup, setnames, signatures).name;
      if (archetype === r.archetype) continue;
      await LeagueRecords.renameRun(tx, r.runId, archetype);
      changed++;
      leagues.add(r.leagueId);
    }
    for (const id of leagues) await LeagueRecords.renamedArchetypes(tx, id);
    return { decks: decks.length, changed, events: [...events], runs: runs.length, leagues: [...leagues] };
  });
}
