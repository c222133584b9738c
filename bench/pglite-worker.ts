/**
 * Would PGlite in a worker thread serve pages faster than PGlite in the server's own thread?
 * PGlite runs PostgreSQL on the thread that calls it: while a query runs, no page renders. In a
 * worker thread the queries run beside the rendering (the machine has more than one core).
 *
 * Each simulated page runs the listing's two queries (a capped count and the newest 24 cards with
 * their trip) and then renders: `BENCH_RENDER_MS` (8) of CPU work on the main thread, as the real
 * server's page rendering costs. `BENCH_CONCURRENCY` (10) pages are in flight at once for
 * `BENCH_SECONDS` (10), first with PGlite in this thread, then with PGlite in a worker thread
 * answering {sql, params} messages. Prints pages/s and latency for both. Not a test.
 *
 *   BENCH_DATA_DIR=/tmp/bench node bench/pglite-worker.ts    # a directory bench/seed.ts filled
 */
import { PGlite } from '@electric-sql/pglite';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { stats } from './search.ts';

interface Query {
  id: number;
  sql: string;
  params: unknown[];
}

if (!isMainThread) {
  // The worker: one PGlite answering queries in order.
  const db = await PGlite.create(workerData.dir as string);
  parentPort!.on('message', async (q: Query | 'close') => {
    if (q === 'close') {
      await db.close();
      parentPort!.postMessage('closed');
      return;
    }
    try {
      const r = await db.query(q.sql, q.params);
      parentPort!.postMessage({ id: q.id, rows: r.rows });
    } catch (err) {
      parentPort!.postMessage({ id: q.id, error: String(err) });
    }
  });
  parentPort!.postMessage('ready');
} else {
  const dir = join(process.env.BENCH_DATA_DIR ?? '', 'db');
  if (!process.env.BENCH_DATA_DIR) throw new Error('BENCH_DATA_DIR: a directory bench/seed.ts filled');
  const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
  const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
  const RENDER_MS = Number(process.env.BENCH_RENDER_MS ?? 8);

  const where = `p.active and t.status = 'ACTIVE' and coalesce(t.updated_delivery_date, t.delivery_date) >= $1 and t.destination_country_id = 228`;
  const page = [
    { sql: `select count(*) from (select p.id from products p join trips t on t.id = p.trip_id where ${where} limit 1001) m`, params: ['2026-01-01'] },
    {
      sql: `select p.*, t.arrival_date, t.delivery_date, (select name from global_cities where id = t.origin_city_id) as origin
            from products p join trips t on t.id = p.trip_id where ${where} order by p.created_at desc, p.id desc limit 24`,
      params: ['2026-01-01'],
    },
  ];

  /** CPU work standing in for rendering a page. */
  function render(rows: unknown[]) {
    const end = performance.now() + RENDER_MS;
    let s = '';
    while (performance.now() < end) s = JSON.stringify(rows).slice(0, 100);
    return s;
  }

  type Run = (sql: string, params: unknown[]) => Promise<unknown[]>;

  async function load(name: string, run: Run) {
    for (let i = 0; i < 30; i++) for (const q of page) await run(q.sql, q.params); // warm
    const latencies: number[] = [];
    const until = performance.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < until) {
          const t = performance.now();
          const [, rows] = await Promise.all(page.map((q) => run(q.sql, q.params)));
          render(rows);
          latencies.push(performance.now() - t);
        }
      }),
    );
    const s = stats(latencies);
    console.log(`${name.padEnd(22)} ${(latencies.length / SECONDS).toFixed(1)} pages/s   latency p50 ${s.p50.toFixed(1)} / p95 ${s.p95.toFixed(1)} ms`);
  }

  async function inThread() {
    const db = await PGlite.create(dir);
    await load('PGlite in this thread', async (sql, params) => (await db.query(sql, params)).rows);
    await db.close();
  }

  async function inWorker() {
    const worker = new Worker(new URL(import.meta.url), { workerData: { dir } });
    await new Promise<void>((resolve) => worker.once('message', () => resolve()));
    let next = 0;
    const waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (e: Error) => void }>();
    worker.on('message', (m: { id: number; rows?: unknown[]; error?: string } | 'closed') => {
      if (m === 'closed') return;
      const w = waiting.get(m.id)!;
      waiting.delete(m.id);
      if (m.error) w.reject(new Error(m.error));
      else w.resolve(m.rows!);
    });
    const run: Run = (sql, params) =>
      new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, sql, params });
      });
    await load('PGlite in a worker', run);
    worker.postMessage('close');
    await new Promise<void>((resolve) => worker.once('message', () => resolve()));
    await worker.terminate();
  }

  console.log(`${CONCURRENCY} pages in flight, ${RENDER_MS} ms of rendering each, ${SECONDS} s per run`);
  // Twice each, alternating, so neither profits from the other's warm caches.
  for (let i = 0; i < 2; i++) {
    await inThread();
    await inWorker();
  }
}
