import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_PLATFORM_FEE_PERCENT } from '../lib/money/index.ts';
import { checkConfiguredSecret, resolveSecrets, resolveVapidKeys } from './secrets.ts';
import { pushOriginEntry } from './security/push-endpoints.ts';
import { ALLOWED_HOST_ENTRY } from './security/allowed-hosts.ts';
import type { S3Settings } from './integrations/storage/s3.ts';
import { ISLAND_CACHE_DEFAULT_ENTRIES } from '../integrations/island-html-cache.ts';

/**
 * The one place that reads the environment. Every other module receives a Config.
 * Defaults give a working embedded setup: PGlite in DATA_DIR/db, built-in real-time server,
 * mail and SMS written to DATA_DIR, the public origin http://localhost:PORT, and server-owned
 * secrets generated once into DATA_DIR/secrets.json (secrets.ts).
 */
const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const positiveCount = z.coerce.number().int().min(1);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional,
  PUBLIC_URL: optional.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://titipan.example' })
      .transform((v) => new URL(v).origin)
      .optional(),
  ),
  // Host names this server answers to (Host header, port ignored); `*` answers to any.
  ALLOWED_HOSTS: optional.pipe(
    z
      .string()
      .transform((v) => v.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean))
      .pipe(z.array(z.string().regex(ALLOWED_HOST_ENTRY, 'list host names without scheme or port (titipan.example, .titipan.example for subdomains, [::1]), or *')).min(1))
      .optional(),
  ),
  REDIS_URL: optional,
  // What this deployment's Redis channels start with: several deployments may share one Redis.
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'letters, digits and :_.- only').default('titipan'),
  // Uploaded files in an S3-compatible bucket instead of DATA_DIR/uploads (docs/deploying.md).
  S3_BUCKET: optional,
  S3_ENDPOINT: optional.pipe(z.url({ protocol: /^https?$/, error: 'an origin such as https://s3.eu-central-1.amazonaws.com or http://minio:9000' }).optional()),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: bool.default(false),
  S3_PUBLIC_URL: optional.pipe(z.url({ protocol: /^https?$/, error: 'the public address of the bucket, such as https://photos.titipan.example' }).optional()),
  // PGlite's buffer cache (the embedded database only), in MB.
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(16),
  // The embedded database in a worker thread of its own: more pages per second, ~40 MB more memory (README).
  PGLITE_WORKER: bool.default(false),
  // The embedded database's vacuum and analyze passes (src/server/db/pglite-maintenance.ts), in minutes; 0 turns them off.
  PGLITE_MAINTENANCE_MINUTES: z.coerce.number().min(0).max(1440).default(5),
  // Guest page cache (src/server/page-cache.ts): how long a rendered page may be served; 0 turns it off.
  PAGE_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(86400).default(60),
  PAGE_CACHE_MAX_ENTRIES: positiveCount.max(100000).default(1000),
  /** Read by the island renderer (src/integrations/react-islands.ts); validated here so a bad value stops the start. */
  ISLAND_CACHE_ENTRIES: z.coerce.number().int().min(0).max(10000).default(ISLAND_CACHE_DEFAULT_ENTRIES),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  // One JSON object a line (for a log shipper; the default), or readable lines for a person at a terminal.
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  // GET /metrics answers only `Authorization: Bearer <this>`; unset, there is no /metrics (404).
  METRICS_TOKEN: optional.pipe(z.string().min(16, 'at least 16 characters (a random token: openssl rand -hex 24)').optional()),
  // Real-time (Pusher protocol): the built-in server (default), or an external Pusher Channels app
  // or self-hosted Pusher-protocol server (REALTIME_PROVIDER=pusher) that the browser connects to.
  REALTIME_PROVIDER: z.enum(['builtin', 'pusher']).default('builtin'),
  PUSHER_APP_ID: z.string().default('titipan'),
  PUSHER_KEY: z.string().default('titipan-key'),
  // Generated into DATA_DIR/secrets.json when unset; see secrets.ts.
  PUSHER_SECRET: optional,
  // Payments: the built-in sandbox (default), or Midtrans Snap; Stripe takes cards when its keys are set.
  PAYMENT_PROVIDER: z.enum(['sandbox', 'midtrans']).default('sandbox'),
  SANDBOX_PAYMENT_SECRET: optional,
  // What `npm run backup` shows the running server to have it dump the embedded database; generated when unset.
  BACKUP_TOKEN: optional,
  MIDTRANS_SERVER_KEY: optional,
  MIDTRANS_CLIENT_KEY: optional,
  MIDTRANS_PRODUCTION: bool.default(false),
  // Snap's API at another origin (a local fake in tests); Midtrans' own sandbox or production otherwise.
  MIDTRANS_SNAP_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  // Stripe's API at another origin (a local fake in tests); api.stripe.com otherwise.
  STRIPE_API_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  // Payouts (withdrawals of a balance): the built-in sandbox (default) or Midtrans Iris.
  PAYOUT_PROVIDER: z.enum(['sandbox', 'iris']).default('sandbox'),
  SANDBOX_PAYOUT_SECRET: optional,
  // How long the sandbox takes to pay a withdrawal out.
  SANDBOX_PAYOUT_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  IRIS_API_KEY: optional,
  IRIS_MERCHANT_KEY: optional,
  IRIS_PRODUCTION: bool.default(false),
  // Iris' API at another origin (a local fake in tests); Midtrans' own sandbox or production otherwise.
  IRIS_API_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  // Courier quotes: the built-in rate table (default) or Biteship's rates API.
  COURIER_PROVIDER: z.enum(['table', 'biteship']).default('table'),
  BITESHIP_API_KEY: optional,
  BITESHIP_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.biteship.com'),
  BITESHIP_ORIGIN_POSTAL_CODE: z.string().regex(/^\d{5}$/, 'a 5-digit postal code').default('10110'),
  BITESHIP_COURIERS: z.string().regex(/^[a-z_]+(,[a-z_]+)*$/, 'comma-separated courier codes such as jne,jnt,sicepat,pos').default('jne,jnt,sicepat,pos'),
  PUSHER_CLUSTER: z.string().default('ap1'),
  // A self-hosted Pusher-protocol server's origin (REALTIME_PROVIDER=pusher): https://ws.example.com:6001.
  PUSHER_HOST: optional.pipe(z.url({ protocol: /^https?$/, error: 'an origin such as https://ws.example.com:6001' }).optional()),
  // Mail: SMTP when SMTP_URL is set, otherwise written to DATA_DIR/mail.
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('Titipan <no-reply@titipan.test>'),
  // Signs the one-click unsubscribe links of e-mails; generated into DATA_DIR/secrets.json when unset.
  UNSUBSCRIBE_SECRET: optional,
  // Web push (docs/notifications.md): the VAPID pair, generated into DATA_DIR/secrets.json when unset.
  VAPID_PUBLIC_KEY: optional,
  VAPID_PRIVATE_KEY: optional,
  // Push services beyond the known ones (FCM, Mozilla, Apple, Windows): https://host[:port] origins.
  PUSH_ENDPOINT_ALLOWLIST: optional.pipe(
    z
      .string()
      .transform((v) => v.split(',').map((o) => o.trim()).filter(Boolean))
      .pipe(z.array(z.string().transform((o, ctx) => pushOriginEntry(o) ?? (ctx.addIssue({ code: 'custom', message: `${o} is not an https://host[:port] origin` }), z.NEVER))))
      .optional(),
  ),
  // WhatsApp Business Cloud API: template messages when the token and phone number id are set.
  WHATSAPP_TOKEN: optional,
  WHATSAPP_PHONE_NUMBER_ID: optional,
  WHATSAPP_API_URL: z.url({ protocol: /^https?$/ }).default('https://graph.facebook.com/v21.0'),
  WHATSAPP_TEMPLATE: z.string().regex(/^[a-z0-9_]+$/, 'a template name such as order_update').default('order_update'),
  // Google sign-in: shown only when both are set.
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  // Footer help-centre links; local routes when unset.
  HELP_CENTRE_URL: optional,
  // SMS: Twilio when all three are set, otherwise codes go to the log and DATA_DIR/sms.
  TWILIO_ACCOUNT_SID: optional,
  TWILIO_AUTH_TOKEN: optional,
  TWILIO_FROM: optional,
  // A whole percentage: fees are floor(base × percent / 100) in integer Rupiah (src/lib/money).
  PLATFORM_FEE_PERCENTAGE: z.coerce.number().int().min(0).max(100).default(DEFAULT_PLATFORM_FEE_PERCENT),
  // Reverse proxies in front of the server whose X-Forwarded-For is believed; 0 = the socket's address.
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  // Per-IP limits (domain/rate-limits/rules.ts says why these numbers); per-account ones are fixed.
  LIMIT_LOGIN_FAILURES_PER_IP: positiveCount.default(50),
  LIMIT_REGISTRATIONS_PER_IP: positiveCount.default(20),
  LIMIT_RESET_MAILS_PER_IP: positiveCount.default(10),
  LIMIT_SMS_PER_IP: positiveCount.default(10),
  // Per-account rates of what other people receive (domain/rate-limits/rules.ts says why these numbers).
  LIMIT_CHAT_MESSAGES_PER_USER: positiveCount.default(30),
  LIMIT_DISCUSSIONS_PER_USER: positiveCount.default(30),
  LIMIT_REPORTS_PER_USER: positiveCount.default(20),
  LIMIT_FOLLOWS_PER_USER: positiveCount.default(60),
  // Unpaid orders one buyer may hold at once (each reserves stock for the payment window).
  LIMIT_UNPAID_ORDERS_PER_USER: positiveCount.max(1000).default(3),
  // Operator console (/admin): these accounts are operators (docs/operator-console.md).
  OPERATOR_EMAILS: optional.pipe(
    z
      .string()
      .transform((v) => v.split(',').map((m) => m.trim().toLowerCase()).filter(Boolean))
      .pipe(z.array(z.email({ error: 'list e-mail addresses separated by commas' })))
      .optional(),
  ),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** The site's public origin (no trailing slash): every absolute link is built from it, never from a request. */
  publicUrl: string;
  /** Lower-case host names (`[::1]` for IPv6, `.example.com` for a domain and its subdomains); `*` allows any. */
  allowedHosts: string[];
  redisUrl?: string;
  /** Start of this deployment's Redis channel names ('titipan' → titipan:realtime, titipan:pages). */
  redisPrefix: string;
  /** Uploads in an S3-compatible bucket; on local disk (DATA_DIR/uploads) when unset. */
  s3?: S3Settings;
  /** The embedded database's buffer cache (PGlite only). */
  pgliteSharedBuffersMb: number;
  pgliteWorker: boolean;
  /** Minutes between the embedded database's vacuum and analyze passes; 0: none. */
  pgliteMaintenanceMinutes: number;
  /** Guest pages kept rendered in memory: for `ttlSeconds` at most (0: no cache), `maxEntries` of them. */
  pageCache: { ttlSeconds: number; maxEntries: number };
  seedDemo: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  logFormat: 'json' | 'pretty';
  /** What `npm run backup` shows the running server (POST /_backup/database; src/server/backup.ts). */
  backupToken: string;
  /** The bearer token GET /metrics asks for; no /metrics without one. */
  metricsToken?: string;
  /**
   * Real-time: `builtin` serves the Pusher protocol in this process (and fans out through Redis
   * when `redisUrl` is set); `pusher` publishes through the official SDK to an external Pusher
   * Channels app (its `cluster`), or to a self-hosted Pusher-protocol server at `host`, and the
   * browser connects there.
   */
  pusher: { provider: 'builtin' | 'pusher'; appId: string; key: string; secret: string; cluster: string; host?: PusherHost };
  mail: { smtpUrl?: string; from: string; unsubscribeSecret: string };
  /** Web push: the VAPID pair, and the push-service origins accepted besides the known ones. */
  push: { vapidPublicKey: string; vapidPrivateKey: string; allowedOrigins: string[] };
  /** WhatsApp Business Cloud API template messages; absent: off. */
  whatsapp?: { token: string; phoneNumberId: string; apiUrl: string; template: string };
  google?: { clientId: string; clientSecret: string };
  helpCentreUrl?: string;
  platformFeePercentage: number;
  payments: {
    provider: 'sandbox' | 'midtrans';
    sandboxSecret: string;
    midtrans?: { serverKey: string; clientKey: string; production: boolean; snapUrl?: string };
    /** Cards: set when all three keys are. */
    stripe?: { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl?: string };
  };
  /** Withdrawals: who pays them out (payouts/providers.ts). */
  payouts: {
    provider: 'sandbox' | 'iris';
    sandboxSecret: string;
    sandboxDelaySeconds: number;
    iris?: { apiKey: string; merchantKey: string; production: boolean; apiUrl?: string };
  };
  /** Courier quotes: the rate table, or Biteship when `biteship` is set. */
  couriers: { biteship?: { apiKey: string; baseUrl: string; originPostalCode: string; couriers: string } };
  twilio?: { accountSid: string; authToken: string; from: string };
  trustProxy: number;
  limits: Limits;
  /** Lower-case e-mail addresses whose accounts are operators (granted at start, login and registration). */
  operatorEmails: string[];
}

