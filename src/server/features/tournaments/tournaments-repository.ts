// All SQL of tournaments, teams, members, decks, matches and the audit log.
import { and, asc, count, eq, getTableColumns, gte, inArray, isNotNull, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { columnList, insertRows, jsonRows, rawRows, rowMapper, setClause } from '../../db/raw-rows.ts';
import { auditLog, decks, eventRecords, matches, members, teams, tournaments, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { nextIteration as nextHeldIteration } from '../../../domain/tournament/iteration.ts';

export type TournamentRow = typeof tournaments.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;
export type MemberRow = typeof members.$inferSelect;
export type DeckRow = typeof decks.$inferSelect;
export type MatchRow = typeof matches.$inferSelect;
/** raw rows of the hand-written statements, as drizzle's select gives them */
export const tournamentRowOf = rowMapper(tournaments);
export const matchRowOf = rowMapper(matches);
export type UserRow = typeof users.$inferSelect;

export const TOURNAMENT_NOT_FOUND = 'Tournament not found';

/**
 * The tournament rows the list shows, with what the notification dot needs and the team count:
 * every team that signed up (dropped ones too, as the tournament's own teamCount); after Close,
 * which removed the teams, the teams of the final standings it kept.
 */
export async function listForSummaries(db: Tx) {
  const teamCounts = db
    .select({
      tournamentUid: teams.tournamentUid,
      n: sql<number>`count(*)::int`.as('n'),
      active: sql<number>`count(*) filter (where not ${teams.dropped})::int`.as('active'),
    })
    .from(teams)
    .groupBy(teams.tournamentUid)
    .as('team_counts');
  // the current round's matches: how many, how many complete, how many flagged
  const current = db
    .select({
      tournamentUid: matches.tournamentUid,
      total: sql<number>`count(*)::int`.as('total'),
      complete: sql<number>`count(*) filter (where ${matches.complete})::int`.as('complete'),
      flagged: sql<number>`count(*) filter (where ${matches.flaggedForReview})::int`.as('flagged'),
    })
    .from(matches)
    .innerJoin(tournaments, and(eq(tournaments.uid, matches.tournamentUid), eq(tournaments.currentRound, matches.roundNumber)))
    .groupBy(matches.tournamentUid)
    .as('current_round');
  const anyMatch = db
    .select({ tournamentUid: matches.tournamentUid, n: sql<number>`count(*)::int`.as('any_n') })
    .from(matches)
    .groupBy(matches.tournamentUid)
    .as('any_match');
  return db
    .select({
      t: tournaments,
      teamCount: teamCounts.n,
      activeTeams: teamCounts.active,
      keptTeams: sql<number | null>`jsonb_array_length(${tournaments.finalStandings}->'rows')`,
      total: current.total,
      complete: current.complete,
      flagged: current.flagged,
      anyMatches: anyMatch.n,
      // the record's champion is its first placement (decision 014: the winner first)
      completedAt: eventRecords.completedAt,
      championName: sql<string | null>`case when ${eventRecords.placements}->0->>'teamId' = ${eventRecords.championTeamUid} then ${eventRecords.placements}->0->>'teamName' end`,
    })
    .from(tournaments)
    .leftJoin(eventRecords, eq(eventRecords.tournamentUid, tournaments.uid))
    .leftJoin(teamCounts, eq(teamCounts.tournamentUid, tournaments.uid))
    .leftJoin(current, eq(current.tournamentUid, tournaments.uid))
    .leftJoin(anyMatch, eq(anyMatch.tournamentUid, tournaments.uid))
    .where(eq(tournaments.cancelled, false))
    // upcoming events by their start (decision 016): those with a start first, soonest first; then
    // upcoming ones without a start, then live and finished events, each by creation as before
    .orderBy(
      sql`case when ${tournaments.inProgress} or ${tournaments.completed} then 2 when ${tournaments.startsAt} is null then 1 else 0 end`,
      sql`case when not ${tournaments.inProgress} and not ${tournaments.completed} then ${tournaments.startsAt} end asc nulls last`,
      tournaments.createdAt,
    );
}

/** Uids of the tournaments where the user is an active member of an active team. */
export async function participatingUids(db: Tx, discordId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ uid: members.tournamentUid })
    .from(members)
    .innerJoin(teams, eq(teams.uid, members.teamUid))
    .where(and(eq(members.discordId, discordId), eq(members.dropped, false), eq(teams.dropped, false)));
  return rows.map((r) => r.uid);
}

