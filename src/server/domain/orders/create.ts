import { and, eq, gte, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { todayIso } from '../../../lib/dates.ts';
import { lineTotal, orderTotals, withinOrderMax } from '../../../lib/money/index.ts';
import { PAYMENT_WINDOW_HOURS } from '../../../lib/orders/vocabulary.ts';
import type { CheckoutInput } from '../../../lib/schemas/orders.ts';
import type { Tx } from '../../db/client.ts';
import type { AddressSnapshot } from '../../../lib/views/index.ts';
import { carts, transactionItems, transactions } from '../../db/orders-schema.ts';
import { addresses, idnCities, idnProvinces, idnSubDistricts, posCodes, productImages, products, requestImages, requests, trips } from '../../db/schema.ts';
import { requireVerifiedPhone } from '../accounts/phone-verification.ts';
import type { UserRow } from '../accounts/users.ts';
import { afterCommit, type OrderDeps } from './deps.ts';
import { recordBid } from './effects.ts';
import { scheduleDeadline, writeHistory } from './engine.ts';
import { AppErrorCode } from '../../errors.ts';
import { orderConflict, orderInvalid, outOfStock } from './errors.ts';
import { FINAL_STATES, CREATION, holdsRequest, type CreationEvent } from './machine.ts';
import { assertUnpaidRoom, assertWithinPerOrder } from './holding.ts';
import { notifyTransition } from './notify.ts';
import { assertShippingFeeFair, DEFAULT_UNIT_WEIGHT_GRAMS, quoteShipping } from './shipping.ts';
import type { OrderRow } from './types.ts';

/** The buyer's address, copied into the order (later edits of the address book do not move it). */
async function addressSnapshot(tx: Tx, userId: number, id: number): Promise<AddressSnapshot> {
  const [a] = await tx
    .select({
      id: addresses.id,
      name: addresses.name,
      phone: addresses.phoneNumber,
      label: addresses.label,
      detail: addresses.detail,
      countryId: addresses.countryId,
      provinceId: addresses.provinceId,
      cityId: addresses.cityId,
      subDistrictId: addresses.subDistrictId,
      province: idnProvinces.name,
      city: idnCities.name,
      subDistrict: idnSubDistricts.name,
      posCode: posCodes.code,
    })
    .from(addresses)
    .leftJoin(idnProvinces, eq(idnProvinces.id, addresses.provinceId))
    .leftJoin(idnCities, eq(idnCities.id, addresses.cityId))
    .leftJoin(idnSubDistricts, eq(idnSubDistricts.id, addresses.subDistrictId))
    .leftJoin(posCodes, eq(posCodes.id, addresses.posCodeId))
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId), isNull(addresses.deletedAt)));
  if (!a) throw orderInvalid({ address_id: 'orders:checkout.choose_address' });
  return {
    id: a.id,
    name: a.name,
    phone_number: a.phone,
    label: a.label,
    detail: a.detail,
    country_id: a.countryId,
    province_id: a.provinceId,
    city_id: a.cityId,
    sub_district_id: a.subDistrictId,
    pos_code: a.posCode,
    text: [a.detail, a.subDistrict, a.city, a.province, a.posCode].filter(Boolean).join(', '),
  };
}

/**
 * A trip an order can still be made on: active and not past its delivery date. Read with a
 * share lock, so a trip being cancelled (which locks it for update) waits for this order to
 * commit and then sees it — or this order waits and sees the trip cancelled.
 */
async function lockOpenTrip(tx: Tx, tripId: number, today: string, key = 'orders:checkout.trip_closed') {
  const [trip] = await tx.select().from(trips).where(eq(trips.id, tripId)).for('share');
  if (!trip || trip.status !== 'ACTIVE' || (trip.updatedDeliveryDate ?? trip.deliveryDate) < today) throw orderConflict(key);
  return trip;
}

