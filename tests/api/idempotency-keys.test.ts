import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import { idempotencyKeys } from '../../src/server/db/orders-schema.ts';
import { users } from '../../src/server/db/schema.ts';
import { claimKey, completeKey, releaseKey, sweepIdempotencyKeys } from '../../src/server/domain/idempotency/keys.ts';
import { openScratchDatabase } from '../support/database.ts';

/** The keys themselves: claimed once, answered, freed on a failure, forgotten after a day. */
let database: Database;
const HOUR = 60 * 60 * 1000;
const now = new Date('2026-11-28T12:00:00Z');
const at = (hours: number) => new Date(now.getTime() + hours * HOUR);

beforeAll(async () => {
  database = await openScratchDatabase();
});
afterAll(() => database.close());

describe('idempotency keys', () => {
  it('one claim runs; repeats replay its answer; another body is a mismatch; a failed first call frees the key', async () => {
    const [user] = await database.db.insert(users).values({ name: 'Keys', username: 'keys1', email: 'keys1@example.test', passwordHash: 'x' }).returning();
    const ref = { userId: user.id, key: 'k-1', route: 'POST /v1/transactions/checkout', bodyHash: 'h1' };
    const claims = await Promise.all(Array.from({ length: 10 }, () => claimKey(database.db, ref, now)));
    expect(claims.filter((c) => c.kind === 'first')).toHaveLength(1);
    expect(claims.filter((c) => c.kind === 'running')).toHaveLength(9);
    await completeKey(database.db, ref, 201, '{"data":1}');
    expect(await claimKey(database.db, ref, at(1))).toEqual({ kind: 'replay', status: 201, response: '{"data":1}' });
    expect(await claimKey(database.db, { ...ref, bodyHash: 'h2' }, at(1))).toEqual({ kind: 'mismatch' });
    // After a day the key is free again.
    expect(await claimKey(database.db, { ...ref, bodyHash: 'h2' }, at(25))).toEqual({ kind: 'first' });

    const failing = { ...ref, key: 'k-2' };
    expect(await claimKey(database.db, failing, now)).toEqual({ kind: 'first' });
    await releaseKey(database.db, failing);
    expect(await claimKey(database.db, failing, now)).toEqual({ kind: 'first' });
    // A first call that never answered (its process died) frees its key after two minutes.
    expect(await claimKey(database.db, failing, at(0.01))).toEqual({ kind: 'running' });
    expect(await claimKey(database.db, failing, at(0.05))).toEqual({ kind: 'first' });
  });

  it('the sweep deletes keys older than a day and keeps the rest', async () => {
    const [user] = await database.db.insert(users).values({ name: 'Keys', username: 'keys2', email: 'keys2@example.test', passwordHash: 'x' }).returning();
    await database.db.insert(idempotencyKeys).values([
      { userId: user.id, key: 'old-1', route: 'r', bodyHash: 'h', status: 201, response: '{}', createdAt: at(-30) },
      { userId: user.id, key: 'old-2', route: 'r', bodyHash: 'h', status: 201, response: '{}', createdAt: at(-25) },
      { userId: user.id, key: 'fresh', route: 'r', bodyHash: 'h', status: 201, response: '{}', createdAt: at(-23) },
    ]);
    expect(await sweepIdempotencyKeys(database.db, now)).toBeGreaterThanOrEqual(2);
    const left = (await database.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((r) => r.key);
    expect(left).toContain('fresh');
    expect(left).not.toContain('old-1');
    expect(left).not.toContain('old-2');
  });
});