export async function findTournament(db: Tx, uid: string): Promise<TournamentRow | undefined> {
  const [row] = await db.select().from(tournaments).where(eq(tournaments.uid, uid));
  return row;
}

/**
 * The row locked for this transaction by the write's own version bump (an update takes the same
 * row lock as `select … for update`): one statement fewer while the lock is held (decision 019).
 * The row comes back with its new version; a rollback undoes the bump with everything else.
 */
export async function lockAndBump(tx: Tx, uid: string, notice?: SQL): Promise<TournamentRow> {
  // hand-written (decision 021): every write of an event runs it, while the others wait for it; the
  // notice (pg_notify, delivered at commit) rides along instead of costing a statement of its own
  const [raw] = await rawRows(tx, sql`update tournaments set version = version + 1, updated_at = now() where uid = ${uid}
    returning ${columnList(tournaments)}${notice ? sql`, ${notice} as "_notice"` : sql``}`);
  if (!raw) throw notFound(TOURNAMENT_NOT_FOUND);
  return tournamentRowOf(raw);
}

/**
 * What a score report reads of its event (its stage, best-of and round, its match's clock, and
 * what a bracket result settles), and nothing else: on the embedded database each column a
 * statement returns costs the server's thread about 5 µs, and a tournament row has 59 (decision 039).
 */
export const PLAY_COLUMNS = [
  'uid', 'version', 'name', 'format', 'bestOf', 'currentRound', 'closed', 'cancelled', 'completed', 'inProgress', 'pairingSeed',
  'roundMinutes', 'topCutRoundMinutes', 'roundStartDates',
] as const satisfies readonly (keyof TournamentRow)[];
export type PlayEventRow = Pick<TournamentRow, (typeof PLAY_COLUMNS)[number]>;
const playColumns = Object.entries(getTableColumns(tournaments)).filter(([key]) => (PLAY_COLUMNS as readonly string[]).includes(key));
const playColumnList = sql.raw(playColumns.map(([, c]) => `"${c.name}"`).join(', '));

/** lockAndBump for a score report: the same lock and version, the row in PLAY_COLUMNS only. */
export async function lockAndBumpForPlay(tx: Tx, uid: string, notice?: SQL): Promise<PlayEventRow> {
  const [raw] = await rawRows(tx, sql`update tournaments set version = version + 1, updated_at = now() where uid = ${uid}
    returning ${playColumnList}${notice ? sql`, ${notice} as "_notice"` : sql``}`);
  if (!raw) throw notFound(TOURNAMENT_NOT_FOUND);
  return Object.fromEntries(playColumns.map(([key, c]) => [key, raw[c.name] === null || raw[c.name] === undefined ? null : c.mapFromDriverValue(raw[c.name])])) as PlayEventRow;
}

/** The tournament's version alone (the live notice's; undefined: no such tournament). */
export async function tournamentVersion(db: Tx, uid: string): Promise<number | undefined> {
  const [row] = await db.select({ version: tournaments.version }).from(tournaments).where(eq(tournaments.uid, uid));
  return row?.version;
}

/** The row, locked for this transaction: writes to one tournament run one after another. */
export async function lockTournament(tx: Tx, uid: string): Promise<TournamentRow> {
  const [row] = await tx.select().from(tournaments).where(eq(tournaments.uid, uid)).for('update');
  if (!row) throw notFound(TOURNAMENT_NOT_FOUND);
  return row;
}

export async function insertTournament(db: Tx, values: typeof tournaments.$inferInsert): Promise<TournamentRow> {
  const [row] = await db.insert(tournaments).values(values).returning();
  return row!;
}

/** The next iteration number of a series' tournaments: one after the highest held (cancelled events took no place). */
export async function nextIteration(db: Tx, seriesUid: string): Promise<number> {
  const [row] = await db.select({ top: max(tournaments.iteration) }).from(tournaments)
    .where(and(eq(tournaments.seriesUid, seriesUid), eq(tournaments.cancelled, false)));
  return nextHeldIteration([row?.top ?? null]);
}