async function insertOrder(
  tx: Tx,
  deps: OrderDeps,
  how: CreationEvent,
  actorId: number,
  values: Omit<typeof transactions.$inferInsert, 'status' | 'serviceFee' | 'totalPrice' | 'platformFee' | 'travelerTotal' | 'platformFeePercent'>,
  items: Omit<typeof transactionItems.$inferInsert, 'transactionId'>[],
): Promise<OrderRow> {
  const now = deps.now();
  const percent = deps.config.platformFeePercentage;
  if (!withinOrderMax({ productPrice: values.productPrice, travelerTip: values.travelerTip ?? 0, shippingFee: values.shippingFee ?? 0 })) {
    throw orderInvalid({ total_price: 'orders:amount.too_big' }, {});
  }
  const totals = orderTotals({ productPrice: values.productPrice, travelerTip: values.travelerTip ?? 0, shippingFee: values.shippingFee ?? 0 }, percent);
  const status = CREATION[how].to;
  const [order] = await tx
    .insert(transactions)
    .values({
      ...values,
      status,
      platformFeePercent: percent,
      serviceFee: totals.serviceFee,
      totalPrice: totals.totalPrice,
      platformFee: totals.platformFee,
      travelerTotal: totals.travelerTotal,
      paymentDeadline: status === 'awaiting_payment' ? new Date(now.getTime() + PAYMENT_WINDOW_HOURS * 3_600_000) : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx.insert(transactionItems).values(items.map((i) => ({ ...i, transactionId: order.id })));
  const role = CREATION[how].role;
  await writeHistory(tx, order.id, how, null, status, { role, userId: actorId });
  await scheduleDeadline(tx, order.id, status, now);
  return order;
}

const firstImage = async (tx: Tx, productId: number) =>
  (await tx.select({ id: productImages.imageId }).from(productImages).where(eq(productImages.productId, productId)).orderBy(productImages.position).limit(1))[0]?.id ?? null;

/**
 * Checkout (a cart or buy-now): one order per trip, priced from the database, shipping re-quoted
 * here (a client's price is never trusted). Stock is reserved by one conditional UPDATE per item
 * (`stock >= quantity`), so of two buyers of the last item exactly one gets it; the loser's
 * whole checkout rolls back.
 */
export async function checkout(deps: OrderDeps, user: UserRow, input: CheckoutInput) {
  const ids = [...new Set(input.items.map((i) => i.product_id))];
  if (ids.length !== input.items.length) throw orderInvalid({ items: 'orders:checkout.duplicate_item' });
  const rows = await deps.db
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      weight: products.weight,
      userId: products.userId,
      tripId: products.tripId,
      active: products.active,
      maxPerOrder: products.maxPerOrder,
    })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const item of input.items) {
    const p = byId.get(item.product_id);
    if (!p || !p.active) throw orderConflict('orders:checkout.product_gone');
    if (p.userId === user.id) throw orderConflict('orders:checkout.own_product');
    assertWithinPerOrder(p, item.quantity);
  }
  const tripIds = [...new Set(rows.map((r) => r.tripId))];
  const address = await deps.db.transaction((tx) => addressSnapshot(tx, user.id, input.address_id));
  if (!address.sub_district_id) throw orderInvalid({ address_id: 'orders:checkout.address_not_shippable' });

  // Quotes before the transaction: a courier API call must not hold row locks.
  const shipping = new Map<number, { shippingId: string; courierName: string; fee: number }>();
  for (const tripId of tripIds) {
    const choice = input.shipping.find((s) => s.trip_id === tripId);
    if (!choice) throw orderInvalid({ shipping: 'orders:checkout.choose_courier' });
    const items = input.items.filter((i) => byId.get(i.product_id)!.tripId === tripId);
    const options = await quoteShipping(deps.db, deps.couriers, { tripId, subDistrictId: address.sub_district_id, items });
    const option = options.find((o) => o.shipping_id === choice.shipping_id);
    if (!option) throw orderInvalid({ shipping: 'orders:checkout.courier_unavailable' });
    shipping.set(tripId, { shippingId: option.shipping_id, courierName: option.courier_name, fee: option.total_price });
  }

  const created = await deps.db.transaction(async (tx) => {
    await assertUnpaidRoom(tx, user.id, tripIds.length, deps.config.limits.unpaidOrdersPerUser);
    const today = todayIso(deps.now());
    const out: OrderRow[] = [];
    for (const tripId of tripIds) {
      const trip = await lockOpenTrip(tx, tripId, today);
      const items = input.items.filter((i) => byId.get(i.product_id)!.tripId === tripId);
      const lines = [];
      for (const item of items) {
        const [reserved] = await tx
          .update(products)
          .set({ stock: sql`${products.stock} - ${item.quantity}` })
          .where(and(eq(products.id, item.product_id), eq(products.active, true), gte(products.stock, item.quantity)))
          .returning({ id: products.id, name: products.name, price: products.price, weight: products.weight });
        if (!reserved) throw outOfStock('orders:checkout.out_of_stock', { name: byId.get(item.product_id)!.name });
        lines.push({
          productId: reserved.id,
          name: reserved.name,
          price: reserved.price,
          quantity: item.quantity,
          weight: reserved.weight,
          notes: item.notes ?? null,
          imageId: await firstImage(tx, reserved.id),
        });
      }
      const ship = shipping.get(tripId)!;
      if (!withinOrderMax({ lines, shippingFee: ship.fee })) throw orderInvalid({ items: 'orders:amount.too_big' }, {});
      const order = await insertOrder(
        tx,
        deps,
        'checkout',
        user.id,
        {
          type: 'product',
          requesterId: user.id,
          travelerId: trip.userId,
          tripId,
          addressId: address.id,
          address,
          shippingId: ship.shippingId,
          courierName: ship.courierName,
          productPrice: lines.reduce((s, l) => s + lineTotal(l.price, l.quantity), 0),
          travelerTip: 0,
          shippingFee: ship.fee,
          notes: items.map((i) => i.notes).filter(Boolean).join('\n') || null,
        },
        lines,
      );
      await notifyTransition(tx, order, 'created', { role: 'requester', userId: user.id });
      out.push(order);
    }
    // Bought lines leave the cart.
    await tx.delete(carts).where(and(eq(carts.userId, user.id), inArray(carts.productId, ids)));
    return out;
  });
  afterCommit(deps);
  return created.map((o) => ({ id: o.id, total_price: o.totalPrice }));
}

