import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';

/** Where uploaded files go. Local disk by default (served at /uploads); S3-compatible later by config. */
export interface Storage {
  /** Stores bytes under a key like 'avatars/ab12.webp' and returns the public path. */
  put(key: string, bytes: Buffer, contentType: string): Promise<string>;
  /** The local directory served at /uploads, when there is one. */
  localDir?: string;
  /** Whether the store answers (the readiness check); local disk needs none. */
  check?(): Promise<void>;
}

export function createLocalStorage(dataDir: string): Storage {
  const root = join(dataDir, 'uploads');
  return {
    localDir: root,
    async put(key, bytes) {
      const safe = normalize(key).replace(/^(\.\.(\/|\\|$))+/, '');
      const file = join(root, safe);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, bytes);
      return `/uploads/${safe}`;
    },
  };
}