/** Changes fields; the version moved with the write's lock (event-write.ts: once a write, decision 039). */
export async function updateTournament(tx: Tx, uid: string, set: Partial<typeof tournaments.$inferInsert>): Promise<TournamentRow> {
  const [row] = await tx
    .update(tournaments)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(tournaments.uid, uid))
    .returning();
  return row!;
}

export async function findUser(db: Tx, discordId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.discordId, discordId));
  return row;
}

export async function usersByIds(db: Tx, ids: readonly string[]): Promise<Map<string, UserRow>> {
  if (ids.length === 0) return new Map();
  // one array parameter, not one parameter per id: the same short statement for 4,096 players (decision 024)
  const rows = await jsonRows(db, users, sql`${users.discordId} = any(${sql.param([...new Set(ids)])}::text[])`);
  return new Map(rows.map((u) => [u.discordId, u]));
}

// ---- teams and members --------------------------------------------------------------------------

export async function listTeams(db: Tx, uid: string): Promise<TeamRow[]> {
  return jsonRows(db, teams, eq(teams.tournamentUid, uid), sql`${teams.seed}, ${teams.createdAt}`);
}

/** Only these teams of a tournament (naming the two sides of a match without reading every team). */
export async function teamsByUids(db: Tx, uid: string, teamUids: readonly (string | null)[]): Promise<TeamRow[]> {
  const ids = teamUids.filter((x): x is string => x !== null);
  if (ids.length === 0) return [];
  return db.select().from(teams).where(and(eq(teams.tournamentUid, uid), inArray(teams.uid, ids)));
}

export async function listMembers(db: Tx, uid: string): Promise<MemberRow[]> {
  return jsonRows(db, members, eq(members.tournamentUid, uid), sql`${members.id}`);
}

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

/** The members of one team. */
export async function membersOfTeam(db: Tx, uid: string, teamUid: string): Promise<MemberRow[]> {
  return db.select().from(members).where(and(eq(members.tournamentUid, uid), eq(members.teamUid, teamUid))).orderBy(asc(members.id));
}

/**
 * Whether the user plays in this tournament: a member of one of its teams (or, with `teamUids`, of
 * one of these teams), dropped or not (decision 013).
 */
export async function playsIn(db: Tx, uid: string, discordId: string, teamUids?: readonly (string | null)[]): Promise<boolean> {
  const only = teamUids?.filter((x): x is string => x !== null);
  if (only && only.length === 0) return false;
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.tournamentUid, uid), eq(members.discordId, discordId), only ? inArray(members.teamUid, only) : undefined))
    .limit(1);
  return !!row;
}

/** The user's active membership (in an active team) of this tournament. */
export async function activeMembership(db: Tx, uid: string, discordId: string): Promise<{ member: MemberRow; team: TeamRow } | undefined> {
  const [row] = await db
    .select({ member: members, team: teams })
    .from(members)
    .innerJoin(teams, eq(teams.uid, members.teamUid))
    .where(and(eq(members.tournamentUid, uid), eq(members.discordId, discordId), eq(members.dropped, false), eq(teams.dropped, false)));
  return row;
}

/** A team's match in a round (a team plays one match a round). */
export async function teamMatchInRound(db: Tx, uid: string, round: number, teamUid: string): Promise<MatchRow | undefined> {
  const [row] = await db.select().from(matches)
    .where(and(eq(matches.tournamentUid, uid), eq(matches.roundNumber, round), or(eq(matches.team1Uid, teamUid), eq(matches.team2Uid, teamUid))))
    .orderBy(asc(matches.id)).limit(1);
  return row;
}

/**
 * Whether this user was in a team of this tournament that has been paired (played, had a bye or
 * missed a round), dropped since or not: a player who dropped out of the event does not enter it
 * again. A no-show dropped at the start was never paired.
 */
export async function wasPaired(db: Tx, uid: string, discordId: string): Promise<boolean> {
  const [row] = await rawRows(db, sql`select 1 as "paired" from members mb
    where mb.tournament_uid = ${uid} and mb.discord_id = ${discordId}
      and exists (select 1 from matches m where m.tournament_uid = ${uid} and (m.team1_uid = mb.team_uid or m.team2_uid = mb.team_uid))
    limit 1`);
  return !!row;
}

