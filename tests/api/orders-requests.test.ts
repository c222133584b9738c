import { describe, expect, it } from 'vitest';
import { call, newUser } from '../support/api.ts';
import { newTraveller, newTrip } from '../support/fixtures.ts';
import { getOrder, payOrder, requesterWithRequest } from '../support/orders.ts';

async function travellerWithTrip() {
  const traveller = await newTraveller();
  const trip = await newTrip(traveller.token);
  return { ...traveller, trip };
}

describe('taking a request', () => {
  it('takes it at the requester\'s price and tip; the requester pays; nobody else can take it then', async () => {
    const { buyer, request } = await requesterWithRequest({ price_eta: 800_000, quantity: 2, traveler_tip: 50_000 });
    const t = await travellerWithTrip();
    const res = await call('POST', `/v1/transactions/take-request/${request.id}`, { token: t.token, body: { shipping_fee: 30_000, trip_id: t.trip.id, notes: 'Buying at Ginza' } });
    expect(res.status).toBe(201);
    const id = res.body.data.id;
    // 2 × 800,000 + 50,000 + 30,000 = 1,680,000; + 5 % = 1,764,000.
    expect(res.body.data).toMatchObject({ status: 'awaiting_payment', transaction_type: 'request', product_price: 1_600_000, total_price: 1_764_000, platform_fee: 84_000, traveler_total: 1_596_000 });
    const other = await travellerWithTrip();
    const second = await call('POST', `/v1/transactions/take-request/${request.id}`, { token: other.token, body: { shipping_fee: 10_000, trip_id: other.trip.id } });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'REQUEST_UNAVAILABLE', message: 'Another traveller has already taken this request' });
    expect((await getOrder(buyer.token, id)).body.data.actions).toEqual(['cancel']);
    const { outcome } = await payOrder(buyer.token, id);
    expect(outcome).toBe('confirmed');
    expect((await getOrder(t.token, id)).body.data).toMatchObject({ status: 'paid', stage: 'pembelian', actions: ['cancel', 'confirm_purchase'] });
  });

  it('refuses your own request, a trip that is not yours, and an unverified traveller', async () => {
    const { buyer, request } = await requesterWithRequest();
    const t = await travellerWithTrip();
    const own = await call('POST', `/v1/transactions/take-request/${request.id}`, { token: buyer.token, body: { shipping_fee: 1, trip_id: t.trip.id } });
    expect([403, 409]).toContain(own.status);
    const other = await travellerWithTrip();
    const notMine = await call('POST', `/v1/transactions/take-request/${request.id}`, { token: other.token, body: { shipping_fee: 1, trip_id: t.trip.id } });
    expect(notMine.status).toBe(422);
    const unverified = await newUser();
    expect((await call('POST', `/v1/transactions/take-request/${request.id}`, { token: unverified.token, body: { shipping_fee: 1, trip_id: t.trip.id } })).status).toBe(403);
    expect((await call('POST', `/v1/transactions/take-request/${request.id}`, { body: { shipping_fee: 1, trip_id: t.trip.id } })).status).toBe(401);
  });
});