/**
 * Locks a request a traveller wants to take or bid on: it must be active, open (not closed by its
 * requester), someone else's, not
 * already bought or being paid for, and this traveller must have no open order for it.
 */
async function lockRequestFor(tx: Tx, travelerId: number, requestId: number) {
  const [request] = await tx.select().from(requests).where(eq(requests.id, requestId)).for('update');
  if (!request || !request.active) throw orderConflict('orders:request.unavailable', {}, AppErrorCode.REQUEST_UNAVAILABLE);
  if (request.closedAt) throw orderConflict('orders:request.closed', {}, AppErrorCode.REQUEST_UNAVAILABLE);
  if (request.userId === travelerId) throw orderConflict('orders:request.own');
  const open = await tx
    .select({ status: transactions.status, travelerId: transactions.travelerId })
    .from(transactions)
    .where(and(eq(transactions.requestId, requestId), notInArray(transactions.status, [...FINAL_STATES])));
  if (open.some((o) => holdsRequest(o.status))) throw orderConflict('orders:request.taken', {}, AppErrorCode.REQUEST_UNAVAILABLE);
  if (open.some((o) => o.travelerId === travelerId)) throw orderConflict('orders:request.already_offered');
  return request;
}

async function requestOrder(
  deps: OrderDeps,
  traveler: UserRow,
  requestId: number,
  how: 'take_request' | 'offer',
  input: { trip_id: number; notes?: string; shipping_fee: number; traveler_tip?: number; product_price?: number; weight?: number },
) {
  requireVerifiedPhone(traveler);
  // The shipping fee is priced before the transaction: a courier API call must not hold row locks.
  const [asked] = await deps.db
    .select({ quantity: requests.quantity, subDistrictId: addresses.subDistrictId })
    .from(requests)
    .leftJoin(addresses, eq(addresses.id, requests.addressId))
    .where(eq(requests.id, requestId));
  const unitWeight = input.weight ?? DEFAULT_UNIT_WEIGHT_GRAMS;
  if (asked) {
    await assertShippingFeeFair(deps, { tripId: input.trip_id, subDistrictId: asked.subDistrictId, weightGrams: unitWeight * asked.quantity, fee: input.shipping_fee });
  }
  const order = await deps.db.transaction(async (tx) => {
    const request = await lockRequestFor(tx, traveler.id, requestId);
    const trip = await lockOpenTrip(tx, input.trip_id, todayIso(deps.now()), 'places:filter.trip_required');
    if (trip.userId !== traveler.id) throw orderInvalid({ trip_id: 'places:filter.trip_required' });
    const address = request.addressId ? await addressSnapshot(tx, request.userId, request.addressId).catch(() => null) : null;
    const [image] = await tx.select({ id: requestImages.imageId }).from(requestImages).where(eq(requestImages.requestId, request.id)).orderBy(requestImages.position).limit(1);
    const price = lineTotal(request.priceEta, request.quantity);
    const created = await insertOrder(
      tx,
      deps,
      how,
      traveler.id,
      {
        type: 'request',
        requesterId: request.userId,
        travelerId: traveler.id,
        tripId: trip.id,
        requestId: request.id,
        addressId: address?.id ?? null,
        address,
        productPrice: how === 'offer' ? input.product_price! : price,
        travelerTip: how === 'offer' ? input.traveler_tip! : request.travelerTip,
        shippingFee: input.shipping_fee,
        notes: input.notes ?? null,
      },
      [{ requestId: request.id, name: request.name, price: request.priceEta, quantity: request.quantity, weight: unitWeight, imageId: image?.id ?? null, notes: input.notes ?? null }],
    );
    if (how === 'offer') {
      await recordBid(tx, created, 'traveler', { product_price: created.productPrice, traveler_tip: created.travelerTip, shipping_fee: created.shippingFee });
    }
    await notifyTransition(tx, created, how === 'offer' ? 'offer' : 'take_request', { role: 'traveler', userId: traveler.id });
    return created;
  });
  afterCommit(deps);
  return order;
}

