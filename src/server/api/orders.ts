import { Hono } from 'hono';
import { z } from 'zod';
import { idText } from '../../lib/schemas/ids.ts';
import { SELF_PICKUP, type OrderEvent } from '../../lib/orders/vocabulary.ts';
import {
  bidUpdateSchema,
  cancelSchema,
  cartAddSchema,
  cartUpdateSchema,
  checkoutSchema,
  confirmPurchaseSchema,
  deliverSchema,
  expeditionsSchema,
  ordersQuery,
  paySchema,
  requesterCounterSchema,
  takeRequestSchema,
  travelerBidSchema,
  travelerCounterSchema,
} from '../../lib/schemas/orders.ts';
import type { UserRow } from '../domain/accounts/index.ts';
import { addToCart, listCart, removeCartLine, updateCartLine } from '../domain/orders/carts.ts';
import { assertBidShippingFair, checkout, offerOnRequest, takeRequest } from '../domain/orders/create.ts';
import { fire } from '../domain/orders/engine.ts';
import type { EffectInput } from '../domain/orders/effects.ts';
import { orderNotFound } from '../domain/orders/errors.ts';
import { quoteShipping } from '../domain/orders/shipping.ts';
import { partyOf } from '../domain/orders/types.ts';
import { getTransaction, listTransactions } from '../domain/orders/views.ts';
import { handleWebhook, startPayment } from '../domain/payments/payments.ts';
import { transactions } from '../db/orders-schema.ts';
import { eq } from 'drizzle-orm';
import type { ApiEnv } from './context.ts';
import { route } from './contract.ts';
import { ok } from './http.ts';
import type { Context } from 'hono';

type Ctx = Context<ApiEnv>;
const orderId = { id: idText('orders:error.not_found') };
const cartId = { id: idText('orders:cart.not_found') };
const requestId = { id: idText('catalogue:request.not_found') };

/** The order as its viewer sees it after an event (every event answers with it). */
async function viewAfter(c: Ctx, user: UserRow, id: number) {
  const { deps } = c.get('services');
  return getTransaction(deps.db, id, user.id, deps.now(), c.get('lang'));
}

/** Fires an event as the calling party: the role comes from the order, never from the request. */
async function fireAsParty(c: Ctx, user: UserRow, id: number, event: OrderEvent, input: EffectInput = {}, messageKey = `orders:done.${event}`) {
  const { deps } = c.get('services');
  const [order] = await deps.db.select({ requesterId: transactions.requesterId, travelerId: transactions.travelerId }).from(transactions).where(eq(transactions.id, id));
  const role = order && partyOf(order, user.id);
  if (!role) throw orderNotFound();
  await fire(deps, id, event, { role, userId: user.id }, input);
  return ok(c, await viewAfter(c, user, id), messageKey);
}

const eventRoute = (event: OrderEvent, body?: z.ZodType, toInput?: (body: any) => EffectInput) =>
  route({ user: true, params: orderId, ...(body ? { body } : {}) }, async (c, { user, params, body: b }) =>
    fireAsParty(c, user, params.id, event, toInput ? toInput(b) : {}),
  );

