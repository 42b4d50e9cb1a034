// All SQL of the format's meta (issue 20): the recorded events, their decks, the cards and the
// banlist statuses GET /api/meta and a card's footprint read. A final league is recorded too (issue
// 41): league_records beside event_records, each counted run a deck (league_record_runs, its cards
// in league_runs); its key among the events' is `league:{id}` (LEAGUE_KEY), which no event's uid is.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { banlistEntries, banlists, cards, eventRecords, leagueRecordRuns, leagueRecords, leagueRuns, leagues, recordDecks, series, type RecordArchetypeCount } from '../../db/schema.ts';

/** A league's key among the recorded events: 'league:' and its id. */
export const LEAGUE_KEY = 'league:';
const leagueIdOf = (uid: string) => (uid.startsWith(LEAGUE_KEY) ? uid.slice(LEAGUE_KEY.length) : undefined);
/** The events' uids and the leagues' ids of a batch of keys. */
function byKind(uids: readonly string[]): { events: string[]; leagues: string[] } {
  const events: string[] = [];
  const leagueIds: string[] = [];
  for (const uid of uids) {
    const id = leagueIdOf(uid);
    if (id === undefined) events.push(uid);
    else leagueIds.push(id);
  }
  return { events, leagues: leagueIds };
}

export interface RecordedEvent {
  /** the tournament's uid, or a league's key (LEAGUE_KEY and its id) */
  uid: string;
  kind: 'event' | 'league';
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
    (select count(*) from series), (select max(updated_at) from series),
    (select count(*) from league_records), (select coalesce(sum(version), 0) from league_records), (select max(updated_at) from league_records)) as stamp`)) as unknown as { rows: { stamp: string }[] };
  return rows[0]!.stamp;
}

/**
 * Every recorded event and final league with what the filters read, oldest first (one JSON text:
 * 1,000 rows one by one cost PGlite 10–70 ms). A league's series name is the series' now, else the
 * one it had when the league was made.
 */
export async function listRecordedEvents(db: Tx): Promise<RecordedEvent[]> {
  const { rows } = (await db.execute(sql`select coalesce(json_agg(json_build_array(x.uid, x.version, x.decks_version, x.series_uid, x.series_name,
      x.banlist_name, x.completed_at, x.league) order by x.completed_at, x.uid)::text, '[]') as j
    from (
      select er.tournament_uid as uid, er.version, er.decks_version, er.series_uid, s.name as series_name, er.banlist_name, er.completed_at, false as league
      from ${eventRecords} er left join ${series} s on s.id = er.series_uid
      union all
      select ${LEAGUE_KEY} || lr.league_id, lr.version, lr.decks_version, lr.series_id, coalesce(s.name, l.series_name), lr.banlist_name, lr.completed_at, true
      from ${leagueRecords} lr join ${leagues} l on l.id = lr.league_id left join ${series} s on s.id = lr.series_id
    ) x`)) as unknown as { rows: { j: string }[] };
  type Line = [string, number, number, string | null, string | null, string | null, string, boolean];
  return (JSON.parse(rows[0]!.j) as Line[]).map(([uid, version, decksVersion, seriesUid, seriesName, banlistName, completedAt, league]) => ({
    uid, kind: league ? 'league' : 'event', version, decksVersion, seriesUid, seriesName, banlistName, completedAt: new Date(completedAt),
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
  const { events, leagues: leagueIds } = byKind(uids);
  // one text: a line per record, its version, then [uid, counts] as JSON
  const lines = [
    events.length ? (await db.execute(sql`select string_agg(concat_ws('|', version, '[' || to_json(tournament_uid)::text || ',' || archetype_counts || ']'), E'\n') as lines
      from ${eventRecords} where tournament_uid in ${events}`)) as unknown as { rows: { lines: string | null }[] } : undefined,
    leagueIds.length ? (await db.execute(sql`select string_agg(concat_ws('|', version, '[' || to_json(${LEAGUE_KEY} || league_id)::text || ',' || archetype_counts || ']'), E'\n') as lines
      from ${leagueRecords} where league_id in ${leagueIds}`)) as unknown as { rows: { lines: string | null }[] } : undefined,
  ].map((r) => r?.rows[0]?.lines).filter((l): l is string => !!l).join('\n');
  return splitLines(lines, 1).flatMap(([version, rest]) => {
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
  const { events, leagues: leagueIds } = byKind(uids);
  type Lines = { rows: { lines: string | null }[] };
  const lines = [
    events.length ? (await db.execute(sql`select string_agg(concat_ws('|', r.decks_version, d.top_cut, (d.main_deck || d.extra_deck)::text,
        json_build_array(d.tournament_uid, d.archetype)::text), E'\n') as lines
      from ${recordDecks} d join ${eventRecords} r on r.tournament_uid = d.tournament_uid
      where d.published and d.tournament_uid in ${events}`)) as unknown as Lines : undefined,
    // a league's published runs: their cards are the run's, kept in league_runs
    leagueIds.length ? (await db.execute(sql`select string_agg(concat_ws('|', lr.decks_version, rr.top_cut, (r.main_deck || r.extra_deck)::text,
        json_build_array(${LEAGUE_KEY} || rr.league_id, rr.archetype)::text), E'\n') as lines
      from ${leagueRecordRuns} rr join ${leagueRecords} lr on lr.league_id = rr.league_id join ${leagueRuns} r on r.id = rr.run_id
      where rr.published and rr.league_id in ${leagueIds}`)) as unknown as Lines : undefined,
  ].map((r) => r?.rows[0]?.lines).filter((l): l is string => !!l).join('\n');
  return splitLines(lines, 3).map(([version, topCut, copies, rest]) => {
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
 * counted by archetype, top cut and whether they play one of `group` (a card and its artworks); the
 * published runs of the leagues final since then on that list with them.
 */
export async function footprintRows(db: Tx, o: { since: Date; banlistName: string | null; group: readonly number[] }): Promise<{ events: number; leagues: number; rows: FootprintRow[] }> {
  const onList = o.banlistName === null ? sql`true` : sql`${eventRecords.banlistName} = ${o.banlistName}`;
  const window = and(sql`${eventRecords.completedAt} >= ${o.since.toISOString()}`, onList);
  // jsonb containment of [passcode] in Main or Extra: one test per artwork, no unnesting of the lists
  const playsIn = (main: unknown, extra: unknown) => sql.join(o.group.map((p) => {
    const one = JSON.stringify([p]);
    return sql`(${main} @> ${one}::jsonb or ${extra} @> ${one}::jsonb)`;
  }), sql` or `);
  const plays = playsIn(recordDecks.mainDeck, recordDecks.extraDeck);
  const rows = await db.select({
    archetype: recordDecks.archetype, topCut: recordDecks.topCut, playing: sql<boolean>`(${plays})`.as('playing'), decks: sql<number>`count(*)::int`,
  }).from(recordDecks).innerJoin(eventRecords, eq(eventRecords.tournamentUid, recordDecks.tournamentUid))
    .where(and(eq(recordDecks.published, true), window))
    .groupBy(recordDecks.archetype, recordDecks.topCut, sql`3`);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(eventRecords).where(window);
  const leagueWindow = and(sql`${leagueRecords.completedAt} >= ${o.since.toISOString()}`, o.banlistName === null ? sql`true` : sql`${leagueRecords.banlistName} = ${o.banlistName}`);
  const leagueRows = await db.select({
    archetype: leagueRecordRuns.archetype, topCut: leagueRecordRuns.topCut, playing: sql<boolean>`(${playsIn(leagueRuns.mainDeck, leagueRuns.extraDeck)})`.as('playing'), decks: sql<number>`count(*)::int`,
  }).from(leagueRecordRuns).innerJoin(leagueRecords, eq(leagueRecords.leagueId, leagueRecordRuns.leagueId)).innerJoin(leagueRuns, eq(leagueRuns.id, leagueRecordRuns.runId))
    .where(and(eq(leagueRecordRuns.published, true), leagueWindow))
    .groupBy(leagueRecordRuns.archetype, leagueRecordRuns.topCut, sql`3`);
  const [leagueCount] = await db.select({ n: sql<number>`count(*)::int` }).from(leagueRecords).where(leagueWindow);
  return {
    events: Number(count?.n ?? 0), leagues: Number(leagueCount?.n ?? 0),
    rows: [...rows, ...leagueRows].map((r) => ({ ...r, decks: Number(r.decks), playing: r.playing === true || (r.playing as unknown) === 't' })),
  };
}
