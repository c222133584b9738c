import { and, avg, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { RatingFor } from '../../../lib/schemas/ratings.ts';
import { pageOf } from '../../../lib/views/page.ts';
import type { RatingSummary, RatingView, RatingsPage, Reputation } from '../../../lib/views/ratings.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { transactions } from '../../db/orders-schema.ts';
import { ratings } from '../../db/ratings-schema.ts';
import { users } from '../../db/schema.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../errors.ts';
import { notify } from '../notifications/outbox.ts';
import { afterCommit, type OrderDeps } from '../orders/deps.ts';
import { orderNotFound } from '../orders/errors.ts';
import { partyOf } from '../orders/types.ts';
import { literal } from '../../db/literal.ts';

/** Finished orders a traveller needs before their delivery rate is shown. */
export const DELIVERY_RATE_MIN_ORDERS = 3;

const alreadyRated = () => new AppError('DUPLICATE', { key: 'orders-fulfil:rating.already' });

/**
 * A party rates the other side of a completed order, once per side. The order's row is locked
 * while the rating is written, so two requests at once queue: the second finds the first's
 * rating. The unique index (order, side) holds even if something else writes ratings.
 */
export async function rateOrder(deps: OrderDeps, raterId: number, input: { transaction_id: number; rate: number; comment?: string; for: RatingFor }) {
  try {
    const id = await deps.db.transaction(async (tx) => {
      const [order] = await tx.select().from(transactions).where(eq(transactions.id, input.transaction_id)).for('update');
      const role = order && partyOf(order, raterId);
      if (!order || !role) throw orderNotFound();
      // The requester rates the traveller and the traveller the requester; nobody rates themselves.
      if (role === input.for) throw new AppError('FORBIDDEN', { key: 'orders-fulfil:rating.wrong_side', fields: { for: 'orders-fulfil:rating.wrong_side' } });
      if (order.status !== 'completed') throw new AppError('INVALID_TRANSITION', { key: 'orders-fulfil:rating.not_completed' });
      const [existing] = await tx.select({ id: ratings.id }).from(ratings).where(and(eq(ratings.transactionId, order.id), eq(ratings.forRole, input.for)));
      if (existing) throw alreadyRated();
      const rateeId = input.for === 'traveler' ? order.travelerId : order.requesterId;
      const [row] = await tx
        .insert(ratings)
        .values({ transactionId: order.id, forRole: input.for, raterId, rateeId, rate: input.rate, comment: input.comment || null })
        .returning({ id: ratings.id });
      await notify(tx, rateeId, {
        key: 'orders-fulfil:notify.rated',
        params: { id: order.id, rate: input.rate },
        notifiableType: 'transaction',
        notifiableId: order.id,
        link: `/dashboard/${input.for === 'traveler' ? 'sell' : 'purchase'}/${order.id}`,
        transactionType: input.for === 'traveler' ? 'penjualan' : 'pembelian',
      });
      return row.id;
    });
    afterCommit(deps);
    return id;
  } catch (err) {
    if (uniqueViolation(err) === 'ratings_transaction_for_key') throw alreadyRated();
    throw err;
  }
}

const raterColumns = { id: users.id, name: users.name, username: users.username, photo_profile: users.photoProfile };

function toView(r: typeof ratings.$inferSelect, rater: { id: number; name: string; username: string; photo_profile: string | null }): RatingView {
  return { id: r.id, transaction_id: r.transactionId, for: r.forRole as RatingFor, rate: r.rate, comment: r.comment, rater, created_at: r.createdAt.toISOString() };
}

/** Both ratings of some orders, keyed by order id (the order views carry them). */
export async function ratingsOfOrders(db: DbOrTx, orderIds: number[]) {
  const out = new Map<number, { traveler: RatingView | null; requester: RatingView | null }>();
  if (!orderIds.length) return out;
  const rows = await db.select({ r: ratings, rater: raterColumns }).from(ratings).innerJoin(users, eq(users.id, ratings.raterId)).where(inArray(ratings.transactionId, orderIds));
  for (const { r, rater } of rows) {
    const entry = out.get(r.transactionId) ?? { traveler: null, requester: null };
    entry[r.forRole as RatingFor] = toView(r, rater);
    out.set(r.transactionId, entry);
  }
  return out;
}

async function summary(db: DbOrTx, userId: number, forRole: RatingFor): Promise<RatingSummary> {
  const [row] = await db
    .select({ n: count(), average: avg(ratings.rate) })
    .from(ratings)
    .where(and(eq(ratings.rateeId, userId), eq(ratings.forRole, forRole)));
  const n = Number(row?.n ?? 0);
  return { count: n, average: n ? Math.round(Number(row.average) * 10) / 10 : null };
}

/** The ratings a user received in one role, newest first, with their average and count. */
export async function ratingsOf(db: DbOrTx, userId: number, q: { for: RatingFor; page: number; per_page: number }): Promise<RatingsPage> {
  const where = and(eq(ratings.rateeId, userId), eq(ratings.forRole, q.for));
  const [rows, sum] = await Promise.all([
    db
      .select({ r: ratings, rater: raterColumns })
      .from(ratings)
      .innerJoin(users, eq(users.id, ratings.raterId))
      .where(where)
      .orderBy(desc(ratings.createdAt), desc(ratings.id))
      .limit(literal(q.per_page))
      .offset(literal((q.page - 1) * q.per_page)),
    summary(db, userId, q.for),
  ]);
  return { ...pageOf(rows.map(({ r, rater }) => toView(r, rater)), sum.count, q.page, q.per_page), ...sum };
}

/**
 * A traveller's delivery record over paid orders: completed, and failed (cancelled by the
 * traveller — a trip they called off included — or refunded to the buyer).
 */
export async function deliveryRecord(db: DbOrTx, travelerId: number) {
  const [row] = await db
    .select({
      completed: sql<number>`count(*) filter (where ${transactions.status} = 'completed')::int`,
      failed: sql<number>`count(*) filter (where ${transactions.status} = 'refunded' or (${transactions.status} = 'cancelled' and ${transactions.canceledBy} = 'traveler'))::int`,
    })
    .from(transactions)
    .where(and(eq(transactions.travelerId, travelerId), isNotNull(transactions.paidAt)));
  const completed = Number(row?.completed ?? 0);
  const failed = Number(row?.failed ?? 0);
  const finished = completed + failed;
  return { completed, failed, rate: finished >= DELIVERY_RATE_MIN_ORDERS ? Math.round((completed / finished) * 100) / 100 : null };
}

/** What the user cards and the profile show; undefined for a missing or deleted user. */
export async function reputationOf(db: Db, userId: number): Promise<Reputation | undefined> {
  const [user] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) return undefined;
  const [traveler, requester, delivery] = await Promise.all([summary(db, userId, 'traveler'), summary(db, userId, 'requester'), deliveryRecord(db, userId)]);
  return { traveler, requester, delivery };
}
