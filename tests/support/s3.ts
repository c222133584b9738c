import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface S3Model {
  endpoint: string;
  bucket: string;
  /** The S3_* settings that point a server at this bucket. */
  env: Record<string, string>;
  /** A client of its own, to look into the bucket as an operator would. */
  client: S3Client;
  /** Stops answering (the store is down); `start()` brings it back on the same port and data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A local model of the S3 API (s3rver) with one bucket, on loopback: the real SDK, real requests,
 * real signatures, no cloud. Its files live in a temporary directory removed by close().
 */
export async function startS3Model(bucket = `titipan-${Math.random().toString(36).slice(2, 8)}`, port = 0): Promise<S3Model> {
  const directory = mkdtempSync(join(tmpdir(), 'titipan-s3-'));
  let server: S3rver | undefined;
  let boundPort = port;
  const start = async () => {
    server = new S3rver({ port: boundPort, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
    boundPort = (await server.run()).port;
  };
  await start();
  const endpoint = `http://127.0.0.1:${boundPort}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: credentials.accessKeyId, S3_SECRET_ACCESS_KEY: credentials.secretAccessKey, S3_FORCE_PATH_STYLE: 'true' },
    client: new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials }),
    async stop() {
      await server?.close();
      server = undefined;
    },
    start,
    async close() {
      await server?.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
