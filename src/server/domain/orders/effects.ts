import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bidHistories, transactionItems, transactions } from '../../db/orders-schema.ts';
import { images, products, requests } from '../../db/schema.ts';
import { orderTotals, perUnitPrice, withinOrderMax } from '../../../lib/money/index.ts';
import { OTHER_REASON_ID, PAYMENT_WINDOW_HOURS, REJECTION_REASON, type OrderEvent, type OrderState } from '../../../lib/orders/vocabulary.ts';
import { holdPayment, refundEscrow, releaseEscrow } from '../ledger/escrow.ts';
import type { OrderDeps } from './deps.ts';
import { orderConflict, orderInvalid } from './errors.ts';
import { AppErrorCode } from '../../errors.ts';
import { holdsEscrow, holdsRequest } from './machine.ts';
import type { Actor, OrderRow } from './types.ts';

/** What an event may carry (already validated by the route's schema). */
export interface EffectInput {
  amounts?: { product_price?: number; traveler_tip: number; shipping_fee: number };
  reason?: string;
  note?: string;
  receiptImageId?: string;
  resi?: string;
  courierName?: string;
  payment?: { id: number; provider: string };
  data?: Record<string, unknown>;
}

export interface EffectContext {
  tx: Tx;
  deps: OrderDeps;
  /** The order as it was, locked. */
  order: OrderRow;
  event: OrderEvent;
  to: OrderState;
  actor: Actor;
  input: EffectInput;
  now: Date;
  /** Fires an event on another order in the same transaction (closing sibling offers). */
  fire: (id: number, event: OrderEvent, actor: Actor, input?: EffectInput) => Promise<OrderRow>;
}

/** An effect changes what else the event changes and returns what its history row records. */
type Effect = (ctx: EffectContext) => Promise<Record<string, unknown> | void>;

/**
 * Records a bid on a request order: new amounts and totals (money rules from src/lib/money only),
 * a bid-history row, and one more bid for the side that made it.
 */
export async function recordBid(
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'productPrice' | 'platformFeePercent'>,
  role: 'requester' | 'traveler',
  amounts: NonNullable<EffectInput['amounts']>,
  opts: { countsAsBid?: boolean } = {},
) {
  const counted = opts.countsAsBid ?? true;
  const productPrice = amounts.product_price ?? order.productPrice;
  if (!withinOrderMax({ productPrice, travelerTip: amounts.traveler_tip, shippingFee: amounts.shipping_fee })) throw orderInvalid({ product_price: 'orders:amount.too_big' }, {});
  const totals = orderTotals({ productPrice, travelerTip: amounts.traveler_tip, shippingFee: amounts.shipping_fee }, order.platformFeePercent);
  await tx
    .update(transactions)
    .set({
      productPrice,
      travelerTip: totals.travelerTip,
      shippingFee: totals.shippingFee,
      serviceFee: totals.serviceFee,
      totalPrice: totals.totalPrice,
      platformFee: totals.platformFee,
      travelerTotal: totals.travelerTotal,
      ...(!counted ? {} : role === 'requester' ? { requesterBids: sql`${transactions.requesterBids} + 1` } : { travelerBids: sql`${transactions.travelerBids} + 1` }),
    })
    .where(eq(transactions.id, order.id));
  // The item's unit price follows the agreed total (SPEC §9: round(total / quantity)).
  const [item] = await tx.select({ id: transactionItems.id, quantity: transactionItems.quantity }).from(transactionItems).where(eq(transactionItems.transactionId, order.id));
  if (item) await tx.update(transactionItems).set({ price: perUnitPrice(productPrice, item.quantity) }).where(eq(transactionItems.id, item.id));
  await tx.insert(bidHistories).values({
    transactionId: order.id,
    role,
    productPrice,
    travelerTip: totals.travelerTip,
    shippingFee: totals.shippingFee,
    totalPrice: totals.totalPrice,
  });
  return { product_price: productPrice, traveler_tip: totals.travelerTip, shipping_fee: totals.shippingFee, total_price: totals.totalPrice };
}

/** Puts reserved stock back (a marketplace order that will not be bought). */
async function releaseStock(tx: Tx, orderId: number) {
  const items = await tx
    .select({ productId: transactionItems.productId, quantity: transactionItems.quantity })
    .from(transactionItems)
    .where(eq(transactionItems.transactionId, orderId));
  for (const item of items) {
    if (item.productId) await tx.update(products).set({ stock: sql`${products.stock} + ${item.quantity}` }).where(eq(products.id, item.productId));
  }
}

