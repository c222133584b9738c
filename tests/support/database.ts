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
