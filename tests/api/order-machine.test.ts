/**
 * The order state machine, generated from its table: every event in every state as every role,
 * checked against TRANSITIONS (states and roles) and GUARDS. Each attempt runs in a transaction
 * that is rolled back, so one order per state serves every attempt. Then the same table over
 * HTTP for each event route: guests 401, strangers 404, the wrong side 403, the wrong state 409.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_EVENTS, ORDER_STATES, type OrderEvent, type OrderState } from '../../src/lib/orders/vocabulary.ts';
import type { Database } from '../../src/server/db/client.ts';
import { transactionItems, transactions } from '../../src/server/db/orders-schema.ts';
import { countries, globalCities, products, trips, users } from '../../src/server/db/schema.ts';
import { createHooks } from '../../src/server/domain/hooks.ts';
import type { OrderDeps } from '../../src/server/domain/orders/deps.ts';
import { fireIn } from '../../src/server/domain/orders/engine.ts';
import { GUARDS } from '../../src/server/domain/orders/facts.ts';
import { TRANSITIONS } from '../../src/server/domain/orders/machine.ts';
import type { Actor, OrderRow } from '../../src/server/domain/orders/types.ts';
import { AppError } from '../../src/server/errors.ts';
import { call, newUser } from '../support/api.ts';
import { openTestDatabase } from '../support/database.ts';
import { checkoutProduct, requesterWithAddress, travellerWithProduct } from '../support/orders.ts';

type Who = 'requester' | 'traveler' | 'stranger' | 'system' | 'operator';
const WHO: Who[] = ['requester', 'traveler', 'stranger', 'system', 'operator'];

let database: Database;
const ids = { requester: 0, traveler: 0, stranger: 0, trip: 0, product: 0 };
const orderOf = new Map<OrderState, number>();
const now = new Date('2031-01-10T03:00:00Z');

class Rollback extends Error {}

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  // An in-memory database has no reference data yet: the two places the trip needs.
  await db.insert(countries).values([{ id: 392, iso2: 'JP', nameEn: 'Japan', nameId: 'Jepang' }, { id: 228, iso2: 'ID', nameEn: 'Indonesia', nameId: 'Indonesia' }]).onConflictDoNothing();
  await db.insert(globalCities).values([{ id: 1850147, countryId: 392, name: 'Tokyo' }, { id: 1642911, countryId: 228, name: 'Jakarta' }]).onConflictDoNothing();
  const tag = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const made = await db
    .insert(users)
    .values(['r', 't', 's'].map((k) => ({ name: `Machine ${k}`, username: `m${k}${tag}`.slice(0, 30), email: `m${k}${tag}@example.test` })))
    .returning({ id: users.id });
  [ids.requester, ids.traveler, ids.stranger] = made.map((u) => u.id);
  const [trip] = await db
    .insert(trips)
    .values({ userId: ids.traveler, originCountryId: 392, originCityId: 1850147, destinationCountryId: 228, destinationCityId: 1642911, arrivalDate: '2031-01-01', deliveryDate: '2031-01-05' })
    .returning({ id: trips.id });
  ids.trip = trip.id;
  const [product] = await db
    .insert(products)
    .values({ userId: ids.traveler, tripId: trip.id, slug: `machine-${tag}`, name: 'Machine product', price: 100_000, stock: 5 })
    .returning({ id: products.id });
  ids.product = product.id;
  for (const state of ORDER_STATES) {
    const [order] = await db
      .insert(transactions)
      .values({
        type: state.startsWith('offer_') ? 'request' : 'product',
        status: state,
        requesterId: ids.requester,
        travelerId: ids.traveler,
        tripId: trip.id,
        shippingId: state === 'ready_for_pickup' ? 'self_pickup' : 'jne:reg',
        productPrice: 100_000,
        shippingFee: 10_000,
        serviceFee: 5_500,
        totalPrice: 115_500,
        platformFeePercent: 5,
        platformFee: 5_500,
        travelerTotal: 104_500,
        // Every deadline has passed at `now`, so the table and the other guards decide.
        deadlineAt: new Date('2031-01-09T00:00:00Z'),
        travelerBids: 1,
      })
      .returning({ id: transactions.id });
    await db.insert(transactionItems).values({ transactionId: order.id, productId: product.id, name: 'Machine product', price: 100_000, quantity: 1 });
    orderOf.set(state, order.id);
  }
});

afterAll(async () => {
  await database?.db.execute(sql`delete from transactions where requester_id = ${ids.requester}`);
  await database?.close();
});

function actorOf(who: Who): Actor {
  if (who === 'system') return { role: 'system' };
  if (who === 'operator') return { role: 'operator', userId: ids.stranger };
  return { role: who === 'stranger' ? 'requester' : who, userId: ids[who] };
}

/** What the table says should happen: a status code, or 'ok'. */
function expected(state: OrderState, event: OrderEvent, who: Who, order: OrderRow): number | 'ok' {
  if (who === 'stranger') return 404;
  const t = TRANSITIONS[event];
  if (!t.from.includes(state)) return 409;
  const actor = actorOf(who);
  if (!t.roles.includes(actor.role)) return 403;
  return GUARDS[event]?.(order, actor, now) ? 409 : 'ok';
}

