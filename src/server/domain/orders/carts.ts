import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { carts } from '../../db/orders-schema.ts';
import { products } from '../../db/schema.ts';
import type { Locale } from '../../../lib/i18n/index.ts';
import { notFound } from '../../errors.ts';
import { imagesFor, productView, selectProducts } from '../catalogue/product-view.ts';
import { orderConflict, outOfStock } from './errors.ts';
import { assertWithinPerOrder } from './holding.ts';

/** A cart line with its product as the marketplace shows it (SPEC §3 "Cart entry"). */
export async function listCart(db: Db, userId: number, locale: Locale) {
  const lines = await db.select().from(carts).where(eq(carts.userId, userId)).orderBy(asc(carts.createdAt), asc(carts.id));
  if (!lines.length) return [];
  const ids = lines.map((l) => l.productId);
  const rows = await selectProducts(db, locale).where(inArray(products.id, ids));
  const imgs = await imagesFor(db, ids, true);
  const byId = new Map(rows.map((r) => [r.p.id, productView(r, imgs.get(r.p.id) ?? [])]));
  return lines
    .filter((l) => byId.has(l.productId))
    .map((l) => {
      const product = byId.get(l.productId)!;
      return { id: l.id, quantity: l.quantity, product_id: l.productId, available: product.active && product.stock >= l.quantity, product };
    });
}

async function assertBuyable(db: Db, userId: number, productId: number, quantity: number) {
  const [p] = await db
    .select({ name: products.name, userId: products.userId, active: products.active, stock: products.stock, maxPerOrder: products.maxPerOrder })
    .from(products)
    .where(eq(products.id, productId));
  if (!p || !p.active) throw orderConflict('orders:checkout.product_gone');
  if (p.userId === userId) throw orderConflict('orders:checkout.own_product');
  assertWithinPerOrder(p, quantity);
  if (p.stock < quantity) throw outOfStock('orders:cart.not_enough_stock', { stock: p.stock });
}

/** Adds a product (or more of it): one line per product. */
export async function addToCart(db: Db, userId: number, productId: number, quantity: number) {
  const [existing] = await db.select().from(carts).where(and(eq(carts.userId, userId), eq(carts.productId, productId)));
  const total = (existing?.quantity ?? 0) + quantity;
  await assertBuyable(db, userId, productId, total);
  const [row] = await db
    .insert(carts)
    .values({ userId, productId, quantity })
    .onConflictDoUpdate({ target: [carts.userId, carts.productId], set: { quantity: sql`${carts.quantity} + ${quantity}`, updatedAt: new Date() } })
    .returning({ id: carts.id, quantity: carts.quantity });
  return row;
}

export async function updateCartLine(db: Db, userId: number, id: number, quantity: number) {
  const [line] = await db.select().from(carts).where(and(eq(carts.id, id), eq(carts.userId, userId)));
  if (!line) throw notFound('orders:cart.not_found');
  await assertBuyable(db, userId, line.productId, quantity);
  await db.update(carts).set({ quantity, updatedAt: new Date() }).where(eq(carts.id, id));
  return { id, quantity };
}

export async function removeCartLine(db: Db, userId: number, id: number) {
  const deleted = await db.delete(carts).where(and(eq(carts.id, id), eq(carts.userId, userId))).returning({ id: carts.id });
  if (!deleted.length) throw notFound('orders:cart.not_found');
}
