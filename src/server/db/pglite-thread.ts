/**
 * PGlite in a thread of its own. PGlite runs PostgreSQL on the thread that calls it: in the
 * server's thread, no page renders while a query runs, and a cold listing's queries take several
 * milliseconds of it. Here the database runs in a worker thread (src/server/db/pglite-worker.ts)
 * and this client speaks to it in messages, so rendering and querying use both cores.
 *
 * The client offers what drizzle's PGlite driver calls: `query` (rows parsed in the worker, as
 * PGlite parses them with drizzle's parsers) and `transaction` (the worker holds the transaction
 * open, and with it PGlite's lock, until the callback here ends: commit, or rollback on a throw).
 * Errors arrive with PostgreSQL's fields (`code`, `constraint`, `detail`…) as PGlite gives them.
 */
import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import { DRIZZLE_RAW_TYPES } from './pglite-statements.ts';

export interface WorkerOptions {
  dir: string;
  sharedBuffersMb: number;
}
type RowMode = 'array' | 'object';
/** What the server's thread asks; each request carries an id its reply names. */
type Message =
  | { op: 'query'; sql: string; params: unknown[]; rowMode?: RowMode; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump' }
  | { op: 'close' };
export type Request = Message & { id: number };
/** An error as it crosses threads: its name, message and PostgreSQL's fields. */
export interface PlainError {
  name: string;
  message: string;
  fields: Record<string, string | number | boolean | null>;
}
export type Reply = { id: number; result?: unknown; error?: PlainError };

interface QueryOptions {
  rowMode?: RowMode;
  parsers?: Record<number, unknown>;
  [other: string]: unknown;
}
interface Querier {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}
export interface PgliteInWorker extends Querier {
  transaction<T>(callback: (tx: Querier) => Promise<T>): Promise<T>;
  /** The database directory as a gzipped tar (dumpPglite, in the database's thread). */
  dump(): Promise<Uint8Array>;
  close(): Promise<void>;
}

/**
 * Only what drizzle passes can cross: the row mode, and parsers that keep timestamps, dates and
 * intervals as the text PostgreSQL sends (the worker's client keeps them so for every query).
 */
function rowModeOf(options: QueryOptions | undefined): RowMode | undefined {
  if (!options) return undefined;
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined || key === 'rowMode') continue;
    if (key === 'parsers' && Object.keys(value as object).every((oid) => DRIZZLE_RAW_TYPES.has(Number(oid)))) continue;
    throw new Error(`The query option "${key}" cannot be sent to the database thread`);
  }
  return options.rowMode;
}

export async function openPgliteWorker(options: WorkerOptions): Promise<PgliteInWorker> {
  const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), { workerData: options });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  let nextId = 1;
  let stopped: Error | undefined;
  let closing = false;

  /** Each refused call gets an error of its own (the caller adds its query to it). */
  const refusal = () => new Error(stopped!.message, { cause: stopped });
  const stop = (err: Error) => {
    // As PGlite failing in the caller's thread: every query from now on fails, with this reason.
    if (!closing && !stopped) console.error(`The database thread failed: ${err.stack ?? err.message}`);
    stopped ??= err;
    for (const { reject } of pending.values()) reject(refusal());
    pending.clear();
  };
  worker.on('message', (reply: Reply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    // The thread keeps the process alive only while an answer is awaited.
    if (pending.size === 0) worker.unref();
    if (reply.error) waiting.reject(Object.assign(new Error(reply.error.message), reply.error.fields, { name: reply.error.name }));
    else waiting.resolve(reply.result);
  });
  worker.on('error', (err) => stop(err));
  // An answer that could not be read here: which call it answered is unknown, so none can go on.
  worker.on('messageerror', (err) => stop(err));
  worker.on('exit', (code) => stop(new Error(`The database thread stopped (exit code ${code})`)));

  function call<R>(message: Message): Promise<R> {
    if (stopped) return Promise.reject(refusal());
    const id = nextId++;
    if (pending.size === 0) worker.ref();
    return new Promise<R>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        worker.postMessage({ ...message, id });
      } catch (err) {
        // A parameter that cannot be copied to another thread (a function, say): nothing was sent.
        pending.delete(id);
        if (pending.size === 0) worker.unref();
        reject(err as Error);
      }
    });
  }

  const querier = (tx?: number): Querier => ({
    async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions) {
      try {
        return await call<Results<T>>({ op: 'query', sql, params, rowMode: rowModeOf(options), tx });
      } catch (err) {
        // As PGlite reports a failed query.
        if (err && typeof err === 'object') Object.assign(err, { query: sql, params });
        throw err;
      }
    },
  });

  // The worker answers id 0 once its database is open (or with the reason it could not open it).
  await new Promise((resolve, reject) => pending.set(0, { resolve, reject })).catch(async (err: Error) => {
    await worker.terminate();
    throw err;
  });

  return {
    ...querier(),
    async transaction<T>(callback: (tx: Querier) => Promise<T>): Promise<T> {
      const tx = await call<number>({ op: 'begin' });
      let result: T;
      try {
        result = await callback(querier(tx));
      } catch (err) {
        // The caller's error is what they see, even if the rollback cannot be sent (a stopped thread).
        await call({ op: 'end', tx, commit: false }).catch(() => {});
        throw err;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    dump: () => call<Uint8Array>({ op: 'dump' }),
    async close() {
      if (stopped) return;
      closing = true;
      await call({ op: 'close' });
      await worker.terminate();
    },
  };
}
