import { createRequire } from 'node:module';
import { pino, type Logger as Pino } from 'pino';
import { logContext } from './request-context.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type LogFormat = 'json' | 'pretty';

/**
 * The server's log: one JSON object a line (pino), or readable lines for a person at a terminal
 * (LOG_FORMAT=pretty). Every line written while a request, a job or an outbox dispatch runs
 * carries its `req_id`, `job` or `outbox_id` (src/server/request-context.ts).
 */
export interface Logger {
  debug(msg: string, extra?: unknown): void;
  info(msg: string, extra?: unknown): void;
  warn(msg: string, extra?: unknown): void;
  error(msg: string, extra?: unknown): void;
  /** A line with fields of its own at the top level (the request line; a payment's id and outcome). */
  log(level: Exclude<LogLevel, 'silent'>, msg: string, fields: Record<string, string | number | boolean | undefined>): void;
}

/**
 * An error as logged: its type, message, code and stack, and its cause's, never its other fields:
 * a database error carries the statement's parameters (a password hash, a token) and an HTTP
 * client's error its request (with the Authorization header).
 */
function plainError(err: unknown, depth = 0): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const e = err as Error & { code?: unknown; constraint?: unknown; status?: unknown };
  const out: Record<string, unknown> = { type: e.name, message: e.message, stack: e.stack };
  for (const key of ['code', 'constraint', 'status'] as const) if (typeof e[key] === 'string' || typeof e[key] === 'number') out[key] = e[key];
  if (e.cause !== undefined && depth < 3) out.cause = plainError(e.cause, depth + 1);
  return out;
}

/** What a call's second argument becomes on the line: an error under `err`, anything else under `extra`. */
function fields(extra: unknown): Record<string, unknown> {
  if (extra === undefined) return {};
  if (extra instanceof Error) return { err: plainError(extra) };
  return { extra };
}

/**
 * Names whose values never reach the log, wherever a caller put them in `extra` (a line must not
 * depend on every caller remembering): credentials, codes, card data, message bodies.
 */
const REDACTED = ['password', 'token', 'authorization', 'cookie', 'secret', 'code', 'otp', 'card', 'body', 'text', 'html'];

export function createLogger(level: LogLevel, opts: { format?: LogFormat; destination?: NodeJS.WritableStream } = {}): Logger {
  const options = {
    level,
    base: undefined,
    // The time as an ISO string, as log shippers read it.
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    mixin: () => ({ ...logContext() }),
    // `err` is made plain above (plainError): pino's own serializer would keep every field.
    serializers: { err: (e: unknown) => e },
    redact: { paths: REDACTED.flatMap((k) => [`extra.${k}`, `extra.*.${k}`]), censor: '[redacted]' },
  };
  let log: Pino;
  if (opts.format === 'pretty') {
    // Loaded only when asked for: readable lines, synchronously in this thread.
    const pretty = createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty');
    log = pino(options, pretty({ colorize: process.stdout.isTTY, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', sync: true, destination: opts.destination ?? 1 }));
  } else {
    log = pino(options, opts.destination ?? pino.destination({ dest: 1, sync: true }));
  }
  const at = (l: Exclude<LogLevel, 'silent'>) => (msg: string, extra?: unknown) => log[l](fields(extra), msg);
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), log: (l, msg, f) => log[l](f, msg) };
}
