import { createServer } from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createS3Storage } from '../../src/server/integrations/storage/s3.ts';
import { createLogger } from '../../src/server/logger.ts';
import { uploadsListener } from '../../src/server/uploads.ts';
import { newUser } from '../support/api.ts';
import { useClockedServer } from '../support/clocked-server.ts';
import { pngBytes, uploadImage } from '../support/fixtures.ts';
import { startS3Model, type S3Model } from '../support/s3.ts';

/**
 * Uploads in an S3-compatible bucket (S3_BUCKET), against a local model of the S3 API (s3rver):
 * the same /uploads/… URLs, served with the same headers as files on disk.
 */
let s3: S3Model;
beforeAll(async () => {
  s3 = await startS3Model();
}, 60_000);
afterAll(() => s3?.close());

const isWebp = (bytes: Buffer) => bytes.subarray(0, 4).toString() === 'RIFF' && bytes.subarray(8, 12).toString() === 'WEBP';

describe('uploads in an S3 bucket', () => {
  const own = useClockedServer({ env: () => s3.env });
  const url = (path: string) => `${own.server.url}${path}`;

  it('stores an uploaded photo in the bucket and serves it at its /uploads URL with the same headers', async () => {
    const user = await newUser();
    const up = await uploadImage(user.token, await pngBytes('#123456'));
    expect(up.status).toBe(201);
    // The same URL as on disk.
    const path = up.body.data.src as string;
    expect(path).toBe(`/uploads/images/${up.body.data.filename}-640.webp`);
    // In the bucket, not on the instance's disk.
    const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: path.slice('/uploads/'.length) }));
    expect(object.ContentType).toBe('image/webp');
    expect(isWebp(Buffer.from(await object.Body!.transformToByteArray()))).toBe(true);
    expect(existsSync(join(own.server.dataDir, 'uploads'))).toBe(false);

    const res = await fetch(url(path));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(isWebp(bytes)).toBe(true);
    expect(res.headers.get('content-length')).toBe(String(bytes.length));

    const again = await fetch(url(path), { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    const head = await fetch(url(path), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/webp');
  });

  it('serves by the name, never by what the bucket or the bytes claim: HTML put in the bucket is a download', async () => {
    await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'images/evil.html', Body: '<script>alert(1)</script>', ContentType: 'text/html' }));
    await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'images/fake.webp', Body: '<script>alert(1)</script>', ContentType: 'text/html' }));
    const html = await fetch(url('/uploads/images/evil.html'));
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toBe('application/octet-stream');
    expect(html.headers.get('content-disposition')).toBe('attachment');
    const fake = await fetch(url('/uploads/images/fake.webp'));
    expect(fake.headers.get('content-type')).toBe('image/webp');
    expect(fake.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 404 for a file that is not there and for a path that is not a stored key', async () => {
    expect((await fetch(url('/uploads/images/no-such-file-640.webp'))).status).toBe(404);
    expect((await fetch(url('/uploads/..%2Fsecrets.json'))).status).toBe(404);
    expect((await fetch(url('/uploads/images/%2e%2e/%2e%2e/etc/passwd'))).status).toBe(404);
  });

  it('says in /readyz that storage answers', async () => {
    const res = await fetch(url('/readyz'));
    expect(res.status).toBe(200);
    expect((await res.json()).checks).toMatchObject({ database: 'ok', storage: 'ok' });
  });

  it('with the store down: uploads answer 503 in the user\'s language, /readyz names storage, the rest of the API works', async () => {
    const user = await newUser();
    await s3.stop();
    try {
      const form = new FormData();
      form.set('image', new Blob([new Uint8Array(await pngBytes())], { type: 'image/png' }), 'photo.png');
      const up = await fetch(url('/v1/uploads/images'), { method: 'POST', headers: { Authorization: `Bearer ${user.token}`, Lang: 'id' }, body: form });
      expect(up.status).toBe(503);
      expect(await up.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'Foto tidak dapat disimpan saat ini. Silakan coba lagi beberapa menit lagi.' });
      const ready = await fetch(url('/readyz'));
      expect(ready.status).toBe(503);
      const body = await ready.json();
      expect(body.checks.database).toBe('ok');
      expect(body.checks.storage).toMatch(/^failed: bucket /);
      expect((await fetch(url('/uploads/images/anything-640.webp'))).status).toBe(503);
      expect((await fetch(url('/v1/products'))).status).toBe(200);
    } finally {
      await s3.start();
    }
    expect((await fetch(url('/readyz'))).status).toBe(200);
  }, 60_000);
});

describe('a bucket that is not there', () => {
  it('stops the start with a clear message, not the first upload', async () => {
    // A data directory of its own: a configuration that loads writes its generated secrets there.
    const dir = mkdtempSync(join(tmpdir(), 'titipan-s3-config-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent', ...s3.env, S3_BUCKET: 'no-such-bucket' });
    await expect(createApp(config)).rejects.toThrow(/Object storage \(S3_BUCKET\) is not usable: bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+: NotFound \(HTTP 404\)/);
    const nowhere = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent', ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:9' });
    await expect(createApp(nowhere)).rejects.toThrow(/Object storage \(S3_BUCKET\) is not usable: bucket .* at http:\/\/127\.0\.0\.1:9: ECONNREFUSED/);
    expect(() => loadConfig({ DATA_DIR: 'memory://', S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET is not/);
    expect(() => loadConfig({ DATA_DIR: 'memory://', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'x' })).toThrow(/go together/);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('S3_PUBLIC_URL', () => {
  it('sends browsers to the public address of the file', async () => {
    const storage = createS3Storage({ bucket: s3.bucket, endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, publicUrl: 'https://photos.titipan.example/' }, createLogger('silent'));
    const listener = uploadsListener(storage, createLogger('silent'));
    const server = createServer((req, res) => listener(req, res, () => res.writeHead(404).end()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await fetch(`${base}/uploads/images/abc-640.webp`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('https://photos.titipan.example/images/abc-640.webp');
      expect((await fetch(`${base}/uploads/..%2Fsecrets.json`, { redirect: 'manual' })).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
