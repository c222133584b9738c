import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBench } from '../../bench/seed.ts';
import type { Database } from '../../src/server/db/client.ts';
import { countries, globalCities, images, productImages, products, requests, trips, users } from '../../src/server/db/schema.ts';
import { tripProofs } from '../../src/server/db/operator-schema.ts';
import { productCards, productViews, selectProducts } from '../../src/server/domain/catalogue/product-view.ts';
import { listProducts } from '../../src/server/domain/catalogue/products.ts';
import { prefixTsQuery, SEARCH_COUNT_CAP } from '../../src/server/domain/catalogue/search-query.ts';
import { suggestions } from '../../src/server/domain/catalogue/suggestions.ts';
import { todayIso } from '../../src/lib/dates.ts';
import type { ProductView } from '../../src/lib/views/index.ts';
import { call, newUser, uniq } from '../support/api.ts';
import { openScratchDatabase } from '../support/database.ts';
import { newAddress, newTraveller, newTrip } from '../support/fixtures.ts';

const post = async (token: string, tripId: number, name: string) => {
  const res = await call('POST', '/v1/users/products', { token, body: { name, description: 'From the airport shop.', price: 90000, weight: 200, stock: 3, trip_id: tripId, images: [] } });
  expect(res.status).toBe(201);
  return res.body.data;
};
const names = (res: { body: { data: { rows: { name: string }[] } } }) => res.body.data.rows.map((r) => r.name);

describe('search as a shopper types it', () => {
  it('matches the start of every word typed, and a trip’s cities and countries in both languages', async () => {
    const word = `qz${uniq()}`;
    const t = await newTraveller();
    const tokyoTrip = await newTrip(t.token); // Tokyo, Japan → Jakarta, Indonesia
    await post(t.token, tokyoTrip.id, `Royce ${word} chocolate`);

    expect(names(await call('GET', `/v1/products?search=${word.slice(0, 6)}`))).toEqual([`Royce ${word} chocolate`]);
    expect(names(await call('GET', `/v1/products?search=roy%20choc%20${word}`))).toEqual([`Royce ${word} chocolate`]);
    for (const place of ['tokyo', 'tok', 'japan', 'jepang', 'jakarta', 'indonesia']) {
      const res = await call('GET', `/v1/products?search=${place}%20${word}`);
      expect(names(res), place).toEqual([`Royce ${word} chocolate`]);
      expect(res.body.data.total).toBe(1);
      expect(res.body.data.total_capped).toBeUndefined();
    }
    expect((await call('GET', `/v1/products?search=seoul%20${word}`)).body.data.total).toBe(0);
    expect((await call('GET', `/v1/products?search=chocolatex%20${word}`)).body.data.total).toBe(0);

    const suggested = await call('GET', `/v1/misc/suggestions?key=tokyo%20${word}`);
    expect(suggested.body.data.marketplaces.map((m: { name: string }) => m.name)).toEqual([`Royce ${word} chocolate`]);
  });

  it('finds a name with a word the text parser splits in two (a model number such as 1e16b461)', async () => {
    // 'simple' reads "1e16b461" as the number 1e16 and the word b461; the typed query must be read
    // the same way (not cast as one lexeme), on every search path.
    const word = `${1 + Math.floor(Math.random() * 9)}e16b${uniq().slice(0, 5)}`;
    const t = await newTraveller();
    const trip = await newTrip(t.token);
    const name = `Tokyo Banana ${word}`;
    await post(t.token, trip.id, name);
    for (const search of [name, word, `banana ${word}`]) {
      const newest = await call('GET', `/v1/products?search=${encodeURIComponent(search)}`);
      expect(names(newest), search).toEqual([name]);
      expect(newest.body.data.total).toBe(1);
      expect(names(await call('GET', `/v1/products?sort=price_asc&search=${encodeURIComponent(search)}`)), search).toEqual([name]);
      const suggested = await call('GET', `/v1/misc/suggestions?key=${encodeURIComponent(search)}`);
      expect(suggested.body.data.marketplaces.map((m: { name: string }) => m.name), search).toEqual([name]);
    }
  });

  it('finds requests by the countries they are bought in', async () => {
    const word = `qz${uniq()}`;
    const r = await newUser();
    const address = await newAddress(r.token);
    const res = await call('POST', '/v1/users/requests', {
      token: r.token,
      body: { name: `Matcha ${word}`, description: 'A tin of ceremonial matcha.', price_eta: 150000, quantity: 1, traveler_tip: 20000, buy_from_country_id: 392, deliver_to_country_id: 228, address_id: address.id, images: [] },
    });
    expect(res.status).toBe(201);
    expect(names(await call('GET', `/v1/requests?search=jepang%20${word}`))).toEqual([`Matcha ${word}`]);
    expect((await call('GET', `/v1/requests?search=korea%20${word}`)).body.data.total).toBe(0);
  });

  it('suggests products, requests and people in their three groups, newest first', async () => {
    const word = `qz${uniq()}`;
    const t = await newTraveller();
    const trip = await newTrip(t.token);
    await post(t.token, trip.id, `Pocky ${word} one`);
    await post(t.token, trip.id, `Pocky ${word} two`);
    const r = await newUser({ username: `${word}_shopper`, name: 'Shopper' });
    const address = await newAddress(r.token);
    await call('POST', '/v1/users/requests', {
      token: r.token,
      body: { name: `Pocky ${word} request`, description: 'Strawberry pocky, six boxes.', price_eta: 60000, quantity: 1, traveler_tip: 10000, buy_from_country_id: 392, deliver_to_country_id: 228, address_id: address.id, images: [] },
    });
    const res = await call('GET', `/v1/misc/suggestions?key=${word}`);
    expect(res.status).toBe(200);
    expect(res.body.data.marketplaces.map((m: { name: string }) => m.name)).toEqual([`Pocky ${word} two`, `Pocky ${word} one`]);
    expect(res.body.data.marketplaces[0]).toMatchObject({ price: 90000, slug: expect.stringMatching(/^pocky-/) });
    expect(res.body.data.requests).toMatchObject([{ name: `Pocky ${word} request`, price_eta: 60000 }]);
    expect(res.body.data.users).toMatchObject([{ username: `${word}_shopper`, name: 'Shopper' }]);
  });
});

