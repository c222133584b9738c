import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';
import { tooManyAttempts } from '../../errors.ts';
import type { LimitName, LimitRule } from './rules.ts';

export interface RateLimiter {
  /**
   * Counts one attempt at `key` and throws a 429 once the rule's limit for the current window
   * is passed. Call it BEFORE the work it guards: the count is one atomic statement, so
   * concurrent attempts cannot all read "not yet" and all go through.
   */
  consume(name: LimitName, key: string): Promise<void>;
  /** Gives one attempt back (a login that turned out right was no failure). */
  refund(name: LimitName, key: string): Promise<void>;
  /** Forgets the key's count (the account's owner proved the password). */
  reset(name: LimitName, key: string): Promise<void>;
  /** Deletes every ended window; returns how many. Also runs by itself every few minutes. */
  sweep(): Promise<number>;
}

const SWEEP_EVERY_MS = 5 * 60 * 1000;
// Refused attempts keep counting; the cap keeps a flood from overflowing the integer.
const HITS_CAP = 1_000_000;

/**
 * Counters in the `rate_limits` table, one row per rule and key: every instance on the same
 * database shares them. A fixed window: the first attempt opens it, an ended one restarts at 1.
 */
export function createRateLimiter(db: Db, rules: Record<LimitName, LimitRule>, now: () => Date): RateLimiter {
  let lastSweep = 0;
  const rowKey = (name: LimitName, key: string) => `${name}:${key}`;

  async function sweep() {
    const deleted = await db.delete(rateLimits).where(lte(rateLimits.resetAt, now())).returning({ key: rateLimits.key });
    return deleted.length;
  }

  return {
    async consume(name, key) {
      const rule = rules[name];
      const at = now();
      if (at.getTime() - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = at.getTime();
        await sweep();
      }
      const stamp = at.toISOString();
      const ended = sql`${rateLimits.resetAt} <= ${stamp}::timestamptz`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key: rowKey(name, key), hits: 1, resetAt: new Date(at.getTime() + rule.windowSeconds * 1000) })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`case when ${ended} then 1 else least(${rateLimits.hits} + 1, ${HITS_CAP}) end`,
            resetAt: sql`case when ${ended} then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt });
      if (row.hits > rule.limit) {
        const seconds = Math.max(1, Math.ceil((row.resetAt.getTime() - at.getTime()) / 1000));
        throw tooManyAttempts(seconds, rule.message);
      }
    },

    async refund(name, key) {
      await db
        .update(rateLimits)
        .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
        .where(and(eq(rateLimits.key, rowKey(name, key)), gt(rateLimits.resetAt, now())));
    },

    async reset(name, key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, rowKey(name, key)));
    },

    sweep,
  };
}
