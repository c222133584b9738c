import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/server/logger.ts';
import { createPageCache, pageChangesThrough, type PageCache } from '../../src/server/page-cache.ts';
import { createRedisBroker } from '../../src/server/realtime/redis-broker.ts';
import type { Broker } from '../../src/server/realtime/broker.ts';
import { uniq } from '../support/api.ts';

/**
 * Two instances keeping guest pages, sharing one database (here: one variable) and a Redis
 * (REDIS_URL): a write handled by one clears the pages the other kept. Runs when TEST_REDIS_URL
 * names a Redis (CI sets it).
 */
const redisUrl = process.env.TEST_REDIS_URL;

/** What the pages show: the shared database of both instances. */
const database = { stock: 3 };

interface Instance {
  cache: PageCache;
  broker: Broker;
  server: Server;
  url: string;
}

async function startInstance(topic: string): Promise<Instance> {
  const broker = await createRedisBroker(redisUrl!, createLogger('warn'), topic);
  const cache = createPageCache({ ttlSeconds: 60, maxEntries: 10, broadcast: pageChangesThrough(broker, (err) => console.error(err)) });
  const server = createServer((req, res) =>
    cache.handle(req, res, () => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><p>${database.stock} left</p>`);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { cache, broker, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/products/marketplace` };
}

async function get(i: Instance) {
  const res = await fetch(i.url);
  return { state: res.headers.get('x-page-cache'), body: await res.text() };
}

describe.runIf(redisUrl)('guest pages across two instances through Redis', () => {
  let a: Instance;
  let b: Instance;
  beforeAll(async () => {
    const topic = `titipan-test-pages-${uniq()}`;
    [a, b] = await Promise.all([startInstance(topic), startInstance(topic)]);
  });
  afterAll(async () => {
    for (const i of [a, b].filter(Boolean)) {
      await i.broker.close();
      i.server.closeAllConnections();
      await new Promise<void>((resolve) => i.server.close(() => resolve()));
    }
  });

  it('a write on one instance clears the page the other kept', async () => {
    expect(await get(b)).toEqual({ state: 'miss', body: '<!doctype html><p>3 left</p>' });
    expect(await get(b)).toEqual({ state: 'hit', body: '<!doctype html><p>3 left</p>' });
    expect((await get(a)).body).toContain('3 left');

    // A checkout handled by instance a: the stock changes, a's domain calls changed().
    database.stock = 2;
    a.cache.changed();
    expect(await get(a)).toEqual({ state: 'miss', body: '<!doctype html><p>2 left</p>' });
    let seen = await get(b);
    for (let i = 0; i < 50 && seen.body.includes('3 left'); i++) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await get(b);
    }
    expect(seen.body).toContain('2 left');
    expect(b.cache.size).toBe(1);
  });
});
