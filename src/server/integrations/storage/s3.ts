import type { Readable } from 'node:stream';
import { GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { IMMUTABLE, safeKey, type Storage, type StoredObject } from './storage.ts';

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  publicUrl?: string;
}

/** What a failed call to the store says: the service's error name and status, or the network's. */
export function storageFault(err: unknown): string {
  if (err instanceof S3ServiceException) return `${err.name} (HTTP ${err.$metadata.httpStatusCode ?? '?'})`;
  const e = err as { code?: string; name?: string; message?: string };
  return e.code ?? e.message ?? e.name ?? String(err);
}

/**
 * Uploaded files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Garage): stored under
 * the same keys as on disk, so their URLs (/uploads/…) do not change with the store. A store that
 * does not answer fails fast (2 s to connect, 10 s a request, one retry): an upload then answers
 * 503 rather than hanging.
 */
export function createS3Storage(s3: S3Settings, logger: Logger): Storage {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 2_000, requestTimeout: 10_000 },
  });
  const unavailable = (err: unknown) => {
    logger.warn(`object storage failed: ${storageFault(err)}`);
    return new AppError('SERVICE_UNAVAILABLE', { key: 'errors:storage_unavailable' });
  };
  return {
    publicUrl: s3.publicUrl,
    async put(key, bytes, contentType) {
      const safe = safeKey(key);
      try {
        await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: safe, Body: bytes, ContentType: contentType, CacheControl: IMMUTABLE }));
      } catch (err) {
        throw unavailable(err);
      }
      return `/uploads/${safe}`;
    },
    async get(key, opts = {}): Promise<StoredObject | undefined> {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key, IfNoneMatch: opts.ifNoneMatch }));
        return { body: out.Body as Readable, size: out.ContentLength, etag: out.ETag, lastModified: out.LastModified };
      } catch (err) {
        if (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)) return undefined;
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 304) return { notModified: true, etag: opts.ifNoneMatch };
        throw unavailable(err);
      }
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: s3.bucket }));
      } catch (err) {
        throw new Error(`bucket ${s3.bucket}${s3.endpoint ? ` at ${s3.endpoint}` : ''}: ${storageFault(err)}`);
      }
    },
  };
}
