import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Mailer } from '../integrations/mail/index.ts';
import type { Logger } from '../logger.ts';
import type { Realtime } from '../realtime/types.ts';

/** What every domain service is built from. No HTTP here. */
export interface Deps {
  db: Db;
  config: Config;
  mailer: Mailer;
  logger: Logger;
  realtime: Realtime;
  /** Injected so tests can move time. */
  now: () => Date;
}
