// Hand-written SQL for the few statements every score report runs (decision 021). Drizzle builds a
// statement anew on each call: 150–270 µs for an update returning a 59-column row, a quarter of a
// report's server time on an event night. Here the SQL is a short template and the row comes back
// through the table's own column mappers, so the result is the row drizzle's select gives (the
// raw-rows API test compares the two on both databases).
import { getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';
import type { Tx } from './client.ts';

type Columns<T extends Table> = ReturnType<typeof getTableColumns<T>>;

/** Maps raw rows (database column names, driver values) of one table to its drizzle rows. */
export function rowMapper<T extends Table>(table: T): (raw: Record<string, unknown>) => T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table) as Columns<T>).map(([key, column]) => ({ key, name: column.name, column }));
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const { key, name, column } of columns) {
      const value = raw[name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
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

/** The rows of a raw statement, whichever driver ran it. */
export async function rawRows(tx: Tx, query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await tx.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}
