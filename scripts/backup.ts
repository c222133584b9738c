/**
 * `npm run backup -- FILE`: one archive of everything a restore needs, taken while the server runs.
 * Reads the same environment as `npm start` (PORT, HOST, DATA_DIR, DATABASE_URL, S3_BUCKET,
 * BACKUP_TOKEN). On the embedded database it asks the running server, with BACKUP_TOKEN (set, or
 * the one the server keeps in DATA_DIR/secrets.json), to dump the database in its own process;
 * then it adds secrets.json and, when photos are on disk, DATA_DIR/uploads. On PostgreSQL the
 * database is pg_dump's (docs/operations.md): the archive holds the uploads and secrets.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BackupRefused, writeArchive } from '../src/server/backups/archive.ts';
import { BACKUP_PATH } from '../src/server/backup.ts';
import { loadPlaces } from '../src/server/config.ts';

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error('Usage: npm run backup -- FILE   (for example: npm run backup -- titipan-$(date +%F).tar.gz)');
  process.exit(2);
}

async function main() {
  const places = loadPlaces();
  const target = resolve(file);
  if (existsSync(target)) throw new BackupRefused(`${target} already exists: name a new file`);
  let database: Uint8Array | undefined;
  if (!places.databaseUrl) {
    const secrets = `${places.dataDir}/secrets.json`;
    const token = places.backupToken ?? (existsSync(secrets) ? (JSON.parse(readFileSync(secrets, 'utf8')) as Record<string, string>).BACKUP_TOKEN : undefined);
    if (!token) throw new BackupRefused(`No BACKUP_TOKEN in the environment or in ${secrets}: run this with the server's own environment (the same DATA_DIR)`);
    const host = ['0.0.0.0', '::', ''].includes(places.host) ? '127.0.0.1' : places.host;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${places.port}${BACKUP_PATH}`;
    let res: Response;
    try {
      res = await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    } catch (err) {
      throw new BackupRefused(`The server does not answer at ${url} (${String((err as Error).cause ?? err)}): the embedded database is backed up by the running server; start it (npm start) with this environment and run the backup again`);
    }
    if (res.status === 404) throw new BackupRefused(`The server at ${url} refused the backup token: run this with the server's own environment (the same DATA_DIR or BACKUP_TOKEN)`);
    if (!res.ok) throw new BackupRefused(`The server at ${url} could not dump the database (HTTP ${res.status}: ${await res.text()})`);
    database = new Uint8Array(await res.arrayBuffer());
  }
  const manifest = await writeArchive(target, { engine: places.databaseUrl ? 'postgres' : 'pglite', database, dataDir: places.dataDir, uploads: !places.uploadsInBucket });
  const files = Object.keys(manifest.files);
  const uploads = files.filter((f) => f.startsWith('uploads/')).length;
  console.log(`Backup written to ${target}: ${database ? `the database (${(database.byteLength / 1e6).toFixed(1)} MB compressed), ` : ''}${files.includes('secrets.json') ? 'secrets.json, ' : ''}${uploads} uploaded files.`);
  if (places.databaseUrl) console.log('The database is PostgreSQL and is not in this archive: back it up with pg_dump -Fc (docs/operations.md).');
  if (places.uploadsInBucket) console.log('Photos are in the S3 bucket and are not in this archive: back the bucket up with its own tools (versioning, replication).');
}

main().catch((err: unknown) => {
  console.error(err instanceof BackupRefused ? `Backup refused: ${err.message}` : err);
  process.exit(1);
});
