import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';

/**
 * The embedded database reads every value as drizzle asks, though drizzle's per-query parsers are
 * set once in PGlite's table instead of merged into a copy of it on every query (src/server/db/client.ts).
 */
describe('PGlite values through drizzle', () => {
  it('timestamps, dates, intervals and their arrays stay text; other types parse as PGlite parses them', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const query = sql`select '2030-01-02 03:04:05+00'::timestamptz as ts, '2030-01-02 03:04:05'::timestamp as local, '2030-01-02'::date as day,
        '1 day 02:00:00'::interval as span, array['2030-01-02 03:04:05+00'::timestamptz] as stamps, array['2030-01-02'::date] as days,
        array[1.5, 2]::numeric[] as amounts, 12.50::numeric as amount, 7::int4 as n, true as yes, '{"a":[1]}'::jsonb as doc`;
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
      };
      expect((await database.db.execute(query)).rows[0]).toEqual(expected);
      expect(await database.db.transaction(async (tx) => (await tx.execute(query)).rows[0])).toEqual(expected);
    } finally {
      await database.close();
    }
  });
});
