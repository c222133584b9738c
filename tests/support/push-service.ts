/**
 * A local model of a browser push service (RFC 8030) for tests: an HTTPS endpoint with a
 * throwaway certificate authority the server process trusts (NODE_EXTRA_CA_CERTS), which records
 * each push and decrypts it as the browser would (RFC 8291, aes128gcm) with a subscriber's keys
 * the test made. `/gone/…` endpoints answer 410, as a push service does for an expired subscription.
 */
import { createECDH, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export interface TestCa {
  certPath: string;
  keyPath: string;
}

/** A certificate authority of the test's own, written to `dir` (ca.pem, ca-key.pem). */
export async function makeTestCa(dir: string): Promise<TestCa> {
  mkdirSync(dir, { recursive: true });
  const ca = await generate([{ name: 'commonName', value: 'Titipan test push CA' }], {
    keySize: 2048,
    notAfterDate: new Date(Date.now() + 2 * 86_400_000),
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const certPath = join(dir, 'ca.pem');
  const keyPath = join(dir, 'ca-key.pem');
  writeFileSync(certPath, ca.cert);
  writeFileSync(keyPath, ca.private, { mode: 0o600 });
  return { certPath, keyPath };
}

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushService {
  origin: string;
  received: ReceivedPush[];
  close(): Promise<void>;
}

/** Starts the push service on 127.0.0.1 with a certificate for it signed by `ca`. */
export async function startPushService(ca: { cert: string; key: string }, onPush?: (p: ReceivedPush) => void, port = 0): Promise<PushService> {
  const leaf = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    notAfterDate: new Date(Date.now() + 2 * 86_400_000),
    algorithm: 'sha256',
    ca: { key: ca.key, cert: ca.cert },
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }, { type: 2, value: 'localhost' }] }],
  });
  const received: ReceivedPush[] = [];
  const server: Server = createServer({ key: leaf.private, cert: leaf.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const push = { path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(push);
      onPush?.(push);
      res.writeHead(push.path.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret, and how it decrypts. */
export function subscriberKeys() {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    p256dh: publicKey.toString('base64url'),
    auth: auth.toString('base64url'),
    /** RFC 8291 + RFC 8188 (aes128gcm, one record): the plaintext the push carried. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body[20];
      const senderPublic = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
      const shared = ecdh.computeSecret(senderPublic);
      const prkKey = hmac(auth, shared);
      const ikm = hmac(prkKey, Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, senderPublic, Buffer.from([1])]));
      const prk = hmac(salt, ikm);
      const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02, then zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('not a final aes128gcm record');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}