/** The team this person was dropped with before it played a match (a no-show dropped at the start): a late entry takes it back. */
export async function unplayedDroppedTeamOf(db: Tx, uid: string, discordId: string): Promise<TeamRow | undefined> {
  const [row] = await db
    .select({ team: teams })
    .from(members)
    .innerJoin(teams, eq(teams.uid, members.teamUid))
    .where(and(
      eq(members.tournamentUid, uid), eq(members.discordId, discordId), eq(teams.dropped, true),
      sql`not exists (select 1 from matches m where m.tournament_uid = ${uid} and (m.team1_uid = ${teams.uid} or m.team2_uid = ${teams.uid}))`,
    ))
    .orderBy(asc(teams.createdAt))
    .limit(1);
  return row?.team;
}

/** A team back in the event (a no-show entering late): it and this member active again, under the name given now. */
export async function reinstateTeam(tx: Tx, teamUid: string, discordId: string, name: string): Promise<TeamRow> {
  await tx.update(members).set({ dropped: false }).where(and(eq(members.teamUid, teamUid), eq(members.discordId, discordId)));
  const [row] = await tx.update(teams).set({ dropped: false, name, checkedInAt: null }).where(eq(teams.uid, teamUid)).returning();
  return row!;
}

export async function findMember(db: Tx, uid: string, memberId: number): Promise<{ member: MemberRow; team: TeamRow } | undefined> {
  const [row] = await db
    .select({ member: members, team: teams })
    .from(members)
    .innerJoin(teams, eq(teams.uid, members.teamUid))
    .where(and(eq(members.tournamentUid, uid), eq(members.id, memberId)));
  return row;
}

export async function findTeam(db: Tx, uid: string, teamUid: string): Promise<TeamRow | undefined> {
  const [row] = await db.select().from(teams).where(and(eq(teams.tournamentUid, uid), eq(teams.uid, teamUid)));
  return row;
}

const isUniqueViolation = (e: unknown): boolean => {
  for (let err = e as { code?: string; cause?: unknown } | undefined, d = 0; err && d < 4; err = err.cause as typeof err, d++) {
    if (err.code === '23505') return true;
  }
  return false;
};

