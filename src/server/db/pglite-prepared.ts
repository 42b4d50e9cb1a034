// The embedded database's statements, prepared once (decision 024). PGlite's own `query` parses
// and plans every statement again and enters PostgreSQL six times for it (parse, describe, bind,
// describe, execute, sync); on a 4,096-team event night that was most of a score report's time in
// the server's one thread. Here a statement the server runs again is parsed and planned once, as a
// named prepared statement, and each run is one call into PostgreSQL: bind, describe, execute, sync.
import { PGlite, protocol, parse as pgParse, type messages, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Prepared statements kept at once; the least recently used is closed when a new one needs room. */
export const PREPARED_STATEMENTS = 256;
/** Longer statements (bulk inserts of thousands of values) are parsed each time, not kept. */
const MAX_PREPARED_TEXT = 4_000;

/** What drizzle's PGlite driver calls on its client: `query`, and `transaction` whose argument has `query`. */
export interface PreparedPglite {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
  exec: PGlite['exec'];
  /** named statements held now (tests) */
  readonly prepared: number;
}

interface Statement {
  name: string;
  /** the parameters' types as PostgreSQL inferred them at the parse, for serialising values */
  paramTypes: number[];
}

/** The PostgreSQL error of a prepared statement whose tables changed shape (DDL since the parse). */
export function isStalePlan(e: unknown): boolean {
  for (let err = e as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0; err && depth < 4; err = err.cause as typeof err, depth++) {
    if (err.code === '0A000' && typeof err.message === 'string' && err.message.includes('cached plan must not change result type')) return true;
  }
  return false;
}

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
};

export function preparedPglite(pg: PGlite): PreparedPglite {
  // insertion order is recency: a statement used is moved to the end
  const statements = new Map<string, Statement>();
  let counter = 0;
  /** statements to close with the next call (evicted, or left unsure by an error) */
  let toClose: string[] = [];

  const closing = () => {
    const parts = toClose.map((name) => serialize.close({ type: 'S', name }));
    toClose = [];
    return parts;
  };

  const forget = (text: string) => {
    const s = statements.get(text);
    if (!s) return;
    statements.delete(text);
    toClose.push(s.name);
  };

  const serializeParams = (params: readonly unknown[], types: readonly number[]) =>
    params.map((p, i) => {
      if (p === null || p === undefined) return null;
      const serializer = pg.serializers[types[i] ?? 0];
      return serializer ? serializer(p) : String(p);
    });

  /**
   * The rows of one statement's messages, as PGlite's parseResults makes them, without its copy of
   * every one of PostgreSQL's ~300 type parsers merged with the caller's for each statement
   * (drizzle passes its own nine on every call: 95 µs a statement).
   */
  function resultOf<T>(messages: readonly messages.BackendMessage[], options?: QueryOptions): Results<T> {
    let fields: { name: string; dataTypeID: number }[] = [];
    let parsers: ((value: string, type: number) => unknown)[] = [];
    const rows: unknown[] = [];
    const asArrays = options?.rowMode === 'array';
    const result: Results<T> = { rows: rows as T[], fields, affectedRows: 0 };
    for (const message of messages) {
      if (message.name === 'rowDescription') {
        fields = (message as messages.RowDescriptionMessage).fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
        parsers = fields.map((f) => options?.parsers?.[f.dataTypeID] ?? pg.parsers[f.dataTypeID] ?? ((value: string) => value));
        result.fields = fields;
      } else if (message.name === 'dataRow') {
        const values = (message as messages.DataRowMessage).fields;
        if (asArrays) rows.push(values.map((v, i) => (v === null ? null : parsers[i]!(v, fields[i]!.dataTypeID))));
        else {
          const row: Record<string, unknown> = {};
          for (let i = 0; i < values.length; i++) row[fields[i]!.name] = values[i] === null ? null : parsers[i]!(values[i]!, fields[i]!.dataTypeID);
          rows.push(row);
        }
      } else if (message.name === 'commandComplete') {
        // "SELECT 2", "UPDATE 3", "INSERT 0 5": the count is the last word
        const words = (message as messages.CommandCompleteMessage).text.split(' ');
        const count = Number.parseInt(words[words.length - 1]!, 10);
        Object.assign(result, { command: words[0] });
        if (!Number.isNaN(count)) {
          result.rowCount = count;
          if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(words[0]!)) result.affectedRows = count;
        }
      }
    }
    return result;
  }

  async function call(message: Uint8Array) {
    return (await pg.execProtocol(message, { syncToFs: false })).messages;
  }

  /** One statement; the caller holds PGlite's query lock. */
  async function run<T>(text: string, params: readonly unknown[], options?: QueryOptions): Promise<Results<T>> {
    try {
      if (text.length > MAX_PREPARED_TEXT) {
        // parsed each time, unnamed, as PGlite does, in two calls instead of six: the parse and its
        // parameters' types, then the run (no Sync between: a failed parse is followed by one)
        let described;
        try {
          described = await call(concat([...closing(), serialize.parse({ text }), serialize.describe({ type: 'S' })]));
        } catch (e) {
          await call(serialize.sync()).catch(() => {});
          throw e;
        }
        const values = serializeParams(params, pgParse.parseDescribeStatementResults(described));
        const messages = await call(concat([serialize.bind({ values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]));
        return resultOf<T>(messages, options);
      }
      let statement = statements.get(text);
      if (statement) {
        statements.delete(text);
        statements.set(text, statement);
      } else {
        const name = `fh_${++counter}`;
        if (statements.size >= PREPARED_STATEMENTS) forget(statements.keys().next().value!);
        // registered before the parse: if it fails, the error path below closes the name (closing one never made is no error)
        statements.set(text, (statement = { name, paramTypes: [] }));
        const described = await call(concat([...closing(), serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]));
        statement.paramTypes = pgParse.parseDescribeStatementResults(described);
      }
      const values = serializeParams(params, statement.paramTypes);
      const messages = await call(concat([...closing(), serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]));
      return resultOf<T>(messages, options);
    } catch (e) {
      // the statement may be the cause (its tables changed shape, or it never parsed): parse it afresh next time
      forget(text);
      if (e && typeof e === 'object') Object.assign(e, { query: text, params, queryOptions: options });
      throw e;
    }
  }

  const exclusive = <T>(fn: () => Promise<T>) => pg._runExclusiveQuery(fn);

  return {
    get prepared() {
      return statements.size;
    },
    exec: pg.exec.bind(pg),
    async query<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
      await pg.waitReady;
      // as PGlite's own query: never inside another caller's transaction
      return pg._runExclusiveTransaction(async () => {
        const result = await exclusive(() => run<T>(text, params, options));
        await pg.syncToFs();
        return result;
      });
    },
    transaction<T>(callback: (tx: Transaction) => Promise<T>) {
      return pg.transaction((tx) =>
        callback({
          ...tx,
          get closed() {
            return tx.closed;
          },
          query: async <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
            if (tx.closed) throw new Error('Transaction is closed');
            return exclusive(() => run<R>(text, params, options));
          },
        }),
      );
    },
  };
}
