import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { withNamedStatements } from './pglite-statements.ts';

/**
 * The embedded database as the server uses it, in whichever thread calls this: pg_trgm loaded,
 * repeated queries run as named statements. `dir` is a directory, or 'memory://' (nothing kept).
 *
 * PGlite's buffer cache lives in this process's memory: PostgreSQL's default (128 MB) made it most
 * of an idle server's footprint. Its files are read through the operating system, whose page
 * cache keeps hot pages anyway, so a smaller cache costs little (PGLITE_SHARED_BUFFERS_MB).
 */
/**
 * The whole database directory as a gzipped tar (PGlite's dumpDataDir), taken while no
 * transaction is half done and after a checkpoint: `npm run backup` asks the running server for
 * it, since PGlite is one process's database and a copy of its files taken meanwhile is not one.
 */
export async function dumpPglite(client: PGlite): Promise<Uint8Array> {
  // Less write-ahead log to replay when the copy is opened.
  await client.exec('CHECKPOINT');
  // The transaction lock (queries outside a transaction take it too, pglite-statements.ts): no
  // transaction is under way while the files are read; dumpDataDir itself takes the query lock.
  const tar = await client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
  return new Uint8Array(await tar.arrayBuffer());
}

/** A directory made from a dump (`npm run restore`): opened once with it, then closed. */
export async function loadPgliteDump(dir: string, dump: Uint8Array): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: new Blob([dump as Uint8Array<ArrayBuffer>]) });
  try {
    await client.query('select 1');
  } finally {
    await client.close();
  }
}

export async function createPglite(dir: string, sharedBuffersMb: number): Promise<PGlite> {
  if (dir !== 'memory://') mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`],
  });
  return withNamedStatements(client);
}
