import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { scheduleJob } from '../../src/server/domain/jobs/jobs.ts';
import { DEADLINE_JOB } from '../../src/server/domain/orders/engine.ts';
import { apiUrl, call, uniq } from '../support/api.ts';
import { useClockedServer } from '../support/clocked-server.ts';
import { checkoutProduct, payOrder, requesterWithAddress, travellerWithProduct } from '../support/orders.ts';

const TOKEN = `metrics-${uniq()}${uniq()}${uniq()}`;

/** The value of one sample line (`name{labels} value`) of a Prometheus text page. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `) || (!labels && l.startsWith(`${name} `)));
  return line ? Number(line.split(' ').at(-1)) : undefined;
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN (404), and a short token refuses to start', async () => {
    expect((await fetch(`${apiUrl()}/metrics`)).status).toBe(404);
    expect((await fetch(`${apiUrl()}/metrics`, { headers: { Authorization: 'Bearer anything-at-all-here' } })).status).toBe(404);
    expect(() => loadConfig({ DATA_DIR: 'memory://', METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: at least 16 characters/);
  });

  describe('with METRICS_TOKEN set', () => {
    const own = useClockedServer({
        env: { METRICS_TOKEN: TOKEN },
        // A page through the page cache, as the site's guest pages go.
        pages: (app) => (req, res) => {
          if (req.url !== '/') return res.writeHead(404).end();
          app.pageCache.handle(req, res, () => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><p>Halo</p>'));
        },
    });
    const scrape = (auth?: string) => fetch(`${own.server.url}/metrics`, { headers: auth ? { Authorization: auth } : {} });

    it('answers 404 without the token or with a wrong one', async () => {
      expect((await scrape()).status).toBe(404);
      expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(404);
      expect((await scrape(`Basic ${TOKEN}`)).status).toBe(404);
    });

    it('reports requests, latency, queries, the outbox, due jobs, sockets, the page cache and payments', async () => {
      for (let i = 0; i < 3; i++) expect((await call('GET', '/v1/misc/countries')).status).toBe(200);
      expect((await call('GET', '/v1/products/no-such-product-q7z')).status).toBe(404);
      await fetch(`${own.server.url}/`);
      await fetch(`${own.server.url}/`);
      const { product } = await travellerWithProduct();
      const buyer = await requesterWithAddress();
      const order = (await checkoutProduct(buyer, product)).body.data.transactions[0];
      await payOrder(buyer.token, order.id);
      await scheduleJob(own.server.app.database.db, { kind: DEADLINE_JOB, key: `metrics:${uniq()}`, runAt: new Date(Date.now() - 60_000), payload: { orderId: -1 } });
      const ws = new WebSocket(`${own.server.url.replace('http', 'ws')}/app/${own.server.app.config.pusher.key}?protocol=7`);
      await new Promise((resolve, reject) => ws.once('message', resolve).once('error', reject));

      const res = await scrape(`Bearer ${TOKEN}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const text = await res.text();
      ws.close();
      expect(sample(text, 'titipan_http_requests_total', 'method="GET",route="/v1/misc/countries",status="200"')).toBeGreaterThanOrEqual(3);
      expect(sample(text, 'titipan_http_requests_total', 'method="GET",route="/v1/products/:slug",status="404"')).toBe(1);
      expect(sample(text, 'titipan_http_request_duration_seconds_count', 'method="GET",route="/v1/misc/countries",status="200"')).toBeGreaterThanOrEqual(3);
      // Route patterns, never raw paths with ids.
      expect(text).not.toContain('no-such-product-q7z');
      expect(sample(text, 'titipan_db_query_duration_seconds_count')).toBeGreaterThan(10);
      expect(sample(text, 'titipan_page_cache_total', 'result="miss"')).toBe(1);
      expect(sample(text, 'titipan_page_cache_total', 'result="hit"')).toBe(1);
      expect(sample(text, 'titipan_payments', 'provider="sandbox",status="paid"')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'titipan_jobs_due')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'titipan_websocket_connections')).toBe(1);
      // The order's notifications are written to the outbox; the gauges are there whatever they hold.
      expect(sample(text, 'titipan_outbox_backlog')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'titipan_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
      expect(text).toContain('# TYPE titipan_payouts gauge');
      expect(text).toContain('process_cpu_user_seconds_total');
    });
  });
});
