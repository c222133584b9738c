import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as operatorSchema from './operator-schema.ts';
import * as ordersSchema from './orders-schema.ts';
import * as payoutsSchema from './payouts-schema.ts';
import * as ratingsSchema from './ratings-schema.ts';
import * as chatSchema from './chat-schema.ts';
import * as coreSchema from './schema.ts';
import { withNamedStatements } from './pglite-statements.ts';

const schema = { ...coreSchema, ...ordersSchema, ...operatorSchema, ...payoutsSchema, ...ratingsSchema, ...chatSchema };
export type Schema = typeof schema;
/** Both drivers give a PgDatabase; the domain is written against this common type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a `db.transaction` callback receives: writes that must commit together take it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either: a write that can run on its own or as part of a caller's transaction. */
export type DbOrTx = Db | Tx;

/** `build(db)` made once per database and kept (prepared statements: built once, planned once per connection). */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    if (!made.has(db)) made.set(db, build(db));
    return made.get(db)!;
  };
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens the configured database and applies the committed migrations.
 * DATABASE_URL unset → PGlite (embedded PostgreSQL) in DATA_DIR/db; otherwise PostgreSQL via `pg`.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; pgliteSharedBuffersMb?: number }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  // 'memory://' keeps the whole database in memory (tests of one domain rule).
  return openPglite(opts.dataDir === 'memory://' ? 'memory://' : join(opts.dataDir, 'db'), opts.pgliteSharedBuffersMb ?? 16);
}

/**
 * PGlite's buffer cache lives in this process's memory: PostgreSQL's default (128 MB) made it most
 * of an idle server's footprint. Its files are read through the operating system, whose page
 * cache keeps hot pages anyway, so a smaller cache costs little (PGLITE_SHARED_BUFFERS_MB).
 */
async function openPglite(dir: string, sharedBuffersMb: number): Promise<Database> {
  const [{ PGlite }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (dir !== 'memory://') mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`],
  });
  const db = drizzle(withNamedStatements(client), { schema });
  await migrate(db, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // Dates stay 'YYYY-MM-DD' strings and bigint money comes back as a number (Drizzle maps it).
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzle(pool, { schema });
  // Several instances may start at once: one migrates, the others wait on the advisory lock.
  const conn = await pool.connect();
  try {
    await conn.query('select pg_advisory_lock(72437001)');
    await migrate(drizzle(conn, { schema }), { migrationsFolder });
  } finally {
    await conn.query('select pg_advisory_unlock(72437001)').catch(() => {});
    conn.release();
  }
  await db.execute(sql`select 1`);
  return {
    db,
    kind: 'postgres',
    close: () => pool.end(),
  };
}
