import type { Readable } from 'node:stream';
import { normalize } from 'node:path';

/** Uploaded files never change (their names are random): browsers and proxies keep them for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** One stored file as read back (a conditional read the store answered "not modified" has no body). */
export type StoredObject = { body: Readable; size?: number; etag?: string; lastModified?: Date; notModified?: undefined } | { notModified: true; etag?: string };

/**
 * Where uploaded files go: the local disk (DATA_DIR/uploads, the default) or an S3-compatible
 * bucket (S3_BUCKET). Either way a file's URL is /uploads/{key} (src/server/uploads.ts serves it).
 */
export interface Storage {
  /** Stores bytes under a key like 'avatars/ab12.webp' and returns the public path. */
  put(key: string, bytes: Buffer, contentType: string): Promise<string>;
  /** The local directory served at /uploads, when there is one. */
  localDir?: string;
  /** Reads a stored file back (object storage; the local directory is served as files). */
  get?(key: string, opts?: { ifNoneMatch?: string }): Promise<StoredObject | undefined>;
  /** Where browsers fetch files themselves (S3_PUBLIC_URL): /uploads/{key} redirects there. */
  publicUrl?: string;
  /** Whether the store answers (at start and GET /readyz); throws saying why not. Local disk needs none. */
  check?(): Promise<void>;
}

/** A key as stored: relative, without `..` segments. */
export const safeKey = (key: string) => normalize(key).replace(/^(\.\.(\/|\\|$))+/, '').replace(/^\/+/, '');
