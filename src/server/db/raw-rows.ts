// Hand-written SQL for the few statements every score report runs (decision 021). Drizzle builds a
// statement anew on each call: 150–270 µs for an update returning a 59-column row, a quarter of a
// report's server time on an event night. Here the SQL is a short template and the row comes back
// through the table's own column mappers, so the result is the row drizzle's select gives (the
// raw-rows API test compares the two on both databases).
import { getTableColumns, getTableName, sql, type SQL, type Table } from 'drizzle-orm';
import type { Tx } from './client.ts';

type Columns<T extends Table> = ReturnType<typeof getTableColumns<T>>;

/**
 * Maps raw rows (database column names, driver values) of one table to its drizzle rows.
 * `fromJson`: the rows came as JSON made by the database, whose json and jsonb values are parsed already.
 */
export function rowMapper<T extends Table>(table: T, fromJson = false): (raw: Record<string, unknown>) => T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table) as Columns<T>).map(([key, column]) => ({
    key, name: column.name, column, asIs: fromJson && column.getSQLType().startsWith('json'),
  }));
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const { key, name, column, asIs } of columns) {
      const value = raw[name];
      row[key] = value === null || value === undefined ? null : asIs ? value : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  };
}

/** `column = value, …` of a partial row, each value encoded by its column (jsonb, timestamps). */
export function setClause<T extends Table>(table: T, set: Partial<T['$inferInsert']>): SQL {
  const columns = getTableColumns(table) as Record<string, Columns<T>[keyof Columns<T>]>;
  const parts: SQL[] = [];
  for (const [key, value] of Object.entries(set)) {
    if (value === undefined) continue;
    const column = columns[key];
    if (!column) throw new Error(`no column ${key}`);
    parts.push(sql`${sql.identifier(column.name)} = ${value === null ? null : column.mapToDriverValue(value)}`);
  }
  return sql.join(parts, sql`, `);
}

/**
 * Every column of a table by name (`alias.` before each when given), in place of `*`: a prepared
 * statement's plan keeps its columns, so a column added later (a migration by another instance)
 * does not change what a statement made before it returns (decision 024).
 */
export function columnList(table: Table, alias?: string): SQL {
  const key = `${getTableName(table)} ${alias ?? ''}`;
  let list = columnLists.get(key);
  if (!list) {
    // one raw chunk made once: drizzle builds a statement chunk by chunk on every call (decision 021)
    const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
    list = sql.raw(Object.values(getTableColumns(table)).map((c) => (alias ? `${quote(alias)}.${quote(c.name)}` : quote(c.name))).join(', '));
    columnLists.set(key, list);
  }
  return list;
}
const columnLists = new Map<string, SQL>();

/** The rows of a raw statement, whichever driver ran it. */
export async function rawRows(tx: Tx, query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await tx.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

/**
 * Rows inserted in one short statement however many there are: the rows travel as one JSON
 * parameter that PostgreSQL reads into the table's row type (decision 024). Drizzle's insert of a
 * 2,048-match round is five statements of 7,000 parameters, each built in JavaScript and parsed by
 * the database anew. Each value is what JSON.stringify makes of it (timestamps as ISO text, jsonb as
 * nested JSON). Rows that do not all give the same columns go through drizzle's insert, which gives
 * a column one row leaves out its default.
 */
export async function insertRows<T extends Table>(tx: Tx, table: T, rows: readonly T['$inferInsert'][]): Promise<T['$inferSelect'][]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table) as Record<string, Columns<T>[keyof Columns<T>]>;
  const given = (row: T['$inferInsert']) => Object.keys(row).filter((k) => (row as Record<string, unknown>)[k] !== undefined);
  const keys = given(rows[0]!);
  if (rows.some((row) => given(row).join() !== keys.join())) {
    const out: T['$inferSelect'][] = [];
    for (let i = 0; i < rows.length; i += 500) out.push(...((await tx.insert(table).values(rows.slice(i, i + 500)).returning()) as T['$inferSelect'][]));
    return out;
  }
  const names = keys.map((k) => {
    const column = columns[k];
    if (!column) throw new Error(`no column ${k}`);
    return column.name;
  });
  const json = JSON.stringify(rows.map((row) => Object.fromEntries(keys.map((k, i) => [names[i], (row as Record<string, unknown>)[k]]))));
  const list = sql.join(names.map((n) => sql.identifier(n)), sql`, `);
  const raw = await rawRows(tx, sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${json}::json) returning ${columnList(table)}`);
  return raw.map(rowMapper(table));
}

/**
 * Whole rows of one table as one JSON array made by the database and read by JSON.parse: a
 * 4,096-team event's teams, members and players come over about three times faster than row by
 * row through the driver and drizzle (decision 024). `where` and `orderBy` name the table's
 * columns (drizzle's column references do). json and jsonb values arrive parsed already.
 */
export async function jsonRows<T extends Table>(tx: Tx, table: T, where: SQL, orderBy?: SQL): Promise<T['$inferSelect'][]> {
  const [raw] = await rawRows(tx, sql`select coalesce(json_agg(${table}${orderBy ? sql` order by ${orderBy}` : sql``}), '[]')::text as "json" from ${table} where ${where}`);
  return (JSON.parse(String(raw?.json ?? '[]')) as Record<string, unknown>[]).map(rowMapper(table, true));
}
