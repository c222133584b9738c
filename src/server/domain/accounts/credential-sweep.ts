import { inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passwordResets, phoneVerifications, sessions } from '../../db/schema.ts';
import { repeatPasses } from '../../periodic.ts';

/**
 * Sign-in sessions, password-reset links and phone codes stop working when they expire (24 h, an
 * hour, minutes) and nothing reads them after that; each sign-in adds a session row, so without
 * this sweep those tables only grow. Rows are kept for a week past their expiry (a revoked or used
 * one expires within its lifetime too), then deleted.
 */
export const EXPIRED_CREDENTIALS_KEPT_DAYS = 7;
const HOUR_MS = 60 * 60 * 1000;
// One statement deletes at most this many rows: on the embedded database nothing else runs
// meanwhile, so a first sweep of a large backlog goes in short steps.
const BATCH = 2000;

const tables = [
  ['sessions', sessions],
  ['password_resets', passwordResets],
  ['phone_verifications', phoneVerifications],
] as const;

export type SweptCredentials = Record<(typeof tables)[number][0], number>;

/** Deletes every credential expired more than a week before `now`; returns how many of each. */
export async function sweepExpiredCredentials(db: Db, now: Date): Promise<SweptCredentials> {
  const cutoff = new Date(now.getTime() - EXPIRED_CREDENTIALS_KEPT_DAYS * 24 * HOUR_MS);
  const swept = { sessions: 0, password_resets: 0, phone_verifications: 0 };
  for (const [name, table] of tables) {
    for (;;) {
      const expired = db.select({ id: table.id }).from(table).where(lt(table.expiresAt, cutoff)).limit(BATCH);
      const gone = await db.delete(table).where(inArray(table.id, expired)).returning({ id: table.id });
      swept[name] += gone.length;
      // Until a step finds nothing: another instance sweeping at once may have taken part of one.
      if (gone.length === 0) break;
    }
  }
  return swept;
}

/** Sweeps a minute after the start and then hourly, until stopped. */
export function startCredentialSweeps(db: Db, opts: { now: () => Date; onSwept: (swept: SweptCredentials) => void; onError: (err: unknown) => void }) {
  return repeatPasses({ firstAfterMs: 60_000, intervalMs: HOUR_MS }, () => sweepExpiredCredentials(db, opts.now()).then(opts.onSwept, opts.onError));
}
