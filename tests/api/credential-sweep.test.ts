import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import { passwordResets, phoneVerifications, sessions, users } from '../../src/server/db/schema.ts';
import { authenticate, issueSession } from '../../src/server/domain/accounts/index.ts';
import { sweepExpiredCredentials } from '../../src/server/domain/accounts/credential-sweep.ts';
import { openScratchDatabase } from '../support/database.ts';

/** Expired sign-in sessions, reset links and phone codes are deleted a week after they expire. */
let database: Database;
const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-28T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY);

beforeAll(async () => {
  database = await openScratchDatabase();
});
afterAll(() => database.close());

async function newUser(n: number) {
  const [user] = await database.db.insert(users).values({ name: `Sweep ${n}`, username: `sweep${n}`, email: `sweep${n}@example.test`, passwordHash: 'x' }).returning();
  return user;
}

describe('expired credentials', () => {
  it('deletes what expired over a week ago and keeps the rest, a signed-in session still working', async () => {
    const user = await newUser(1);
    const signedIn = await issueSession({ db: database.db, now: () => now }, user);
    await database.db.insert(sessions).values([
      { userId: user.id, tokenHash: 'a'.repeat(64), expiresAt: ago(8) },
      { userId: user.id, tokenHash: 'b'.repeat(64), expiresAt: ago(8), revokedAt: ago(9) },
      { userId: user.id, tokenHash: 'c'.repeat(64), expiresAt: ago(6) },
    ]);
    await database.db.insert(passwordResets).values([
      { userId: user.id, tokenHash: 'd'.repeat(64), expiresAt: ago(30), usedAt: ago(30) },
      { userId: user.id, tokenHash: 'e'.repeat(64), expiresAt: ago(1) },
    ]);
    await database.db.insert(phoneVerifications).values([
      { userId: user.id, phoneNumber: '+6281200000001', codeHash: 'f'.repeat(64), expiresAt: ago(10) },
      { userId: user.id, phoneNumber: '+6281200000001', codeHash: 'g'.repeat(64), expiresAt: ago(0) },
    ]);

    expect(await sweepExpiredCredentials(database.db, now)).toEqual({ sessions: 2, password_resets: 1, phone_verifications: 1 });

    const left = await database.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((s) => s.expiresAt.getTime()).sort()).toEqual([ago(6).getTime(), new Date(now.getTime() + DAY).getTime()]);
    expect(await database.db.select().from(passwordResets)).toHaveLength(1);
    expect(await database.db.select().from(phoneVerifications)).toHaveLength(1);
    expect((await authenticate(database.db, signedIn.token, now))?.id).toBe(user.id);
    // A second sweep finds nothing more.
    expect(await sweepExpiredCredentials(database.db, now)).toEqual({ sessions: 0, password_resets: 0, phone_verifications: 0 });
  });

  it('clears a backlog larger than one step, also with two instances sweeping at once', async () => {
    const user = await newUser(2);
    await database.db.execute(
      sql`insert into sessions (user_id, token_hash, expires_at) select ${user.id}, md5(i::text) || md5((i + 1)::text), ${ago(20).toISOString()}::timestamptz from generate_series(1, 4500) i`,
    );
    const [a, b] = await Promise.all([sweepExpiredCredentials(database.db, now), sweepExpiredCredentials(database.db, now)]);
    expect(a.sessions + b.sessions).toBe(4500);
    const [{ n }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(sessions).where(eq(sessions.userId, user.id));
    expect(n).toBe(0);
  });
});
