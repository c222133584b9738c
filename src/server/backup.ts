import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database } from './db/client.ts';
import type { Logger } from './logger.ts';
import { nameRoute } from './request-context.ts';

export const BACKUP_PATH = '/_backup/database';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Whether a request carries `Authorization: Bearer <token>` for exactly this token (constant time). */
export function bearerIs(req: IncomingMessage, token: string): boolean {
  const given = req.headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  return !!given && sameSecret(given, token);
}

/**
 * POST /_backup/database, for `npm run backup` only (`Authorization: Bearer $BACKUP_TOKEN`, which
 * the script reads from the same environment or DATA_DIR/secrets.json): the embedded database
 * dumped in this process, which owns it. Anyone else gets what a missing page gets (404).
 */
export function backupListener(database: Pick<Database, 'kind' | 'dump'>, token: string, logger: Logger) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.url !== BACKUP_PATH || req.method !== 'POST' || !bearerIs(req, token)) return false;
    nameRoute(BACKUP_PATH);
    if (!database.dump) {
      res.writeHead(409, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end('The database is PostgreSQL: back it up with pg_dump (docs/operations.md).');
      return true;
    }
    const started = Date.now();
    void database.dump().then(
      (tar) => {
        logger.log('info', 'database dumped for a backup', { bytes: tar.byteLength, ms: Date.now() - started });
        res.writeHead(200, { 'Content-Type': 'application/gzip', 'Content-Length': String(tar.byteLength), 'Cache-Control': 'no-store' }).end(tar);
      },
      (err: unknown) => {
        logger.error('dumping the database for a backup failed', err);
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end('The database could not be dumped: see the server log.');
      },
    );
    return true;
  };
}
