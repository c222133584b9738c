import { and, count, eq } from 'drizzle-orm';
import { DEFAULT_MAX_PER_ORDER } from '../../../lib/orders/vocabulary.ts';
import type { Tx } from '../../db/client.ts';
import { transactions } from '../../db/orders-schema.ts';
import { users } from '../../db/schema.ts';
import { AppErrorCode } from '../../errors.ts';
import { orderConflict, orderInvalid } from './errors.ts';

/**
 * Holding stock fairly. An unpaid marketplace order reserves its stock for the whole payment
 * window, so one buyer may hold only so many at once (LIMIT_UNPAID_ORDERS_PER_USER), and one order
 * takes at most DEFAULT_MAX_PER_ORDER units of a post unless its traveller allowed more: nobody
 * sells a pre-order out for everyone with one checkout they never pay.
 */
export function assertWithinPerOrder(p: { name: string; maxPerOrder: number | null }, quantity: number) {
  const max = p.maxPerOrder ?? DEFAULT_MAX_PER_ORDER;
  if (quantity > max) throw orderInvalid({ quantity: 'orders:checkout.max_per_order' }, { name: p.name, max });
}

/**
 * Before a checkout adds `adding` unpaid orders: the buyer's row is locked (their checkouts run
 * one at a time, so concurrent ones cannot all count "not yet"), then their unpaid marketplace
 * orders are counted. Over the limit: 409, the orders to pay or cancel named in the message.
 */
export async function assertUnpaidRoom(tx: Tx, buyerId: number, adding: number, limit: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, buyerId)).for('update');
  const [{ n }] = await tx
    .select({ n: count() })
    .from(transactions)
    .where(and(eq(transactions.requesterId, buyerId), eq(transactions.status, 'awaiting_payment'), eq(transactions.type, 'product')));
  if (n + adding > limit) throw orderConflict('orders:checkout.unpaid_limit', { max: limit, count: n }, AppErrorCode.CONFLICT);
}

