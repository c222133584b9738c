import { eq } from 'drizzle-orm';
import { defaultLimits } from '../support/limits.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import { rateLimits } from '../../src/server/db/schema.ts';
import { createRateLimiter } from '../../src/server/domain/rate-limits/limiter.ts';
import { limitRules } from '../../src/server/domain/rate-limits/rules.ts';
import { AppError } from '../../src/server/errors.ts';
import { uniq } from '../support/api.ts';
import { openTestDatabase } from '../support/database.ts';

/**
 * The limiter on the real engine (PGlite, or PostgreSQL through two connection pools, as two
 * server instances). On PostgreSQL the API server shares the table and sweeps it with the real
 * clock: counts that must last start now, ended windows are made with a clock in the past, and a
 * test clock only sweeps at real time (a limiter sweeps on its first attempt).
 */
const rules = limitRules(defaultLimits);
let first: Database;
let second: Database;

beforeAll(async () => {
  first = await openTestDatabase();
  second = first.kind === 'postgres' ? await openTestDatabase() : first;
});
afterAll(async () => {
  if (second !== first) await second.close();
  await first.close();
});

function clock(startMs: number) {
  let at = startMs;
  return { now: () => new Date(at), advance: (seconds: number) => (at += seconds * 1000) };
}

const outcome = (p: Promise<void>) =>
  p.then(
    () => 'allowed',
    (err: unknown) => (err instanceof AppError && err.status === 429 ? 'refused' : Promise.reject(err)),
  );

describe('rate limiter', () => {
  it('lets exactly the limit through when two instances are hit at once', async () => {
    const time = clock(Date.now());
    const a = createRateLimiter(first.db, rules, time.now);
    const b = createRateLimiter(second.db, rules, time.now);
    const key = `race-${uniq()}@example.test`;
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => outcome((i % 2 ? a : b).consume('loginPerAccount', key))));
    expect(results.filter((r) => r === 'allowed')).toHaveLength(10);
    expect(results.filter((r) => r === 'refused')).toHaveLength(20);
  });

  it('names the wait, and opens a new window when the old one has ended', async () => {
    const time = clock(Date.now());
    const limiter = createRateLimiter(first.db, rules, time.now);
    const key = `window-${uniq()}`;
    await limiter.consume('smsPerAccount', key);
    time.advance(20);
    const err = await limiter.consume('smsPerAccount', key).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 429, key: 'account:phone.wait', retryAfter: 40, params: { seconds: 40 } });
    time.advance(40);
    await expect(limiter.consume('smsPerAccount', key)).resolves.toBeUndefined();
  });

  it('gives back an attempt and forgets a key on request', async () => {
    const limiter = createRateLimiter(first.db, rules, () => new Date());
    const key = `refund-${uniq()}`;
    await limiter.consume('smsPerAccount', key);
    await limiter.refund('smsPerAccount', key);
    await expect(limiter.consume('smsPerAccount', key)).resolves.toBeUndefined();
    await limiter.reset('smsPerAccount', key);
    await expect(limiter.consume('smsPerAccount', key)).resolves.toBeUndefined();
  });

  it('sweeps ended windows, also by itself on the next attempt', async () => {
    const past = createRateLimiter(first.db, rules, clock(Date.now() - 3 * 60 * 60 * 1000).now);
    const ended = `ended-${uniq()}`;
    const row = (key: string) => first.db.select().from(rateLimits).where(eq(rateLimits.key, `smsPerAccount:${key}`));
    await past.consume('smsPerAccount', ended);
    expect(await row(ended)).toHaveLength(1);
    // A fresh instance sweeps on its first attempt.
    const current = createRateLimiter(second.db, rules, () => new Date());
    const live = `live-${uniq()}`;
    await current.consume('smsPerAccount', live);
    expect(await row(ended)).toHaveLength(0);
    expect(await row(live)).toHaveLength(1);

    await past.consume('smsPerAccount', ended);
    expect(await current.sweep()).toBeGreaterThanOrEqual(1);
    expect(await row(ended)).toHaveLength(0);
    expect(await row(live)).toHaveLength(1);
  });
});
