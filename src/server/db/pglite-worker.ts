/**
 * The database thread (see pglite-thread.ts): one PGlite answering the server thread's messages.
 * Each message is handled as it arrives; PGlite's own locks order them: one query at a time, and
 * nothing else between a transaction's BEGIN and its end.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { createPglite, dumpPglite } from './pglite.ts';
import type { PlainError, Reply, Request, WorkerOptions } from './pglite-thread.ts';

const port = parentPort!;
const reply = (message: Reply) => port.postMessage(message);
const { dir, sharedBuffersMb } = workerData as WorkerOptions;

/** Open transactions by id: the handle, and how to end it (true: commit). */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> }>();
/** Thrown inside a transaction's callback so that PGlite rolls it back. */
const ROLLBACK = Symbol('rollback');

/** Own fields of an error that are plain values (PGlite's `query`, `params` and options stay behind). */
function plainError(err: unknown): PlainError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const fields: PlainError['fields'] = {};
  for (const [key, value] of Object.entries(err)) {
    if (key === 'query' || key === 'params') continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value as string | number | boolean | null;
  }
  return { name: err.name, message: err.message, fields };
}

let db: PGlite;
try {
  db = await createPglite(dir, sharedBuffersMb);
  reply({ id: 0 });
} catch (err) {
  reply({ id: 0, error: plainError(err) });
  throw err;
}

function begin(id: number) {
  let end!: (commit: boolean) => void;
  const decided = new Promise<boolean>((resolve) => (end = resolve));
  let started = false;
  const done = db.transaction(async (tx) => {
    started = true;
    open.set(id, { tx, end, done });
    reply({ id, result: id });
    if (!(await decided)) throw ROLLBACK;
  });
  // BEGIN itself failed: the caller is still waiting for the transaction to start.
  done.catch((err: unknown) => {
    if (!started) reply({ id, error: plainError(err) });
  });
}

/** Every request but `begin`, which `begin()` answers once the transaction has started. */
async function handle(request: Exclude<Request, { op: 'begin' }>): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const target = request.tx === undefined ? db : open.get(request.tx)?.tx;
      if (!target) throw new Error('The transaction has already ended');
      return target.query(request.sql, request.params, request.rowMode && { rowMode: request.rowMode });
    }
    case 'end': {
      const transaction = open.get(request.tx);
      if (!transaction) throw new Error('The transaction has already ended');
      open.delete(request.tx);
      transaction.end(request.commit);
      await transaction.done.catch((err: unknown) => {
        if (err !== ROLLBACK) throw err;
      });
      return undefined;
    }
    case 'dump':
      return dumpPglite(db);
    case 'close':
      await db.close();
      return undefined;
  }
}

// A request that could not be read here cannot be answered: stop, so the server's calls fail rather than wait.
port.on('messageerror', (err) => {
  throw err;
});
port.on('message', (request: Request) => {
  if (request.op === 'begin') return begin(request.id);
  handle(request).then(
    (result) => reply({ id: request.id, result }),
    (err: unknown) => reply({ id: request.id, error: plainError(err) }),
  );
});