/** A new team with its captain as the sole member; 409 when the user already plays in an active team. */
export async function insertTeam(
  tx: Tx,
  t: { uid: string; tournamentUid: string; name: string; captainDiscordId: string; image: string | null },
): Promise<{ team: TeamRow; member: MemberRow }> {
  const [{ seed } = { seed: 0 }] = await tx
    .select({ seed: sql<number>`coalesce(max(${teams.seed}), 0)::int` })
    .from(teams)
    .where(eq(teams.tournamentUid, t.tournamentUid));
  try {
    // a savepoint: a unique violation must not abort the caller's transaction
    return await tx.transaction(async (inner) => {
      const [team] = await inner.insert(teams).values({ uid: t.uid, tournamentUid: t.tournamentUid, name: t.name, captainDiscordId: t.captainDiscordId, seed: seed + 1 }).returning();
      const [member] = await inner.insert(members).values({ teamUid: t.uid, tournamentUid: t.tournamentUid, discordId: t.captainDiscordId, image: t.image }).returning();
      return { team: team!, member: member! };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('You are already in a team of this tournament');
    throw e;
  }
}

/** Many generated teams at once (Seed Test Data): one-member teams, seeds after the existing ones. */
export async function insertTeams(tx: Tx, tournamentUid: string, rows: { uid: string; name: string; discordId: string }[]): Promise<void> {
  const [{ seed } = { seed: 0 }] = await tx
    .select({ seed: sql<number>`coalesce(max(${teams.seed}), 0)::int` })
    .from(teams)
    .where(eq(teams.tournamentUid, tournamentUid));
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await tx.insert(teams).values(chunk.map((r, k) => ({ uid: r.uid, tournamentUid, name: r.name, captainDiscordId: r.discordId, seed: seed + i + k + 1 })));
    await tx.insert(members).values(chunk.map((r) => ({ teamUid: r.uid, tournamentUid, discordId: r.discordId })));
  }
}

export async function insertUsers(tx: Tx, rows: (typeof users.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await tx.insert(users).values(rows.slice(i, i + 500)).onConflictDoNothing();
}

export async function activeTeamNameTaken(db: Tx, uid: string, name: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(teams)
    .where(and(eq(teams.tournamentUid, uid), eq(teams.dropped, false), sql`lower(${teams.name}) = lower(${name})`));
  return (row?.n ?? 0) > 0;
}

export async function setMemberDropped(tx: Tx, memberId: number): Promise<MemberRow> {
  const [row] = await tx.update(members).set({ dropped: true }).where(eq(members.id, memberId)).returning();
  return row!;
}

export async function activeMemberCount(tx: Tx, teamUid: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(members).where(and(eq(members.teamUid, teamUid), eq(members.dropped, false)));
  return row?.n ?? 0;
}

/** Drops a team and every one of its members. */
export async function setTeamDropped(tx: Tx, teamUid: string): Promise<TeamRow> {
  await tx.update(members).set({ dropped: true }).where(eq(members.teamUid, teamUid));
  const [row] = await tx.update(teams).set({ dropped: true }).where(eq(teams.uid, teamUid)).returning();
  return row!;
}

/** W-L-T of many teams in one statement per 1,000 (a 4,096-team round's byes and a start recount them all). */
export async function setTeamRecords(tx: Tx, records: { uid: string; wins: number; losses: number; ties: number }[]): Promise<void> {
  for (let i = 0; i < records.length; i += 1000) {
    const values = sql.join(records.slice(i, i + 1000).map((r) => sql`(${r.uid}::text, ${r.wins}::int, ${r.losses}::int, ${r.ties}::int)`), sql`, `);
    await tx.execute(sql`
      update ${teams} set wins = v.w, losses = v.l, ties = v.t
      from (values ${values}) as v(uid, w, l, t) where ${teams.uid} = v.uid`);
  }
}

// ---- decks --------------------------------------------------------------------------------------

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

// ---- matches ------------------------------------------------------------------------------------

export async function listMatches(db: Tx, uid: string, round?: number): Promise<MatchRow[]> {
  return db
    .select()
    .from(matches)
    .where(round === undefined ? eq(matches.tournamentUid, uid) : and(eq(matches.tournamentUid, uid), eq(matches.roundNumber, round)))
    .orderBy(asc(matches.roundNumber), asc(matches.bracket), asc(matches.position));
}

/** What the engine, the standings and the live state read of a match: no reports, clocks or rooms. */
export type EngineMatchRow = Pick<MatchRow, 'id' | 'roundNumber' | 'bracket' | 'position' | 'team1Uid' | 'team2Uid' | 'bye' | 'complete' | 'team1Wins' | 'team2Wins' | 'winnerTeamUid' | 'missed'>;
/** What the standings and the live state read of a team. */
export type LeanTeamRow = Pick<TeamRow, 'uid' | 'name' | 'seed' | 'dropped' | 'checkedInAt'>;

/**
 * Every match in the columns the engine reads, and every team in those the standings read: the
 * live views of a 4,096-team event read these after each coalesced change. Each comes as one JSON
 * array built by the database and parsed by JSON.parse: the embedded database's driver takes about
 * five times as long to hand over the same rows one by one (decision 019).
 */
export async function listMatchesLean(db: Tx, uid: string): Promise<EngineMatchRow[]> {
  const [row] = await db
    .select({
      json: sql<string>`coalesce(json_agg(json_build_array(${matches.id}, ${matches.roundNumber}, ${matches.bracket}, ${matches.position},
        ${matches.team1Uid}, ${matches.team2Uid}, ${matches.bye}, ${matches.complete}, ${matches.team1Wins}, ${matches.team2Wins},
        ${matches.winnerTeamUid}, ${matches.missed}) order by ${matches.roundNumber}, ${matches.bracket}, ${matches.position}), '[]')::text`,
    })
    .from(matches)
    .where(eq(matches.tournamentUid, uid));
  type Cells = [number, number, string, number, string | null, string | null, boolean, boolean, number | null, number | null, string | null, boolean];
  return (JSON.parse(row?.json ?? '[]') as Cells[]).map(([id, roundNumber, bracket, position, team1Uid, team2Uid, bye, complete, team1Wins, team2Wins, winnerTeamUid, missed]) => ({
    id, roundNumber, bracket, position, team1Uid, team2Uid, bye, complete, team1Wins, team2Wins, winnerTeamUid, missed,
  }));
}
export async function listTeamsLean(db: Tx, uid: string): Promise<LeanTeamRow[]> {
  const [row] = await db
    .select({
      json: sql<string>`coalesce(json_agg(json_build_array(${teams.uid}, ${teams.name}, ${teams.seed}, ${teams.dropped}, ${teams.checkedInAt})
        order by ${teams.seed}, ${teams.createdAt}), '[]')::text`,
    })
    .from(teams)
    .where(eq(teams.tournamentUid, uid));
  type Cells = [string, string, number, boolean, string | null];
  return (JSON.parse(row?.json ?? '[]') as Cells[]).map(([u, name, seed, dropped, checkedInAt]) => ({
    uid: u, name, seed, dropped, checkedInAt: checkedInAt === null ? null : new Date(checkedInAt),
  }));
}

/** These matches of a tournament, whole. */
export async function matchesByIds(db: Tx, uid: string, ids: readonly number[]): Promise<MatchRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(matches).where(and(eq(matches.tournamentUid, uid), inArray(matches.id, [...ids])))
    .orderBy(asc(matches.roundNumber), asc(matches.bracket), asc(matches.position));
}

/**
 * A score report's reads in one query: the match, the reporter's active team in this tournament
 * (null: none) and the names of the match's two teams.
 */
export async function matchForReport(db: Tx, uid: string, id: number, discordId: string) {
  const [raw] = await rawRows(db, sql`select ${columnList(matches, 'm')},
      (select mb.team_uid from members mb inner join teams tm on tm.uid = mb.team_uid
        where mb.tournament_uid = ${uid} and mb.discord_id = ${discordId} and not mb.dropped and not tm.dropped limit 1) as "_my_team_uid",
      (select t1.name from teams t1 where t1.uid = m.team1_uid) as "_team1_name",
      (select t2.name from teams t2 where t2.uid = m.team2_uid) as "_team2_name"
    from matches m where m.tournament_uid = ${uid} and m.id = ${id}`);
  if (!raw) return undefined;
  const match = matchRowOf(raw);
  const [myTeamUid, team1Name, team2Name] = [raw._my_team_uid, raw._team1_name, raw._team2_name] as (string | null)[];
  const named = [[match.team1Uid, team1Name], [match.team2Uid, team2Name]] as const;
  return { match, myTeamUid: myTeamUid ?? null, teams: named.flatMap(([u, name]) => (u !== null && u !== undefined && name !== null && name !== undefined ? [{ uid: u, name }] : [])) };
}

/** Matches where any of these teams plays (for many teams, every match: cheaper than a list of thousands). */
export async function matchesOfTeams(db: Tx, uid: string, teamUids: readonly string[]): Promise<MatchRow[]> {
  if (teamUids.length === 0) return [];
  if (teamUids.length > 200) {
    const wanted = new Set(teamUids);
    const all = await db.select().from(matches).where(eq(matches.tournamentUid, uid));
    return all.filter((m) => (m.team1Uid !== null && wanted.has(m.team1Uid)) || (m.team2Uid !== null && wanted.has(m.team2Uid)));
  }
  const ids = [...teamUids];
  return db.select().from(matches).where(and(eq(matches.tournamentUid, uid), or(inArray(matches.team1Uid, ids), inArray(matches.team2Uid, ids))));
}

/** Whether a match of this round waits for a table: two teams, to be played, none given yet (tables.ts needsTable). */
export async function roundWaitsForTables(db: Tx, uid: string, round: number): Promise<boolean> {
  const [row] = await db
    .select({ id: matches.id })
    .from(matches)
    .where(and(
      eq(matches.tournamentUid, uid), eq(matches.roundNumber, round), sql`${matches.tableNumber} is null`, eq(matches.bye, false),
      eq(matches.missed, false), eq(matches.complete, false), sql`${matches.team1Uid} is not null`, sql`${matches.team2Uid} is not null`,
    ))
    .limit(1);
  return !!row;
}

/**
 * Tables (and, for rows made before rooms existed, room passwords) of many matches in one statement
 * per 1,000: a 4,096-team round is 2,048 matches.
 */
export async function setTables(tx: Tx, rows: readonly { id: number; table: number; password: string }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const values = sql.join(rows.slice(i, i + 1000).map((r) => sql`(${r.id}::int, ${r.table}::int, ${r.password}::text)`), sql`, `);
    await tx.execute(sql`
      update ${matches} set table_number = v.t, room_password = coalesce(${matches.roomPassword}, v.p), updated_at = now()
      from (values ${values}) as v(id, t, p) where ${matches.id} = v.id`);
  }
}