describe('searching a large catalogue (bench seeder, 2,500 products)', () => {
  let database: Database;
  const deps = () => ({ db: database.db, now: () => new Date() });
  const search = (q: Partial<Parameters<typeof listProducts>[1]>) => listProducts(deps(), { page: 1, per_page: 24, sort: 'newest', ...q }, 'en');
  const newestFirst = (rows: ProductView[]) => rows.map((r) => r.id);

  beforeAll(async () => {
    database = await openScratchDatabase();
    await database.db.insert(countries).values([
      { id: 228, iso2: 'ID', nameEn: 'Indonesia', nameId: 'Indonesia' },
      { id: 392, iso2: 'JP', nameEn: 'Japan', nameId: 'Jepang' },
      { id: 410, iso2: 'KR', nameEn: 'South Korea', nameId: 'Korea Selatan' },
    ]);
    await database.db.insert(globalCities).values([
      { id: 1642911, countryId: 228, name: 'Jakarta', population: 8_500_000 },
      { id: 1625822, countryId: 228, name: 'Surabaya', population: 2_400_000 },
      { id: 1850147, countryId: 392, name: 'Tokyo', population: 8_300_000 },
      { id: 1835848, countryId: 410, name: 'Seoul', population: 10_300_000 },
    ]);
    await seedBench(database.db, { users: 50, products: 2500, orders: 20 }, 'not-a-real-hash');
  }, 120_000);
  afterAll(() => database.close());

  it('seeds users, trips, products, requests and orders', async () => {
    const count = async (table: string) => Number(((await database.db.execute(sql.raw(`select count(*) as n from ${table}`))) as unknown as { rows: { n: string }[] }).rows[0].n);
    expect(await count('users')).toBe(50);
    expect(await count('products')).toBe(2500);
    expect(await count('transactions')).toBe(20);
    expect(await count('transaction_items')).toBe(20);
  });

  it(`counts a common word's matches up to ${SEARCH_COUNT_CAP} and says there are more; pages stay reachable`, async () => {
    const page = await search({ search: 'indonesia' }); // every product's trip ends in Indonesia
    expect(page).toMatchObject({ total: SEARCH_COUNT_CAP, total_capped: true, last_page: Math.floor(SEARCH_COUNT_CAP / 24) + 1 });
    expect(page.rows).toHaveLength(24);
    const created = page.rows.map((r) => r.created_at);
    expect(created).toEqual([...created].sort().reverse());

    const deep = await search({ search: 'indonesia', page: 45 }); // past the cap: counted further
    expect(deep.rows).toHaveLength(24);
    expect(deep.total).toBe(45 * 24);
    expect(deep.total_capped).toBe(true);

    const cheapest = await search({ search: 'indonesia', sort: 'price_asc' });
    const prices = cheapest.rows.map((r) => r.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it(`counts the whole marketplace (no search) up to ${SEARCH_COUNT_CAP}, newest first, with exact totals for narrow filters`, async () => {
    const all = await search({});
    expect(all).toMatchObject({ total: SEARCH_COUNT_CAP, total_capped: true, last_page: Math.floor(SEARCH_COUNT_CAP / 24) + 1 });
    const created = all.rows.map((r) => r.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const deep = await search({ page: 60 }); // past the cap: counted as far as the page
    expect(deep.rows).toHaveLength(24);
    expect(deep.total).toBe(60 * 24);

    // One traveller's pre-orders: fewer than the cap, so the exact number.
    const seller = all.rows[0].user.id;
    const [{ n }] = ((await database.db.execute(sql`select count(*)::int as n from products where user_id = ${seller} and active`)) as unknown as { rows: { n: number }[] }).rows;
    const mine = await search({ user_id: seller });
    expect(mine.total).toBe(n);
    expect(mine.total_capped).toBeUndefined();
  });

  it('gives the exact total and the newest rows for a word with fewer matches', async () => {
    const page = await search({ search: 'sanrio' });
    const [{ n }] = (
      (await database.db.execute(sql`select count(*)::int as n from products where name ilike 'sanrio %'`)) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(n).toBeGreaterThan(24);
    expect(page.total).toBe(n);
    expect(page.total_capped).toBeUndefined();
    expect(page.rows.every((r) => r.name.startsWith('Sanrio '))).toBe(true);
    const ids = (
      (await database.db.execute(sql`select id from products where name ilike 'sanrio %' order by created_at desc, id desc limit 24`)) as unknown as { rows: { id: number }[] }
    ).rows.map((r) => r.id);
    expect(newestFirst(page.rows)).toEqual(ids);
  });

  const ids = async (query: SQL) => ((await database.db.execute(query)) as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);

  it('pages and totals every search, with any listing filter, as plain SQL over all matches would', async () => {
    const today = todayIso();
    const [trip] = await database.db.select({ id: trips.id, userId: trips.userId }).from(trips).orderBy(trips.id).limit(1);
    const cases: [Partial<Parameters<typeof listProducts>[1]>, SQL][] = [
      [{ search: 'indonesia' }, sql`true`],
      [{ search: 'indonesia', page: 3 }, sql`true`],
      [{ search: 'sanrio' }, sql`true`],
      [{ search: 'sanrio', page: 2 }, sql`true`],
      [{ search: 'tok choc' }, sql`true`],
      [{ search: 'zzqx' }, sql`true`],
      [{ search: 'ma', send_to_country_id: 228 }, sql`t.destination_country_id = 228`],
      [{ search: 'seoul', destination_country_id: 228, destination_city_id: 1625822 }, sql`t.destination_country_id = 228 and t.destination_city_id = 1625822`],
      [{ search: 'japan', origin_country_id: 392 }, sql`t.origin_country_id = 392`],
      [{ search: 'japan', country_id: 410 }, sql`t.origin_country_id = 410`],
      [{ search: 'indonesia', origin_city_id: 1850147 }, sql`t.origin_city_id = 1850147`],
      [{ search: 'uniqlo', trip_id: trip.id, send_to_country_id: 410 }, sql`p.trip_id = ${trip.id}`],
      [{ search: 'matcha', user_id: trip.userId }, sql`p.user_id = ${trip.userId}`],
      [{ search: 'sanrio', page: 6 }, sql`true`],
    ];
    const sizes: number[] = [];
    const pageSizes: number[] = [];
    for (const [q, where] of cases) {
      const all = await ids(sql`select p.id from products p join trips t on t.id = p.trip_id
        where p.search_tsv @@ to_tsquery('simple', ${prefixTsQuery(q.search)}) and p.active and t.status = 'ACTIVE'
          and coalesce(t.updated_delivery_date, t.delivery_date) >= ${today}::date and ${where}
        order by p.created_at desc, p.id desc`);
      const page = await search(q);
      const at = ((q.page ?? 1) - 1) * 24;
      const cap = Math.max(SEARCH_COUNT_CAP, (q.page ?? 1) * 24);
      expect(newestFirst(page.rows), JSON.stringify(q)).toEqual(all.slice(at, at + 24));
      expect(page.total, JSON.stringify(q)).toBe(Math.min(all.length, cap));
      expect(page.total_capped, JSON.stringify(q)).toBe(all.length > cap ? true : undefined);
      sizes.push(all.length);
      pageSizes.push(page.rows.length);
    }
    // The cases cover a capped total, several pages, a part of a page and nothing.
    expect(Math.max(...sizes)).toBeGreaterThan(SEARCH_COUNT_CAP);
    expect(sizes.filter((n) => n > 24 && n <= SEARCH_COUNT_CAP).length).toBeGreaterThan(3);
    expect(pageSizes.some((n) => n > 0 && n < 24)).toBe(true);
    expect(sizes).toContain(0);
  });

  it('suggests the newest five of each group, old posts too, and people by the literal start of their username or name', async () => {
    const word = `qz${uniq()}`;
    const [trip] = await database.db.select({ id: trips.id, userId: trips.userId }).from(trips).limit(1);
    // Two recent matches and older ones: the five are the two, then the newest old ones.
    for (const [i, at] of [new Date(), new Date(Date.now() - 1000), new Date('2021-01-01'), new Date('2020-01-01'), new Date('2019-01-01'), new Date('2018-01-01')].entries()) {
      await database.db.insert(products).values({ userId: trip.userId, tripId: trip.id, slug: `s-${word}-${i}`, name: `Sample ${word} ${i}`, price: 1000 + i, createdAt: at });
    }
    const today = todayIso();
    for (const key of [word, 'sanrio', 'ma', 'jepang', 'zzqx', 'bench1', 'ayu', 'bench_', 'b%']) {
      const query = prefixTsQuery(key);
      const got = await suggestions(database.db, key, today);
      const userKey = key.toLowerCase();
      expect(
        got.users.map((u) => u.id),
        key,
      ).toEqual(await ids(sql`select id from users where deleted_at is null and (left(username, ${userKey.length}) = ${userKey} or left(lower(name), ${userKey.length}) = ${userKey}) order by username limit 5`));
      if (!query) continue;
      expect(
        got.marketplaces.map((m) => m.id),
        key,
      ).toEqual(await ids(sql`select p.id from products p join trips t on t.id = p.trip_id where p.search_tsv @@ to_tsquery('simple', ${query}) and p.active and t.status = 'ACTIVE'
        and coalesce(t.updated_delivery_date, t.delivery_date) >= ${today}::date order by p.created_at desc, p.id desc limit 5`));
      expect(
        got.requests.map((r) => r.id),
        key,
      ).toEqual(await ids(sql`select id from requests where search_tsv @@ to_tsquery('simple', ${query}) and active and closed_at is null order by created_at desc, id desc limit 5`));
    }
    expect((await suggestions(database.db, word, today)).marketplaces.map((m) => m.name)).toEqual([0, 1, 2, 3, 4].map((i) => `Sample ${word} ${i}`));
    expect((await suggestions(database.db, 'bench_', today)).users).toEqual([]);
    expect((await suggestions(database.db, 'bench1', today)).users.length).toBe(5);
  });

  it('builds the same cards through product_cards as through the product query, in both languages', async () => {
    const [a, b] = await database.db.select({ id: trips.id, userId: trips.userId }).from(trips).orderBy(trips.id).limit(2);
    // A changed date, a confirmed trip, a seller's photo, an image and a product posted from a request.
    await database.db.update(trips).set({ updatedArrivalDate: '2030-01-02', updatedDeliveryDate: '2030-01-09' }).where(eq(trips.id, a.id));
    await database.db.insert(images).values({ id: `img-${uniq()}`.slice(0, 36), userId: b.userId, width: 10, height: 10 });
    const [image] = await database.db.select({ id: images.id }).from(images).where(eq(images.userId, b.userId)).limit(1);
    await database.db.insert(tripProofs).values({ tripId: b.id, userId: b.userId, imageId: image.id, status: 'APPROVED' });
    await database.db.update(users).set({ photoProfile: 'face.jpg' }).where(eq(users.id, a.userId));
    const [request] = await database.db.select({ id: requests.id }).from(requests).limit(1);
    const some = await ids(sql`(select id from products where trip_id = ${a.id} order by id limit 3) union all (select id from products where trip_id = ${b.id} order by id limit 3) union all (select id from products order by id desc limit 3)`);
    await database.db.update(products).set({ requestId: request.id }).where(eq(products.id, some[0]));
    await database.db.update(products).set({ active: false }).where(eq(products.id, some[1]));
    await database.db.insert(productImages).values({ productId: some[3], imageId: image.id, position: 0 });
    for (const locale of ['en', 'id'] as const) {
      const viaQuery = await productViews(database.db, await selectProducts(database.db, locale).where(inArray(products.id, some)), true);
      const cards = await productCards(database.db, [...some, 999_999_999], locale);
      expect(cards.map((c) => c.id)).toEqual(some);
      expect(cards).toEqual(some.map((id) => viaQuery.find((v) => v.id === id)));
      expect(cards.find((c) => c.trip_id === a.id)).toMatchObject({ trip: { dates_changed: true, arrival_date: '2030-01-02' }, user: { photo_profile: 'face.jpg' } });
      expect(cards.find((c) => c.trip_id === b.id)).toMatchObject({ trip: { confirmed_trip: true } });
    }
  });

  it('finds an old product no recent one matches', async () => {
    const word = `qz${uniq()}`;
    const [trip] = await database.db.select({ id: trips.id, userId: trips.userId }).from(trips).limit(1);
    await database.db.insert(products).values({ userId: trip.userId, tripId: trip.id, slug: `old-${word}`, name: `Vintage ${word} tin`, price: 50000, createdAt: new Date('2020-01-01T00:00:00Z') });
    const page = await search({ search: word.slice(0, 7) });
    expect(page.rows.map((r) => r.name)).toEqual([`Vintage ${word} tin`]);
    expect(page.total).toBe(1);
  });
});
