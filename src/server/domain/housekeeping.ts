import type { Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { repeatPasses } from '../periodic.ts';
import { sweepIdempotencyKeys } from './idempotency/keys.ts';
import { sweepDeliveries } from './notifications/deliveries.ts';

const HOUR_MS = 3_600_000;

/**
 * Rows nothing reads any more, deleted a minute after the start and then hourly: idempotency keys
 * older than a day, finished notification deliveries older than a month. Each table only grows
 * otherwise. (Expired credentials have their own sweep, accounts/credential-sweep.ts.)
 */
export function startHousekeeping(db: Db, opts: { now: () => Date; logger: Logger }) {
  return repeatPasses({ firstAfterMs: 60_000, intervalMs: HOUR_MS }, async () => {
    try {
      const keys = await sweepIdempotencyKeys(db, opts.now());
      const deliveries = await sweepDeliveries(db, opts.now());
      if (keys || deliveries) opts.logger.info(`housekeeping: ${keys} idempotency keys, ${deliveries} notification deliveries deleted`);
    } catch (err) {
      opts.logger.error('housekeeping failed', err);
    }
  });
}