/** Ends an order as cancelled: who and why, stock back, and the buyer's money back if it was paid. */
async function endOrder(ctx: EffectContext, canceledBy: string, reason: string) {
  const { tx, order, now } = ctx;
  await tx.update(transactions).set({ canceledBy, canceledReason: reason, canceledAt: now }).where(eq(transactions.id, order.id));
  if (order.type === 'product') await releaseStock(tx, order.id);
  if (holdsEscrow(order.status)) await refundEscrow(tx, order);
  return { reason };
}

const complete: Effect = async ({ tx, order, now }) => {
  await tx.update(transactions).set({ completedAt: now }).where(eq(transactions.id, order.id));
  await releaseEscrow(tx, order);
};

const refund: Effect = async ({ tx, order, now }) => {
  await tx.update(transactions).set({ completedAt: now }).where(eq(transactions.id, order.id));
  await refundEscrow(tx, order);
};

/** Records the after-sales step's reason, note and evidence on the order and in its history. */
const afterSales: Effect = async ({ tx, order, event, input, actor, now }) => {
  const data = { event, by: actor.role, at: now.toISOString(), reason: input.reason ?? null, note: input.note ?? null, resi: input.resi ?? null, courier_name: input.courierName ?? null, ...input.data };
  await tx.update(transactions).set({ afterSales: { ...(order.afterSales ?? {}), [event]: data } }).where(eq(transactions.id, order.id));
  return data;
};

/** The complaint: its photos must be the requester's own uploads; then recorded like every after-sales step. */
const complain: Effect = async (ctx) => {
  const ids = [...new Set(((ctx.input.data?.image_ids as string[] | undefined) ?? []))];
  if (ids.length) {
    const own = await ctx.tx.select({ id: images.id }).from(images).where(and(inArray(images.id, ids), eq(images.userId, ctx.order.requesterId)));
    if (own.length !== ids.length) throw orderInvalid({ image_ids: 'orders-after:complaint.photos_invalid' });
  }
  return afterSales({ ...ctx, input: { ...ctx.input, data: { ...ctx.input.data, image_ids: ids } } });
};

/** A step that ends the after-sales flow with the buyer's money back: recorded, then refunded. */
const afterSalesRefund: Effect = async (ctx) => {
  const data = await afterSales(ctx);
  await refund(ctx);
  return data ?? undefined;
};

/** An operator's decision for the traveller: recorded, then the escrow is released. */
const afterSalesRelease: Effect = async (ctx) => {
  const data = await afterSales(ctx);
  await complete(ctx);
  return data ?? undefined;
};

/** A request its requester closed takes no more offers and cannot be bought (it may be reopened). */
async function assertRequestOpen(tx: Tx, order: OrderRow) {
  if (!order.requestId) return;
  const [request] = await tx.select({ closedAt: requests.closedAt }).from(requests).where(eq(requests.id, order.requestId));
  if (request?.closedAt) throw orderConflict('orders:request.closed', {}, AppErrorCode.REQUEST_UNAVAILABLE);
}

/**
 * A request is bought once: accepting an offer on it is refused while another order holds it
 * (accepted and awaiting payment, or paid). The request row is locked, so of two offers accepted
 * at the same moment exactly one goes through.
 */
async function assertRequestFree(tx: Tx, order: OrderRow) {
  if (!order.requestId) return;
  await tx.select({ id: requests.id }).from(requests).where(eq(requests.id, order.requestId)).for('update');
  const others = await tx
    .select({ status: transactions.status })
    .from(transactions)
    .where(and(eq(transactions.requestId, order.requestId), ne(transactions.id, order.id)));
  if (others.some((o) => holdsRequest(o.status))) throw orderConflict('orders:request.taken', {}, AppErrorCode.REQUEST_UNAVAILABLE);
}

const bid: Effect = async ({ tx, order, actor, input }) => {
  if (!input.amounts) throw orderInvalid({ traveler_tip: 'orders:field.traveler_tip' });
  await assertRequestOpen(tx, order);
  return recordBid(tx, order, actor.role as 'requester' | 'traveler', input.amounts);
};

