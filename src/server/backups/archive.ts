import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import * as tar from 'tar';
import { z } from 'zod';

/**
 * A Titipan backup: one gzipped tar holding a manifest (format, engine, a SHA-256 of every file),
 * the embedded database's dump (`db.tar.gz`, PGlite only), `secrets.json` and `uploads/` (when
 * they are on disk). `npm run backup` writes one, `npm run restore` checks every byte of it
 * before it writes anything (docs/operations.md).
 */
export const MANIFEST = 'titipan-backup.json';
export const DATABASE_DUMP = 'db.tar.gz';

const manifestSchema = z.object({
  format: z.literal('titipan-backup'),
  version: z.literal(1),
  created_at: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  files: z.record(z.string(), z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/), bytes: z.number().int().min(0) })),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** A backup or restore that will not go on: the operator's to fix, said in a sentence. */
export class BackupRefused extends Error {
  override name = 'BackupRefused';
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

function filesUnder(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, base);
    return entry.isFile() ? [relative(base, path)] : [];
  });
}

/**
 * Writes the archive to `file` (through a temporary file beside it, renamed when complete): the
 * database dump first taken by the caller, then what DATA_DIR holds. Uploads only grow and each
 * is written before the row that names it: copied after the dump, every photo the dump knows is in.
 */
export async function writeArchive(file: string, parts: { engine: Manifest['engine']; database?: Uint8Array; dataDir: string; uploads: boolean }): Promise<Manifest> {
  const staging = mkdtempSync(join(dirname(file), '.titipan-backup-'));
  try {
    if (parts.database) writeFileSync(join(staging, DATABASE_DUMP), parts.database);
    const secrets = join(parts.dataDir, 'secrets.json');
    if (existsSync(secrets)) cpSync(secrets, join(staging, 'secrets.json'));
    const uploads = join(parts.dataDir, 'uploads');
    if (parts.uploads && existsSync(uploads)) cpSync(uploads, join(staging, 'uploads'), { recursive: true });
    const names = filesUnder(staging).sort();
    const manifest: Manifest = {
      format: 'titipan-backup',
      version: 1,
      created_at: new Date().toISOString(),
      engine: parts.engine,
      files: Object.fromEntries(names.map((name) => [name, { sha256: sha256(join(staging, name)), bytes: statSync(join(staging, name)).size }])),
    };
    writeFileSync(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = join(dirname(file), `.${basename(file)}.partial`);
    await tar.c({ gzip: true, file: partial, cwd: staging, portable: true }, [MANIFEST, ...names]);
    renameSync(partial, file);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Unpacks `file` into `into` and checks it whole: a Titipan manifest, every file it lists there
 * with its size and SHA-256, nothing else. A truncated, damaged or foreign file is refused.
 */
export async function readArchive(file: string, into: string): Promise<Manifest> {
  if (!existsSync(file)) throw new BackupRefused(`${file} does not exist`);
  try {
    await tar.x({ file, cwd: into, strict: true });
  } catch (err) {
    throw new BackupRefused(`${file} is not a whole Titipan backup (${(err as Error).message})`);
  }
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(readFileSync(join(into, MANIFEST), 'utf8')));
  } catch {
    throw new BackupRefused(`${file} is not a Titipan backup: it has no readable ${MANIFEST}`);
  }
  const present = filesUnder(into).filter((name) => name !== MANIFEST).sort();
  const listed = Object.keys(manifest.files).sort();
  if (present.join('\n') !== listed.join('\n')) throw new BackupRefused(`${file} does not hold the files its manifest lists: it is incomplete or was changed`);
  for (const [name, { sha256: expected, bytes }] of Object.entries(manifest.files)) {
    const path = join(into, name);
    if (statSync(path).size !== bytes || sha256(path) !== expected) throw new BackupRefused(`${file}: ${name} is not what was backed up (size or checksum differs)`);
  }
  if (manifest.engine === 'pglite' && !manifest.files[DATABASE_DUMP]) throw new BackupRefused(`${file} names the embedded database but holds no ${DATABASE_DUMP}`);
  return manifest;
}

/**
 * Puts a checked archive into `dataDir`, which must be empty or absent: everything is prepared in
 * a directory beside it and moved in at the end, so a refused or failed restore leaves it as it was.
 */
export async function restoreArchive(
  file: string,
  target: { dataDir: string; databaseUrl?: string },
  loadDatabase: (dir: string, dump: Uint8Array) => Promise<void>,
): Promise<Manifest> {
  const { dataDir } = target;
  if (existsSync(dataDir) && (!statSync(dataDir).isDirectory() || readdirSync(dataDir).length > 0)) {
    throw new BackupRefused(`DATA_DIR ${dataDir} is not empty: a restore goes into an empty or new directory only (move the old one aside first)`);
  }
  mkdirSync(dirname(dataDir), { recursive: true });
  const staging = mkdtempSync(join(dirname(dataDir), `.${basename(dataDir)}.restoring-`));
  try {
    const unpacked = join(staging, 'archive');
    mkdirSync(unpacked);
    const manifest = await readArchive(file, unpacked);
    if (manifest.engine === 'pglite' && target.databaseUrl) {
      throw new BackupRefused('The backup holds an embedded (PGlite) database, but DATABASE_URL names PostgreSQL: unset it to restore the embedded one');
    }
    const data = join(staging, 'data');
    mkdirSync(data);
    if (manifest.engine === 'pglite') await loadDatabase(join(data, 'db'), readFileSync(join(unpacked, DATABASE_DUMP)));
    for (const name of ['secrets.json', 'uploads']) if (existsSync(join(unpacked, name))) renameSync(join(unpacked, name), join(data, name));
    if (existsSync(dataDir)) rmdirSync(dataDir);
    renameSync(data, dataDir);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
