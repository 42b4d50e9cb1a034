import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { series } from '../../db/schema.ts';
import type { Series, SeriesSummary, SeriesValues } from '../../../domain/api/series.ts';
import { edoproNumbers } from '../../../domain/series/edopro-numbers.ts';
import { FILTER_CODES, RULE_CODES, type FilterCode, type RuleCode } from '../../../domain/series/rules.ts';

type SeriesRow = typeof series.$inferSelect;
/** The stored fields of a write: the parsed body without the acting id and the upload's id. */
export type SeriesWrite = Omit<SeriesValues, 'discordId' | 'id'>;

export async function listSummaries(db: Tx): Promise<SeriesSummary[]> {
  return db
    .select({
      id: series.id, name: series.name, description: series.description, picture: series.picture,
      // the card says what the series holds (issue 30 §8) without sending the list itself
      banlistName: sql<string | null>`case when ${series.banlist} is null then null else coalesce(nullif(trim(${series.banlistName}), ''), 'Unnamed list') end`,
    })
    .from(series)
    .orderBy(series.name);
}

export async function findById(db: Tx, id: string): Promise<Series | undefined> {
  const [row] = await db.select().from(series).where(eq(series.id, id));
  return row && toSeries(row);
}

export async function insert(db: Tx, id: string, values: SeriesWrite, createdBy: string): Promise<Series> {
  const [row] = await db
    .insert(series)
    .values({ ...values, id, picture: values.picture ?? null, createdBy })
    .returning();
  return toSeries(row!);
}

/** Replaces every field (PUT): omitted text becomes null, but an omitted picture keeps the stored one. Undefined when the series is gone. */
export async function update(db: Tx, id: string, values: SeriesWrite): Promise<Series | undefined> {
  const [row] = await db
    .update(series)
    .set({
      ...values,
      description: values.description ?? null,
      banlistName: values.banlistName ?? null,
      banlist: values.banlist ?? null,
      updatedAt: new Date(),
    })
    .where(eq(series.id, id))
    .returning();
  return row && toSeries(row);
}

export async function remove(db: Tx, id: string): Promise<boolean> {
  const rows = await db.delete(series).where(eq(series.id, id)).returning({ id: series.id });
  return rows.length > 0;
}

function toSeries(row: SeriesRow): Series {
  // stored lists are validated on write; filtering keeps an odd row from breaking the page
  const ruleOptions = RULE_CODES.filter((c: RuleCode) => row.ruleOptions.includes(c));
  const cardTypeFilters = FILTER_CODES.filter((c: FilterCode) => row.cardTypeFilters.includes(c));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    picture: row.picture,
    manualDeckChecking: row.manualDeckChecking,
    banlistName: row.banlistName,
    banlist: row.banlist,
    playersTeam1: row.playersTeam1,
    playersTeam2: row.playersTeam2,
    bestOf: row.bestOf,
    relay: row.relay,
    dontShuffleDeck: row.dontShuffleDeck,
    dontCheckDeckContents: row.dontCheckDeckContents,
    dontCheckDeckSize: row.dontCheckDeckSize,
    tcgSegocRulings: row.tcgSegocRulings,
    startingLp: row.startingLp,
    startingHand: row.startingHand,
    cardsPerDraw: row.cardsPerDraw,
    minMainDeckSize: row.minMainDeckSize,
    maxMainDeckSize: row.maxMainDeckSize,
    minExtraDeckSize: row.minExtraDeckSize,
    maxExtraDeckSize: row.maxExtraDeckSize,
    minSideDeckSize: row.minSideDeckSize,
    maxSideDeckSize: row.maxSideDeckSize,
    ruleOptions,
    cardTypeFilters,
    ...edoproNumbers({ ...row, ruleOptions, cardTypeFilters }),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
