import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { countries, globalCities, products, trips, users } from '../../src/server/db/schema.ts';
import { createHooks, type DomainHooks } from '../../src/server/domain/hooks.ts';
import { cancelTrip } from '../../src/server/domain/trips/trips.ts';
import { deleteAccount } from '../../src/server/domain/accounts/update-profile.ts';
import { AppError } from '../../src/server/errors.ts';

/**
 * The seam the orders domain plugs into: trips cannot know about orders, yet an active
 * shipping/refund/appeal ticket must block a cancel and pending offers must be cancelled with it.
 */
let database: Database;
let hooks: DomainHooks;
const now = () => new Date();

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  const db = database.db;
  await db.insert(countries).values([
    { id: 228, iso2: 'ID', nameEn: 'Indonesia', nameId: 'Indonesia' },
    { id: 392, iso2: 'JP', nameEn: 'Japan', nameId: 'Jepang' },
  ]);
  await db.insert(globalCities).values([
    { id: 1642911, countryId: 228, name: 'Jakarta' },
    { id: 1850147, countryId: 392, name: 'Tokyo' },
  ]);
});
afterAll(() => database.close());

async function travellerWithTrip() {
  const db = database.db;
  const [user] = await db.insert(users).values({ name: 'T', username: `t${Math.random().toString(36).slice(2, 9)}`, email: `${Math.random()}@x.test` }).returning();
  const [trip] = await db
    .insert(trips)
    .values({ userId: user.id, originCountryId: 392, originCityId: 1850147, destinationCountryId: 228, destinationCityId: 1642911, arrivalDate: '2099-01-10', deliveryDate: '2099-01-12' })
    .returning();
  await db.insert(products).values({ userId: user.id, tripId: trip.id, slug: `p-${trip.id}`, name: 'Matcha', price: 100000 });
  return { user, trip };
}

describe('trip cancel seam', () => {
  it('refuses while a registered check reports an active ticket, with that reason', async () => {
    hooks = createHooks();
    const { user, trip } = await travellerWithTrip();
    hooks.tripCancelBlockers.push(async (_db, tripId) => (tripId === trip.id ? ['places:trip.cancel_blocked_shipping'] : []));
    const deps = { db: database.db, now, hooks };
    const err = await cancelTrip(deps, user.id, trip.id, 'en').catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.status).toBe(409);
    expect(err.key).toBe('places:trip.cancel_blocked_shipping');
    const [row] = await database.db.select().from(trips).where(eq(trips.id, trip.id));
    expect(row.status).toBe('ACTIVE');
  });

  it('otherwise cancels, hides the pre-orders and runs the side effects in the same transaction', async () => {
    hooks = createHooks();
    const { user, trip } = await travellerWithTrip();
    const touched: number[] = [];
    hooks.onTripCancelled.push(async (_tx, tripId) => {
      touched.push(tripId);
    });
    const result = await cancelTrip({ db: database.db, now, hooks }, user.id, trip.id, 'en');
    expect(result.status).toBe('CANCELLED');
    expect(touched).toEqual([trip.id]);
    const [p] = await database.db.select().from(products).where(eq(products.tripId, trip.id));
    expect(p.active).toBe(false);
  });

  it('rolls the cancel back when a side effect fails', async () => {
    hooks = createHooks();
    const { user, trip } = await travellerWithTrip();
    hooks.onTripCancelled.push(async () => {
      throw new Error('payment provider down');
    });
    await expect(cancelTrip({ db: database.db, now, hooks }, user.id, trip.id, 'en')).rejects.toThrow('payment provider down');
    const [row] = await database.db.select().from(trips).where(eq(trips.id, trip.id));
    expect(row.status).toBe('ACTIVE');
  });

  it('account deletion is refused while the orders domain reports open orders', async () => {
    hooks = createHooks();
    const { user } = await travellerWithTrip();
    hooks.accountDeletionBlockers.push(async () => ['account:profile.delete_blocked_orders']);
    const err = await deleteAccount({ db: database.db, now, hooks }, user).catch((e) => e);
    expect(err.key).toBe('account:profile.delete_blocked_orders');
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row.deletedAt).toBeNull();
  });
});
