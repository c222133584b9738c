import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { startMaintenance, type Maintenance } from './db/pglite-maintenance.ts';
import { ensureReferenceData } from './db/reference/index.ts';
import { startCredentialSweeps } from './domain/accounts/credential-sweep.ts';
import { startHousekeeping } from './domain/housekeeping.ts';
import { createHooks } from './domain/hooks.ts';
import { syncConfiguredOperators } from './domain/operators/roles.ts';
import { createJobRunner, type JobRunner } from './domain/jobs/jobs.ts';
import { DEADLINE_JOB } from './domain/orders/engine.ts';
import { orderDeadlineJob } from './domain/orders/deadline-job.ts';
import { reminderJobs } from './domain/orders/reminders.ts';
import { CHAT_MAIL_JOB, chatDigestJob } from './domain/notifications/chat-digest.ts';
import { registerOrderSeams } from './domain/orders/seams.ts';
import { createPaymentProviders } from './domain/payments/providers.ts';
import { PAYOUT_SANDBOX_JOB, PAYOUT_SEND_JOB, payoutSandboxJob, payoutSendJob } from './domain/payouts/payouts.ts';
import { createPayoutProviders } from './domain/payouts/providers.ts';
import { createBiteshipCouriers } from './integrations/couriers/biteship.ts';
import { createRateTableCouriers } from './integrations/couriers/rate-table.ts';
import { createOutboxDispatcher, type OutboxDispatcher } from './domain/notifications/outbox.ts';
import { createDeliveryChannels } from './domain/notifications/setup.ts';
import { createRateLimiter } from './domain/rate-limits/limiter.ts';
import { limitRules } from './domain/rate-limits/rules.ts';
import { createSms } from './integrations/sms/index.ts';
import { createStorage } from './integrations/storage/index.ts';
import type { Deps } from './domain/deps.ts';
import { createApi } from './api/index.ts';
import { createMailer } from './integrations/mail/index.ts';
import { createLogger, type Logger } from './logger.ts';
import { createMetrics, type Metrics } from './metrics.ts';
import { createRealtime } from './realtime/index.ts';
import type { RealtimeServer } from './realtime/server.ts';
import { createSiteServices, type SiteServices } from './site.ts';
import { createPageCache, pageChangesThrough, PAGES_TOPIC, type PageCache } from './page-cache.ts';

/** Everything one process runs, composed once: used by the server entry, `astro dev` and tests. */
export interface App {
  config: Config;
  logger: Logger;
  database: Database;
  deps: Deps;
  api: ReturnType<typeof createApi>;
  realtime: RealtimeServer;
  /** Pushes committed notifications (polls every second; `deps.outbox.kick()` runs it at once). */
  outbox: OutboxDispatcher;
  /** Guest pages kept rendered (src/server/page-cache.ts); every page response passes through it. */
  pageCache: PageCache;
  /** What Astro pages read, in process (handed to Astro as `locals.site`). */
  site: SiteServices;
  /** Deadlines and other scheduled work; started unless NODE_ENV is test (tests run it by hand). */
  jobs: JobRunner;
  /** The embedded database's vacuum and analyze passes (PGlite only; PostgreSQL runs autovacuum). Started as `jobs` is. */
  maintenance?: Maintenance;
  /** Prometheus metrics (GET /metrics with METRICS_TOKEN; src/server/metrics.ts). */
  metrics: Metrics;
  /** Redis, when REDIS_URL is set: whether it answers (GET /readyz). */
  redis?: { ping(): Promise<void> };
  /** Whether the instance is shutting down: /readyz answers 503 from then on (src/server/health.ts). */
  draining(): boolean;
  /** Marks the instance as shutting down (SIGTERM). */
  drain(): void;
  close(): Promise<void>;
}