/**
 * A traveller's counter or bid update on a request order names a new shipping fee: it is held to
 * the same ceiling as their first offer (priced before the event fires, outside its transaction).
 * The requester's own bids are theirs to make.
 */
export async function assertBidShippingFair(deps: OrderDeps, userId: number, orderId: number, shippingFee: number) {
  const [order] = await deps.db
    .select({ travelerId: transactions.travelerId, tripId: transactions.tripId, address: transactions.address, type: transactions.type })
    .from(transactions)
    .where(eq(transactions.id, orderId));
  if (!order || order.travelerId !== userId || order.type !== 'request') return;
  const [item] = await deps.db.select({ weight: transactionItems.weight, quantity: transactionItems.quantity }).from(transactionItems).where(eq(transactionItems.transactionId, orderId)).limit(1);
  const weightGrams = (item?.weight ?? DEFAULT_UNIT_WEIGHT_GRAMS) * (item?.quantity ?? 1);
  await assertShippingFeeFair(deps, { tripId: order.tripId, subDistrictId: order.address?.sub_district_id ?? null, weightGrams, fee: shippingFee });
}

/** A traveller takes a request at the requester's price and tip, adding shipping: it awaits payment. */
export const takeRequest = (deps: OrderDeps, traveler: UserRow, requestId: number, input: { trip_id: number; notes?: string; shipping_fee: number; weight?: number }) =>
  requestOrder(deps, traveler, requestId, 'take_request', input);

/** A traveller's offer on a request (their first bid); the requester accepts, counters or rejects. */
export const offerOnRequest = (
  deps: OrderDeps,
  traveler: UserRow,
  requestId: number,
  input: { trip_id: number; notes?: string; shipping_fee: number; traveler_tip: number; product_price: number; weight?: number },
) => requestOrder(deps, traveler, requestId, 'offer', input);
