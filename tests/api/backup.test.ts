import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tar from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { call, uniq, useServer } from '../support/api.ts';
import { pngBytes, uploadImage } from '../support/fixtures.ts';
import { useClockedServer } from '../support/clocked-server.ts';
import { checkoutProduct, payOrder, requesterWithAddress, travellerWithProduct } from '../support/orders.ts';
import { startTestServer } from '../support/test-server.ts';

/**
 * `npm run backup` and `npm run restore` on the embedded database, as an operator runs them: with
 * the server's environment, the server running and taking orders meanwhile (scripts/backup.ts).
 */
const root = new URL('../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'titipan-backups-'));

function script(name: 'backup' | 'restore' | 'ledger-check', args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', join(root, 'scripts', `${name}.ts`), ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (c) => (out += c));
    proc.stderr.on('data', (c) => (out += c));
    proc.once('exit', (code) => resolve({ code, out }));
  });
}

describe('backups of the embedded database', () => {
  // PGlite whatever the suite's engine: the backup dumps the embedded database.
  const own = useClockedServer({ embedded: true });
  const archive = join(work, 'titipan.tar.gz');
  const serverEnv = () => ({ DATA_DIR: own.server.dataDir, PORT: new URL(own.server.url).port, HOST: '127.0.0.1' });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('answers POST /_backup/database only with the backup token', async () => {
    const url = `${own.server.url}/_backup/database`;
    expect((await fetch(url, { method: 'POST' })).status).toBe(404);
    expect((await fetch(url, { method: 'POST', headers: { Authorization: 'Bearer not-the-token' } })).status).toBe(404);
    expect((await fetch(url, { headers: { Authorization: `Bearer ${own.server.app.config.backupToken}` } })).status).toBe(404);
  });

  it('restores, from a backup taken under a write load, every committed order, a clean ledger, the photos and the logins', async () => {
    const { traveller, trip } = await travellerWithProduct();
    const photo = await uploadImage(traveller.token, await pngBytes('#3366aa'));
    const created = await call('POST', '/v1/users/products', {
      token: traveller.token,
      body: { name: `Shiroi Koibito ${uniq()}`, description: 'White chocolate biscuits, 24 in a box.', price: 120_000, weight: 500, stock: 900, trip_id: trip.id, images: [photo.body.data.filename] },
    });
    expect(created.status).toBe(201);
    const product = created.body.data;
    const buyer = await requesterWithAddress();

    // Orders placed and paid all along, by three buyers' worth of requests at once.
    const committed: number[] = [];
    let writing = true;
    const worker = async () => {
      while (writing) {
        const res = await checkoutProduct(buyer, product);
        if (res.status !== 201) continue;
        const id = res.body.data.transactions[0].id as number;
        await payOrder(buyer.token, id);
        committed.push(id);
      }
    };
    const workers = [worker(), worker(), worker()];
    await expect.poll(() => committed.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(6);
    const before = [...committed];
    const backup = await script('backup', [archive], serverEnv());
    const during = committed.length - before.length;
    writing = false;
    await Promise.all(workers);
    expect(backup.out).toMatch(/Backup written to .*: the database \([\d.]+ MB compressed\), secrets\.json, \d+ uploaded files\./);
    expect(backup.code).toBe(0);
    // Orders kept being placed and paid while the backup ran.
    expect(during).toBeGreaterThanOrEqual(1);

    const restoredDir = join(work, 'restored');
    const restore = await script('restore', [archive], { DATA_DIR: restoredDir });
    expect(restore.out).toContain(`into ${restoredDir}`);
    expect(restore.code).toBe(0);
    const ledger = await script('ledger-check', [], { DATA_DIR: restoredDir });
    expect(ledger.out).toMatch(/ledger: \d+ journals, 0 problems \(pglite\)/);
    expect(ledger.code).toBe(0);

    const restored = await startTestServer({ dataDir: restoredDir, env: { SEED_DEMO: 'false' } });
    try {
      useServer(restored);
      // The same secrets: a session from before the backup still signs the buyer in.
      expect(restored.app.config.payments.sandboxSecret).toBe(own.server.app.config.payments.sandboxSecret);
      for (const id of before) {
        const order = await call('GET', `/v1/transactions/${id}`, { token: buyer.token });
        expect(order.status, `order ${id}`).toBe(200);
        expect(order.body.data.status).toBe('paid');
      }
      expect((await call('POST', '/v1/login', { body: { email: buyer.email, password: buyer.password } })).status).toBe(200);
      expect((await call('POST', '/v1/login', { body: { email: traveller.email, password: traveller.password } })).status).toBe(200);
      const image = await fetch(`${restored.url}${photo.body.data.src}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
    } finally {
      useServer(own.server);
      await restored.close(true);
    }
  }, 120_000);

  it('refuses a non-empty DATA_DIR, a truncated file and a foreign one, changing nothing', async () => {
    const full = readFileSync(archive);
    const busy = join(work, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'keep.txt'), 'mine');
    const refusedBusy = await script('restore', [archive], { DATA_DIR: busy });
    expect(refusedBusy.code).toBe(1);
    expect(refusedBusy.out).toContain(`Restore refused: DATA_DIR ${busy} is not empty`);
    expect(readdirSync(busy)).toEqual(['keep.txt']);

    const truncated = join(work, 'truncated.tar.gz');
    writeFileSync(truncated, full.subarray(0, Math.floor(full.length / 2)));
    const fresh = join(work, 'fresh');
    const refusedTruncated = await script('restore', [truncated], { DATA_DIR: fresh });
    expect(refusedTruncated.code).toBe(1);
    expect(refusedTruncated.out).toMatch(/Restore refused: .*truncated\.tar\.gz is not a whole Titipan backup/);
    expect(existsSync(fresh)).toBe(false);

    const foreignDir = join(work, 'foreign-src');
    mkdirSync(foreignDir);
    writeFileSync(join(foreignDir, 'notes.txt'), 'not a backup');
    const foreign = join(work, 'foreign.tar.gz');
    await tar.c({ gzip: true, file: foreign, cwd: foreignDir }, ['notes.txt']);
    const refusedForeign = await script('restore', [foreign], { DATA_DIR: fresh });
    expect(refusedForeign.code).toBe(1);
    expect(refusedForeign.out).toMatch(/Restore refused: .*foreign\.tar\.gz is not a Titipan backup/);
    const text = join(work, 'plain.txt');
    writeFileSync(text, 'hello');
    expect((await script('restore', [text], { DATA_DIR: fresh })).out).toMatch(/Restore refused: .*plain\.txt is not a whole Titipan backup/);
    expect(existsSync(fresh)).toBe(false);
    // Nothing left behind beside the target either.
    expect(readdirSync(work).filter((n) => n.includes('restoring'))).toEqual([]);
  }, 60_000);

  it('refuses a backup when no server answers, and a file that is already there', async () => {
    const nobody = await script('backup', [join(work, 'none.tar.gz')], { ...serverEnv(), PORT: '9' });
    expect(nobody.code).toBe(1);
    expect(nobody.out).toMatch(/Backup refused: The server does not answer at http:\/\/127\.0\.0\.1:9\/_backup\/database/);
    const twice = await script('backup', [archive], serverEnv());
    expect(twice.code).toBe(1);
    expect(twice.out).toContain('already exists');
  }, 60_000);
});