export async function createApp(config: Config, overrides: { now?: () => Date; logger?: Logger; startJobs?: boolean } = {}): Promise<App> {
  const logger = overrides.logger ?? createLogger(config.logLevel, { format: config.logFormat });
  const started = Date.now();
  // Before anything else opens: a bucket that is not there stops the start, saying why.
  const storage = await createStorage({ dataDir: config.dataDir, s3: config.s3, logger });
  const metrics = createMetrics();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteSharedBuffersMb: config.pgliteSharedBuffersMb,
    pgliteWorker: config.pgliteWorker,
    onQuery: metrics.query,
  });
  logger.info(`database ready (${database.kind}) in ${Date.now() - started} ms`);

  const realtime = await createRealtime(config, logger);
  const mailer = await createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir, logger });
  const now = overrides.now ?? (() => new Date());
  // Several instances (REDIS_URL) each keep their own pages; a write on one clears them all
  // through a Redis topic of their own.
  const pageBroker = config.redisUrl ? await (await import('./realtime/redis-broker.ts')).createRedisBroker(config.redisUrl, logger, `${config.redisPrefix}:${PAGES_TOPIC}`) : undefined;
  const pageCache = createPageCache({
    ttlSeconds: config.pageCache.ttlSeconds,
    maxEntries: config.pageCache.maxEntries,
    onError: (err) => logger.error('page render failed', err),
    onServe: metrics.pageCache,
    broadcast: pageBroker && pageChangesThrough(pageBroker, (err) => logger.warn(`page cache: telling other instances failed: ${String(err)}`)),
  });
  const channels = createDeliveryChannels({ db: database.db, logger, now, mailer, config });
  const outbox = createOutboxDispatcher({ db: database.db, realtime, logger, channels, now });
  const deps: Deps = {
    db: database.db,
    config,
    mailer,
    sms: createSms({ twilio: config.twilio, dataDir: config.dataDir, logger }),
    storage,
    hooks: createHooks(),
    logger,
    realtime,
    outbox,
    limits: createRateLimiter(database.db, limitRules(config.limits), now),
    couriers: config.couriers.biteship
      ? createBiteshipCouriers({ ...config.couriers.biteship, fallback: createRateTableCouriers(), logger })
      : createRateTableCouriers(),
    payments: createPaymentProviders(config),
    payouts: createPayoutProviders(config),
    pages: pageCache,
    now,
  };
  registerOrderSeams(deps);
  metrics.watch({ db: database.db, websockets: () => realtime.connectionCount(), now });
  const jobs = createJobRunner(deps, {
    [DEADLINE_JOB]: orderDeadlineJob(deps),
    ...reminderJobs(deps),
    [CHAT_MAIL_JOB]: chatDigestJob(channels, deps),
    [PAYOUT_SEND_JOB]: payoutSendJob(deps),
    [PAYOUT_SANDBOX_JOB]: payoutSandboxJob(deps),
  });

  await ensureReferenceData(deps.db, logger);
  // The demo seeder (and sharp, which draws its pictures) loads only when it runs.
  if (config.seedDemo) await (await import('./db/seed/index.ts')).seedDemo(deps);
  await syncConfiguredOperators(deps);
  const scheduled = overrides.startJobs ?? config.env !== 'test';
  if (scheduled) jobs.start();
  const every = config.pgliteMaintenanceMinutes * 60_000;
  const maintenance =
    database.kind === 'pglite' && scheduled && every > 0
      ? startMaintenance(database.db, {
          intervalMs: every,
          firstAfterMs: Math.min(every, 60_000),
          onPass: (done) => {
            if (done.length) logger.info(`database maintenance: ${done.map((d) => `${d.action} ${d.table} (${d.ms} ms)`).join(', ')}`);
          },
          onError: (err) => logger.error('database maintenance failed', err),
        })
      : undefined;
  const credentialSweeps = scheduled
    ? startCredentialSweeps(deps.db, {
        now: deps.now,
        onSwept: (swept) => {
          const gone = Object.entries(swept).filter(([, n]) => n > 0);
          if (gone.length) logger.info(`expired credentials deleted: ${gone.map(([table, n]) => `${n} ${table}`).join(', ')}`);
        },
        onError: (err) => logger.error('deleting expired credentials failed', err),
      })
    : undefined;
  const housekeeping = scheduled ? startHousekeeping(deps.db, { now: deps.now, logger }) : undefined;
  outbox.start();

  // arctic loads only when Google sign-in is configured.
  const google = config.google
    ? (await import('./integrations/oauth/google.ts')).createGoogleOAuth({
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

  let draining = false;
  return {
    config,
    logger,
    database,
    redis: pageBroker,
    metrics,
    draining: () => draining,
    drain() {
      draining = true;
    },
    deps,
    api,
    realtime,
    outbox,
    pageCache,
    site: createSiteServices(deps, { googleEnabled: !!google }, pageCache.renders),
    jobs,
    maintenance,
    async close() {
      await jobs.stop();
      await maintenance?.stop();
      await credentialSweeps?.stop();
      await housekeeping?.stop();
      await outbox.stop();
      await realtime.close();
      await pageBroker?.close();
      await database.close();
    },
  };
}