describe('offers on a request', () => {
  it('traveller offers, requester counters once, traveller counters back once, requester accepts and pays', async () => {
    const { buyer, request } = await requesterWithRequest({ price_eta: 500_000, quantity: 1, traveler_tip: 20_000 });
    const t = await travellerWithTrip();
    const offer = await call('POST', `/v1/transactions/request-bid/traveler/${request.id}`, {
      token: t.token,
      body: { product_price: 550_000, traveler_tip: 40_000, shipping_fee: 25_000, trip_id: t.trip.id, notes: 'Store price went up' },
    });
    expect(offer.status).toBe(201);
    const id = offer.body.data.id;
    expect(offer.body.data).toMatchObject({ status: 'offer_by_traveler', stage: 'penawaran', total_price: 645_750 });
    expect(offer.body.data.expires_at).toBeTruthy();
    // Only one open offer per traveller per request.
    expect((await call('POST', `/v1/transactions/request-bid/traveler/${request.id}`, { token: t.token, body: { product_price: 1, traveler_tip: 0, shipping_fee: 0, trip_id: t.trip.id } })).status).toBe(409);

    let seen = (await getOrder(buyer.token, id)).body.data;
    expect(seen.actions.sort()).toEqual(['accept_offer', 'counter_by_requester', 'reject_offer']);
    // The traveller cannot accept their own offer; the API says whose move it is.
    expect((await call('POST', `/v1/transactions/${id}/accept`, { token: t.token })).status).toBe(409);

    const counter = await call('POST', '/v1/transactions/request-bid/requester', { token: buyer.token, body: { transaction_id: id, traveler_tip: 20_000, shipping_fee: 25_000, product_price: 520_000 } });
    expect(counter.status).toBe(200);
    expect(counter.body.data).toMatchObject({ status: 'offer_by_requester', product_price: 520_000, traveler_tip: 20_000 });
    const again = await call('POST', '/v1/transactions/request-bid/requester', { token: buyer.token, body: { transaction_id: id, traveler_tip: 1, shipping_fee: 1 } });
    expect(again.status).toBe(409);

    // The requester may update their own open bid (tip and shipping), not the traveller.
    expect((await call('PUT', `/v1/transactions/request-bid/${id}/update`, { token: buyer.token, body: { traveler_tip: 25_000, shipping_fee: 25_000 } })).status).toBe(200);
    expect((await call('PUT', `/v1/transactions/request-bid/${id}/update`, { token: t.token, body: { traveler_tip: 1, shipping_fee: 1 } })).status).toBe(409);

    const back = await call('POST', `/v1/transactions/request-bid/traveler/transaction/${id}`, { token: t.token, body: { traveler_tip: 30_000, shipping_fee: 25_000 } });
    expect(back.status).toBe(200);
    expect(back.body.data.status).toBe('offer_by_traveler');
    seen = (await getOrder(buyer.token, id)).body.data;
    // Each side has bid: the requester can only accept or reject now.
    expect(seen.actions.sort()).toEqual(['accept_offer', 'reject_offer']);
    expect(seen.bid_histories.map((b: any) => b.role)).toEqual(['traveler', 'requester', 'requester', 'traveler']);

    const accepted = await call('POST', `/v1/transactions/${id}/accept`, { token: buyer.token });
    expect(accepted.status).toBe(200);
    // 520,000 + 30,000 + 25,000 = 575,000 → 603,750.
    expect(accepted.body.data).toMatchObject({ status: 'awaiting_payment', stage: 'pembayaran', total_price: 603_750 });
    expect((await payOrder(buyer.token, id)).outcome).toBe('confirmed');
    expect((await getOrder(buyer.token, id)).body.data.histories.map((h: any) => [h.event, h.actor_role])).toEqual([
      ['offer', 'traveler'],
      ['counter_by_requester', 'requester'],
      ['update_bid', 'requester'],
      ['counter_by_traveler', 'traveler'],
      ['accept_offer', 'requester'],
      ['confirm_payment', 'system'],
    ]);
  });

  it('rejecting an offer records who rejected it; paying one request closes the other travellers\' offers', async () => {
    const { buyer, request } = await requesterWithRequest();
    const a = await travellerWithTrip();
    const b = await travellerWithTrip();
    const body = (trip: number) => ({ product_price: 800_000, traveler_tip: 50_000, shipping_fee: 20_000, trip_id: trip });
    const offerA = (await call('POST', `/v1/transactions/request-bid/traveler/${request.id}`, { token: a.token, body: body(a.trip.id) })).body.data.id;
    const offerB = (await call('POST', `/v1/transactions/request-bid/traveler/${request.id}`, { token: b.token, body: body(b.trip.id) })).body.data.id;
    const c = await travellerWithTrip();
    const offerC = (await call('POST', `/v1/transactions/request-bid/traveler/${request.id}`, { token: c.token, body: body(c.trip.id) })).body.data.id;
    const rejected = await call('POST', `/v1/transactions/${offerC}/cancel`, { token: buyer.token, body: { canceled_reason: 'rejected_by_requester' } });
    expect(rejected.body.data).toMatchObject({ status: 'cancelled', canceled_by: 'requester', canceled_reason: 'Rejected by the requester' });
    await call('POST', `/v1/transactions/${offerA}/accept`, { token: buyer.token });
    await payOrder(buyer.token, offerA);
    const closed = (await getOrder(b.token, offerB)).body.data;
    expect(closed).toMatchObject({ status: 'cancelled', canceled_reason: 'Another traveller took the request' });
  });
});
