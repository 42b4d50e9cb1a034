// All SQL of player profiles and the leaderboard (issue 20). They read only the public record of
// completed events (event_records, record_players, published record_decks, player_ratings), never
// the live tables, so they are the same before and after Close. One write: the seeds by rating at Start (rating-seeds.ts).
// A profile's leagues (issue 41) are read from the league's own tables, whose runs and matches are
// public while it runs (its leaderboard, its runs' pages), and from a final league's record.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  eventRecords, leagueRecordRuns, leagueRecords, leagueRuns, leagues, playerRatings, recordDecks, recordMeetings, recordPlayers, series, teams as teamsTable, tournaments, users,
} from '../../db/schema.ts';

type Rows<T> = { rows: T[] };
const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * What the records look like now: it moves whenever one is written, rewritten (a version bump:
 * a correction, an archetype corrected) or removed, on whichever instance. The cache's key.
 */
export async function recordsStamp(db: Tx, o: { leagues?: boolean } = {}): Promise<string> {
  // `leagues`: every write of a league moves its version (a profile's league record follows it)
  const { rows: [row] } = (await db.execute(sql`
    select count(*)::int as n, coalesce(sum(version), 0)::bigint::text as v, coalesce(max(updated_at)::text, '') as u,
      (select concat_ws('.', count(*), coalesce(sum(version), 0), max(updated_at)) from ${leagueRecords}) as r,
      ${o.leagues ? sql`(select concat_ws('.', count(*), coalesce(sum(version), 0)) from ${leagues})` : sql`''`} as l
    from ${eventRecords}`)) as unknown as Rows<{ n: number; v: string; u: string; r: string; l: string }>;
  return `${row?.n}:${row?.v}:${row?.u}:${row?.r}:${row?.l}`;
}

export async function findUser(db: Tx, discordId: string) {
  const [u] = await db.select().from(users).where(eq(users.discordId, discordId));
  return u;
}

export interface PlayerEventRow {
  tournamentUid: string; name: string; seriesUid: string | null; seriesName: string | null; completedAt: string;
  placement: string; rank: number; wins: number; losses: number; ties: number; champion: boolean; rated: boolean;
  /** the number of teams placed */
  teams: number;
}

/** The player's completed events, newest first (one JSON text: PGlite hands over 500 rows one by one ten times slower). */
export async function playerEvents(db: Tx, discordId: string): Promise<PlayerEventRow[]> {
  const { rows: [row] } = (await db.execute(sql`
    select coalesce(json_agg(json_build_array(rp.tournament_uid, er.name, rp.series_uid, s.name, rp.completed_at, rp.placement, rp.rank,
        rp.wins, rp.losses, rp.ties, rp.champion, er.team_count, coalesce(t.rated, false)) order by rp.completed_at desc, rp.tournament_uid desc)::text, '[]') as j
    from ${recordPlayers} rp join ${eventRecords} er on er.tournament_uid = rp.tournament_uid left join ${series} s on s.id = rp.series_uid
      left join ${tournaments} t on t.uid = rp.tournament_uid
    where rp.discord_id = ${discordId}`)) as unknown as Rows<{ j: string }>;
  type Line = [string, string, string | null, string | null, string, string, number, number, number, number, boolean, number, boolean];
  return (JSON.parse(row!.j) as Line[]).map(([tournamentUid, name, seriesUid, seriesName, completedAt, placement, rank, wins, losses, ties, champion, teams, rated]) => ({
    tournamentUid, name, seriesUid, seriesName, completedAt: iso(completedAt), placement, rank, wins, losses, ties, champion, teams, rated,
  }));
}

/**
 * Head-to-head: the rated matches against each opponent (one result per opponent member per match,
 * as ratings count them), with the opponent's name as the latest of these records has it and, for
 * opponents who signed in, their names now (one JSON text, as playerEvents).
 */
export async function headToHead(db: Tx, discordId: string): Promise<HeadToHeadRow[]> {
  const { rows: [row] } = (await db.execute(sql`
    select coalesce(json_agg(json_build_array(h.opponent_id, h.wins, h.losses, h.ties, h.recorded,
        u.discord_id is not null, u.preferred_name, u.display_name, u.username))::text, '[]') as j
    from (
      select opponent_id, count(*) filter (where result = 1) as wins, count(*) filter (where result = -1) as losses,
        count(*) filter (where result = 0) as ties, (array_agg(opponent_name order by completed_at desc, tournament_uid desc))[1] as recorded
      from ${recordMeetings} where discord_id = ${discordId} group by opponent_id
    ) h left join ${users} u on u.discord_id = h.opponent_id`)) as unknown as Rows<{ j: string }>;
  type Line = [string, number, number, number, string, boolean, string | null, string | null, string | null];
  return (JSON.parse(row!.j) as Line[]).map(([id, wins, losses, ties, recordedName, signedIn, preferredName, displayName, username]) => ({
    discordId: id, wins, losses, ties, recordedName, user: signedIn ? { preferredName, displayName, username } : null,
  }));
}

