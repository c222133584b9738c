import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.ts';

/**
 * A database handle of the test's own, on the engine the API suite runs on: an in-memory PGlite,
 * or a second connection pool to TEST_DATABASE_URL (the server's database, as a second instance sees it).
 */
export function openTestDatabase(): Promise<Database> {
  return inject('dbKind') === 'postgres'
    ? openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: 'memory://' })
    : openDatabase({ dataDir: 'memory://' });
}

/**
 * An empty, migrated database nobody else uses, on the suite's engine: an in-memory PGlite, or a
 * new PostgreSQL database beside TEST_DATABASE_URL, dropped on close. For tests that must not
 * share rows with the running server (whose background work would take them). On PostgreSQL,
 * `url` opens more pools on it (other instances).
 */
export async function openScratchDatabase(): Promise<Database & { url?: string }> {
  if (inject('dbKind') !== 'postgres') return openDatabase({ dataDir: 'memory://' });
  const name = `scratch_${randomBytes(6).toString('hex')}`;
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const run = async (...statements: string[]) => {
    const client = new pg.Client({ connectionString: admin.href });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin.href);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.href, dataDir: 'memory://' });
  return {
    ...database,
    /** Where another pool (another server instance) reaches the same database. */
    url: url.href,
    async close() {
      await database.close();
      // pg-pool's end() resolves once its clients are asked to end, not when their sessions have
      // gone: a forced drop could still terminate one, whose "terminating connection" error then
      // reaches no listener. Wait (up to ~2 s) for the sessions to leave first.
      await run(
        `do $$ begin for i in 1..40 loop exit when not exists (select 1 from pg_stat_activity where datname = '${name}'); perform pg_sleep(0.05); end loop; end $$`,
        `drop database ${name} with (force)`,
      );
    },
  };
}