export async function findMatch(db: Tx, uid: string, id: number): Promise<MatchRow | undefined> {
  const [row] = await db.select().from(matches).where(and(eq(matches.tournamentUid, uid), eq(matches.id, id)));
  return row;
}

export async function insertMatches(tx: Tx, rows: (typeof matches.$inferInsert)[]): Promise<MatchRow[]> {
  // a 4,096-team round in one short statement (decision 024)
  return insertRows(tx, matches, rows);
}

/**
 * Changes a match. With `result`, the match it completes (Swiss or round robin, not before complete):
 * its two teams' W-L-T move in the same statement (resultUpdate), one round trip fewer while the
 * event's lock is held.
 */
export async function updateMatch(tx: Tx, id: number, set: Partial<typeof matches.$inferInsert>, result?: ResultOf): Promise<MatchRow> {
  // hand-written (decision 021): a score report's write
  const moved = result && resultUpdate(result);
  const [raw] = await rawRows(tx, sql`${moved ? sql`with moved as (${moved}) ` : sql``}update matches set ${setClause(matches, { ...set, updatedAt: new Date() })} where id = ${id} returning ${columnList(matches)}`);
  return matchRowOf(raw!);
}

/**
 * updateMatch for a row just read under the event's lock: the same statement, but it returns no
 * columns (about 40 fewer for the server to read), and the row is the one read with the change
 * applied, as the database now holds it.
 */
