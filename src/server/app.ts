import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { ensureReferenceData } from './db/reference/index.ts';
import { seedDemo } from './db/seed/index.ts';
import { createHooks } from './domain/hooks.ts';
import { createRateLimiter } from './domain/rate-limits/limiter.ts';
import { limitRules } from './domain/rate-limits/rules.ts';
import { createSms } from './integrations/sms/index.ts';
import { createLocalStorage } from './integrations/storage/index.ts';
import type { Deps } from './domain/deps.ts';
import { createApi } from './api/index.ts';
import { createMailer } from './integrations/mail/index.ts';
import { createGoogleOAuth } from './integrations/oauth/google.ts';
import { createLogger, type Logger } from './logger.ts';
import { createRealtimeServer, type RealtimeServer } from './realtime/server.ts';
import { createSiteServices, type SiteServices } from './site.ts';

/** Everything one process runs, composed once: used by the server entry, `astro dev` and tests. */
export interface App {
  config: Config;
  logger: Logger;
  database: Database;
  deps: Deps;
  api: ReturnType<typeof createApi>;
  realtime: RealtimeServer;
  /** What Astro pages read, in process (handed to Astro as `locals.site`). */
  site: SiteServices;
  close(): Promise<void>;
}

export async function createApp(config: Config, overrides: { now?: () => Date; logger?: Logger } = {}): Promise<App> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  logger.info(`database ready (${database.kind}) in ${Date.now() - started} ms`);

  const realtime = createRealtimeServer({ ...config.pusher, logger });
  const mailer = await createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir, logger });
  const now = overrides.now ?? (() => new Date());
  const deps: Deps = {
    db: database.db,
    config,
    mailer,
    sms: createSms({ twilio: config.twilio, dataDir: config.dataDir, logger }),
    storage: createLocalStorage(config.dataDir),
    hooks: createHooks(),
    logger,
    realtime,
    limits: createRateLimiter(database.db, limitRules(config.limits), now),
    now,
  };

  await ensureReferenceData(deps.db, logger);
  if (config.seedDemo) await seedDemo(deps);

  const google = config.google
    ? createGoogleOAuth({
        clientId: config.google.clientId,
        clientSecret: config.google.clientSecret,
        redirectUri: `${config.publicUrl}/authentication`,
      })
    : undefined;

  const api = createApi({
    deps,
    google,
    authorizeChannel: (socketId, channel) => realtime.authorizeChannel(socketId, channel),
  });

  return {
    config,
    logger,
    database,
    deps,
    api,
    realtime,
    site: createSiteServices(deps, { googleEnabled: !!google }),
    async close() {
      await realtime.close();
      await database.close();
    },
  };
}