export const EFFECTS: Partial<Record<OrderEvent, Effect>> = {
  counter_by_requester: bid,
  counter_by_traveler: bid,
  update_bid: async ({ tx, order, actor, input }) => {
    if (!input.amounts) throw orderInvalid({ traveler_tip: 'orders:field.traveler_tip' });
    // An update replaces the open bid's tip and shipping; it does not count as another bid.
    const role = actor.role as 'requester' | 'traveler';
    return recordBid(tx, order, role, { ...input.amounts, product_price: order.productPrice }, { countsAsBid: false });
  },
  accept_offer: async ({ tx, order, now }) => {
    await assertRequestOpen(tx, order);
    await assertRequestFree(tx, order);
    await tx.update(transactions).set({ paymentDeadline: new Date(now.getTime() + PAYMENT_WINDOW_HOURS * 3_600_000) }).where(eq(transactions.id, order.id));
  },
  reject_offer: (ctx) => endOrder(ctx, ctx.actor.role, ctx.input.reason ?? REJECTION_REASON[ctx.actor.role as 'requester' | 'traveler']),
  expire_offer: (ctx) => endOrder(ctx, 'system', 'offer_expired'),
  close_taken_request: (ctx) => endOrder(ctx, 'system', 'request_taken'),
  expire_payment: (ctx) => endOrder(ctx, 'system', 'payment_expired'),
  cancel: (ctx) => {
    const { reason, note } = ctx.input;
    const text = reason === String(OTHER_REASON_ID) ? `4:${note ?? ''}` : (reason ?? 'other');
    return endOrder(ctx, ctx.actor.role, text);
  },
  confirm_payment: async (ctx) => {
    const { tx, order, input, now } = ctx;
    if (!input.payment) throw new Error('confirm_payment needs the verified payment');
    await tx.update(transactions).set({ paidAt: now }).where(eq(transactions.id, order.id));
    await holdPayment(tx, order, input.payment.provider, input.payment.id);
    // A request is bought once: other travellers' open offers and unpaid orders for it close.
    if (order.requestId) {
      const siblings = await tx
        .select({ id: transactions.id, status: transactions.status })
        .from(transactions)
        .where(and(eq(transactions.requestId, order.requestId), ne(transactions.id, order.id), inArray(transactions.status, ['offer_by_traveler', 'offer_by_requester', 'awaiting_payment'])));
      for (const s of siblings) {
        await ctx.fire(s.id, 'close_taken_request', { role: 'system' }, { data: { closed_by: order.id } });
      }
    }
    return { payment_id: input.payment.id, provider: input.payment.provider };
  },
  confirm_purchase: async ({ tx, order, input, now }) => {
    const [image] = input.receiptImageId
      ? await tx.select({ id: images.id }).from(images).where(and(eq(images.id, input.receiptImageId), eq(images.userId, order.travelerId)))
      : [];
    if (!image) throw orderInvalid({ receipt_image_id: 'orders:purchase.receipt_required' });
    await tx.update(transactions).set({ receiptImageId: image.id, purchasedAt: now }).where(eq(transactions.id, order.id));
    return { receipt_image_id: image.id, notes: input.note ?? null };
  },
  deliver: async ({ tx, order, input, now }) => {
    await tx.update(transactions).set({ resi: input.resi!, shippedCourier: input.courierName!, shippedAt: now }).where(eq(transactions.id, order.id));
    return { resi: input.resi, courier_name: input.courierName };
  },
  ready_pickup: async ({ tx, order, now }) => {
    await tx.update(transactions).set({ shippedAt: now }).where(eq(transactions.id, order.id));
  },
  accept_delivery: complete,
  pickup_done: complete,
  auto_complete: complete,
  cancel_refund: afterSalesRelease,
  approve_rejection: afterSalesRelease,
  decide_release: afterSalesRelease,
  complain,
  ship_return: afterSales,
  accept_refund: afterSales,
  reject_refund: afterSales,
  appeal: afterSales,
  ship_appeal_return: afterSales,
  report_return_problem: afterSales,
  complaint_timeout: afterSalesRefund,
  finish_refund: afterSalesRefund,
  refund_timeout: afterSalesRefund,
  finish_appeal: afterSalesRefund,
  decide_refund: afterSalesRefund,
};

export async function runEffect(ctx: EffectContext): Promise<Record<string, unknown> | undefined> {
  const effect = EFFECTS[ctx.event];
  const out = effect ? await effect(ctx) : undefined;
  return { ...(out ?? {}), ...(ctx.input.data ?? {}) };
}