export interface HeadToHeadRow {
  discordId: string; wins: number; losses: number; ties: number;
  /** the name the latest record has */
  recordedName: string;
  /** the opponent's names now, if they ever signed in */
  user: { preferredName: string | null; displayName: string | null; username: string | null } | null;
}

/** The player's PUBLISHED decks by event (an unpublished deck has no owner in the record anyway). */
export async function publishedDecks(db: Tx, discordId: string): Promise<{ tournamentUid: string; id: number; archetype: string }[]> {
  return db
    .select({ tournamentUid: recordDecks.tournamentUid, id: recordDecks.id, archetype: recordDecks.archetype })
    .from(recordDecks)
    .where(and(eq(recordDecks.discordId, discordId), eq(recordDecks.published, true)))
    .orderBy(recordDecks.id);
}

const boardOrder = sql`(o.rating > pr.rating or (o.rating = pr.rating and (o.rd < pr.rd or (o.rd = pr.rd and o.discord_id < pr.discord_id))))`;

/** The player's ratings per series, with their place on each series' leaderboard. */
export async function playerRatingsOf(db: Tx, discordId: string) {
  const { rows } = (await db.execute(sql`
    select pr.series_uid as "seriesUid", s.name as "seriesName", pr.rating, pr.rd, pr.events, pr.leagues,
      (select count(*) from ${playerRatings} o where o.series_uid = pr.series_uid and ${boardOrder})::int + 1 as rank
    from ${playerRatings} pr left join ${series} s on s.id = pr.series_uid
    where pr.discord_id = ${discordId}
    order by pr.rating desc, pr.series_uid`)) as unknown as Rows<{ seriesUid: string; seriesName: string | null; rating: number; rd: number; events: number; leagues: number; rank: number }>;
  return rows.map((r) => ({ ...r, rating: Number(r.rating), rd: Number(r.rd), events: Number(r.events), leagues: Number(r.leagues), rank: Number(r.rank) }));
}

/** ids per statement of the seeds by rating (a 4,096-team event's teams and members) */
const SEED_CHUNK = 500;

/** The ratings these players have in the series (those without one are left out). */
export async function ratingsIn(tx: Tx, seriesUid: string, discordIds: readonly string[]): Promise<Map<string, number>> {
  const rated = new Map<string, number>();
  for (let i = 0; i < discordIds.length; i += SEED_CHUNK) {
    const rows = await tx.select({ discordId: playerRatings.discordId, rating: playerRatings.rating }).from(playerRatings)
      .where(and(eq(playerRatings.seriesUid, seriesUid), inArray(playerRatings.discordId, discordIds.slice(i, i + SEED_CHUNK))));
    for (const r of rows) rated.set(r.discordId, r.rating);
  }
  return rated;
}

/** The teams' new seeds, stored. */
export async function storeSeeds(tx: Tx, seeds: readonly { uid: string; seed: number }[]): Promise<void> {
  for (let i = 0; i < seeds.length; i += SEED_CHUNK) {
    const values = sql.join(seeds.slice(i, i + SEED_CHUNK).map((x) => sql`(${x.uid}::text, ${x.seed}::int)`), sql`, `);
    await tx.execute(sql`update ${teamsTable} set seed = v.seed from (values ${values}) as v(uid, seed) where ${teamsTable.uid} = v.uid`);
  }
}

/** Name and avatar as the latest record of each player has them (players who never signed in). */
export async function recordedNames(db: Tx, ids: readonly string[]): Promise<Map<string, { displayName: string; avatarUrl: string | null }>> {
  if (ids.length === 0) return new Map();
  // the latest record of each first (an index scan), then only that event's placements
  const { rows } = (await db.execute(sql`
    select latest.id, mem.value->>'displayName' as name, mem.value->>'avatarUrl' as avatar
    from (
      select distinct on (discord_id) discord_id as id, tournament_uid, team_uid from ${recordPlayers}
      where discord_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
      order by discord_id, completed_at desc
    ) latest
    join ${eventRecords} er on er.tournament_uid = latest.tournament_uid
    cross join lateral jsonb_array_elements(er.placements) p
    cross join lateral jsonb_array_elements(p.value->'members') mem
    where p.value->>'teamId' = latest.team_uid and mem.value->>'discordId' = latest.id`)) as unknown as Rows<{ id: string; name: string | null; avatar: string | null }>;
  return new Map(rows.map((r) => [r.id, { displayName: r.name ?? '', avatarUrl: r.avatar }]));
}

export async function usersOf(db: Tx, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, typeof users.$inferSelect>();
  const rows = await db.select().from(users).where(inArray(users.discordId, [...new Set(ids)]));
  return new Map(rows.map((u) => [u.discordId, u]));
}

/** Series that have ratings, by name. */
export async function ratedSeries(db: Tx): Promise<{ uid: string; name: string | null }[]> {
  const { rows } = (await db.execute(sql`
    select r.series_uid as uid, s.name from (select distinct series_uid from ${playerRatings}) r
    left join ${series} s on s.id = r.series_uid
    order by s.name nulls last, r.series_uid`)) as unknown as Rows<{ uid: string; name: string | null }>;
  return rows;
}

