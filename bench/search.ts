/**
 * Search benchmark: header suggestions over 100,000 generated products.
 *   node bench/search.ts                       # PGlite (temporary directory)
 *   BENCH_DATABASE_URL=postgres://… node bench/search.ts   # PostgreSQL (a scratch database!)
 * Prints p50/p95/p99 latency of GET /v1/misc/suggestions' query and of a searched listing page.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import { countries, globalCities, products, trips, users } from '../src/server/db/schema.ts';
import { suggestions } from '../src/server/domain/catalogue/suggestions.ts';
import { listProducts } from '../src/server/domain/catalogue/products.ts';

const COUNT = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 400);

const brands = ['Tokyo', 'Kyoto', 'Seoul', 'Paris', 'Sydney', 'Uniqlo', 'Muji', 'Shiseido', 'Laneige', 'Royce', 'Pocky', 'Lego', 'Nintendo', 'Aesop', 'Longchamp', 'Bacha', 'TWG', 'Gentle', 'Innisfree', 'Sulwhasoo'];
const things = ['matcha', 'chocolate', 'sunscreen', 'serum', 'sneakers', 'jacket', 'tea', 'coffee', 'biscuits', 'perfume', 'bag', 'console', 'toner', 'mask', 'wallet', 'watch', 'scarf', 'candy', 'mochi', 'ramen'];
const extras = ['original', 'limited', 'gift box', 'mini', 'large', 'travel size', 'set of 3', 'edition 2026', 'premium', 'classic'];
let seed = 42;
const rand = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed % n;
};
const pick = <T>(a: T[]) => a[rand(a.length)];

const url = process.env.BENCH_DATABASE_URL;
const dir = url ? undefined : mkdtempSync(join(tmpdir(), 'titipan-bench-'));
const started = performance.now();
const { db, kind, close } = await openDatabase({ databaseUrl: url, dataDir: dir ?? '' });
console.log(`engine: ${kind} (open + migrate ${Math.round(performance.now() - started)} ms)`);

await db.execute(sql`truncate products, trips, users restart identity cascade`);
await db.insert(countries).values([{ id: 228, iso2: 'ID', nameEn: 'Indonesia', nameId: 'Indonesia' }, { id: 392, iso2: 'JP', nameEn: 'Japan', nameId: 'Jepang' }]).onConflictDoNothing();
await db.insert(globalCities).values([{ id: 1642911, countryId: 228, name: 'Jakarta' }, { id: 1850147, countryId: 392, name: 'Tokyo' }]).onConflictDoNothing();
const [user] = await db.insert(users).values({ name: 'Bench', username: 'bench', email: 'bench@bench.test' }).returning();
const [trip] = await db
  .insert(trips)
  .values({ userId: user.id, originCountryId: 392, originCityId: 1850147, destinationCountryId: 228, destinationCityId: 1642911, arrivalDate: '2099-01-01', deliveryDate: '2099-01-05' })
  .returning();

const t0 = performance.now();
await db.transaction(async (tx) => {
  for (let i = 0; i < COUNT; i += 1000) {
    const batch = Array.from({ length: Math.min(1000, COUNT - i) }, (_, j) => {
      const name = `${pick(brands)} ${pick(things)} ${pick(extras)}`;
      return { userId: user.id, tripId: trip.id, slug: `p-${i + j}`, name, price: 10000 + rand(5_000_000), createdAt: new Date(Date.now() - rand(1e9)) };
    });
    await tx.insert(products).values(batch);
  }
});
await db.execute(sql`analyze products`);
console.log(`inserted ${COUNT} products in ${Math.round(performance.now() - t0)} ms`);

function stats(label: string, samples: number[]) {
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))].toFixed(2);
  console.log(`${label}: n=${samples.length} p50=${at(0.5)} ms p95=${at(0.95)} ms p99=${at(0.99)} ms`);
}

const keys = Array.from({ length: QUERIES }, () => {
  const word = pick([...brands, ...things]).toLowerCase();
  return word.slice(0, 2 + rand(Math.max(1, word.length - 2)));
});
// Warm up caches and plans.
for (const key of keys.slice(0, 20)) await suggestions(db, key, '2026-01-01');

const sugg: number[] = [];
for (const key of keys) {
  const s = performance.now();
  await suggestions(db, key, '2026-01-01');
  sugg.push(performance.now() - s);
}
stats('suggestions (3 groups, 5 each)', sugg);

const deps = { db, now: () => new Date('2026-01-01T00:00:00Z') };
const listing: number[] = [];
for (const key of keys.slice(0, 150)) {
  const s = performance.now();
  await listProducts(deps, { page: 1, per_page: 24, sort: 'newest', search: key }, 'en');
  listing.push(performance.now() - s);
}
stats('listing page with search (24 cards + total)', listing);

await close();
if (dir) rmSync(dir, { recursive: true, force: true });
