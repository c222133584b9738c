/**
 * Bench data: users, trips, products, requests, orders, sessions and favourites generated in the database itself
 * (INSERT … SELECT over generate_series, a few statements, no row-by-row round trips).
 *
 *   node bench/seed.ts                                   # PGlite in DATA_DIR (default ./data)
 *   DATABASE_URL=postgres://…/scratch node bench/seed.ts # PostgreSQL: a scratch database
 *
 * Sizes: BENCH_PRODUCTS (100,000), BENCH_USERS (10,000), BENCH_ORDERS (50,000). The database is
 * migrated and given its reference data (countries, cities) first; catalogue, order and account
 * tables are emptied. Every bench user signs in with BENCH_PASSWORD: bench1@bench.test, …
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.ts';
import { INDONESIA_ID } from '../src/server/db/reference/countries.ts';

export const BENCH_PASSWORD = 'bench-password-1';
export const benchEmail = (n: number) => `bench${n}@bench.test`;

export interface SeedSizes {
  users: number;
  products: number;
  orders: number;
}

export const DEFAULT_SIZES: SeedSizes = { users: 10_000, products: 100_000, orders: 50_000 };

const brands = ['Uniqlo', 'Muji', 'Shiseido', 'Laneige', 'Royce', 'Pocky', 'Lego', 'Nintendo', 'Aesop', 'Longchamp', 'Bacha', 'TWG', 'Gentle', 'Innisfree', 'Sulwhasoo', 'Kitkat', 'Tokyo Banana', 'Hermes', 'Godiva', 'Sanrio'];
const things = ['matcha', 'chocolate', 'sunscreen', 'serum', 'sneakers', 'jacket', 'tea', 'coffee', 'biscuits', 'perfume', 'bag', 'console', 'toner', 'mask', 'wallet', 'watch', 'scarf', 'candy', 'mochi', 'ramen'];
const extras = ['original', 'limited', 'gift box', 'mini', 'large', 'travel size', 'set of 3', 'edition 2026', 'premium', 'classic'];
const firstNames = ['Ayu', 'Budi', 'Citra', 'Dewi', 'Eko', 'Fajar', 'Gita', 'Hadi', 'Indah', 'Joko', 'Kartika', 'Lestari', 'Made', 'Nur', 'Putri', 'Rizky', 'Sari', 'Tono', 'Wulan', 'Yusuf'];

/** The words the names are made of: what the search bench types. */
export const BENCH_WORDS = [...brands.flatMap((b) => b.split(' ')), ...things];

/** A pseudo-random pick from `words` for row i (a different stride per column); the words are ours, not input. */
const pickSql = (words: string[], stride: number) =>
  sql.raw(`(array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}])[1 + ((i * ${stride}) % ${words.length})]`);

