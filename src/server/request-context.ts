import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * What the log knows about the work under way: a request (its id, route pattern, user) or a
 * background task (a job's key, an outbox row). Every log line written while it runs carries
 * these fields (src/server/logger.ts), however deep in the domain it is written.
 */
export interface LogContext {
  req_id?: string;
  /** The route pattern that answered ('/v1/products/:id', '/products/[slug]'), never the raw path. */
  route?: string;
  user_id?: number;
  job?: string;
  outbox_id?: number;
}

const storage = new AsyncLocalStorage<LogContext>();

/** The context of the work under way, if any. */
export const logContext = (): LogContext | undefined => storage.getStore();

/**
 * Runs one request with `context` as the context itself: what is learnt later (its route, its
 * user) is set on that object and appears on every line written from then on.
 */
export function runRequest<T>(context: LogContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** Names the route pattern of the request under way (its log line and metrics). */
export function nameRoute(route: string) {
  const context = storage.getStore();
  if (context) context.route = route;
}

/** Runs `fn` with `context` (added to the one it runs in) on every log line it writes. */
export function withLogContext<T>(context: LogContext, fn: () => T): T {
  return storage.run({ ...storage.getStore(), ...context }, fn);
}

/**
 * An X-Request-Id a proxy or client sent is kept when it looks like one (letters, digits and
 * `-_.:/+=`, at most 128 characters); anything else (too long, control characters, spaces) is
 * replaced by a fresh id, so what is echoed and logged is never text someone chose freely.
 */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9\-_.:/+=]{1,128}$/;

export function requestId(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && WELL_FORMED_REQUEST_ID.test(value) ? value : randomUUID();
}
