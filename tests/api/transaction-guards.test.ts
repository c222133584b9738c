import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import { countries, globalCities, products, requests, trips, users } from '../../src/server/db/schema.ts';
import { createProduct } from '../../src/server/domain/catalogue/products.ts';
import { createHooks } from '../../src/server/domain/hooks.ts';
import { cancelTrip } from '../../src/server/domain/trips/trips.ts';
import { AppError } from '../../src/server/errors.ts';
import { uniq } from '../support/api.ts';
import { openTestDatabase } from '../support/database.ts';

/**
 * Guards run inside the transaction they protect and lock the rows they decide on. Two calls
 * fired at once on the real engine (PGlite, or PostgreSQL through the pool a server instance
 * would use): a trip cancelled while a product is being posted on it. The hooks only pace the
 * race so the dangerous order is what happens when nothing holds it back: the post has checked
 * its trip, then the cancel commits, then the post inserts. The guard must not let that order
 * leave an active product on a cancelled trip.
 */
let database: Database;
const now = () => new Date();

beforeAll(async () => {
  database = await openTestDatabase();
  // The in-memory engine has no reference data; PostgreSQL has it already.
  await database.db
    .insert(countries)
    .values([
      { id: 228, iso2: 'ID', nameEn: 'Indonesia', nameId: 'Indonesia' },
      { id: 392, iso2: 'JP', nameEn: 'Japan', nameId: 'Jepang' },
    ])
    .onConflictDoNothing();
  await database.db
    .insert(globalCities)
    .values([
      { id: 1642911, countryId: 228, name: 'Jakarta' },
      { id: 1850147, countryId: 392, name: 'Tokyo' },
    ])
    .onConflictDoNothing();
});
afterAll(() => database.close());

/** Resolves when `p` settles or after `ms`, whichever comes first. */
function settledOrAfter(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([p.then(() => {}, () => {}), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]).finally(() => clearTimeout(timer));
}

async function fixture() {
  const db = database.db;
  const id = uniq();
  const [traveller] = await db
    .insert(users)
    .values({ name: 'T', username: `guard_t_${id}`, email: `guard-t-${id}@example.test`, phoneNumber: `+6281${Date.now() % 1e9}`, phoneVerifiedAt: new Date() })
    .returning();
  const [requester] = await db.insert(users).values({ name: 'R', username: `guard_r_${id}`, email: `guard-r-${id}@example.test` }).returning();
  const [trip] = await db
    .insert(trips)
    .values({ userId: traveller.id, originCountryId: 392, originCityId: 1850147, destinationCountryId: 228, destinationCityId: 1642911, arrivalDate: '2099-01-10', deliveryDate: '2099-01-12' })
    .returning();
  const [request] = await db.insert(requests).values({ userId: requester.id, slug: `guard-request-${id}`, name: 'Matcha', priceEta: 100000 }).returning();
  return { traveller, trip, request };
}

describe('guards inside the transaction they protect', () => {
  it('a trip cancelled while a product is posted on it never keeps an active product', async () => {
    const { traveller, trip, request } = await fixture();
    const hooks = createHooks();
    let postChecked!: () => void;
    const checked = new Promise<void>((resolve) => (postChecked = resolve));
    let cancelling: Promise<unknown> = Promise.resolve();
    // The post, having checked its trip, gives the cancel time to commit before it inserts...
    hooks.requestTakenBy = async () => {
      postChecked();
      await settledOrAfter(cancelling, 400);
      return true;
    };
    // ...and the cancel decides only once the post has checked (or after a while, if the post is held).
    hooks.tripCancelBlockers.push(async () => {
      await settledOrAfter(checked, 400);
      return [];
    });
    const deps = { db: database.db, now, hooks };
    const posting = createProduct(deps, traveller, { trip_id: trip.id, request_id: request.id, name: `Kit Kat ${uniq()}`, description: '', price: 50000, weight: 1, stock: 1, images: [] }, 'en');
    cancelling = cancelTrip(deps, traveller.id, trip.id, 'en');
    const [posted, cancelled] = await Promise.allSettled([posting, cancelling]);

    expect(cancelled.status).toBe('fulfilled');
    const [row] = await database.db.select().from(trips).where(eq(trips.id, trip.id));
    expect(row.status).toBe('CANCELLED');
    const onTrip = await database.db.select().from(products).where(eq(products.tripId, trip.id));
    expect(onTrip.filter((p) => p.active)).toEqual([]);
    if (posted.status === 'rejected') {
      // The post waited for the cancel and then found its trip closed.
      expect(posted.reason).toBeInstanceOf(AppError);
      expect((posted.reason as AppError).fields).toEqual({ trip_id: 'places:filter.trip_required' });
      expect(onTrip).toEqual([]);
    } else {
      // The cancel waited for the post and then hid it with the trip's other pre-orders.
      expect(onTrip.map((p) => p.id)).toEqual([posted.value.id]);
    }
  });
});