/** A self-hosted Pusher-protocol server: where the SDK publishes and the browser connects. */
export interface PusherHost {
  hostname: string;
  port: number;
  tls: boolean;
}

function pusherHost(origin: string | undefined): PusherHost | undefined {
  if (!origin) return undefined;
  const url = new URL(origin);
  const tls = url.protocol === 'https:';
  return { hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(url.port) || (tls ? 443 : 80), tls };
}

/** How many attempts one client IP gets per window (see domain/rate-limits/rules.ts). */
/** The configurable limits: per IP (attempts from one address) and per account (what one person may send or hold). */
export interface Limits {
  loginFailuresPerIp: number;
  registrationsPerIp: number;
  resetMailsPerIp: number;
  smsPerIp: number;
  chatMessagesPerUser: number;
  discussionsPerUser: number;
  reportsPerUser: number;
  followsPerUser: number;
  unpaidOrdersPerUser: number;
}

/**
 * Money in and money out must be the same kind. The built-in sandbox takes "payments" anyone can
 * make with one click on its page, so it pairs only with the sandbox payout (a balance made of
 * test money must never be paid out by a real provider, nor real money paid out by a pretend
 * one); and test environments (Midtrans' and Iris' sandboxes, Stripe's test keys) never sit
 * beside live ones (MIDTRANS_PRODUCTION, IRIS_PRODUCTION, Stripe's live keys).
 */
