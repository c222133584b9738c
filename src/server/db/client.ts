import { join } from 'node:path';
import { timeQueries, type QueryObserver } from './query-timing.ts';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as operatorSchema from './operator-schema.ts';
import * as ordersSchema from './orders-schema.ts';
import * as payoutsSchema from './payouts-schema.ts';
import * as ratingsSchema from './ratings-schema.ts';
import * as chatSchema from './chat-schema.ts';
import * as deliverySchema from './delivery-schema.ts';
import * as coreSchema from './schema.ts';

const schema = { ...coreSchema, ...ordersSchema, ...operatorSchema, ...payoutsSchema, ...ratingsSchema, ...chatSchema, ...deliverySchema };
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
  /** The embedded database's directory as a gzipped tar (PGlite only; PostgreSQL has pg_dump). */
  dump?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** PGlite's buffer cache in MB (PGLITE_SHARED_BUFFERS_MB; see pglite.ts). */
  pgliteSharedBuffersMb?: number;
  /** PGlite in a worker thread of its own (see pglite-thread.ts) rather than the caller's thread (the default). */
  pgliteWorker?: boolean;
  /** Told each query's duration (the /metrics histogram). */
  onQuery?: QueryObserver;
}

/**
 * Opens the configured database and applies the committed migrations.
 * DATABASE_URL unset → PGlite (embedded PostgreSQL) in DATA_DIR/db; otherwise PostgreSQL via `pg`.
 */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.onQuery);
  // 'memory://' keeps the whole database in memory (tests of one domain rule).
  const dir = opts.dataDir === 'memory://' ? 'memory://' : join(opts.dataDir, 'db');
  return openPglite(dir, opts.pgliteSharedBuffersMb ?? 16, opts.pgliteWorker ?? false, opts.onQuery);
}

async function openPglite(dir: string, sharedBuffersMb: number, inWorker: boolean, onQuery?: QueryObserver): Promise<Database> {
  const [{ drizzle }, { migrate }] = await Promise.all([import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);
  const client = inWorker
    ? await (await import('./pglite-thread.ts')).openPgliteWorker({ dir, sharedBuffersMb })
    : await (await import('./pglite.ts')).createPglite(dir, sharedBuffersMb);
  if (onQuery) timeQueries(client, onQuery);
  // drizzle calls only `query` and `transaction`, which the worker's client answers as PGlite does.
  const db = drizzle({ client: client as PGlite, schema });
  await migrate(db, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    dump: async () => ('dump' in client ? client.dump() : (await import('./pglite.ts')).dumpPglite(client)),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, onQuery?: QueryObserver): Promise<Database> {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // Dates stay 'YYYY-MM-DD' strings and bigint money comes back as a number (Drizzle maps it).
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  if (onQuery) pool.on('connect', (client) => void timeQueries(client, onQuery));
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
