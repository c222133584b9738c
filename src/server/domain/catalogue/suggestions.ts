import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../db/like.ts';
import type { PublicUser, Suggestions } from '../../../lib/views/index.ts';
import type { Db } from '../../db/client.ts';
import { products, requests, trips, users } from '../../db/schema.ts';
import { tripPhaseIs } from '../trips/trip-dates-sql.ts';
import { inRecentWindow, nameSearch, newestViaMatches } from './search-query.ts';

const LIMIT = 5;

/** Users whose username or name starts with the key; undefined for a key under 2 characters. */
function userMatch(key: string): SQL | undefined {
  const userKey = key.trim().toLowerCase();
  if (userKey.length < 2) return undefined;
  const prefix = `${escapeLike(userKey)}%`;
  return and(isNull(users.deletedAt), or(sql`${users.username} like ${prefix}`, sql`lower(${users.name}) like ${prefix}`));
}

/** Users whose username or name starts with the key (search results). */
export function searchUsers(db: Db, key: string, limit: number): Promise<PublicUser[]> {
  const where = userMatch(key);
  if (!where) return Promise.resolve([]);
  return db
    .select({ id: users.id, username: users.username, name: users.name, photo_profile: users.photoProfile })
    .from(users)
    .where(where)
    .orderBy(users.username)
    .limit(limit);
}

/**
 * The newest LIMIT rows of `from` matching `where`, as one SQL fragment: read from the recent
 * window when it holds LIMIT of them, else through the GIN index (see search-query.ts).
 */
function newestMatches(name: string, columns: SQL, from: SQL, table: typeof products | typeof requests, where: SQL, recentWindow: SQL): SQL {
  const recent = sql.identifier(`${name}_recent`);
  return sql`${recent} as (select ${columns}, ${table.createdAt} as at from ${from} where ${and(where, recentWindow)} order by ${table.createdAt} desc, ${table.id} desc limit ${LIMIT}),
  ${sql.identifier(name)} as (
    select * from ${recent} where (select count(*) from ${recent}) = ${LIMIT}
    union all
    (select ${columns}, ${table.createdAt} as at from ${from} where ${where} and (select count(*) from ${recent}) < ${LIMIT} order by ${sql.join(newestViaMatches(table), sql`, `)} limit ${LIMIT}))`;
}

type SuggestionRow = { kind: 'p' | 'r' | 'u'; id: number; slug: string | null; name: string; price: string | number | null; username: string | null; photo: string | null };

/** The header search: a few matches per group (products, requests, users), in one statement. */
export async function suggestions(db: Db, key: string, today: string): Promise<Suggestions> {
  const productSearch = nameSearch(products, key);
  const requestSearch = nameSearch(requests, key);
  const userWhere = userMatch(key);
  if (productSearch.kind !== 'where' || requestSearch.kind !== 'where') {
    return { marketplaces: [], requests: [], users: userWhere ? await searchUsers(db, key, LIMIT) : [] };
  }
  const [productWindow, requestWindow] = await Promise.all([inRecentWindow(db, products), inRecentWindow(db, requests)]);
  const productCte = newestMatches(
    'p',
    sql`${products.id} as id, ${products.slug} as slug, ${products.name} as name, ${products.price} as price`,
    sql`${products} inner join ${trips} on ${trips.id} = ${products.tripId}`,
    products,
    and(productSearch.where, eq(products.active, true), tripPhaseIs('ACTIVE', today))!,
    productWindow,
  );
  const requestCte = newestMatches(
    'r',
    sql`${requests.id} as id, ${requests.slug} as slug, ${requests.name} as name, ${requests.priceEta} as price`,
    sql`${requests}`,
    requests,
    and(requestSearch.where, eq(requests.active, true), isNull(requests.closedAt))!,
    requestWindow,
  );
  const userPart = userWhere
    ? sql`union all (select 'u', ${users.id}, null, ${users.name}, null, ${users.username}, ${users.photoProfile} from ${users} where ${userWhere} order by ${users.username} limit ${LIMIT})`
    : sql``;
  const result = (await db.execute(sql`with ${productCte}, ${requestCte}
    select 'p' as kind, id, slug, name, price, null as username, null as photo from p
    union all select 'r', id, slug, name, price, null, null from r
    ${userPart}`)) as unknown as { rows: SuggestionRow[] };
  const out: Suggestions = { marketplaces: [], requests: [], users: [] };
  for (const row of result.rows) {
    if (row.kind === 'p') out.marketplaces.push({ id: row.id, slug: row.slug!, name: row.name, price: Number(row.price) });
    else if (row.kind === 'r') out.requests.push({ id: row.id, slug: row.slug!, name: row.name, price_eta: Number(row.price) });
    else out.users.push({ id: row.id, username: row.username!, name: row.name, photo_profile: row.photo });
  }
  return out;
}
