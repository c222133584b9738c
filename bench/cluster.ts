/**
 * `npm run bench:cluster`: listing and checkout throughput through nginx (deploy/nginx.conf) with
 * one and with two instances of the built server on PostgreSQL, Redis and an S3 model, measured in
 * the same run: the same two instances and data, one nginx sending to the first only, another to
 * both, measured alternately. Not a test: prints figures and ratios (bench/README.md).
 *
 * Needs `npm run build` first, PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL: a scratch
 * database is created on that server and dropped), Redis (TEST_REDIS_URL or 127.0.0.1:6379) and
 * Debian's nginx.
 */
import { cpus, totalmem } from 'node:os';
import { createRequire } from 'node:module';
import { call, newUser, useServer } from '../tests/support/api.ts';
import { freePort, scratchDatabase, sharedEnvironment, sharedServices, startInstance, startNginx } from '../tests/support/cluster.ts';
import { startS3Model } from '../tests/support/s3.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

type Result = { requests: { average: number }; latency: { p99: number }; non2xx: number; errors: number };
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: object) => Promise<Result>;

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL;
const services = await sharedServices();
if ('missing' in services) {
  console.error(`bench:cluster needs PostgreSQL and Redis: cannot reach ${services.missing}`);
  process.exit(1);
}
const db = await scratchDatabase(services.databaseUrl, 'titipan_bench');
const s3 = await startS3Model();
const [p1, p2, portA, portB] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
const env = { ...sharedEnvironment({ databaseUrl: db.url, redisUrl: services.redisUrl, publicUrl: `http://127.0.0.1:${p2}`, s3: s3.env }), ALLOWED_HOSTS: '127.0.0.1,localhost', LOG_LEVEL: 'warn' };
const a = await startInstance(env, { port: portA });
const b = await startInstance(env, { port: portB });
const one = await startNginx([portA], p1);
const two = await startNginx([portA, portB], p2);

try {
  // Data: a traveller with products in stock, a buyer with an address and a session.
  useServer({ url: two.url, dataDir: a.dataDir });
  const { travellerProducts, buyer, shipping } = await seed();

  const listing = (proxy: string) => ({ url: `${proxy}/products/marketplace` });
  const signedIn = (proxy: string) => ({ url: `${proxy}/products/marketplace`, headers: { cookie: `titipan_session=${buyer.token}` } });
  let next = 0;
  const checkout = (proxy: string) => ({
    url: `${proxy}/v1/transactions/checkout`,
    method: 'POST',
    headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => {
          const p = travellerProducts[next++ % travellerProducts.length];
          return { ...req, body: JSON.stringify({ address_id: buyer.address.id, items: [{ product_id: p.id, quantity: 1 }], shipping: [{ trip_id: p.trip_id, shipping_id: shipping }] }) };
        },
      },
    ],
  });
  const workloads = [
    ['guest listing (page cache)', listing],
    ['signed-in listing (rendered per request)', signedIn],
    ['checkout (POST, one order each)', checkout],
  ] as const;

  const results = new Map<string, { one: Result[]; two: Result[] }>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, make] of workloads) {
      const entry = results.get(name) ?? { one: [], two: [] };
      // Alternate which goes first, so neither always runs on a warmer machine.
      const order = round % 2 ? (['two', 'one'] as const) : (['one', 'two'] as const);
      for (const which of order) {
        const proxy = which === 'one' ? one.url : two.url;
        entry[which].push(await autocannon({ ...make(proxy), connections: CONNECTIONS, duration: SECONDS }));
      }
      results.set(name, entry);
    }
  }
  const best = (runs: Result[]) => runs.reduce((x, y) => (y.requests.average > x.requests.average ? y : x));
  console.log(`\nbench:cluster ${new Date().toISOString().slice(0, 10)} · ${cpus().length} × ${cpus()[0]?.model} · ${(totalmem() / 2 ** 30).toFixed(0)} GiB · ${CONNECTIONS} connections × ${SECONDS} s, best of ${ROUNDS}`);
  console.log('| workload | one instance req/s (p99) | two instances req/s (p99) | two ÷ one | non-2xx, errors |');
  console.log('|---|---|---|---|---|');
  for (const [name, { one: r1, two: r2 }] of results) {
    const [x, y] = [best(r1), best(r2)];
    const bad = [...r1, ...r2].reduce((n, r) => n + r.non2xx, 0);
    const errors = [...r1, ...r2].reduce((n, r) => n + r.errors, 0);
    console.log(`| ${name} | ${Math.round(x.requests.average)} (${x.latency.p99} ms) | ${Math.round(y.requests.average)} (${y.latency.p99} ms) | ${(y.requests.average / x.requests.average).toFixed(2)} | ${bad}, ${errors} |`);
  }
} finally {
  useServer(undefined);
  await one.stop();
  await two.stop();
  await Promise.all([a.stop(), b.stop()]);
  await s3.close();
  await db.drop();
}

async function seed() {
  const u = await newUser();
  const phone = `0812${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await call('POST', '/v1/send-phone-verification', { token: u.token, body: { phone_number: phone } });
  const { readFileSync, existsSync } = await import('node:fs');
  const file = [a, b].map((i) => `${i.dataDir}/sms/+62${phone.slice(1)}.txt`).find(existsSync)!;
  const code = readFileSync(file, 'utf8').trim().split('\n').at(-1)!.match(/\b([A-Z0-9]{4})\b/)![1];
  await call('POST', '/v1/verify-phone', { token: u.token, body: { phone_number: phone, otp_code: code } });
  const { addDays, todayIso } = await import('../src/lib/dates.ts');
  const trip = await call('POST', '/v1/users/trips', {
    token: u.token,
    body: { origin_country_id: 392, origin_city_id: 1850147, destination_country_id: 228, destination_city_id: 1642911, arrival_date: addDays(todayIso(), 9), delivery_date: addDays(todayIso(), 11) },
  });
  const travellerProducts: { id: number; trip_id: number }[] = [];
  for (let i = 0; i < 40; i++) {
    const p = await call('POST', '/v1/users/products', {
      token: u.token,
      body: { name: `Bench product ${i} ${Math.random().toString(36).slice(2, 7)}`, description: 'A box of biscuits for the benchmark.', price: 50_000 + i * 1000, weight: 500, stock: 999, trip_id: trip.body.data.id },
    });
    travellerProducts.push(p.body.data);
  }
  const buyerUser = await newUser();
  const address = await call('POST', '/v1/addresses', {
    token: buyerUser.token,
    body: { name: 'Rina', phone_number: '081299998888', label: 'Rumah', detail: 'Jl. Sudirman 1', country_id: 228, province_id: 31, city_id: 3171, sub_district_id: 317101, pos_code: '10110' },
  });
  const quote = await call('POST', '/v1/misc/expeditions', {
    token: buyerUser.token,
    body: { destination_sub_district_id: 317101, trip_id: travellerProducts[0].trip_id, products: [{ product_id: travellerProducts[0].id, quantity: 1 }] },
  });
  return { travellerProducts, buyer: { ...buyerUser, address: address.body.data }, shipping: quote.body.data.expeditions[0].shipping_id as string };
}
