// All SQL of the format's meta (issue 20): the recorded events, their decks, the cards and the
// banlist statuses GET /api/meta and a card's footprint read.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { banlistEntries, banlists, cards, eventRecords, recordDecks, series, type RecordArchetypeCount } from '../../db/schema.ts';

export interface RecordedEvent {
  uid: string;
  /** moves with any rewrite of the record, an archetype renamed too */
  version: number;
  /** moves only when the decks' cards or finishes are rewritten */
  decksVersion: number;
  seriesUid: string | null;
  seriesName: string | null;
  banlistName: string | null;
  completedAt: Date;
}

/**
 * What every meta read depends on, as one string: the records (count, versions, which events, last
 * write), the banlists (statuses) and the series (names). Any write to them changes it, on every
 * instance: the cached answers are keyed by it, so there is nothing to invalidate and no TTL to wait.
 */
export async function readStamp(db: Tx): Promise<string> {
  const { rows } = (await db.execute(sql`select concat_ws('.',
    (select count(*) from event_records), (select coalesce(sum(version), 0) from event_records),
    (select coalesce(sum(hashtext(tournament_uid)::bigint), 0) from event_records), (select max(updated_at) from event_records),
    (select count(*) from banlists), (select coalesce(max(id), 0) from banlists),
    (select count(*) from series), (select max(updated_at) from series)) as stamp`)) as unknown as { rows: { stamp: string }[] };
  return rows[0]!.stamp;
}

/** Every recorded event with what the filters read, oldest first (one JSON text: 1,000 rows one by one cost PGlite 10–70 ms). */
export async function listRecordedEvents(db: Tx): Promise<RecordedEvent[]> {
  const { rows } = (await db.execute(sql`select coalesce(json_agg(json_build_array(er.tournament_uid, er.version, er.decks_version, er.series_uid, s.name,
      er.banlist_name, er.completed_at) order by er.completed_at, er.tournament_uid)::text, '[]') as j
    from ${eventRecords} er left join ${series} s on s.id = er.series_uid`)) as unknown as { rows: { j: string }[] };
  type Line = [string, number, number, string | null, string | null, string | null, string];
  return (JSON.parse(rows[0]!.j) as Line[]).map(([uid, version, decksVersion, seriesUid, seriesName, banlistName, completedAt]) => ({
    uid, version, decksVersion, seriesUid, seriesName, banlistName, completedAt: new Date(completedAt),
  }));
}

export async function findSeries(db: Tx, uid: string): Promise<{ uid: string; name: string } | undefined> {
  const [row] = await db.select({ uid: series.id, name: series.name }).from(series).where(eq(series.id, uid));
  return row;
}

// PGlite spends about 10 µs a row: 64,000 decks as rows cost more than as one text, so the reads of
// decks below answer one text of a line per row, the free texts last and JSON-quoted.

/**
 * Recorded decks (published or not) of these events by archetype and top cut, as each record keeps
 * them (archetype_counts), with the record's version.
 */
export async function listArchetypeCounts(db: Tx, uids: readonly string[]): Promise<{ tournamentUid: string; version: number; archetype: string; topCut: boolean; decks: number }[]> {
  if (uids.length === 0) return [];
  // one text: a line per record, its version, then [uid, counts] as JSON
  const { rows } = (await db.execute(sql`select string_agg(concat_ws('|', version, '[' || to_json(tournament_uid)::text || ',' || archetype_counts || ']'), E'\n') as lines
    from ${eventRecords} where tournament_uid in ${[...uids]}`)) as unknown as { rows: { lines: string | null }[] };
  return splitLines(rows[0]?.lines, 1).flatMap(([version, rest]) => {
    const [tournamentUid, counts] = JSON.parse(rest!) as [string, RecordArchetypeCount[]];
    return counts.map((c) => ({ tournamentUid, version: Number(version), archetype: c.archetype, topCut: c.topCut, decks: c.decks }));
  });
}

export interface PublishedDeck {
  tournamentUid: string;
  /** the record's decksVersion this deck was read at */
  version: number;
  topCut: boolean;
  archetype: string;
  /** Main and Extra Deck: a passcode per copy */
  copies: number[];
}