export async function updateMatchFrom(tx: Tx, m: MatchRow, set: Partial<typeof matches.$inferInsert>, result?: ResultOf): Promise<MatchRow> {
  const updatedAt = new Date();
  const moved = result && resultUpdate(result);
  const written = await rawRows(tx, sql`${moved ? sql`with moved as (${moved}) ` : sql``}update matches set ${setClause(matches, { ...set, updatedAt })} where id = ${m.id} returning id`);
  if (written.length !== 1) throw new Error(`match ${m.id} was not written`);
  const row: Record<string, unknown> = { ...m, updatedAt };
  for (const [key, value] of Object.entries(set)) if (value !== undefined) row[key] = value;
  return row as MatchRow;
}

type ResultOf = Pick<MatchRow, 'team1Uid' | 'team2Uid' | 'winnerTeamUid'>;
/**
 * A Swiss or round robin match just completed (it was not before): its two teams' W-L-T move by its
 * result. What recount would give (it counts every match again): a complete match with two teams is
 * a win, a loss or a tie for each. Undefined: a match without two teams moves nothing.
 */
function resultUpdate(m: ResultOf): SQL | undefined {
  if (m.team1Uid === null || m.team2Uid === null) return undefined;
  const winner = m.winnerTeamUid;
  return sql`update teams set
      wins = wins + (case when ${winner}::text is not null and uid = ${winner}::text then 1 else 0 end),
      losses = losses + (case when ${winner}::text is not null and uid <> ${winner}::text then 1 else 0 end),
      ties = ties + (case when ${winner}::text is null then 1 else 0 end)
    where uid in (${m.team1Uid}, ${m.team2Uid})`;
}

export async function deleteMatches(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length) await tx.delete(matches).where(inArray(matches.id, [...ids]));
}

/** Close: the teams, matches and decks go (members and decks cascade with the teams); the row stays. */
export async function deleteEventData(tx: Tx, uid: string): Promise<void> {
  await tx.delete(matches).where(eq(matches.tournamentUid, uid));
  await tx.delete(decks).where(eq(decks.tournamentUid, uid));
  await tx.delete(members).where(eq(members.tournamentUid, uid));
  await tx.delete(teams).where(eq(teams.tournamentUid, uid));
}

// ---- audit --------------------------------------------------------------------------------------

export async function audit(tx: Tx, e: { tournamentUid: string; actorDiscordId: string; action: string; before?: unknown; after?: unknown }): Promise<void> {
  await tx.insert(auditLog).values({ tournamentUid: e.tournamentUid, actorDiscordId: e.actorDiscordId, action: e.action, before: e.before ?? null, after: e.after ?? null });
}