export function testMoneyBesideRealMoney(e: Pick<z.output<typeof envSchema>, 'PAYMENT_PROVIDER' | 'PAYOUT_PROVIDER' | 'MIDTRANS_PRODUCTION' | 'IRIS_PRODUCTION' | 'STRIPE_SECRET_KEY'>): string | undefined {
  if (e.PAYMENT_PROVIDER === 'sandbox' && e.PAYOUT_PROVIDER !== 'sandbox') {
    return `PAYMENT_PROVIDER=sandbox takes test payments (anyone can "pay" on its page) and cannot fund real payouts (PAYOUT_PROVIDER=${e.PAYOUT_PROVIDER}): set PAYMENT_PROVIDER=midtrans, or PAYOUT_PROVIDER=sandbox for a demo`;
  }
  if (e.PAYOUT_PROVIDER === 'sandbox' && e.PAYMENT_PROVIDER !== 'sandbox') {
    return `PAYOUT_PROVIDER=sandbox pays nothing out for real and cannot stand beside a real payment provider (PAYMENT_PROVIDER=${e.PAYMENT_PROVIDER}): set PAYOUT_PROVIDER=iris, or PAYMENT_PROVIDER=sandbox for a demo`;
  }
  const kinds: [string, 'live' | 'test'][] = [
    [`PAYMENT_PROVIDER=${e.PAYMENT_PROVIDER}${e.PAYMENT_PROVIDER === 'midtrans' ? (e.MIDTRANS_PRODUCTION ? ' (MIDTRANS_PRODUCTION=1)' : ' (Midtrans sandbox)') : ''}`, e.PAYMENT_PROVIDER === 'midtrans' && e.MIDTRANS_PRODUCTION ? 'live' : 'test'],
    [`PAYOUT_PROVIDER=${e.PAYOUT_PROVIDER}${e.PAYOUT_PROVIDER === 'iris' ? (e.IRIS_PRODUCTION ? ' (IRIS_PRODUCTION=1)' : ' (Iris sandbox)') : ''}`, e.PAYOUT_PROVIDER === 'iris' && e.IRIS_PRODUCTION ? 'live' : 'test'],
  ];
  if (e.STRIPE_SECRET_KEY) kinds.push([`a Stripe ${/^[sr]k_live_/.test(e.STRIPE_SECRET_KEY) ? 'live' : 'test'} key`, /^[sr]k_live_/.test(e.STRIPE_SECRET_KEY) ? 'live' : 'test']);
  const live = kinds.filter(([, k]) => k === 'live').map(([name]) => name);
  const test = kinds.filter(([, k]) => k === 'test').map(([name]) => name);
  if (live.length && test.length) return `live money (${live.join(', ')}) cannot be mixed with test money (${test.join(', ')}): use live settings everywhere, or test settings everywhere`;
  return undefined;
}

