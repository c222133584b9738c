/**
 * Search benchmark, in-process: header suggestions and searched listing pages over the bench data
 * (bench/seed.ts: 100,000 products by default).
 *   node bench/search.ts                                   # PGlite (temporary directory)
 *   BENCH_DATABASE_URL=postgres://… node bench/search.ts   # PostgreSQL (a scratch database!)
 *   BENCH_DATA_DIR=/tmp/x BENCH_SEEDED=1 node bench/search.ts   # reuse a PGlite directory seeded before
 * Prints p50/p95/p99 latency of GET /v1/misc/suggestions' query, of a searched listing page and
 * of the marketplace's unsearched first page (what a cold signed-in listing reads).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/server/db/client.ts';
import { ensureReferenceData } from '../src/server/db/reference/index.ts';
import { createLogger } from '../src/server/logger.ts';
import { suggestions } from '../src/server/domain/catalogue/suggestions.ts';
import { listProducts } from '../src/server/domain/catalogue/products.ts';
import { BENCH_WORDS, DEFAULT_SIZES, seedBench } from './seed.ts';

const COUNT = Number(process.env.BENCH_PRODUCTS ?? DEFAULT_SIZES.products);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 400);

let seed = 42;
const rand = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed % n;
};

/** Typed keys: 2-letter-to-whole prefixes of the catalogue's words and of trip places, plus misses. */
export function searchKeys(n: number): string[] {
  const words = [...BENCH_WORDS, 'tokyo', 'seoul', 'japan', 'jepang', 'korea', 'jakarta', 'surabaya', 'bandung', 'zzqx', 'nothinglikethis'];
  return Array.from({ length: n }, () => {
    const word = words[rand(words.length)].toLowerCase();
    return word.slice(0, 2 + rand(Math.max(1, word.length - 1)));
  });
}

export function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { n: s.length, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

const fmt = (label: string, samples: number[]) => {
  const r = stats(samples);
  return `${label}: n=${r.n} p50=${r.p50.toFixed(2)} ms p95=${r.p95.toFixed(2)} ms p99=${r.p99.toFixed(2)} ms`;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.BENCH_DATABASE_URL;
  const dir = url ? undefined : (process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'titipan-bench-')));
  const { db, kind, close } = await openDatabase({ databaseUrl: url, dataDir: dir ?? '', pgliteSharedBuffersMb: process.env.PGLITE_SHARED_BUFFERS_MB ? Number(process.env.PGLITE_SHARED_BUFFERS_MB) : undefined });
  console.log(`engine: ${kind}`);
  if (!process.env.BENCH_SEEDED) {
    await ensureReferenceData(db, createLogger('warn'));
    const t0 = performance.now();
    await seedBench(db, { users: 10_000, products: COUNT, orders: 0 }, 'x');
    console.log(`seeded ${COUNT} products in ${Math.round(performance.now() - t0)} ms`);
  }
  const today = new Date().toISOString().slice(0, 10);
  const keys = searchKeys(QUERIES);
  // A steady state, as bench/run.ts measures: each series runs once unmeasured first.
  for (const key of keys) await suggestions(db, key, today);

  const sugg: number[] = [];
  const slow: [string, number][] = [];
  for (const key of keys) {
    const s = performance.now();
    await suggestions(db, key, today);
    const ms = performance.now() - s;
    sugg.push(ms);
    slow.push([key, ms]);
  }
  console.log(fmt('suggestions (3 groups, 5 each)', sugg));
  const deps = { db, now: () => new Date() };
  const listing: number[] = [];
  for (const key of keys.slice(0, 150)) await listProducts(deps, { page: 1, per_page: 24, sort: 'newest', search: key }, 'en');
  for (const key of keys.slice(0, 150)) {
    const s = performance.now();
    await listProducts(deps, { page: 1, per_page: 24, sort: 'newest', search: key }, 'en');
    const ms = performance.now() - s;
    listing.push(ms);
    slow.push([`listing ${key}`, ms]);
  }
  console.log(fmt('listing page with search (24 cards + total)', listing));
  // What a cold signed-in listing asks of the database (bench/run.ts' cold row: the marketplace's
  // first page, its cards not kept): the capped total, the page's ids and the 24 cards.
  const marketplace = { page: 1, per_page: 24, sort: 'newest' as const };
  for (let i = 0; i < 50; i++) await listProducts(deps, marketplace, 'en');
  const plain: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < 300; i++) {
    const s = performance.now();
    const c = process.cpuUsage();
    await listProducts(deps, marketplace, 'en');
    const used = process.cpuUsage(c);
    plain.push(performance.now() - s);
    cpu.push((used.user + used.system) / 1000);
  }
  console.log(fmt('marketplace first page, unsearched (24 cards + total)', plain));
  console.log(fmt('  the same, CPU of this process', cpu));
  if (process.env.BENCH_VERBOSE) console.log(slow.sort((a, b) => b[1] - a[1]).slice(0, 12));
  await close();
  if (dir && !process.env.BENCH_DATA_DIR) rmSync(dir, { recursive: true, force: true });
}
