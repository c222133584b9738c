/**
 * `npm run restore -- FILE`: puts a backup made by `npm run backup` into DATA_DIR, which must be
 * empty or absent (it refuses a non-empty one), with the server stopped. Reads the same
 * environment as `npm start`. The archive is checked whole (manifest, every file's SHA-256)
 * before anything is written: a truncated, damaged or foreign file changes nothing.
 */
import { resolve } from 'node:path';
import { BackupRefused, restoreArchive } from '../src/server/backups/archive.ts';
import { loadPlaces } from '../src/server/config.ts';
import { loadPgliteDump } from '../src/server/db/pglite.ts';

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error('Usage: npm run restore -- FILE   (into an empty DATA_DIR, with the server stopped)');
  process.exit(2);
}

try {
  const places = loadPlaces();
  const manifest = await restoreArchive(resolve(file), places, loadPgliteDump);
  const uploads = Object.keys(manifest.files).filter((f) => f.startsWith('uploads/')).length;
  console.log(`Restored the backup of ${manifest.created_at} into ${places.dataDir}: ${manifest.engine === 'pglite' ? 'the embedded database, ' : ''}secrets.json, ${uploads} uploaded files.`);
  if (manifest.engine === 'postgres') console.log('The database is PostgreSQL: restore it with pg_restore (docs/operations.md).');
  if (places.uploadsInBucket && uploads) console.log(`S3_BUCKET is set: copy ${places.dataDir}/uploads to the bucket (docs/deploying.md) before starting.`);
  console.log('Start the server with this environment (npm start).');
} catch (err) {
  console.error(err instanceof BackupRefused ? `Restore refused: ${err.message}` : err);
  process.exit(1);
}
