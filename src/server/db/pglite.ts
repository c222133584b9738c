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
export async function createPglite(dir: string, sharedBuffersMb: number): Promise<PGlite> {
  if (dir !== 'memory://') mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`],
  });
  return withNamedStatements(client);
}
