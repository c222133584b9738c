/**
 * What PostgreSQL's autovacuum does, for the embedded database. PGlite is one process with no
 * autovacuum launcher, and its activity counters start at zero with each process: left alone, an
 * embedded database never reclaims the dead rows that updates and deletes leave (every session
 * touch, rate-limit hit, stock change), and its planner never learns how a table grew since it was
 * created. PostgreSQL (DATABASE_URL) runs its own autovacuum; this runs on PGlite only.
 *
 * A pass takes one table at a time (VACUUM cannot run in a transaction, and on PGlite every other
 * query waits while it runs, so no pass holds the database longer than its largest table takes):
 * - never vacuumed nor analysed (a new table, a new database): VACUUM (ANALYZE);
 * - grown by a fifth since its last VACUUM or ANALYZE, read from its size on disk, which survives
 *   a restart where the counters do not: VACUUM (ANALYZE);
 * - since this process started or the table's last pass, dead rows or inserted rows beyond
 *   PostgreSQL's own autovacuum thresholds: VACUUM (ANALYZE); rows changed beyond its analyze
 *   threshold: ANALYZE.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { repeatPasses } from '../periodic.ts';

/** PostgreSQL's defaults (autovacuum_vacuum_threshold and the like). */
const VACUUM_BASE = 50;
const VACUUM_SCALE = 0.2;
const INSERT_BASE = 1000;
const INSERT_SCALE = 0.2;
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;
/** Grown by a fifth plus 8 pages (64 KB) on disk since the last VACUUM or ANALYZE recorded its size. */
const GROWTH_SCALE = 1.2;
const GROWTH_PAGES = 8;

export interface MaintainedTable {
  table: string;
  action: 'vacuum analyze' | 'analyze';
  ms: number;
}

interface TableActivity {
  schema: string;
  name: string;
  /** -1 until the table's first VACUUM or ANALYZE. */
  reltuples: number;
  relpages: number;
  pages: number;
  dead: number;
  inserted: number;
  modified: number;
}

/** What a table needs now, by the rules above; undefined when nothing. */
export function actionFor(t: Pick<TableActivity, 'reltuples' | 'relpages' | 'pages' | 'dead' | 'inserted' | 'modified'>): MaintainedTable['action'] | undefined {
  const rows = Math.max(t.reltuples, 0);
  if (t.reltuples < 0) return 'vacuum analyze';
  if (t.pages > t.relpages * GROWTH_SCALE + GROWTH_PAGES) return 'vacuum analyze';
  if (t.dead > VACUUM_BASE + VACUUM_SCALE * rows) return 'vacuum analyze';
  if (t.inserted > INSERT_BASE + INSERT_SCALE * rows) return 'vacuum analyze';
  if (t.modified > ANALYZE_BASE + ANALYZE_SCALE * rows) return 'analyze';
  return undefined;
}

/**
 * One pass over every table of the database (the migrations' bookkeeping included); returns what
 * it did. `stopping` is asked before each table: a pass being stopped ends after the current one.
 */
export async function maintainTables(db: Db, stopping: () => boolean = () => false): Promise<MaintainedTable[]> {
  // The counters reach the statistics views when the session reports them (at most once a second
  // while busy, and not at all while idle): report now, so the pass reads every change so far.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const tables = (await db.execute(sql`
    select s.schemaname as schema, s.relname as name, c.reltuples::float8 as reltuples, c.relpages as relpages,
      (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages,
      s.n_dead_tup::int as dead, s.n_ins_since_vacuum::int as inserted, s.n_mod_since_analyze::int as modified
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    order by s.schemaname, s.relname`)) as unknown as { rows: TableActivity[] };
  const done: MaintainedTable[] = [];
  for (const t of tables.rows) {
    const action = actionFor(t);
    if (!action) continue;
    if (stopping()) break;
    const started = performance.now();
    const table = sql`${sql.identifier(t.schema)}.${sql.identifier(t.name)}`;
    await db.execute(action === 'analyze' ? sql`analyze ${table}` : sql`vacuum (analyze) ${table}`);
    done.push({ table: `${t.schema}.${t.name}`, action, ms: Math.round(performance.now() - started) });
  }
  return done;
}

export interface Maintenance {
  /** Runs a pass now (after the one under way, if any). */
  runOnce(): Promise<MaintainedTable[]>;
  /** No further passes; a pass under way ends after the table it is on. */
  stop(): Promise<void>;
}

/**
 * Passes every `intervalMs`, the first `firstAfterMs` after the start (periodic.ts). A failed pass
 * is reported and the next one tries again.
 */
export function startMaintenance(
  db: Db,
  opts: { intervalMs: number; firstAfterMs: number; onPass: (done: MaintainedTable[]) => void; onError: (err: unknown) => void },
): Maintenance {
  let running: Promise<MaintainedTable[]> = Promise.resolve([]);
  let stopped = false;
  const pass = () => {
    const next = () => maintainTables(db, () => stopped);
    running = running.then(next, next);
    return running;
  };
  const timer = repeatPasses(opts, () => pass().then(opts.onPass).catch(opts.onError));
  return {
    runOnce: pass,
    async stop() {
      stopped = true;
      await timer.stop();
      await running.catch(() => {});
    },
  };
}