export async function seedBench(db: Db, sizes: SeedSizes, passwordHash: string, log: (line: string) => void = () => {}): Promise<void> {
  const step = async (label: string, q: ReturnType<typeof sql>) => {
    const t = performance.now();
    await db.execute(q);
    log(`${label}: ${Math.round(performance.now() - t)} ms`);
  };
  const trips = Math.max(1, Math.round(sizes.users / 5));
  const requests = Math.round(sizes.products / 10);
  await step(
    'empty',
    sql`truncate users, trips, products, requests, transactions, transaction_items, sessions, favorites restart identity cascade`,
  );
  await step(
    `users ${sizes.users}`,
    sql`insert into users (name, username, email, password_hash, phone_number, phone_verified_at, country_id, created_at)
      select ${pickSql(firstNames, 7)} || ' ' || ${pickSql(firstNames, 13)} || ' ' || i, 'bench' || i, 'bench' || i || '@bench.test', ${passwordHash},
        '+62812' || lpad(i::text, 8, '0'), now(), ${INDONESIA_ID}, now() - i * interval '1 hour'
      from generate_series(1, ${sizes.users}) i`,
  );
  // Trips from the world's 60 largest cities outside Indonesia to Indonesia's 20 largest, all active.
  await step(
    `trips ${trips}`,
    sql`insert into trips (user_id, origin_country_id, origin_city_id, destination_country_id, destination_city_id, arrival_date, delivery_date)
      select u.id, o.country_id, o.id, d.country_id, d.id, current_date + (10 + i % 60), current_date + (20 + i % 60)
      from generate_series(1, ${trips}) i
      join (select id, row_number() over (order by id) as n from users) u on u.n = 1 + (i * 7) % ${sizes.users}
      join (select id, country_id, n, count(*) over () as k from (select id, country_id, row_number() over (order by population desc, id) - 1 as n from global_cities where country_id <> ${INDONESIA_ID} order by population desc, id limit 60) c) o on o.n = i % o.k
      join (select id, country_id, n, count(*) over () as k from (select id, country_id, row_number() over (order by population desc, id) - 1 as n from global_cities where country_id = ${INDONESIA_ID} order by population desc, id limit 20) c) d on d.n = i % d.k`,
  );
  await step(
    `products ${sizes.products}`,
    sql`insert into products (user_id, trip_id, slug, name, description, price, weight, stock, created_at)
      select t.user_id, t.id, 'bench-' || i, ${pickSql(brands, 7)} || ' ' || ${pickSql(things, 11)} || ' ' || ${pickSql(extras, 3)}, '',
        10000 + (i * 7919) % 5000000, 100 + i % 900, 1 + i % 10, now() - i * interval '13 seconds'
      from generate_series(1, ${sizes.products}) i
      join (select id, user_id, row_number() over (order by id) as n from trips) t on t.n = 1 + (i * 31) % ${trips}`,
  );
  await step(
    `requests ${requests}`,
    sql`insert into requests (user_id, slug, name, description, price_eta, quantity, traveler_tip, buy_from_country_id, deliver_to_country_id, created_at)
      select u.id, 'bench-request-' || i, ${pickSql(brands, 3)} || ' ' || ${pickSql(things, 7)}, '', 10000 + (i * 4273) % 3000000, 1 + i % 3, 20000,
        t.origin_country_id, ${INDONESIA_ID}, now() - i * interval '2 minutes'
      from generate_series(1, ${requests}) i
      join (select id, row_number() over (order by id) as n from users) u on u.n = 1 + (i * 11) % ${sizes.users}
      join (select origin_country_id, row_number() over (order by id) as n from trips) t on t.n = 1 + i % ${trips}`,
  );
  // Orders of one product each, bought by someone else; ids chosen here so their items can point at them.
  await step(
    `orders ${sizes.orders}`,
    sql`insert into transactions (id, type, status, requester_id, traveler_id, trip_id, product_price, service_fee, total_price, platform_fee_percent, platform_fee, traveler_total, created_at, paid_at, completed_at)
      select i, 'product', 'completed', u.id, p.user_id, p.trip_id, p.price, 5000, p.price + 5000, 5, p.price * 5 / 100, p.price - p.price * 5 / 100,
        now() - i * interval '1 minute', now() - i * interval '1 minute', now()
      from generate_series(1, ${sizes.orders}) i
      join (select id, user_id, trip_id, price, row_number() over (order by id) as n from products) p on p.n = 1 + (i * 13) % ${sizes.products}
      join (select id, row_number() over (order by id) as n from users) u on u.n = 1 + (i * 17) % ${sizes.users}`,
  );
  await step(
    'order items',
    sql`insert into transaction_items (transaction_id, product_id, name, price, quantity, weight)
      select i, p.id, p.name, p.price, 1, p.weight
      from generate_series(1, ${sizes.orders}) i
      join (select id, name, price, weight, row_number() over (order by id) as n from products) p on p.n = 1 + (i * 13) % ${sizes.products}`,
  );
  // Signed-in devices: one session per user (tokens nobody holds: only a hash is stored, made up
  // here), a fifth of them expired, as a site with this many users has.
  await step(
    `sessions ${sizes.users}`,
    sql`insert into sessions (user_id, token_hash, created_at, expires_at)
      select u.id, md5('bench-session-a' || u.id) || md5('bench-session-b' || u.id), now() - (u.id % 30) * interval '1 day',
        now() + case when u.id % 5 = 0 then interval '-1 day' else interval '30 days' end
      from users u`,
  );
  // Favourites: ten products per user for a third of the users. Bench user n's first five are
  // among the newest (the first page of the marketplace shows some hearts pressed).
  await step(
    'favorites',
    sql`insert into favorites (user_id, product_id, created_at)
      select u.id, p.id, now() - k * interval '1 hour'
      from (select id, row_number() over (order by id) as n from users) u
      cross join generate_series(0, 9) k
      join (select id, row_number() over (order by created_at desc, id desc) as n from products) p
        on p.n = 1 + ((u.n - 1) * 3 + case when k < 5 then k * 5 else 40 + k * 997 end) % ${sizes.products}
      where u.n % 3 = 1
      on conflict do nothing`,
  );
  await step('sequences', sql`select setval(pg_get_serial_sequence('transactions', 'id'), greatest(1, (select max(id) from transactions)))`);
  // VACUUM too: PGlite has no autovacuum, and index-only scans need the visibility map.
  await step('vacuum analyze', sql`vacuum analyze`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { join } = await import('node:path');
  const { openDatabase } = await import('../src/server/db/client.ts');
  const { ensureReferenceData } = await import('../src/server/db/reference/index.ts');
  const { createLogger } = await import('../src/server/logger.ts');
  const { hashPassword } = await import('../src/server/domain/accounts/passwords.ts');
  const num = (v: string | undefined, d: number) => (v ? Number(v) : d);
  const sizes: SeedSizes = {
    users: num(process.env.BENCH_USERS, DEFAULT_SIZES.users),
    products: num(process.env.BENCH_PRODUCTS, DEFAULT_SIZES.products),
    orders: num(process.env.BENCH_ORDERS, DEFAULT_SIZES.orders),
  };
  const t0 = performance.now();
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? join(process.cwd(), 'data') });
  await ensureReferenceData(database.db, createLogger('warn'));
  await seedBench(database.db, sizes, await hashPassword(BENCH_PASSWORD), (line) => console.log(`  ${line}`));
  await database.close();
  console.log(`seeded ${database.kind} in ${Math.round(performance.now() - t0)} ms`);
}