/** The published decks of these events with their Main and Extra Decks (the others carry no cards), at the records' decksVersion. */
export async function listPublishedDecks(db: Tx, uids: readonly string[]): Promise<PublishedDeck[]> {
  if (uids.length === 0) return [];
  const { rows } = (await db.execute(sql`select string_agg(concat_ws('|', r.decks_version, d.top_cut, (d.main_deck || d.extra_deck)::text,
      json_build_array(d.tournament_uid, d.archetype)::text), E'\n') as lines
    from ${recordDecks} d join ${eventRecords} r on r.tournament_uid = d.tournament_uid
    where d.published and d.tournament_uid in ${[...uids]}`)) as unknown as { rows: { lines: string | null }[] };
  return splitLines(rows[0]?.lines, 3).map(([version, topCut, copies, rest]) => {
    const [tournamentUid, archetype] = JSON.parse(rest!) as [string, string];
    return { tournamentUid, version: Number(version), topCut: isTrue(topCut), archetype, copies: JSON.parse(copies!) as number[] };
  });
}

const isTrue = (v: string | undefined) => v === 'true' || v === 't';

/** Each line's first `fields` fields (none holds a '|') and the rest of the line. */
function splitLines(text: string | null | undefined, fields: number): string[][] {
  if (!text) return [];
  return text.split('\n').map((line) => {
    const parts = line.split('|', fields);
    parts.push(line.slice(parts.reduce((n, p) => n + p.length + 1, 0)));
    return parts;
  });
}

export interface CardRow { id: number; alias: number; name: string }

export async function listCards(db: Tx, ids: readonly number[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  return db.select({ id: cards.id, alias: cards.alias, name: cards.name }).from(cards).where(inArray(cards.id, [...ids]));
}

/** Every alternate artwork and its card (alias within 10 of it: "treated as" aliases are other cards). */
export async function listArtworks(db: Tx): Promise<{ id: number; alias: number }[]> {
  return db.select({ id: cards.id, alias: cards.alias }).from(cards)
    .where(and(sql`${cards.alias} <> 0`, sql`${cards.alias} <> ${cards.id}`, sql`abs(${cards.id} - ${cards.alias}) < 10`));
}

/** Format lists, newest first: the current one is the first; a name may be used by several dates. */
export async function listFormatBanlists(db: Tx): Promise<{ id: number; date: string; name: string }[]> {
  return db.select({ id: banlists.id, date: banlists.date, name: banlists.name }).from(banlists)
    .where(eq(banlists.kind, 'format')).orderBy(desc(banlists.date));
}

/** Entries of a list for these cards or their alternate artworks (with the entry's card's alias). */
export async function listEntriesFor(db: Tx, banlistId: number, ids: readonly number[]): Promise<{ cardId: number; count: number; alias: number | null }[]> {
  if (ids.length === 0) return [];
  return db.select({ cardId: banlistEntries.cardId, count: banlistEntries.count, alias: cards.alias })
    .from(banlistEntries).leftJoin(cards, eq(cards.id, banlistEntries.cardId))
    .where(and(eq(banlistEntries.banlistId, banlistId), sql`(${inArray(banlistEntries.cardId, [...ids])} or ${inArray(cards.alias, [...ids])})`));
}

export interface FootprintRow { archetype: string; topCut: boolean; playing: boolean; decks: number }

/**
 * Published decks of the events completed since `since` (on the list `banlistName` unless null),
 * counted by archetype, top cut and whether they play one of `group` (a card and its artworks).
 */
export async function footprintRows(db: Tx, o: { since: Date; banlistName: string | null; group: readonly number[] }): Promise<{ events: number; rows: FootprintRow[] }> {
  const onList = o.banlistName === null ? sql`true` : sql`${eventRecords.banlistName} = ${o.banlistName}`;
  const window = and(sql`${eventRecords.completedAt} >= ${o.since.toISOString()}`, onList);
  // jsonb containment of [passcode] in Main or Extra: one test per artwork, no unnesting of the lists
  const plays = sql.join(o.group.map((p) => {
    const one = JSON.stringify([p]);
    return sql`(${recordDecks.mainDeck} @> ${one}::jsonb or ${recordDecks.extraDeck} @> ${one}::jsonb)`;
  }), sql` or `);
  const rows = await db.select({
    archetype: recordDecks.archetype, topCut: recordDecks.topCut, playing: sql<boolean>`(${plays})`.as('playing'), decks: sql<number>`count(*)::int`,
  }).from(recordDecks).innerJoin(eventRecords, eq(eventRecords.tournamentUid, recordDecks.tournamentUid))
    .where(and(eq(recordDecks.published, true), window))
    .groupBy(recordDecks.archetype, recordDecks.topCut, sql`3`);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(eventRecords).where(window);
  return { events: Number(count?.n ?? 0), rows: rows.map((r) => ({ ...r, decks: Number(r.decks), playing: r.playing === true || (r.playing as unknown) === 't' })) };
}
