import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { KNOWN_DEVELOPMENT_SECRETS, resolveSecret } from '../../src/server/secrets.ts';

/** Lets a test play another process that writes secrets.json just before this one creates it. */
const race = vi.hoisted(() => ({ competitor: undefined as string | undefined }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const competitorWrites = (target: string) => {
    if (race.competitor === undefined || !String(target).endsWith('secrets.json')) return;
    fs.writeFileSync(target, race.competitor, { mode: 0o600 });
    race.competitor = undefined;
  };
  return {
    ...fs,
    linkSync: (from: string, to: string) => (competitorWrites(to), fs.linkSync(from, to)),
    renameSync: (from: string, to: string) => (competitorWrites(to), fs.renameSync(from, to)),
  };
});

const dirs: string[] = [];
function freshDir() {
  const dir = mkdtempSync(join(tmpdir(), 'titipan-secrets-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const secretsFile = (dir: string) => join(dir, 'secrets.json');

describe('a secret that is not configured', () => {
  it('is generated at random on first start, kept owner-only in DATA_DIR, and reused on later starts', () => {
    const dir = freshDir();
    const first = loadConfig({ DATA_DIR: dir }).pusher.secret;
    expect(first).toMatch(/^[\w-]{43}$/); // 32 random bytes, base64url
    expect(statSync(secretsFile(dir)).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(secretsFile(dir), 'utf8'));
    const random = expect.stringMatching(/^[\w-]{43}$/);
    expect(stored).toEqual({
      PUSHER_SECRET: first,
      SANDBOX_PAYMENT_SECRET: random,
      SANDBOX_PAYOUT_SECRET: random,
      UNSUBSCRIBE_SECRET: random,
      BACKUP_TOKEN: random,
      // The web push key pair: a P-256 public point (65 bytes) and its private scalar (32 bytes).
      VAPID_PUBLIC_KEY: expect.stringMatching(/^B[\w-]{86}$/),
      VAPID_PRIVATE_KEY: random,
    });
    expect(loadConfig({ DATA_DIR: dir }).push).toMatchObject({ vapidPublicKey: stored.VAPID_PUBLIC_KEY, vapidPrivateKey: stored.VAPID_PRIVATE_KEY });
    expect(stored.SANDBOX_PAYMENT_SECRET).not.toBe(first);

    expect(loadConfig({ DATA_DIR: dir }).pusher.secret).toBe(first);
    expect(loadConfig({ DATA_DIR: freshDir() }).pusher.secret).not.toBe(first);
    // Nothing but the file itself is left behind (no temporary files).
    expect(readdirSync(dir)).toEqual(['secrets.json']);
  });

  it('is added to an existing file without touching the secrets already there', () => {
    const dir = freshDir();
    writeFileSync(secretsFile(dir), JSON.stringify({ SOME_OTHER_SECRET: 'kept-as-it-was' }), { mode: 0o600 });
    const generated = resolveSecret('PUSHER_SECRET', undefined, dir);
    expect(JSON.parse(readFileSync(secretsFile(dir), 'utf8'))).toEqual({ SOME_OTHER_SECRET: 'kept-as-it-was', PUSHER_SECRET: generated });
    expect(statSync(secretsFile(dir)).mode & 0o777).toBe(0o600);
  });

  it('is read back owner-only even when the file was copied with a wider mode', () => {
    const dir = freshDir();
    writeFileSync(secretsFile(dir), JSON.stringify({ PUSHER_SECRET: 'restored-from-a-backup-123' }));
    chmodSync(secretsFile(dir), 0o644);
    expect(resolveSecret('PUSHER_SECRET', undefined, dir)).toBe('restored-from-a-backup-123');
    expect(statSync(secretsFile(dir)).mode & 0o777).toBe(0o600);
  });

  it('is the same for processes that start together on one DATA_DIR', { timeout: 30_000 }, async () => {
    const dir = freshDir();
    const node = process.execPath;
    // Every process loads the module, then waits for the same instant, so their first reads race.
    const startAt = Date.now() + 1500;
    const script = [
      `const m = await import('${new URL('../../src/server/secrets.ts', import.meta.url).href}');`,
      `while (Date.now() < ${startAt});`,
      `console.log(m.resolveSecret('PUSHER_SECRET', undefined, ${JSON.stringify(dir)}));`,
    ].join('\n');
    const runs = await Promise.all(Array.from({ length: 8 }, () => promisify(execFile)(node, ['--input-type=module', '-e', script])));
    const values = new Set(runs.map((r) => r.stdout.trim()));
    expect(values.size).toBe(1);
    expect(JSON.parse(readFileSync(secretsFile(dir), 'utf8')).PUSHER_SECRET).toBe([...values][0]);
  });

  it("takes the other process's value when that process created the file first", () => {
    const dir = freshDir();
    race.competitor = JSON.stringify({ PUSHER_SECRET: 'written-by-the-other-process' });
    expect(resolveSecret('PUSHER_SECRET', undefined, dir)).toBe('written-by-the-other-process');
    expect(JSON.parse(readFileSync(secretsFile(dir), 'utf8'))).toEqual({ PUSHER_SECRET: 'written-by-the-other-process' });
    expect(readdirSync(dir)).toEqual(['secrets.json']);
  });

  it('refuses a damaged secrets file rather than replacing it', () => {
    const dir = freshDir();
    writeFileSync(secretsFile(dir), '{"PUSHER_SECRET": ', { mode: 0o600 });
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(/secrets\.json is not a JSON object/);
    expect(readFileSync(secretsFile(dir), 'utf8')).toBe('{"PUSHER_SECRET": ');
  });
});

describe('a configured secret', () => {
  it('is used as given, and nothing is written', () => {
    const dir = freshDir();
    const vapid = { VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`, VAPID_PRIVATE_KEY: 'C'.repeat(43) };
    const config = loadConfig({ DATA_DIR: dir, PUSHER_SECRET: 'f3c1b0e2d9a84c7e9b12', SANDBOX_PAYMENT_SECRET: '9d2e4f6a8b0c1d3e5f70', SANDBOX_PAYOUT_SECRET: '71c0a9e3b5d2f4e6a8c1', UNSUBSCRIBE_SECRET: '5e7a9c1b3d5f7a9c1e3b', BACKUP_TOKEN: 'b6e2a4c8d0f1e3a5c7b9', ...vapid });
    expect(config.pusher.secret).toBe('f3c1b0e2d9a84c7e9b12');
    expect(config.payments.sandboxSecret).toBe('9d2e4f6a8b0c1d3e5f70');
    expect(config.payouts.sandboxSecret).toBe('71c0a9e3b5d2f4e6a8c1');
    expect(config.mail.unsubscribeSecret).toBe('5e7a9c1b3d5f7a9c1e3b');
    expect(config.push).toMatchObject({ vapidPublicKey: vapid.VAPID_PUBLIC_KEY, vapidPrivateKey: vapid.VAPID_PRIVATE_KEY });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a VAPID key pair is given whole and well-formed, or refused', () => {
    expect(() => loadConfig({ DATA_DIR: freshDir(), VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}` })).toThrow(/set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ DATA_DIR: freshDir(), VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'C'.repeat(43) })).toThrow(/base64url P-256 public key/);
  });

  it('is refused at start when it is a known development default, with a message naming the variable', () => {
    for (const value of ['titipan-dev-secret', 'secret', 'changeme', 'CHANGEME', ' Secret ']) {
      expect(() => loadConfig({ DATA_DIR: freshDir(), PUSHER_SECRET: value })).toThrow(/PUSHER_SECRET is set to a known development default/);
    }
    expect(KNOWN_DEVELOPMENT_SECRETS).toContain('titipan-dev-secret');
  });

  it('is refused when it is too short to be a key, without echoing it', () => {
    let message = '';
    try {
      loadConfig({ DATA_DIR: freshDir(), PUSHER_SECRET: 'hunter2hunter2' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/PUSHER_SECRET must be at least 16 characters/);
    expect(message).not.toContain('hunter2');
  });
});
