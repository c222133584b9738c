import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { isUniqueViolation } from '../../src/server/db/errors.ts';

/**
 * PGlite in a worker thread (PGLITE_WORKER=true, src/server/db/pglite-thread.ts): the server's
 * thread sends queries as messages. Transactions must still be atomic and serialised, PostgreSQL's
 * errors must still say what failed, and a long query must leave the server's thread free.
 */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('PGlite in a worker thread', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://', pgliteWorker: true });
    await database.db.execute(sql`create table counter (id int primary key, value int not null check (value >= 0))`);
    await database.db.execute(sql`create table names (name text constraint names_name_key unique)`);
  });
  afterAll(() => database.close());

  it('transactions fired at once run one after another: every read-then-write of one counter lands', async () => {
    const { db } = database;
    await db.execute(sql`insert into counter values (1, 0)`);
    const increments = Array.from({ length: 25 }, () =>
      db.transaction(async (tx) => {
        const [{ value }] = rowsOf<{ value: number }>(await tx.execute(sql`select value from counter where id = 1 for update`));
        await tick(); // the server's thread moves on meanwhile; nothing else may run in the database
        await tx.execute(sql`update counter set value = ${value + 1} where id = 1`);
        return value;
      }),
    );
    // Plain queries fired between them wait their turn and see a committed value.
    const reads = Array.from({ length: 10 }, () => db.execute(sql`select value from counter where id = 1`));
    const seen = await Promise.all(increments);
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    for (const read of await Promise.all(reads)) expect(rowsOf<{ value: number }>(read)[0].value).toBeGreaterThanOrEqual(0);
    expect(rowsOf(await db.execute(sql`select value from counter where id = 1`))).toEqual([{ value: 25 }]);
  });

  it('a throw inside a transaction, or drizzle’s rollback, undoes its writes; the next transaction commits', async () => {
    const { db } = database;
    await db.execute(sql`insert into counter values (2, 10)`);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update counter set value = 0 where id = 2`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update counter set value = 1 where id = 2`);
        tx.rollback();
      }),
    ).rejects.toThrow(/rollback/i);
    // A failed statement inside a transaction takes the whole transaction with it.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update counter set value = 5 where id = 2`);
        await tx.execute(sql`update counter set value = -1 where id = 2`);
      }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23514', constraint: 'counter_value_check' }) });
    expect(rowsOf(await db.execute(sql`select value from counter where id = 2`))).toEqual([{ value: 10 }]);
    // Nested transactions are savepoints, as in the caller's thread.
    await db.transaction(async (tx) => {
      await tx.execute(sql`update counter set value = 11 where id = 2`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`update counter set value = 99 where id = 2`);
          throw new Error('inner only');
        }),
      ).rejects.toThrow('inner only');
    });
    expect(rowsOf(await db.execute(sql`select value from counter where id = 2`))).toEqual([{ value: 11 }]);
  });

  it('PostgreSQL’s error fields cross the thread: a unique violation names its index', async () => {
    const { db } = database;
    await db.execute(sql`insert into names values (${'ayu'})`);
    const failed = await db.execute(sql`insert into names values (${'ayu'})`).catch((err: unknown) => err);
    expect(isUniqueViolation(failed, 'names_name_key')).toBe(true);
    expect((failed as { cause: { detail?: string; table?: string } }).cause).toMatchObject({ detail: 'Key (name)=(ayu) already exists.', table: 'names' });
    // A value that cannot be sent to another thread is refused; nothing waits for it.
    await expect(db.execute(sql`select ${(() => 1) as unknown as string}::text`)).rejects.toMatchObject({ cause: expect.objectContaining({ name: 'DataCloneError' }) });
    // The thread is fine afterwards.
    expect(rowsOf(await db.execute(sql`select count(*)::int as n from names`))).toEqual([{ n: 1 }]);
  });

  it('a long query leaves the server’s thread free: timers run while it does (they do not in the caller’s thread)', async () => {
    const beside = await openDatabase({ dataDir: 'memory://' });
    try {
      const ticksDuring = async (db: Database['db']) => {
        let ticks = 0;
        const timer = setInterval(() => ticks++, 5);
        const started = performance.now();
        await db.execute(sql`select count(*) from generate_series(1, 3000000)`);
        const took = performance.now() - started;
        clearInterval(timer);
        return { ticks, took };
      };
      const inWorker = await ticksDuring(database.db);
      const inThread = await ticksDuring(beside.db);
      expect(inWorker.took).toBeGreaterThan(100);
      expect(inWorker.ticks).toBeGreaterThanOrEqual(5);
      expect(inThread.ticks).toBeLessThanOrEqual(1);
    } finally {
      await beside.close();
    }
  });
});

describe('PGlite in a worker thread, opened and closed', () => {
  it('a directory that cannot hold a database is refused at once, with the reason', async () => {
    await expect(openDatabase({ dataDir: '/dev/null/titipan', pgliteWorker: true })).rejects.toThrow(/ENOTDIR|not a directory/i);
  });

  it('after close, a query is refused with a clear error rather than left waiting', async () => {
    const database = await openDatabase({ dataDir: 'memory://', pgliteWorker: true });
    await database.close();
    await expect(database.db.execute(sql`select 1`)).rejects.toMatchObject({ cause: expect.objectContaining({ message: expect.stringMatching(/database thread stopped/) }) });
  });
});