export async function findSeries(db: Tx, uid: string): Promise<{ uid: string; name: string | null } | undefined> {
  const [s] = await db.select({ uid: series.id, name: series.name }).from(series).where(eq(series.id, uid));
  if (s) return s;
  const [rated] = await db.select({ uid: playerRatings.seriesUid }).from(playerRatings).where(eq(playerRatings.seriesUid, uid)).limit(1);
  return rated ? { uid, name: null } : undefined;
}

export interface BoardRow {
  discordId: string; rating: number | null; rd: number | null; events: number; leagues: number; wins: number; losses: number; ties: number; titles: number;
}

/** A series' board: rating desc, then rd asc (then id, so equal players keep one order). */
export async function seriesBoard(db: Tx, seriesUid: string, limit: number): Promise<BoardRow[]> {
  const { rows } = (await db.execute(sql`
    select pr.discord_id as "discordId", pr.rating, pr.rd, pr.events, pr.leagues, pr.wins, pr.losses, pr.ties,
      (select count(*) from ${recordPlayers} rp where rp.series_uid = pr.series_uid and rp.discord_id = pr.discord_id and rp.champion)::int as titles
    from ${playerRatings} pr where pr.series_uid = ${seriesUid}
    order by pr.rating desc, pr.rd asc, pr.discord_id asc limit ${limit}`)) as unknown as Rows<BoardRow>;
  return rows.map(numbers);
}

/** Without a series: every player with records, by titles, then events played, then wins. */
export async function overallBoard(db: Tx, limit: number): Promise<BoardRow[]> {
  const { rows } = (await db.execute(sql`
    select discord_id as "discordId", null as rating, null as rd, count(*)::int as events, 0 as leagues, sum(wins)::int as wins,
      sum(losses)::int as losses, sum(ties)::int as ties, count(*) filter (where champion)::int as titles
    from ${recordPlayers} group by discord_id
    order by titles desc, events desc, wins desc, discord_id asc limit ${limit}`)) as unknown as Rows<BoardRow>;
  return rows.map(numbers);
}

function numbers(r: BoardRow): BoardRow {
  return {
    discordId: r.discordId, rating: r.rating === null ? null : Number(r.rating), rd: r.rd === null ? null : Number(r.rd),
    events: Number(r.events), leagues: Number(r.leagues), wins: Number(r.wins), losses: Number(r.losses), ties: Number(r.ties), titles: Number(r.titles),
  };
}

export interface PlayerLeagueRow {
  leagueId: string; name: string; seriesId: string; seriesName: string; startsAt: string; endsAt: string;
  closedAt: string | null; finalAt: string | null; rated: boolean; matchesPerRun: number;
  /** the player's runs, the first started first, with a final league's record of each (null: not counted, or not final) */
  runs: { id: number; wins: number; losses: number; place: number | null; published: boolean; archetype: string | null }[];
  /** players with a run in the league */
  players: number;
}

/** The leagues the player ran in, the newest start first, with their runs (one JSON text, as playerEvents). */
export async function playerLeagues(db: Tx, discordId: string): Promise<PlayerLeagueRow[]> {
  const { rows: [row] } = (await db.execute(sql`
    select coalesce(json_agg(json_build_array(l.id, l.name, l.series_id, coalesce(s.name, l.series_name), l.starts_at, l.ends_at, l.closed_at, l.final_at, l.rated, l.matches_per_run,
        x.runs, (select count(distinct o.discord_id) from ${leagueRuns} o where o.league_id = l.id)) order by l.starts_at desc, l.id)::text, '[]') as j
    from (
      select r.league_id, json_agg(json_build_array(r.id, r.wins, r.losses, rr.place, coalesce(rr.published, false), case when rr.published then rr.archetype end)
        order by r.started_at, r.id) as runs
      from ${leagueRuns} r left join ${leagueRecordRuns} rr on rr.run_id = r.id
      where r.discord_id = ${discordId} group by r.league_id
    ) x join ${leagues} l on l.id = x.league_id left join ${series} s on s.id = l.series_id`)) as unknown as Rows<{ j: string }>;
  type Run = [number, number, number, number | null, boolean, string | null];
  type Line = [string, string, string, string, string, string, string | null, string | null, boolean, number, Run[], number];
  return (JSON.parse(row!.j) as Line[]).map(([leagueId, name, seriesId, seriesName, startsAt, endsAt, closedAt, finalAt, rated, matchesPerRun, runs, players]) => ({
    leagueId, name, seriesId, seriesName, startsAt: iso(startsAt), endsAt: iso(endsAt), closedAt: closedAt && iso(closedAt), finalAt: finalAt && iso(finalAt), rated, matchesPerRun,
    runs: runs.map(([id, wins, losses, place, published, archetype]) => ({ id, wins, losses, place, published, archetype })), players: Number(players),
  }));
}