export const orderRoutes = new Hono<ApiEnv>()
  // Cart.
  .get(
    '/carts',
    route({ user: true }, async (c, { user }) => ok(c, await listCart(c.get('services').deps.db, user.id, c.get('lang')))),
  )
  .post(
    '/carts',
    route({ guestPages: 'unchanged', user: true, body: cartAddSchema }, async (c, { user, body }) =>
      ok(c, await addToCart(c.get('services').deps.db, user.id, body.product_id, body.quantity), 'orders:cart.added', undefined, 201),
    ),
  )
  .put(
    '/carts/:id',
    route({ guestPages: 'unchanged', user: true, params: cartId, body: cartUpdateSchema }, async (c, { user, params, body }) =>
      ok(c, await updateCartLine(c.get('services').deps.db, user.id, params.id, body.quantity), 'orders:cart.updated'),
    ),
  )
  .delete(
    '/carts/:id',
    route({ guestPages: 'unchanged', user: true, params: cartId }, async (c, { user, params }) => {
      await removeCartLine(c.get('services').deps.db, user.id, params.id);
      return ok(c, null, 'orders:cart.removed');
    }),
  )
  // Courier quotes and payment methods.
  .post(
    '/misc/expeditions',
    route({ user: true, body: expeditionsSchema }, async (c, { body }) => {
      const { deps } = c.get('services');
      const options = await quoteShipping(deps.db, deps.couriers, { tripId: body.trip_id, subDistrictId: body.destination_sub_district_id, items: body.products });
      const t = c.get('t');
      return ok(c, { expeditions: options.map((o) => (o.shipping_id === SELF_PICKUP ? { ...o, courier_name: t('orders:checkout.self_pickup') } : o)) });
    }),
  )
  .get(
    '/misc/payment-methods',
    route({}, async (c) => {
      const t = c.get('t');
      return ok(c, { methods: c.get('services').deps.payments.types().map((type) => ({ payment_type: type, name: t(`orders:pay.method.${type}`) })) });
    }),
  )
  // Orders come to exist.
  .post(
    '/transactions/checkout',
    route({ user: true, idempotent: true, body: checkoutSchema }, async (c, { user, body }) =>
      ok(c, { transactions: await checkout(c.get('services').deps, user, body) }, 'orders:done.checkout', undefined, 201),
    ),
  )
  .post(
    '/transactions/take-request/:id',
    route({ user: true, idempotent: true, params: requestId, body: takeRequestSchema }, async (c, { user, params, body }) => {
      const order = await takeRequest(c.get('services').deps, user, params.id, body);
      return ok(c, await viewAfter(c, user, order.id), 'orders:done.take_request', undefined, 201);
    }),
  )
  .post(
    '/transactions/request-bid/traveler/:id',
    route({ user: true, idempotent: true, params: requestId, body: travelerBidSchema }, async (c, { user, params, body }) => {
      const order = await offerOnRequest(c.get('services').deps, user, params.id, body);
      return ok(c, await viewAfter(c, user, order.id), 'orders:done.offer', undefined, 201);
    }),
  )
  // Offers.
  .post(
    '/transactions/request-bid/requester',
    route({ user: true, body: requesterCounterSchema }, async (c, { user, body }) =>
      fireAsParty(c, user, body.transaction_id, 'counter_by_requester', { amounts: body }),
    ),
  )
  .post(
    '/transactions/request-bid/traveler/transaction/:id',
    route({ user: true, params: orderId, body: travelerCounterSchema }, async (c, { user, params, body }) => {
      await assertBidShippingFair(c.get('services').deps, user.id, params.id, body.shipping_fee);
      return fireAsParty(c, user, params.id, 'counter_by_traveler', { amounts: body });
    }),
  )
  .put(
    '/transactions/request-bid/:id/update',
    route({ user: true, params: orderId, body: bidUpdateSchema }, async (c, { user, params, body }) => {
      await assertBidShippingFair(c.get('services').deps, user.id, params.id, body.shipping_fee);
      return fireAsParty(c, user, params.id, 'update_bid', { amounts: body });
    }),
  )
  .post('/transactions/:id/accept', eventRoute('accept_offer'))
  .post(
    '/transactions/:id/cancel',
    route({ user: true, params: orderId, body: cancelSchema }, async (c, { user, params, body }) => {
      const { deps } = c.get('services');
      const [order] = await deps.db.select({ status: transactions.status }).from(transactions).where(eq(transactions.id, params.id));
      // An open offer is rejected (SPEC §4: rejected_by_requester / rejected_by_traveler); anything else is cancelled with a reason.
      const event: OrderEvent = order?.status.startsWith('offer_') ? 'reject_offer' : 'cancel';
      const reason = String(body.canceled_reason);
      return fireAsParty(c, user, params.id, event, event === 'cancel' ? { reason, note: body.canceled_note } : {});
    }),
  )
  // Payment.
  .post(
    '/transactions/:id/pay',
    route({ user: true, params: orderId, body: paySchema }, async (c, { user, params, body }) => {
      const started = await startPayment(c.get('services').deps, user.id, params.id, body.payment_type);
      return ok(c, started);
    }),
  )
  .post(
    '/payments/webhooks/:provider',
    route({ params: { provider: z.enum(['sandbox', 'midtrans', 'stripe'], { error: 'errors:route_not_found' }) } }, async (c, { params }) => {
      const outcome = await handleWebhook(c.get('services').deps, params.provider, await c.req.text(), c.req.raw.headers);
      return c.json({ data: { outcome } });
    }),
  )
  // Fulfilment (Orders II builds the pages; the machine has the events now).
  .post('/transactions/:id/confirm-purchase', eventRoute('confirm_purchase', confirmPurchaseSchema, (b) => ({ receiptImageId: b.receipt_image_id, note: b.notes })))
  .post('/transactions/:id/deliver-product', eventRoute('deliver', deliverSchema, (b) => ({ resi: b.resi, courierName: b.courier_name })))
  .post('/transactions/:id/ready-pickup', eventRoute('ready_pickup'))
  .post('/transactions/:id/accepted', eventRoute('accept_delivery'))
  .post('/transactions/:id/done', eventRoute('pickup_done'))
  // Dashboards and detail.
  .get(
    '/transactions',
    route({ user: true, query: ordersQuery }, async (c, { user, query }) => {
      const { deps } = c.get('services');
      return ok(c, await listTransactions(deps.db, user.id, query, deps.now(), c.get('lang')));
    }),
  )
  .get(
    '/transactions/:id',
    route({ user: true, params: orderId }, async (c, { user, params }) => ok(c, await viewAfter(c, user, params.id))),
  );