function parseEnvironment(source: Record<string, string | undefined>) {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * Where a deployment keeps its data and where its server listens, from the same environment as
 * the server, without generating anything: `npm run restore` must leave DATA_DIR untouched until
 * it writes the archive's contents there.
 */
export function loadPlaces(source: Record<string, string | undefined> = process.env) {
  const e = parseEnvironment(source);
  return { dataDir: resolve(e.DATA_DIR), databaseUrl: e.DATABASE_URL, host: e.HOST, port: e.PORT, uploadsInBucket: !!e.S3_BUCKET, backupToken: e.BACKUP_TOKEN };
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const e = parseEnvironment(source);
  if (e.PAYMENT_PROVIDER === 'midtrans' && !(e.MIDTRANS_SERVER_KEY && e.MIDTRANS_CLIENT_KEY)) {
    throw new Error('Invalid configuration:\n  PAYMENT_PROVIDER=midtrans needs MIDTRANS_SERVER_KEY and MIDTRANS_CLIENT_KEY');
  }
  if (e.PAYOUT_PROVIDER === 'iris' && !(e.IRIS_API_KEY && e.IRIS_MERCHANT_KEY)) {
    throw new Error('Invalid configuration:\n  PAYOUT_PROVIDER=iris needs IRIS_API_KEY and IRIS_MERCHANT_KEY');
  }
  // The merchant key is what proves an Iris notification genuine: a guessable one would let anyone mark payouts paid.
  const irisKeyProblem = e.IRIS_MERCHANT_KEY && checkConfiguredSecret('IRIS_MERCHANT_KEY', e.IRIS_MERCHANT_KEY);
  if (irisKeyProblem) throw new Error(`Invalid configuration:\n  ${irisKeyProblem.replace(/; unset it.*$/, '')}`);
  if (e.COURIER_PROVIDER === 'biteship' && !e.BITESHIP_API_KEY) {
    throw new Error('Invalid configuration:\n  COURIER_PROVIDER=biteship needs BITESHIP_API_KEY');
  }
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    throw new Error('Invalid configuration:\n  Stripe needs all of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET');
  }
  const moneyProblem = testMoneyBesideRealMoney(e);
  if (moneyProblem) throw new Error(`Invalid configuration:\n  ${moneyProblem}`);
  if (e.REALTIME_PROVIDER === 'pusher') {
    // An external app has its own id, key and secret: nothing here may be a default or generated.
    const missing = ['PUSHER_APP_ID', 'PUSHER_KEY', 'PUSHER_SECRET'].filter((name) => !source[name]);
    if (missing.length) throw new Error(`Invalid configuration:\n  REALTIME_PROVIDER=pusher needs ${missing.join(', ')} of the external app`);
  } else if (e.PUSHER_HOST) {
    throw new Error('Invalid configuration:\n  PUSHER_HOST names an external real-time server: set REALTIME_PROVIDER=pusher too');
  }
  if (!e.S3_BUCKET && ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'].some((name) => source[name])) {
    throw new Error('Invalid configuration:\n  S3_* settings are set but S3_BUCKET is not: set S3_BUCKET to store uploads in that bucket');
  }
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) {
    throw new Error('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither, for the machine\'s own credentials)');
  }
  const dataDir = resolve(e.DATA_DIR);
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const secrets = resolveSecrets(e, dataDir);
  const vapid = resolveVapidKeys({ publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }, dataDir);
  if (!!e.WHATSAPP_TOKEN !== !!e.WHATSAPP_PHONE_NUMBER_ID) {
    throw new Error('Invalid configuration:\n  WhatsApp needs both WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID');
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    allowedHosts: e.ALLOWED_HOSTS ?? [...new Set([new URL(publicUrl).hostname, 'localhost', '127.0.0.1', '[::1]'])],
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          publicUrl: e.S3_PUBLIC_URL,
        }
      : undefined,
    pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
    pgliteWorker: e.PGLITE_WORKER,
    pgliteMaintenanceMinutes: e.PGLITE_MAINTENANCE_MINUTES,
    pageCache: { ttlSeconds: e.PAGE_CACHE_TTL_SECONDS, maxEntries: e.PAGE_CACHE_MAX_ENTRIES },
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    metricsToken: e.METRICS_TOKEN,
    backupToken: secrets.BACKUP_TOKEN,
    pusher: {
      provider: e.REALTIME_PROVIDER,
      appId: e.PUSHER_APP_ID,
      key: e.PUSHER_KEY,
      secret: secrets.PUSHER_SECRET,
      cluster: e.PUSHER_CLUSTER,
      host: pusherHost(e.PUSHER_HOST),
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, unsubscribeSecret: secrets.UNSUBSCRIBE_SECRET },
    push: { vapidPublicKey: vapid.publicKey, vapidPrivateKey: vapid.privateKey, allowedOrigins: e.PUSH_ENDPOINT_ALLOWLIST ?? [] },
    whatsapp:
      e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID
        ? { token: e.WHATSAPP_TOKEN, phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID, apiUrl: e.WHATSAPP_API_URL.replace(/\/+$/, ''), template: e.WHATSAPP_TEMPLATE }
        : undefined,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : undefined,
    helpCentreUrl: e.HELP_CENTRE_URL,
    platformFeePercentage: e.PLATFORM_FEE_PERCENTAGE,
    payments: {
      provider: e.PAYMENT_PROVIDER,
      sandboxSecret: secrets.SANDBOX_PAYMENT_SECRET,
      midtrans:
        e.MIDTRANS_SERVER_KEY && e.MIDTRANS_CLIENT_KEY
          ? { serverKey: e.MIDTRANS_SERVER_KEY, clientKey: e.MIDTRANS_CLIENT_KEY, production: e.MIDTRANS_PRODUCTION, snapUrl: e.MIDTRANS_SNAP_URL }
          : undefined,
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
          ? { secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
          : undefined,
    },
    payouts: {
      provider: e.PAYOUT_PROVIDER,
      sandboxSecret: secrets.SANDBOX_PAYOUT_SECRET,
      sandboxDelaySeconds: e.SANDBOX_PAYOUT_DELAY_SECONDS,
      iris:
        e.IRIS_API_KEY && e.IRIS_MERCHANT_KEY
          ? { apiKey: e.IRIS_API_KEY, merchantKey: e.IRIS_MERCHANT_KEY, production: e.IRIS_PRODUCTION, apiUrl: e.IRIS_API_URL }
          : undefined,
    },
    couriers: {
      biteship:
        e.COURIER_PROVIDER === 'biteship' && e.BITESHIP_API_KEY
          ? { apiKey: e.BITESHIP_API_KEY, baseUrl: e.BITESHIP_BASE_URL, originPostalCode: e.BITESHIP_ORIGIN_POSTAL_CODE, couriers: e.BITESHIP_COURIERS }
          : undefined,
    },
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM }
        : undefined,
    trustProxy: e.TRUST_PROXY,
    limits: {
      loginFailuresPerIp: e.LIMIT_LOGIN_FAILURES_PER_IP,
      registrationsPerIp: e.LIMIT_REGISTRATIONS_PER_IP,
      resetMailsPerIp: e.LIMIT_RESET_MAILS_PER_IP,
      smsPerIp: e.LIMIT_SMS_PER_IP,
      chatMessagesPerUser: e.LIMIT_CHAT_MESSAGES_PER_USER,
      discussionsPerUser: e.LIMIT_DISCUSSIONS_PER_USER,
      reportsPerUser: e.LIMIT_REPORTS_PER_USER,
      followsPerUser: e.LIMIT_FOLLOWS_PER_USER,
      unpaidOrdersPerUser: e.LIMIT_UNPAID_ORDERS_PER_USER,
    },
    operatorEmails: e.OPERATOR_EMAILS ?? [],
  };
}
