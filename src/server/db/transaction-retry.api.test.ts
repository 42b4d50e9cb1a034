// Every transaction of the app is retried when PostgreSQL aborts it for a deadlock (40P01) or a
// serialization failure (40001) (issue 8 §2): proven here on its own, apart from any route.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase } from '../test/test-server.ts';
import { TRANSACTION_ATTEMPTS, isRetryable, type Database } from './client.ts';

describe('isRetryable', () => {
  test.each([
    ['a deadlock', { code: '40P01' }, true],
    ['a serialization failure', { code: '40001' }, true],
    ['a deadlock wrapped by the driver (drizzle puts the pg error in cause)', new Error('Failed query', { cause: { code: '40P01' } }), true],
    ['a unique violation (retrying changes nothing)', { code: '23505' }, false],
    ['a plain error', new Error('boom'), false],
    ['nothing', undefined, false],
  ])('%s → %s', (_label, error, expected) => {
    expect(isRetryable(error)).toBe(expected);
  });
});

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table retry_probe (id int primary key, n int not null)`);
  await database.db.execute(sql`insert into retry_probe values (1, 0), (2, 0)`);
});
afterAll(() => database?.close());

const counts = async () => {
  const result = (await database.db.execute(sql`select id, n from retry_probe order by id`)) as unknown as { rows: { n: number }[] };
  return result.rows.map((r) => Number(r.n));
};

test('a transaction aborted for a deadlock runs again and commits once; its first attempt left nothing', async () => {
  let attempts = 0;
  await database.db.transaction(async (tx) => {
    attempts++;
    await tx.execute(sql`update retry_probe set n = n + 1 where id = 1`);
    if (attempts === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
  });
  expect(attempts).toBe(2);
  expect(await counts()).toEqual([1, 0]);
});

test(`a transaction that keeps failing gives up after ${TRANSACTION_ATTEMPTS} attempts with the database's error`, async () => {
  let attempts = 0;
  const run = database.db.transaction(async () => {
    attempts++;
    throw Object.assign(new Error('could not serialize access'), { code: '40001' });
  });
  await expect(run).rejects.toMatchObject({ code: '40001' });
  expect(attempts).toBe(TRANSACTION_ATTEMPTS);
});

test('any other error is not retried', async () => {
  let attempts = 0;
  await expect(database.db.transaction(async () => {
    attempts++;
    throw new Error('a bug');
  })).rejects.toThrow('a bug');
  expect(attempts).toBe(1);
});

// PGlite has one connection, so only PostgreSQL can deadlock for real.
if (process.env.TEST_DB === 'postgres') {
  test('a real deadlock on PostgreSQL: two transactions locking two rows in opposite order both commit', async () => {
    const before = await counts();
    let bothHoldOne!: () => void;
    const barrier = new Promise<void>((r) => (bothHoldOne = r));
    let holding = 0;
    const crossing = (first: number, second: number) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`update retry_probe set n = n + 1 where id = ${first}`);
        if (++holding === 2) bothHoldOne();
        await barrier;
        await tx.execute(sql`update retry_probe set n = n + 1 where id = ${second}`);
      });
    await Promise.all([crossing(1, 2), crossing(2, 1)]);
    expect(await counts()).toEqual([before[0]! + 2, before[1]! + 2]);
  }, 30_000);
}
