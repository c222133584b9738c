import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { actionFor, maintainTables, startMaintenance, type MaintainedTable } from '../../src/server/db/pglite-maintenance.ts';

/**
 * The embedded database has no autovacuum: the server's own passes (src/server/db/pglite-maintenance.ts)
 * reclaim dead rows and give the planner statistics, table by table, as PostgreSQL's would.
 */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const tablesOf = (done: MaintainedTable[]) => done.map((d) => `${d.action} ${d.table}`);

async function activity(database: Database, table: string) {
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  const [row] = rowsOf<{ dead: number; analysed: boolean; stats: number; reltuples: number }>(
    await database.db.execute(sql`select s.n_dead_tup::int as dead, s.last_analyze is not null as analysed, c.reltuples::float8 as reltuples,
      (select count(*)::int from pg_stats p where p.schemaname = 'public' and p.tablename = ${table}) as stats
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.schemaname = 'public' and s.relname = ${table}`),
  );
  return row;
}

const insertLimits = (database: Database, from: number, to: number) =>
  database.db.execute(sql`insert into rate_limits (key, hits, reset_at) select 'k' || g, 1, now() + interval '1 hour' from generate_series(${from}::int, ${to}::int) g`);

describe('the embedded database vacuums and analyses its own tables', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  // In the server's thread and with PGlite in a worker thread (PGLITE_WORKER): the same passes.
  it.each([false, true])('takes every table of a new database once, then only the tables whose rows changed past the thresholds (worker thread: %s)', async (pgliteWorker) => {
    const database = await openDatabase({ dataDir: 'memory://', pgliteWorker });
    try {
      const first = await maintainTables(database.db);
      // Every table, the migrations' own included, had never been vacuumed nor analysed.
      expect(tablesOf(first)).toContain('vacuum analyze public.products');
      expect(tablesOf(first)).toContain('vacuum analyze drizzle.__drizzle_migrations');
      expect(first.every((d) => d.action === 'vacuum analyze')).toBe(true);
      expect(await maintainTables(database.db)).toEqual([]);

      // 300 rows, each updated three times: 900 dead versions.
      await insertLimits(database, 1, 300);
      for (let i = 0; i < 3; i++) await database.db.execute(sql`update rate_limits set hits = hits + 1`);
      expect((await activity(database, 'rate_limits')).dead).toBeGreaterThanOrEqual(900);
      expect(tablesOf(await maintainTables(database.db))).toEqual(['vacuum analyze public.rate_limits']);
      const after = await activity(database, 'rate_limits');
      expect(after.dead).toBe(0);
      expect(after.reltuples).toBe(300);
      expect(after.stats).toBeGreaterThan(0); // the planner's statistics of its columns
      expect(await maintainTables(database.db)).toEqual([]);

      // 100 more rows: past the analyze threshold (50 + 10 % of 300), short of the vacuum ones.
      await insertLimits(database, 301, 400);
      expect(tablesOf(await maintainTables(database.db))).toEqual(['analyze public.rate_limits']);
      expect((await activity(database, 'rate_limits')).reltuples).toBe(400);
      // A few changes are left for later, as autovacuum leaves them.
      await database.db.execute(sql`update rate_limits set hits = 9 where key in ('k1', 'k2', 'k3')`);
      expect(await maintainTables(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('after a restart (the activity counters start again at zero) takes a table that grew since its last pass', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'titipan-maintenance-'));
    dirs.push(dir);
    const open = () => openDatabase({ dataDir: dir });
    let database = await open();
    await maintainTables(database.db);
    await database.close();
    // Rows written by a process that stopped before its next pass.
    database = await open();
    await insertLimits(database, 1, 5000);
    await database.close();

    database = await open();
    try {
      const counted = rowsOf<{ inserted: number }>(
        await database.db.execute(sql`select n_ins_since_vacuum::int as inserted from pg_stat_user_tables where relname = 'rate_limits'`),
      );
      expect(counted).toEqual([{ inserted: 0 }]); // the 5,000 inserts are not counted any more: only the size tells
      expect((await activity(database, 'rate_limits')).reltuples).toBe(0);
      expect(tablesOf(await maintainTables(database.db))).toEqual(['vacuum analyze public.rate_limits']);
      expect((await activity(database, 'rate_limits')).reltuples).toBe(5000);
    } finally {
      await database.close();
    }
  });

  it("reads each rule as PostgreSQL's autovacuum does", () => {
    const quiet = { reltuples: 1000, relpages: 100, pages: 100, dead: 0, inserted: 0, modified: 0 };
    expect(actionFor(quiet)).toBeUndefined();
    expect(actionFor({ ...quiet, reltuples: -1 })).toBe('vacuum analyze');
    expect(actionFor({ ...quiet, pages: 128 })).toBeUndefined(); // 100 × 1.2 + 8
    expect(actionFor({ ...quiet, pages: 129 })).toBe('vacuum analyze');
    expect(actionFor({ ...quiet, dead: 250 })).toBeUndefined(); // 50 + 20 % of 1,000
    expect(actionFor({ ...quiet, dead: 251 })).toBe('vacuum analyze');
    expect(actionFor({ ...quiet, inserted: 1201 })).toBe('vacuum analyze'); // 1,000 + 20 %
    expect(actionFor({ ...quiet, modified: 151 })).toBe('analyze'); // 50 + 10 %
    expect(actionFor({ ...quiet, modified: 150 })).toBeUndefined();
  });

  it('runs passes on a timer until stopped, and one at a time', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const passes: MaintainedTable[][] = [];
    const errors: unknown[] = [];
    const report = { onPass: (done: MaintainedTable[]) => passes.push(done), onError: (err: unknown) => errors.push(err) };
    try {
      const timed = startMaintenance(database.db, { firstAfterMs: 10, intervalMs: 20, ...report });
      await expect.poll(() => passes.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      await timed.stop();
      expect(passes[0].length).toBeGreaterThan(10); // the new database's every table
      expect(passes[1]).toEqual([]);
      const count = passes.length;
      await new Promise((r) => setTimeout(r, 80));
      expect(passes.length).toBe(count);

      // Two passes asked for at once run one after the other: the second finds nothing left.
      const manual = startMaintenance(database.db, { firstAfterMs: 3_600_000, intervalMs: 3_600_000, ...report });
      await insertLimits(database, 1, 200);
      const [a, b] = await Promise.all([manual.runOnce(), manual.runOnce()]);
      await manual.stop();
      expect(tablesOf(a)).toEqual(['analyze public.rate_limits']);
      expect(b).toEqual([]);

      // A pass being stopped ends after the table it is on (a new database: dozens to take).
      const fresh = await openDatabase({ dataDir: 'memory://' });
      try {
        const stopping = startMaintenance(fresh.db, { firstAfterMs: 3_600_000, intervalMs: 3_600_000, ...report });
        const cut = stopping.runOnce();
        await stopping.stop();
        expect((await cut).length).toBeLessThanOrEqual(1);
      } finally {
        await fresh.close();
      }
    } finally {
      await database.close();
    }
    expect(errors).toEqual([]);
  });
});
