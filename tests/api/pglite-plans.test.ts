import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBench } from '../../bench/seed.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { literal } from '../../src/server/db/literal.ts';
import { countries, globalCities } from '../../src/server/db/schema.ts';
import { listProducts } from '../../src/server/domain/catalogue/products.ts';
import { listRequests } from '../../src/server/domain/catalogue/requests.ts';

/**
 * On PGlite a query run twice is a named statement (src/server/db/pglite-statements.ts), whose plan
 * PostgreSQL keeps once a generic plan looks no costlier than planning each run. A listing's page
 * size written into the text (src/server/db/literal.ts) is what lets it keep one: with `limit $n`
 * every listing request was planned again. Always an embedded database, whichever engine the
 * suite runs on: the plans kept are PGlite's.
 */
describe('listing plans kept on the embedded database', () => {
  let database: Database;
  const deps = () => ({ db: database.db, now: () => new Date() });

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.db.insert(countries).values([
      { id: 228, iso2: 'ID', nameEn: 'Indonesia', nameId: 'Indonesia' },
      { id: 392, iso2: 'JP', nameEn: 'Japan', nameId: 'Jepang' },
    ]);
    await database.db.insert(globalCities).values([
      { id: 1642911, countryId: 228, name: 'Jakarta', population: 8_500_000 },
      { id: 1850147, countryId: 392, name: 'Tokyo', population: 8_300_000 },
    ]);
    await seedBench(database.db, { users: 50, products: 2500, orders: 20 }, 'not-a-real-hash');
  }, 120_000);
  afterAll(() => database.close());

  const plans = async (table: string) =>
    (
      (await database.db.execute(
        sql`select generic_plans::int as generic, custom_plans::int as custom, statement from pg_prepared_statements where statement like ${`%from "${table}"%`} and statement not like '%pg_prepared_statements%'`,
      )) as unknown as { rows: { generic: number; custom: number; statement: string }[] }
    ).rows;

  it('the marketplace and request listings, their totals and later pages are planned once, not on every visit', async () => {
    for (const page of [1, 2]) {
      for (let visit = 0; visit < 8; visit++) {
        const products = await listProducts(deps(), { page, per_page: 24, sort: 'newest' }, 'en');
        expect(products.rows).toHaveLength(24);
        const requests = await listRequests(deps(), { page, per_page: 24, sort: 'newest' }, 'en');
        expect(requests.rows.length).toBeGreaterThan(0);
      }
    }
    for (const table of ['products', 'requests']) {
      const listing = await plans(table);
      // The total (count of the capped matches) and each page's ids.
      expect(listing.filter((p) => p.statement.includes('count(')).length, table).toBeGreaterThan(0);
      expect(listing.filter((p) => p.statement.includes('order by')).length, table).toBeGreaterThan(0);
      // PostgreSQL plans a named statement's first five runs for their values, then keeps the generic plan.
      for (const plan of listing) expect({ custom: plan.custom, generic: plan.generic > 0, statement: plan.statement }).toEqual({ custom: 5, generic: true, statement: plan.statement });
    }
  });

  it('only whole non-negative numbers are written into a query', () => {
    expect(database.db.select({ n: sql`1` }).from(countries).limit(literal(24)).offset(literal(48)).toSQL().sql).toMatch(/ limit 24 offset 48$/);
    for (const bad of [-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) expect(() => literal(bad), String(bad)).toThrow(RangeError);
  });
});
