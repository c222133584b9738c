import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from './logger.ts';
import { isHealthPath } from './health.ts';
import { requestId, runRequest, type LogContext } from './request-context.ts';

/** One finished request, as the log line and the metrics see it. */
export interface RequestOutcome {
  method: string;
  route: string;
  status: number;
  seconds: number;
}

/**
 * Runs one HTTP request inside its log context and writes one line when it is over: `req_id`
 * (the caller's X-Request-Id when well-formed, else a new one; echoed as X-Request-Id), method,
 * route pattern, status, duration, user id. Health checks are logged at debug level only.
 */
export function observeRequest(logger: Logger, onDone: ((outcome: RequestOutcome) => void) | undefined, req: IncomingMessage, res: ServerResponse, handle: () => void) {
  const started = process.hrtime.bigint();
  const context: LogContext = { req_id: requestId(req.headers['x-request-id']) };
  res.setHeader('X-Request-Id', context.req_id!);
  res.once('close', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const status = res.writableFinished ? res.statusCode : 499; // 499: the client went away first
    const route = context.route ?? (status === 404 ? 'unmatched' : 'static');
    const line = { req_id: context.req_id, method: req.method, route, status, duration_ms: Math.round(seconds * 10000) / 10, user_id: context.user_id };
    const level = isHealthPath(req.url) ? 'debug' : status >= 500 ? 'error' : 'info';
    logger.log(level, 'request', line);
    onDone?.({ method: req.method ?? 'GET', route, status, seconds });
  });
  runRequest(context, handle);
}
