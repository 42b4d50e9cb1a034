// The embedded database's prepared statements (decision 024): the same results as PGlite's own
// query, each distinct statement parsed once and kept within a bound, errors that leave the
// database usable, and a statement whose table changed shape parsed afresh.
import { PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { PREPARED_STATEMENTS, preparedPglite, type PreparedPglite } from './pglite-prepared.ts';

let pg: PGlite;
let prepared: PreparedPglite;
const statementsHeld = async () => (await pg.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;

beforeAll(async () => {
  pg = new PGlite();
  prepared = preparedPglite(pg);
  await pg.exec(`create table probe (id int primary key, name text not null, doc jsonb, at timestamptz, score numeric, tags text[], ok boolean);
    insert into probe values (1, 'Ann', '{"a": [1, 2]}', '2026-11-27T10:00:00Z', 1.5, '{x,y}', true), (2, 'Bo', null, null, null, null, false);`);
});
afterAll(() => pg?.close());

// drizzle's PGlite driver passes these on every statement: timestamps and dates come back as text
const drizzleOptions = (rowMode: 'object' | 'array') => ({
  rowMode,
  parsers: { [types.TIMESTAMPTZ]: (v: string) => v, [types.TIMESTAMP]: (v: string) => v, [types.DATE]: (v: string) => v },
});

describe('the same results as PGlite’s own query', () => {
  const cases: [string, string, unknown[]][] = [
    ['every type of the probe, both rows', 'select * from probe order by id', []],
    ['a parameter of each kind', 'select $1::int + 1 as n, $2::text as s, $3::jsonb as j, $4::boolean as b, $5::text[] as arr', [41, 'é "quoted"', { k: [1, null] }, false, ['a', 'b,c']]],
    ['nulls for parameters', 'select $1::int as n, $2::text as s', [null, undefined]],
    ['no row', 'select * from probe where id = $1', [99]],
  ];
  for (const rowMode of ['object', 'array'] as const) {
    test.each(cases)(`%s (${rowMode})`, async (_label, text, params) => {
      const mine = await prepared.query(text, params, drizzleOptions(rowMode));
      const theirs = await pg.query(text, params, drizzleOptions(rowMode));
      expect(mine.rows).toEqual(theirs.rows);
      expect(mine.fields).toEqual(theirs.fields);
      expect(mine.affectedRows).toBe(theirs.affectedRows);
    });
  }

  test.each([
    ['insert … returning', 'insert into probe (id, name) values ($1, $2), ($3, $4) returning id', [10, 'a', 11, 'b']],
    ['update', 'update probe set name = $1 where id >= $2', ['c', 10]],
    ['delete … returning', 'delete from probe where id >= $1 returning name', [10]],
  ])('a write counts its rows as PGlite’s does: %s', async (_label, text, params) => {
    const reset = async () => {
      await pg.query('delete from probe where id >= 10');
      if (!text.startsWith('insert')) await pg.query(`insert into probe (id, name) values (10, 'a'), (11, 'b')`);
    };
    await reset();
    const mine = await prepared.query(text, params);
    await reset();
    const theirs = await pg.query(text, params);
    await pg.query('delete from probe where id >= 10');
    expect(mine.affectedRows).toBe(2);
    expect(mine).toMatchObject({ rows: theirs.rows, fields: theirs.fields, affectedRows: theirs.affectedRows });
  });
});

test('a statement is parsed once however often it runs; the number kept is bounded and the evicted ones are closed', async () => {
  const before = prepared.prepared;
  for (let i = 0; i < 20; i++) await prepared.query('select name from probe where id = $1', [1 + (i % 2)]);
  expect(prepared.prepared).toBe(before + 1);
  for (let i = 0; i < PREPARED_STATEMENTS + 10; i++) expect((await prepared.query(`select $1::int + ${i} as n`, [1])).rows).toEqual([{ n: 1 + i }]);
  expect(prepared.prepared).toBe(PREPARED_STATEMENTS);
  // the closes ride on the next call; what PostgreSQL holds is what is kept
  await prepared.query('select 1 as one');
  expect(await statementsHeld()).toBe(PREPARED_STATEMENTS);
});

test('a long statement (a bulk insert) is parsed each time and not kept', async () => {
  const ids = Array.from({ length: 400 }, (_, i) => 1000 + i);
  const text = `insert into probe (id, name) values ${ids.map((_, i) => `($${2 * i + 1}, $${2 * i + 2})`).join(', ')}`;
  expect(text.length).toBeGreaterThan(4_000);
  const held = prepared.prepared;
  const result = await prepared.query(text, ids.flatMap((id) => [id, `n${id}`]));
  expect(result.affectedRows).toBe(400);
  expect(prepared.prepared).toBe(held);
  // its parameters are serialised by the types PostgreSQL gives them, as PGlite's own query does (an array, a json value)
  const long = `select $1::text[] as arr, $2::jsonb as doc /* ${'x'.repeat(4_000)} */`;
  expect((await prepared.query(long, [['a', 'b,c'], { k: [1] }])).rows).toEqual([{ arr: ['a', 'b,c'], doc: { k: [1] } }]);
  // a long statement that fails to parse leaves the database usable
  await expect(prepared.query(`${text} nonsense`, [])).rejects.toMatchObject({ code: '42601' });
  expect((await prepared.query('select count(*)::int as n from probe where id >= $1', [1000])).rows).toEqual([{ n: 400 }]);
  await pg.query('delete from probe where id >= 1000');
});

test('errors: a bad statement is refused with its SQLSTATE and the database goes on; a failed transaction rolls back whole', async () => {
  await expect(prepared.query('selec 1', [])).rejects.toMatchObject({ code: '42601', query: 'selec 1' });
  await expect(prepared.query('select * from probe where id = $1', [1])).resolves.toMatchObject({ rows: [{ id: 1 }] });
  await expect(prepared.transaction(async (tx) => {
    await tx.query('update probe set name = $1 where id = $2', ['changed', 1]);
    await tx.query('insert into probe (id, name) values ($1, $2)', [2, 'duplicate']);
  })).rejects.toMatchObject({ code: '23505' });
  expect((await prepared.query<{ name: string }>('select name from probe where id = $1', [1])).rows[0]!.name).toBe('Ann');
  // the statement that failed runs again (parsed afresh) once its cause is gone
  await prepared.transaction(async (tx) => {
    await tx.query('insert into probe (id, name) values ($1, $2)', [3, 'Cy']);
  });
  expect(await statementsHeld()).toBe(prepared.prepared);
  await pg.query('delete from probe where id = 3');
});

test('a transaction’s statements run in it, and it refuses to be used after it ends', async () => {
  let kept: Parameters<Parameters<PreparedPglite['transaction']>[0]>[0] | undefined;
  await prepared.transaction(async (tx) => {
    kept = tx;
    await tx.query('update probe set name = $1 where id = $2', ['inside', 2]);
    // another caller's statement waits for the transaction (PGlite runs one at a time)
    const outside = prepared.query<{ name: string }>('select name from probe where id = $1', [2]);
    await tx.query('update probe set name = $1 where id = $2', ['Bo', 2]);
    expect(tx.closed).toBe(false);
    void outside.then((r) => expect(r.rows[0]!.name).toBe('Bo'));
  });
  expect(kept!.closed).toBe(true);
  await expect(kept!.query('select 1', [])).rejects.toThrow('Transaction is closed');
});

describe('through the app’s database (drizzle, retried transactions)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite-memory' });
    await database.db.execute(sql`create table shape_probe (id int primary key, a text)`);
    await database.db.execute(sql`insert into shape_probe values (1, 'x')`);
  });
  afterAll(() => database?.close());

  test('a prepared select * whose table gained a column is parsed afresh: the transaction is retried and sees the new column', async () => {
    const read = () => database.db.transaction(async (tx) => (await tx.execute(sql`select * from shape_probe where id = ${1}`)) as unknown as { rows: Record<string, unknown>[] });
    expect((await read()).rows).toEqual([{ id: 1, a: 'x' }]);
    await database.db.execute(sql`alter table shape_probe add column b int default 7`);
    expect((await read()).rows).toEqual([{ id: 1, a: 'x', b: 7 }]);
  });
});
