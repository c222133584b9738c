import { and, asc, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { todayIso } from '../../../lib/dates.ts';
import { translator, type Locale } from '../../../lib/i18n/index.ts';
import { imageRef } from '../../../lib/images.ts';
import { afterSalesView, helpTopicsOf } from './after-sales.ts';
import { STAGE_OF, statesOfStage, type OrderState, type PartyRole, type Stage } from '../../../lib/orders/vocabulary.ts';
import { pageOf, type Page, type TransactionView } from '../../../lib/views/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { chatRooms } from '../../db/chat-schema.ts';
import { bidHistories, transactionHistories, transactionItems, transactions } from '../../db/orders-schema.ts';
import { globalCities, products, trips, users } from '../../db/schema.ts';
import { ratingsOfOrders } from '../ratings/ratings.ts';
import { actionsFor } from './engine.ts';
import { addressFor } from './contact.ts';
import { orderNotFound } from './errors.ts';
import { partyOf, type OrderRow } from './types.ts';
import { literal } from '../../db/literal.ts';

const oCity = alias(globalCities, 'o_city');
const dCity = alias(globalCities, 'd_city');

/**
 * The label under the badge: SPEC §4's words in the request's language. A purchased order whose
 * trip's delivery date has passed reads "purchased - shipping delayed".
 */
export function statusDetail(order: Pick<OrderRow, 'status'>, deliveryDate: string, now: Date, locale: Locale): string {
  const t = translator(locale);
  if (order.status === 'purchased' && deliveryDate < todayIso(now)) return t('orders:status.purchased_late');
  return t(`orders:status.${order.status}`);
}

function cancelReasonText(order: OrderRow, locale: Locale): string | null {
  const r = order.canceledReason;
  if (!r) return null;
  const t = translator(locale);
  if (r.startsWith('4:')) return r.slice(2);
  const side = order.canceledBy === 'traveler' ? 'traveler' : 'requester';
  if (/^[1-3]$/.test(r)) return t(`orders:cancel.reason.${side}.${r}`);
  return t(`orders:cancel.named.${r}`, { defaultValue: r });
}

async function partiesOf(db: DbOrTx, ids: number[]) {
  const rows = ids.length
    ? await db.select({ id: users.id, name: users.name, username: users.username, photo: users.photoProfile }).from(users).where(inArray(users.id, ids))
    : [];
  return new Map(rows.map((u) => [u.id, { id: u.id, name: u.name, username: u.username, photo_profile: u.photo }]));
}

/** Builds the views of some orders for one viewer (batched: a page of orders is five queries). */
async function viewsOf(db: DbOrTx, orders: OrderRow[], viewerId: number, now: Date, locale: Locale, withHistory: boolean): Promise<TransactionView[]> {
  if (!orders.length) return [];
  const ids = orders.map((o) => o.id);
  const [items, bids, tripRows, people, history, rated, rooms] = await Promise.all([
    db
      .select({ item: transactionItems, slug: products.slug })
      .from(transactionItems)
      .leftJoin(products, eq(products.id, transactionItems.productId))
      .where(inArray(transactionItems.transactionId, ids))
      .orderBy(asc(transactionItems.id)),
    db.select().from(bidHistories).where(inArray(bidHistories.transactionId, ids)).orderBy(asc(bidHistories.id)),
    db
      .select({ id: trips.id, origin: oCity.name, destination: dCity.name, delivery: trips.deliveryDate, updatedDelivery: trips.updatedDeliveryDate })
      .from(trips)
      .innerJoin(oCity, eq(oCity.id, trips.originCityId))
      .innerJoin(dCity, eq(dCity.id, trips.destinationCityId))
      .where(inArray(trips.id, [...new Set(orders.map((o) => o.tripId))])),
    partiesOf(db, [...new Set(orders.flatMap((o) => [o.requesterId, o.travelerId]))]),
    withHistory
      ? db.select().from(transactionHistories).where(inArray(transactionHistories.transactionId, ids)).orderBy(asc(transactionHistories.id))
      : Promise.resolve([]),
    ratingsOfOrders(db, orders.filter((o) => o.status === 'completed').map((o) => o.id)),
    db.select({ id: chatRooms.id, transactionId: chatRooms.transactionId }).from(chatRooms).where(inArray(chatRooms.transactionId, ids)),
  ]);
  const roomOf = new Map(rooms.map((r) => [r.transactionId, r.id]));
  const tripOf = new Map(tripRows.map((t) => [t.id, t]));
  return orders.map((o) => {
    const role = partyOf(o, viewerId)!;
    const trip = tripOf.get(o.tripId)!;
    const deliveryDate = trip.updatedDelivery ?? trip.delivery;
    const isTraveler = role === 'traveler';
    const status = o.status as OrderState;
    return {
      id: o.id,
      transaction_type: o.type === 'request' ? 'request' : 'other',
      status,
      stage: STAGE_OF[status],
      status_detail: statusDetail(o, deliveryDate, now, locale),
      help_topics: helpTopicsOf(o, deliveryDate, now),
      after_sales: afterSalesView(o, locale),
      viewer_role: role,
      actions: actionsFor(o, viewerId, now),
      products: items
        .filter((i) => i.item.transactionId === o.id)
        .map(({ item, slug }) => ({
          id: item.id,
          product_id: item.productId,
          request_id: item.requestId,
          slug,
          name: item.name,
          price: item.price,
          quantity: item.quantity,
          weight: item.weight,
          notes: item.notes,
          image: item.imageId ? imageRef(item.imageId) : null,
          product_detail: { type: o.type === 'request' ? 'negotiable' : 'fixed' },
        })),
      bid_histories: bids
        .filter((b) => b.transactionId === o.id)
        .map((b) => ({
          role: b.role as PartyRole,
          product_price: b.productPrice,
          traveler_tip: b.travelerTip,
          shipping_fee: b.shippingFee,
          total_price: b.totalPrice,
          created_at: b.createdAt.toISOString(),
        })),
      product_price: o.productPrice,
      traveler_tip: o.travelerTip,
      shipping_fee: o.shippingFee,
      service_fee: o.serviceFee,
      total_price: o.totalPrice,
      ...(isTraveler ? { platform_fee: o.platformFee, platform_fee_percent: o.platformFeePercent, traveler_total: o.travelerTotal } : {}),
      payment_deadline: status === 'awaiting_payment' ? (o.deadlineAt?.toISOString() ?? null) : (o.paymentDeadline?.toISOString() ?? null),
      expires_at: status.startsWith('offer_') ? (o.deadlineAt?.toISOString() ?? null) : null,
      deadline_at: o.deadlineAt?.toISOString() ?? null,
      courier: { shipping_id: o.shippingId, courier_name: o.courierName, resi: o.resi, shipped_courier: o.shippedCourier },
      address: addressFor(o, role),
      notes: o.notes,
      receipt_image: o.receiptImageId ? imageRef(o.receiptImageId) : null,
      canceled_by: o.canceledBy,
      canceled_reason: cancelReasonText(o, locale),
      trip: { id: trip.id, origin_city: trip.origin, destination_city: trip.destination, delivery_date: deliveryDate },
      traveler: people.get(o.travelerId)!,
      user: people.get(o.requesterId)!,
      // The order's conversation, once either party opened it (SPEC §3).
      chat_room: roomOf.has(o.id) ? { id: roomOf.get(o.id)! } : null,
      histories: history
        .filter((h) => h.transactionId === o.id)
        .map((h) => ({ event: h.event, from: h.fromStatus, to: h.toStatus, actor_role: h.actorRole, created_at: h.createdAt.toISOString() })),
      created_at: o.createdAt.toISOString(),
      paid_at: o.paidAt?.toISOString() ?? null,
      ratings: rated.get(o.id) ?? { traveler: null, requester: null },
      // Each side rates the other once the order is completed.
      can_rate: status === 'completed' && !rated.get(o.id)?.[isTraveler ? 'requester' : 'traveler'] ? (isTraveler ? 'requester' : 'traveler') : null,
    };
  });
}

/** One order for one of its parties; anyone else gets 404 (an order's existence is private). */
export async function getTransaction(db: DbOrTx, id: number, viewerId: number, now: Date, locale: Locale): Promise<TransactionView> {
  const [order] = await db.select().from(transactions).where(and(eq(transactions.id, id), or(eq(transactions.requesterId, viewerId), eq(transactions.travelerId, viewerId))));
  if (!order) throw orderNotFound();
  return (await viewsOf(db, [order], viewerId, now, locale, true))[0];
}

/** The dashboards: the viewer's purchases or sales, optionally of one stage, newest activity first. */
export async function listTransactions(
  db: DbOrTx,
  viewerId: number,
  q: { side: 'purchase' | 'sale'; stage?: Stage; page: number; per_page: number },
  now: Date,
  locale: Locale,
): Promise<Page<TransactionView> & { counts: Partial<Record<Stage, number>> }> {
  const mine: SQL = q.side === 'purchase' ? eq(transactions.requesterId, viewerId) : eq(transactions.travelerId, viewerId);
  const where = q.stage ? and(mine, inArray(transactions.status, statesOfStage(q.stage)))! : mine;
  const [rows, [{ total }], byStatus] = await Promise.all([
    db
      .select()
      .from(transactions)
      .where(where)
      .orderBy(desc(transactions.updatedAt), desc(transactions.id))
      .limit(literal(q.per_page))
      .offset(literal((q.page - 1) * q.per_page)),
    db.select({ total: count() }).from(transactions).where(where),
    db.select({ status: transactions.status, n: count() }).from(transactions).where(mine).groupBy(transactions.status),
  ]);
  const counts: Partial<Record<Stage, number>> = {};
  for (const s of byStatus) {
    const stage = STAGE_OF[s.status as OrderState];
    counts[stage] = (counts[stage] ?? 0) + s.n;
  }
  return { ...pageOf(await viewsOf(db, rows, viewerId, now, locale, false), total, q.page, q.per_page), counts };
}
