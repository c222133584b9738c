import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/like.ts';
import type { PublicUser, Suggestions } from '../../../lib/views/index.ts';
import type { Db } from '../../db/client.ts';
import { products, requests, trips, users } from '../../db/schema.ts';
import { tripPhaseIs } from '../trips/trip-dates-sql.ts';
import { nameSearch, type NameSearch } from './search-query.ts';

const LIMIT = 5;

/** Users whose username or name starts with the key (search results and suggestions). */
export function searchUsers(db: Db, key: string, limit: number): Promise<PublicUser[]> {
  const userKey = key.trim().toLowerCase();
  if (userKey.length < 2) return Promise.resolve([]);
  return db
    .select({ id: users.id, username: users.username, name: users.name, photo_profile: users.photoProfile })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        or(sql`${users.username} like ${`${escapeLike(userKey)}%`}`, sql`lower(${users.name}) like ${`${escapeLike(userKey)}%`}`),
      ),
    )
    .orderBy(users.username)
    .limit(limit);
}

/** The header search: a few matches per group, each query served by an index. */
export async function suggestions(db: Db, key: string, today: string): Promise<Suggestions> {
  const [productSearch, requestSearch] = await Promise.all([nameSearch(db, products, key), nameSearch(db, requests, key)]);
  const only = (s: NameSearch) => (s.kind === 'where' ? s.where : undefined);
  const productMatch = only(productSearch);
  const requestMatch = only(requestSearch);
  const [marketplaces, requestRows, userRows] = await Promise.all([
    productMatch
      ? db
          .select({ id: products.id, slug: products.slug, name: products.name, price: products.price })
          .from(products)
          .innerJoin(trips, eq(trips.id, products.tripId))
          .where(and(productMatch, eq(products.active, true), tripPhaseIs('ACTIVE', today)))
          .orderBy(desc(products.createdAt))
          .limit(LIMIT)
      : [],
    requestMatch
      ? db
          .select({ id: requests.id, slug: requests.slug, name: requests.name, price_eta: requests.priceEta })
          .from(requests)
          .where(and(requestMatch, eq(requests.active, true), isNull(requests.closedAt)))
          .orderBy(desc(requests.createdAt))
          .limit(LIMIT)
      : [],
    searchUsers(db, key, LIMIT),
  ]);
  return { marketplaces, requests: requestRows, users: userRows };
}
