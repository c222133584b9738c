import { and, eq, inArray, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { transactionItems, transactions } from '../../db/orders-schema.ts';
import { STAGE_OF, type OrderState } from '../../../lib/orders/vocabulary.ts';
import { balanceOf, account } from '../ledger/ledger.ts';
import type { OrderDeps } from './deps.ts';
import { fireIn } from './engine.ts';
import { scheduleTripReminder } from './reminders.ts';
import { FINAL_STATES } from './machine.ts';

const OPEN = notInArray(transactions.status, [...FINAL_STATES]);
const HOLDING_STATES = ['awaiting_payment', 'paid', 'purchased', 'shipped', 'ready_for_pickup', 'completed', 'complained', 'refund_accepted', 'refund_rejected', 'appealed', 'appeal_return_shipped', 'appeal_return_problem'];

/** Why a trip cannot be cancelled: goods bought or on their way, or an open refund or appeal. */
const TRIP_BLOCKERS: Partial<Record<string, string>> = {
  purchased: 'places:trip.cancel_blocked_shipping',
  shipped: 'places:trip.cancel_blocked_shipping',
  ready_for_pickup: 'places:trip.cancel_blocked_shipping',
  refund: 'places:trip.cancel_blocked_refund',
  banding: 'places:trip.cancel_blocked_appeal',
};

/**
 * How the orders domain answers the other domains' questions (domain/hooks.ts): trips, accounts
 * and products must not know about orders, yet orders decide whether they may change.
 */
export function registerOrderSeams(deps: OrderDeps) {
  const { hooks } = deps;

  // Runs after the trip's row is locked; the trip's open orders are locked too, so none moves on
  // (or is created: checkout takes the trip's row FOR SHARE) before the cancellation commits.
  hooks.tripCancelBlockers.push(async (tx: Tx, tripId: number) => {
    const rows = await tx.select({ status: transactions.status }).from(transactions).where(and(eq(transactions.tripId, tripId), OPEN)).for('update');
    const reasons = rows.map((r) => TRIP_BLOCKERS[r.status] ?? TRIP_BLOCKERS[STAGE_OF[r.status as OrderState]]).filter((r): r is string => !!r);
    return [...new Set(reasons)];
  });

  // Cancelling a trip closes what has not been bought yet: offers, unpaid orders, and paid
  // orders the traveller has not purchased (their money returns to the buyer's balance).
  hooks.onTripCancelled.push(async (tx: Tx, tripId: number) => {
    const open = await tx
      .select({ id: transactions.id, status: transactions.status, travelerId: transactions.travelerId })
      .from(transactions)
      .where(and(eq(transactions.tripId, tripId), inArray(transactions.status, ['offer_by_traveler', 'offer_by_requester', 'awaiting_payment', 'paid'])));
    for (const o of open) {
      const actor = { role: 'traveler' as const, userId: o.travelerId };
      const event = o.status.startsWith('offer_') ? 'reject_offer' : 'cancel';
      await fireIn(tx, deps, o.id, event, actor, { reason: 'trip_cancelled' });
    }
  });

  // New dates move the trip's delivery reminder (it is keyed by trip and date).
  hooks.onTripDatesChanged.push((tx: Tx, tripId: number) => scheduleTripReminder(tx, tripId, deps.now()));

  hooks.accountDeletionBlockers.push(async (tx: Tx, userId: number) => {
    const [open] = await tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(or(eq(transactions.requesterId, userId), eq(transactions.travelerId, userId)), OPEN))
      .limit(1)
      .for('update');
    const reasons = open ? ['account:profile.delete_blocked_orders'] : [];
    if ((await balanceOf(tx, account.user(userId))) > 0) reasons.push('account:profile.delete_blocked_balance');
    return reasons;
  });

  hooks.productChangeBlockers.push(async (tx: Tx, productId: number) => {
    const [open] = await tx
      .select({ id: transactions.id })
      .from(transactionItems)
      .innerJoin(transactions, eq(transactions.id, transactionItems.transactionId))
      .where(and(eq(transactionItems.productId, productId), OPEN, notInArray(transactions.status, ['offer_by_traveler', 'offer_by_requester'])))
      .limit(1)
      .for('update', { of: transactions });
    return open ? ['catalogue:product.has_orders'] : [];
  });

  hooks.productOrderCounts = async (db: DbOrTx, productIds: number[]) => {
    if (!productIds.length) return new Map();
    const rows = await db
      .select({ productId: transactionItems.productId, n: sql<number>`count(distinct ${transactionItems.transactionId})::int` })
      .from(transactionItems)
      .innerJoin(transactions, eq(transactions.id, transactionItems.transactionId))
      .where(and(inArray(transactionItems.productId, productIds), isNotNull(transactions.paidAt)))
      .groupBy(transactionItems.productId);
    return new Map(rows.map((r) => [r.productId!, Number(r.n)]));
  };

  hooks.requestTakenBy = async (tx: Tx, requestId: number, travelerId: number) => {
    const [row] = await tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.requestId, requestId), eq(transactions.travelerId, travelerId), inArray(transactions.status, HOLDING_STATES)))
      .limit(1);
    return !!row;
  };
}