export async function listAudit(db: Db, uid: string) {
  return db
    .select({ entry: auditLog, actorName: sql<string | null>`coalesce(${users.preferredName}, ${users.displayName}, ${users.username})` })
    .from(auditLog)
    .leftJoin(users, eq(users.discordId, auditLog.actorDiscordId))
    .where(eq(auditLog.tournamentUid, uid))
    .orderBy(asc(auditLog.id));
}

// ---- exports: print, CSV and calendar (issue 19) ------------------------------------------------

/** Every member's name by team, in sign-up order: one query for the print view and the CSV files. */
export async function playerNames(db: Tx, uid: string) {
  return db
    .select({ teamUid: members.teamUid, dropped: members.dropped, name: sql<string | null>`coalesce(${users.preferredName}, ${users.displayName}, ${users.username})` })
    .from(members)
    .leftJoin(users, eq(users.discordId, members.discordId))
    .where(eq(members.tournamentUid, uid))
    .orderBy(asc(members.id));
}

/**
 * The calendar feed's events with a start time: not started, not closed, and not cancelled, or
 * cancelled since `cancelledSince` with a start still ahead of `startsAfter` (listed as cancelled,
 * so subscribed calendars remove them); with their active teams (the length estimate).
 */
export async function listCalendarEvents(db: Tx, { cancelledSince, startsAfter }: { cancelledSince: Date; startsAfter: Date }) {
  return db
    .select({ t: tournaments, activeTeams: sql<number>`(select count(*)::int from ${teams} where ${teams.tournamentUid} = ${tournaments.uid} and not ${teams.dropped})` })
    .from(tournaments)
    .where(and(
      isNotNull(tournaments.startsAt),
      eq(tournaments.closed, false), eq(tournaments.inProgress, false), eq(tournaments.completed, false),
      or(
        eq(tournaments.cancelled, false),
        and(gte(tournaments.updatedAt, cancelledSince), gte(tournaments.startsAt, startsAfter)),
      ),
    ))
    .orderBy(asc(tournaments.startsAt), asc(tournaments.createdAt));
}

/** Each team's name and whether it dropped: what the print view needs of 4,096 teams, not every column. */
export async function teamNames(db: Tx, uid: string) {
  return db.select({ uid: teams.uid, name: teams.name, dropped: teams.dropped }).from(teams).where(eq(teams.tournamentUid, uid));
}

/** Active teams of one tournament (the calendar's length estimate). */
export async function activeTeamCount(db: Tx, uid: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(teams).where(and(eq(teams.tournamentUid, uid), eq(teams.dropped, false)));
  return row?.n ?? 0;
}

// ---- event settings, check-in and late entry (issue 19) -----------------------------------------

/** Checks a team in (a time) or undoes it (null). */
export async function setCheckedIn(tx: Tx, teamUid: string, at: Date | null): Promise<TeamRow> {
  const [row] = await tx.update(teams).set({ checkedInAt: at }).where(eq(teams.uid, teamUid)).returning();
  return row!;
}

/** Drops these teams and their members in two statements (the start's check-in no-shows). */
export async function dropTeams(tx: Tx, teamUids: readonly string[]): Promise<void> {
  for (let i = 0; i < teamUids.length; i += 1000) {
    const ids = teamUids.slice(i, i + 1000);
    await tx.update(members).set({ dropped: true }).where(inArray(members.teamUid, [...ids]));
    await tx.update(teams).set({ dropped: true }).where(inArray(teams.uid, [...ids]));
  }
}

/** The highest position of each Swiss round so far (a late entry's missed rounds go after them). */
export async function swissPositions(db: Tx, uid: string): Promise<Map<number, number>> {
  const rows = await db
    .select({ round: matches.roundNumber, last: sql<number>`max(${matches.position})::int` })
    .from(matches)
    .where(and(eq(matches.tournamentUid, uid), eq(matches.bracket, 'swiss')))
    .groupBy(matches.roundNumber);
  return new Map(rows.map((r) => [r.round, r.last]));
}

/** Marks a team a late entry of this round (it plays from the next). */
export async function setLateEntryRound(tx: Tx, teamUid: string, round: number): Promise<TeamRow> {
  const [row] = await tx.update(teams).set({ lateEntryRound: round }).where(eq(teams.uid, teamUid)).returning();
  return row!;
}
