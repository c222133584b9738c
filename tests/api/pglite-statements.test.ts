import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';

/**
 * The embedded database answers exactly as PGlite's own `query` did, whether a query runs the first
 * time (PGlite's way) or again as a named statement in one call (src/server/db/pglite-statements.ts).
 */
// In the caller's thread (the default) and in a worker thread (PGLITE_WORKER, pglite-thread.ts): the same answers.
describe.each([false, true])('PGlite queries through drizzle (in a worker thread: %s)', (pgliteWorker) => {
  const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

  it('timestamps, dates, intervals and their arrays stay text; other types parse as PGlite parses them', async () => {
    const database = await openDatabase({ dataDir: 'memory://', pgliteWorker });
    try {
      const query = sql`select '2030-01-02 03:04:05+00'::timestamptz as ts, '2030-01-02 03:04:05'::timestamp as local, '2030-01-02'::date as day,
        '1 day 02:00:00'::interval as span, array['2030-01-02 03:04:05+00'::timestamptz] as stamps, array['2030-01-02'::date] as days,
        array[1.5, 2]::numeric[] as amounts, 12.50::numeric as amount, 7::int4 as n, true as yes, '{"a":[1]}'::jsonb as doc, null::text as nothing`;
      const expected = {
        ts: '2030-01-02 03:04:05+00',
        local: '2030-01-02 03:04:05',
        day: '2030-01-02',
        span: '1 day 02:00:00',
        stamps: '{"2030-01-02 03:04:05+00"}',
        days: '{2030-01-02}',
        amounts: '{1.5,2}',
        amount: '12.50',
        n: 7,
        yes: true,
        doc: { a: [1] },
        nothing: null,
      };
      // The first run is PGlite's own; later ones are the named statement, in and out of a transaction.
      for (let round = 0; round < 3; round++) {
        expect(rowsOf(await database.db.execute(query))[0], `round ${round}`).toEqual(expected);
        expect(await database.db.transaction(async (tx) => rowsOf(await tx.execute(query))[0]), `round ${round}`).toEqual(expected);
      }
    } finally {
      await database.close();
    }
  });

  it('parameters of every kind, counts of changed rows, and errors read the same every run', async () => {
    const database = await openDatabase({ dataDir: 'memory://', pgliteWorker });
    try {
      const { db } = database;
      await db.execute(sql`create table probe (id int primary key, doc jsonb, tags text[], at timestamptz, ok boolean, note text)`);
      for (let round = 0; round < 3; round++) {
        const id = round + 1;
        const insert = sql`insert into probe values (${id}, ${JSON.stringify({ round, text: 'kopi “susu”' })}, ${sql.param(['a', 'b c'])}, ${'2030-01-02T03:04:05.000Z'}, ${round % 2 === 0}, ${null})`;
        expect((await db.execute(insert)) as unknown).toMatchObject({ affectedRows: 1, rowCount: 1, command: 'INSERT' });
        expect(rowsOf(await db.execute(sql`select doc, tags, at, ok, note from probe where id = ${id}`))).toEqual([
          { doc: { round, text: 'kopi “susu”' }, tags: ['a', 'b c'], at: '2030-01-02 03:04:05+00', ok: round % 2 === 0, note: null },
        ]);
        // A failed run surfaces PostgreSQL's error and leaves the statement usable.
        await expect(db.execute(insert)).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23505' }) });
        await expect(db.transaction(async (tx) => tx.execute(insert))).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23505' }) });
        expect((await db.execute(sql`update probe set note = ${'seen'} where id <= ${id}`)) as unknown).toMatchObject({ affectedRows: id, command: 'UPDATE' });
      }
      expect(rowsOf(await db.execute(sql`select count(*)::int as n from probe where note = ${'seen'}`))).toEqual([{ n: 3 }]);

      // A table changing shape under a kept statement: the statement is parsed again.
      const all = sql`select * from probe where id = ${1}`;
      for (let round = 0; round < 2; round++) expect(Object.keys(rowsOf(await db.execute(all))[0] as object)).toEqual(['id', 'doc', 'tags', 'at', 'ok', 'note']);
      await db.execute(sql`alter table probe add column extra int default 5`);
      expect(rowsOf(await db.execute(all))[0]).toMatchObject({ id: 1, extra: 5 });
      expect(rowsOf(await db.execute(all))[0]).toMatchObject({ id: 1, extra: 5 });
    } finally {
      await database.close();
    }
  });
});
