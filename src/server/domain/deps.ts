import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Couriers } from '../integrations/couriers/types.ts';
import type { Mailer } from '../integrations/mail/index.ts';
import type { PaymentProviders } from './payments/providers.ts';
import type { PayoutProviders } from './payouts/providers.ts';
import type { Sms } from '../integrations/sms/index.ts';
import type { Storage } from '../integrations/storage/index.ts';
import type { DomainHooks } from './hooks.ts';
import type { Outbox } from './notifications/outbox.ts';
import type { RateLimiter } from './rate-limits/limiter.ts';
import type { Logger } from '../logger.ts';
import type { Realtime } from '../realtime/types.ts';

/**
 * The one hook for what guests see: called after a write that may change a public page has
 * committed (the page cache then drops what it rendered; src/server/page-cache.ts).
 */
export interface PageChanges {
  /** Clears this instance's kept pages at once; resolves once the other instances have been told (Redis accepted it). */
  changed(): Promise<void>;
}

/** What every domain service is built from. No HTTP here. */
export interface Deps {
  db: Db;
  config: Config;
  mailer: Mailer;
  sms: Sms;
  storage: Storage;
  hooks: DomainHooks;
  logger: Logger;
  realtime: Realtime;
  /** Pushes committed notifications; kick it after the transaction that wrote some commits. */
  outbox: Outbox;
  /** Attempt limits, counted in the database so every instance shares them. */
  limits: RateLimiter;
  /** Courier quotes (the built-in rate table, or a courier API). */
  couriers: Couriers;
  /** Payment providers chosen by configuration (the sandbox by default). */
  payments: PaymentProviders;
  /** Who pays withdrawals out (the sandbox by default). */
  payouts: PayoutProviders;
  /** Tells the guest page cache that what it rendered may be out of date (absent: no cache). */
  pages?: PageChanges;
  /** Injected so tests can move time. */
  now: () => Date;
}