/** Inputs the events carry, valid for this order (the route schemas check their shape). */
function inputFor(event: OrderEvent) {
  switch (event) {
    case 'counter_by_requester':
    case 'counter_by_traveler':
    case 'update_bid':
      return { amounts: { traveler_tip: 1_000, shipping_fee: 2_000 } };
    case 'confirm_payment':
      return { payment: { id: -1, provider: 'sandbox' } };
    case 'deliver':
    case 'ship_return':
    case 'ship_appeal_return':
      return { resi: 'JNE0001', courierName: 'JNE' };
    case 'cancel':
      return { reason: '1' };
    default:
      return { reason: 'other' };
  }
}

describe('the order machine, every event in every state as every role', () => {
  const deps = () => ({ db: database.db, now: () => now, config: { platformFeePercentage: 5 }, hooks: createHooks() }) as unknown as OrderDeps;

  it.each(ORDER_STATES.map((s) => [s]))('in %s', async (state) => {
    const id = orderOf.get(state)!;
    const [order] = await database.db.select().from(transactions).where(sql`${transactions.id} = ${id}`);
    const mismatches: string[] = [];
    let allowed = 0;
    for (const event of ORDER_EVENTS) {
      for (const who of WHO) {
        const want = expected(state, event, who, order);
        let got: number | 'ok';
        try {
          await database.db.transaction(async (tx) => {
            const after = await fireIn(tx, deps(), id, event, actorOf(who), inputFor(event));
            const to = TRANSITIONS[event].to;
            if (after.status !== (to === 'same' ? state : to)) throw new Error(`${event} led to ${after.status}`);
            throw new Rollback();
          });
          got = 'ok';
        } catch (err) {
          if (err instanceof Rollback) got = 'ok';
          else if (err instanceof AppError) got = err.status === 422 ? 'ok' : err.status; // a missing receipt photo: the table allowed it
          else throw err;
        }
        if (got === 'ok') allowed++;
        if (got !== want) mismatches.push(`${event} as ${who}: expected ${want}, got ${got}`);
      }
    }
    expect(mismatches).toEqual([]);
    // The rolled-back attempts left the order as it was.
    const [still] = await database.db.select().from(transactions).where(sql`${transactions.id} = ${id}`);
    expect(still.status).toBe(state);
    expect(allowed).toBe(ORDER_EVENTS.flatMap((e) => WHO.map((w) => expected(state, e, w, order))).filter((x) => x === 'ok').length);
  });
});

