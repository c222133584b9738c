import { and, isNull, or, sql, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../db/like.ts';
import type { PublicUser, Suggestions } from '../../../lib/views/index.ts';
import type { Db } from '../../db/client.ts';
import { products, requests, users } from '../../db/schema.ts';
import { asTsQuery, prefixTsQuery, recentCutoff } from './search-query.ts';

const LIMIT = 5;

/**
 * How many of the newest posts the suggestions walk before asking the GIN index (migration 0015):
 * a word matching at least 1 % of posts finds its five there in a few rows; a rarer word or a miss
 * walks all of them, so the window stays small.
 */
export const SUGGESTION_WINDOW = 500;

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

type SuggestionRow = { kind: 'p' | 'r' | 'u'; id: number; slug: string | null; name: string; price: string | number | null; username: string | null; photo: string | null };

/**
 * The header search: a few matches per group (products, requests, users), in one call of the
 * `search_suggestions` function (migrations 0014 and 0015), whose statements keep their plans.
 */
export async function suggestions(db: Db, key: string, today: string): Promise<Suggestions> {
  const query = prefixTsQuery(key);
  const userKey = key.trim().toLowerCase();
  const userFrom = userKey.length >= 2 ? userKey : null;
  if (!query) return { marketplaces: [], requests: [], users: userFrom ? await searchUsers(db, key, LIMIT) : [] };
  const [productCutoff, requestCutoff] = await Promise.all([recentCutoff(db, products, SUGGESTION_WINDOW), recentCutoff(db, requests, SUGGESTION_WINDOW)]);
  // U+10FFFF sorts after every character: [from, from + it) holds every text starting with `from`.
  const userTo = userFrom && `${userFrom}\u{10FFFF}`;
  const result = (await db.execute(
    sql`select * from search_suggestions(${asTsQuery(query)}, ${userFrom}::text, ${userTo}::text, ${today}::date, ${productCutoff}::timestamptz, ${requestCutoff}::timestamptz, ${LIMIT})`,
  )) as unknown as { rows: SuggestionRow[] };
  const out: Suggestions = { marketplaces: [], requests: [], users: [] };
  for (const row of result.rows) {
    if (row.kind === 'p') out.marketplaces.push({ id: row.id, slug: row.slug!, name: row.name, price: Number(row.price) });
    else if (row.kind === 'r') out.requests.push({ id: row.id, slug: row.slug!, name: row.name, price_eta: Number(row.price) });
    else out.users.push({ id: row.id, username: row.username!, name: row.name, photo_profile: row.photo });
  }
  return out;
}
