import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Locale } from '../../../lib/i18n/index.ts';
import { pageOf, type FavoriteType, type FavoriteView, type Page } from '../../../lib/views/index.ts';
import { perDatabase, type Db } from '../../db/client.ts';
import { favorites, products, requests } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { getProductById, productsByIds } from '../catalogue/products.ts';
import { getRequestById, requestsByIds } from '../catalogue/requests.ts';
import { literal } from '../../db/literal.ts';

const column = (type: FavoriteType) => (type === 'Product' ? favorites.productId : favorites.requestId);

export async function addFavorite(db: Db, userId: number, type: FavoriteType, id: number, locale: Locale) {
  const exists = type === 'Product' ? await getProductById(db, id, locale) : await getRequestById(db, id, locale);
  if (!exists) throw notFound(type === 'Product' ? 'catalogue:product.not_found' : 'catalogue:request.not_found');
  await db
    .insert(favorites)
    .values({ userId, productId: type === 'Product' ? id : null, requestId: type === 'Request' ? id : null })
    .onConflictDoNothing();
}

export async function removeFavorite(db: Db, userId: number, type: FavoriteType, id: number) {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(column(type), id)));
}

export async function isFavorite(db: Db, userId: number, type: FavoriteType, id: number): Promise<boolean> {
  const [row] = await db.select({ id: favorites.id }).from(favorites).where(and(eq(favorites.userId, userId), eq(column(type), id))).limit(1);
  return !!row;
}

/** `favoriteIdsAmong`'s statements, built once per database (every signed-in listing runs one). */
const amongStatement = (db: Db, type: FavoriteType) =>
  db
    .select({ id: column(type) })
    .from(favorites)
    .where(and(eq(favorites.userId, sql.placeholder('user')), sql`${column(type)} = any(${sql.placeholder('ids')}::integer[])`))
    .prepare(`favorite_${type.toLowerCase()}s_among`);
const amongStatements = perDatabase((db) => ({ Product: amongStatement(db, 'Product'), Request: amongStatement(db, 'Request') }));

/** Which of these items the user has favourited, in one query (listing pages). */
export async function favoriteIdsAmong(db: Db, userId: number, type: FavoriteType, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await amongStatements(db)[type].execute({ user: userId, ids });
  return rows.map((r) => r.id!);
}

/** GET /v1/users/favorites: newest first; rows carry `product` or `request` as in SPEC §3. */
export async function listFavorites(db: Db, userId: number, q: { type: FavoriteType; page: number; per_page: number }, locale: Locale): Promise<Page<FavoriteView>> {
  // Deleted (inactive) posts leave the list, and the totals, at once.
  const item = q.type === 'Product' ? products : requests;
  const where = and(eq(favorites.userId, userId), isNotNull(column(q.type)), eq(item.active, true));
  const [{ total }] = await db.select({ total: count() }).from(favorites).innerJoin(item, eq(item.id, column(q.type))).where(where);
  const rows = await db
    .select({ id: favorites.id, productId: favorites.productId, requestId: favorites.requestId, createdAt: favorites.createdAt })
    .from(favorites)
    .innerJoin(item, eq(item.id, column(q.type)))
    .where(where)
    .orderBy(desc(favorites.createdAt), desc(favorites.id))
    .limit(literal(q.per_page))
    .offset(literal((q.page - 1) * q.per_page));
  if (q.type === 'Product') {
    const items = new Map((await productsByIds(db, rows.map((r) => r.productId!), locale)).map((p) => [p.id, p]));
    const out = rows
      .filter((r) => items.get(r.productId!)?.active)
      .map((r) => ({ id: r.id, type: 'Product' as const, created_at: r.createdAt.toISOString(), product: items.get(r.productId!)! }));
    return pageOf(out, total, q.page, q.per_page);
  }
  const items = new Map((await requestsByIds(db, rows.map((r) => r.requestId!), locale)).map((p) => [p.id, p]));
  const out = rows
    .filter((r) => items.get(r.requestId!)?.active)
    .map((r) => ({ id: r.id, type: 'Request' as const, created_at: r.createdAt.toISOString(), request: items.get(r.requestId!)! }));
  return pageOf(out, total, q.page, q.per_page);
}
