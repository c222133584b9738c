import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/orders-schema.ts';

/**
 * Idempotency keys of the calls that create orders. A client sends one key per click
 * (`Idempotency-Key`); the first call with it runs, and every repeat within a day gets the first
 * call's answer instead of running again — a double tap, a retry after a lost connection, thirty
 * identical submits at once all make one order. The same key with another body is a mistake the
 * client is told about (422), never a second order.
 */
export const IDEMPOTENCY_KEY_HOURS = 24;
/** A first call that has not answered in this long died with its process: its key is free again. */
const RUNNING_AT_MOST_MS = 2 * 60_000;
const HOUR_MS = 3_600_000;

export type Claim =
  | { kind: 'first' }
  | { kind: 'replay'; status: number; response: string }
  | { kind: 'mismatch' }
  | { kind: 'running' };

interface KeyRef {
  userId: number;
  key: string;
}

/**
 * Claims a key for this call, or says what became of the call that claimed it: its answer, a
 * different request under the same key, or still running. A key older than a day is free again.
 */
export async function claimKey(db: Db, ref: KeyRef & { route: string; bodyHash: string }, now: Date): Promise<Claim> {
  const where = and(eq(idempotencyKeys.userId, ref.userId), eq(idempotencyKeys.key, ref.key));
  for (let attempt = 0; attempt < 2; attempt++) {
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ userId: ref.userId, key: ref.key, route: ref.route, bodyHash: ref.bodyHash, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed) return { kind: 'first' };
    const [row] = await db.select().from(idempotencyKeys).where(where);
    if (!row) continue; // released meanwhile: claim it
    const age = now.getTime() - row.createdAt.getTime();
    if (age >= IDEMPOTENCY_KEY_HOURS * HOUR_MS || (row.status === null && age >= RUNNING_AT_MOST_MS)) {
      await db.delete(idempotencyKeys).where(and(where, eq(idempotencyKeys.createdAt, row.createdAt)));
      continue;
    }
    if (row.route !== ref.route || row.bodyHash !== ref.bodyHash) return { kind: 'mismatch' };
    if (row.status === null) return { kind: 'running' };
    return { kind: 'replay', status: row.status, response: row.response ?? '' };
  }
  return { kind: 'running' };
}

/** Keeps the first call's answer for its repeats. */
export async function completeKey(db: Db, ref: KeyRef, status: number, response: string) {
  await db
    .update(idempotencyKeys)
    .set({ status, response })
    .where(and(eq(idempotencyKeys.userId, ref.userId), eq(idempotencyKeys.key, ref.key), sql`${idempotencyKeys.status} is null`));
}

/** Frees a key whose first call failed on our side (a 5xx): a retry with it runs again. */
export async function releaseKey(db: Db, ref: KeyRef) {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, ref.userId), eq(idempotencyKeys.key, ref.key), sql`${idempotencyKeys.status} is null`));
}

/** Deletes keys older than a day (nothing reads them), in steps; returns how many. */
export async function sweepIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * HOUR_MS);
  let swept = 0;
  for (;;) {
    const old = db.select({ createdAt: idempotencyKeys.createdAt }).from(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff)).limit(2000);
    const gone = await db.delete(idempotencyKeys).where(inArray(idempotencyKeys.createdAt, old)).returning({ key: idempotencyKeys.key });
    swept += gone.length;
    if (gone.length === 0) return swept;
  }
}
