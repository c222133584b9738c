import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Logger } from '../../logger.ts';
import type { S3Settings } from './s3.ts';
import { safeKey, type Storage } from './storage.ts';

export { IMMUTABLE, safeKey, type Storage, type StoredObject } from './storage.ts';

export function createLocalStorage(dataDir: string): Storage {
  const root = join(dataDir, 'uploads');
  return {
    localDir: root,
    async put(key, bytes) {
      const safe = safeKey(key);
      const file = join(root, safe);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, bytes);
      return `/uploads/${safe}`;
    },
  };
}

/**
 * The configured store. A bucket is checked before the server starts: a missing bucket, wrong
 * keys or an endpoint that does not answer stop the start with the reason, rather than the first
 * upload failing.
 */
export async function createStorage(opts: { dataDir: string; s3?: S3Settings; logger: Logger }): Promise<Storage> {
  if (!opts.s3) return createLocalStorage(opts.dataDir);
  const { createS3Storage } = await import('./s3.ts');
  const storage = createS3Storage(opts.s3, opts.logger);
  try {
    await storage.check!();
  } catch (err) {
    throw new Error(`Object storage (S3_BUCKET) is not usable: ${(err as Error).message}. Check S3_BUCKET, S3_ENDPOINT, S3_REGION and the access keys.`);
  }
  opts.logger.info(`uploads stored in bucket ${opts.s3.bucket}${opts.s3.endpoint ? ` at ${opts.s3.endpoint}` : ''}`);
  return storage;
}