/** The event routes, and how each is called over HTTP. */
const ROUTES: { event: OrderEvent; method: string; path: (id: number) => string; body: (id: number) => unknown }[] = [
  { event: 'counter_by_requester', method: 'POST', path: () => '/v1/transactions/request-bid/requester', body: (id) => ({ transaction_id: id, traveler_tip: 1, shipping_fee: 1 }) },
  { event: 'counter_by_traveler', method: 'POST', path: (id) => `/v1/transactions/request-bid/traveler/transaction/${id}`, body: () => ({ traveler_tip: 1, shipping_fee: 1 }) },
  { event: 'update_bid', method: 'PUT', path: (id) => `/v1/transactions/request-bid/${id}/update`, body: () => ({ traveler_tip: 1, shipping_fee: 1 }) },
  { event: 'accept_offer', method: 'POST', path: (id) => `/v1/transactions/${id}/accept`, body: () => ({}) },
  { event: 'confirm_purchase', method: 'POST', path: (id) => `/v1/transactions/${id}/confirm-purchase`, body: () => ({ receipt_image_id: '00000000-0000-4000-8000-000000000000' }) },
  { event: 'deliver', method: 'POST', path: (id) => `/v1/transactions/${id}/deliver-product`, body: () => ({ resi: 'JNE0001', courier_name: 'JNE' }) },
  { event: 'ready_pickup', method: 'POST', path: (id) => `/v1/transactions/${id}/ready-pickup`, body: () => ({}) },
  { event: 'accept_delivery', method: 'POST', path: (id) => `/v1/transactions/${id}/accepted`, body: () => ({}) },
  { event: 'pickup_done', method: 'POST', path: (id) => `/v1/transactions/${id}/done`, body: () => ({}) },
  // After-sales (src/server/api/after-sales.ts).
  { event: 'complain', method: 'POST', path: (id) => `/v1/transactions/${id}/refund`, body: () => ({ reason: 'damaged' }) },
  { event: 'ship_return', method: 'POST', path: (id) => `/v1/transactions/refund/${id}/ship`, body: () => ({ resi: 'JNE0001', courier_name: 'JNE' }) },
  { event: 'accept_refund', method: 'POST', path: (id) => `/v1/transactions/refund/${id}/accept`, body: () => ({}) },
  { event: 'reject_refund', method: 'POST', path: (id) => `/v1/transactions/refund/${id}/reject`, body: () => ({ rejected_reason: 'evidence_insufficient' }) },
  { event: 'cancel_refund', method: 'POST', path: (id) => `/v1/transactions/refund/${id}/cancel`, body: () => ({}) },
  { event: 'approve_rejection', method: 'POST', path: (id) => `/v1/transactions/refund/${id}/approve-rejection`, body: () => ({}) },
  { event: 'finish_refund', method: 'POST', path: (id) => `/v1/transactions/refund/${id}/done`, body: () => ({}) },
  { event: 'appeal', method: 'POST', path: (id) => `/v1/transactions/${id}/appeal`, body: () => ({ reason: 'traveler_not_responding' }) },
  { event: 'ship_appeal_return', method: 'POST', path: (id) => `/v1/transactions/appeal/${id}/ship`, body: () => ({ resi: 'JNE0001', courier_name: 'JNE' }) },
  { event: 'report_return_problem', method: 'POST', path: (id) => `/v1/transactions/appeal/${id}/return-problem`, body: () => ({ return_problem: 'item_damaged' }) },
  { event: 'finish_appeal', method: 'POST', path: (id) => `/v1/transactions/appeal/${id}/done`, body: () => ({}) },
];

describe('the same table over HTTP, on an order awaiting payment', () => {
  it('guests 401, strangers 404, the wrong state 409, the wrong side 403 — and nothing moves', async () => {
    const { traveller, product } = await travellerWithProduct();
    const buyer = await requesterWithAddress();
    const stranger = await newUser();
    const id = (await checkoutProduct(buyer, product)).body.data.transactions[0].id;
    const tokens = { requester: buyer.token, traveler: traveller.token, stranger: stranger.token, guest: undefined };
    const problems: string[] = [];
    for (const r of ROUTES) {
      for (const [who, token] of Object.entries(tokens)) {
        const res = await call(r.method, r.path(id), { token, body: r.body(id) });
        const t = TRANSITIONS[r.event];
        const want = who === 'guest' ? 401 : who === 'stranger' ? 404 : !t.from.includes('awaiting_payment') ? 409 : !t.roles.includes(who as 'requester') ? 403 : 200;
        if (res.status !== want) problems.push(`${r.event} as ${who}: expected ${want}, got ${res.status}`);
      }
    }
    expect(problems).toEqual([]);
    expect((await call('GET', `/v1/transactions/${id}`, { token: buyer.token })).body.data.status).toBe('awaiting_payment');
  });
});
