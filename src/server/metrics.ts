import { bearerIs } from './backup.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { and, count, isNull, lte, min } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from './db/client.ts';
import { jobs, payments } from './db/orders-schema.ts';
import { payouts } from './db/payouts-schema.ts';
import { notifications } from './db/schema.ts';
import type { RequestOutcome } from './request-log.ts';

/**
 * The Prometheus metrics of one instance (docs/operations.md lists them). Counters and
 * histograms count this instance's own work; the gauges read the shared database when scraped,
 * so every instance reports the same backlog, due jobs and payment outcomes.
 */
export interface Metrics {
  registry: Registry;
  request(outcome: RequestOutcome): void;
  query(seconds: number): void;
  pageCache(result: 'hit' | 'miss'): void;
}

export function createMetrics(): Metrics & { watch(sources: { db: Db; websockets: () => number; now: () => Date }): void } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({ name: 'titipan_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const latency = new Histogram({
    name: 'titipan_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const queries = new Histogram({
    name: 'titipan_db_query_duration_seconds',
    help: 'Time a database query took',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });
  const pageCache = new Counter({ name: 'titipan_page_cache_total', help: 'Guest pages answered from the page cache (hit) or rendered for it (miss)', labelNames: ['result'], registers: [registry] });
  return {
    registry,
    request({ method, route, status, seconds }) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    query: (seconds) => queries.observe(seconds),
    pageCache: (result) => pageCache.inc({ result }),
    watch({ db, websockets, now }) {
      new Gauge({ name: 'titipan_websocket_connections', help: 'Open real-time WebSocket connections on this instance', registers: [registry], collect() {
        this.set(websockets());
      } });
      new Gauge({ name: 'titipan_outbox_backlog', help: 'Notifications written but not yet pushed (the outbox)', registers: [registry], async collect() {
        const [row] = await db.select({ n: count() }).from(notifications).where(isNull(notifications.dispatchedAt));
        this.set(row.n);
      } });
      new Gauge({ name: 'titipan_outbox_oldest_age_seconds', help: 'Age of the oldest notification not yet pushed; 0 when none waits', registers: [registry], async collect() {
        const [row] = await db.select({ oldest: min(notifications.createdAt) }).from(notifications).where(isNull(notifications.dispatchedAt));
        this.set(row.oldest ? Math.max(0, (now().getTime() - new Date(row.oldest).getTime()) / 1000) : 0);
      } });
      new Gauge({ name: 'titipan_jobs_due', help: 'Scheduled jobs (deadlines, payouts) due but not yet run', registers: [registry], async collect() {
        const [row] = await db.select({ n: count() }).from(jobs).where(and(isNull(jobs.doneAt), lte(jobs.runAt, now())));
        this.set(row.n);
      } });
      new Gauge({ name: 'titipan_payments', help: 'Payment attempts by provider and outcome (pending, paid, failed, expired)', labelNames: ['provider', 'status'], registers: [registry], async collect() {
        const rows = await db.select({ provider: payments.provider, status: payments.status, n: count() }).from(payments).groupBy(payments.provider, payments.status);
        this.reset();
        for (const r of rows) this.set({ provider: r.provider, status: r.status }, r.n);
      } });
      new Gauge({ name: 'titipan_payouts', help: 'Withdrawals by provider and outcome (pending, processing, completed, failed)', labelNames: ['provider', 'status'], registers: [registry], async collect() {
        const rows = await db.select({ provider: payouts.provider, status: payouts.status, n: count() }).from(payouts).groupBy(payouts.provider, payouts.status);
        this.reset();
        for (const r of rows) this.set({ provider: r.provider, status: r.status }, r.n);
      } });
    },
  };
}

/**
 * GET /metrics in Prometheus' text format, for `Authorization: Bearer $METRICS_TOKEN` only. Without
 * a token configured, or without the right one, the request goes on as if there were no such
 * page (404): nothing tells a stranger that metrics exist.
 */
export function metricsListener(metrics: Metrics, token: string | undefined) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '/';
    if (!token || !(url === '/metrics' || url.startsWith('/metrics?')) || req.method !== 'GET') return false;
    if (!bearerIs(req, token)) return false;
    void metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' }).end(text),
      (err: Error) => res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end(`metrics unavailable: ${err.message}`),
    );
    return true;
  };
}
