/**
 * The seams earlier issues left for orders, now with real orders (SPEC §4): trips, accounts and
 * products ask the orders domain whether they may change.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../support/api.ts';
import { completedOrder, paidOrder, shippedOrder } from '../support/fulfil.ts';
import { checkoutProduct, getOrder, receiptImage, requesterWithAddress, requesterWithRequest, travellerWithProduct } from '../support/orders.ts';

const cancelTrip = (token: string, id: number, lang: 'en' | 'id' = 'en') => call('PUT', `/v1/users/trips/${id}/cancel`, { token, lang });
const balance = async (token: string) => (await call('GET', '/v1/balances', { token })).body.data.balance as number;

describe('cancelling a trip', () => {
  it('is refused while an order on it is bought, shipped or waiting for pickup', async () => {
    const o = await paidOrder();
    await call('POST', `/v1/transactions/${o.id}/confirm-purchase`, { token: o.traveller.token, body: { receipt_image_id: await receiptImage(o.traveller.token) } });
    const res = await cancelTrip(o.traveller.token, o.trip.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This trip still has an order being shipped');
    await call('POST', `/v1/transactions/${o.id}/deliver-product`, { token: o.traveller.token, body: { resi: 'JNE1', courier_name: 'JNE' } });
    expect((await cancelTrip(o.traveller.token, o.trip.id, 'id')).status).toBe(409);
    expect((await getOrder(o.buyer.token, o.id)).body.data.status).toBe('shipped');
    // Once the order is completed, nothing holds the trip.
    await call('POST', `/v1/transactions/${o.id}/accepted`, { token: o.buyer.token });
    expect((await cancelTrip(o.traveller.token, o.trip.id)).status).toBe(200);
    expect((await getOrder(o.buyer.token, o.id)).body.data.status).toBe('completed');
  });

  it('cancels its open offers, unpaid orders and paid orders not yet bought, refunding the paid money', async () => {
    const seller = await travellerWithProduct({ stock: 5 });
    const paid = await paidOrder({ traveller: seller });
    const unpaidBuyer = await requesterWithAddress();
    const unpaid = (await checkoutProduct(unpaidBuyer, seller.product)).body.data.transactions[0].id;
    const { buyer: asker, request } = await requesterWithRequest();
    const offer = await call('POST', `/v1/transactions/request-bid/traveler/${request.id}`, {
      token: seller.traveller.token,
      body: { product_price: 800_000, traveler_tip: 50_000, shipping_fee: 20_000, trip_id: seller.trip.id },
    });
    expect(offer.status).toBe(201);

    const res = await cancelTrip(seller.traveller.token, seller.trip.id);
    expect(res.status).toBe(200);

    const paidView = (await getOrder(paid.buyer.token, paid.id)).body.data;
    expect(paidView).toMatchObject({ status: 'cancelled', canceled_by: 'traveler', canceled_reason: 'The trip was cancelled', actions: [] });
    expect(await balance(paid.buyer.token)).toBe(paidView.total_price);
    expect((await getOrder(unpaidBuyer.token, unpaid)).body.data.status).toBe('cancelled');
    expect(await balance(unpaidBuyer.token)).toBe(0);
    expect((await getOrder(asker.token, offer.body.data.id)).body.data.status).toBe('cancelled');
    // The traveller earned nothing.
    expect(await balance(seller.traveller.token)).toBe(0);
  });
});

describe('deleting an account', () => {
  it('is refused with open orders, on either side', async () => {
    const o = await shippedOrder();
    const asBuyer = await call('DELETE', '/v1/users/me', { token: o.buyer.token });
    expect(asBuyer.status).toBe(409);
    expect(asBuyer.body.message).toBe('You still have open orders. Finish or cancel them before deleting your account');
    expect((await call('DELETE', '/v1/users/me', { token: o.traveller.token })).status).toBe(409);
  });

  it('is refused with a balance, and allowed once nothing is open or owed', async () => {
    const o = await completedOrder();
    const traveller = await call('DELETE', '/v1/users/me', { token: o.traveller.token, lang: 'id' });
    expect(traveller.status).toBe(409);
    expect(traveller.body.message).toMatch(/saldo/i);
    // The buyer has neither an open order nor a balance.
    expect((await call('DELETE', '/v1/users/me', { token: o.buyer.token })).status).toBe(200);
  });
});

describe('a product with open orders', () => {
  it('cannot be edited or deleted; it can again once its orders are finished, and the dashboard counts them', async () => {
    const o = await paidOrder();
    const p = o.product;
    const body = { name: p.name, description: 'Eight cakes in a box, bought fresh.', price: 160_000, weight: 800, stock: 5, trip_id: o.trip.id, images: [] };
    const edit = await call('PUT', `/v1/users/products/${p.id}`, { token: o.traveller.token, body });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('This product has active orders, so it cannot be changed now');
    expect((await call('DELETE', `/v1/users/products/${p.id}`, { token: o.traveller.token })).status).toBe(409);

    const mine = (await call('GET', '/v1/users/products', { token: o.traveller.token })).body.data.rows;
    expect(mine.find((r: any) => r.id === p.id).orders_count).toBe(1);

    await call('POST', `/v1/transactions/${o.id}/cancel`, { token: o.traveller.token, body: { canceled_reason: 1 } });
    expect((await call('PUT', `/v1/users/products/${p.id}`, { token: o.traveller.token, body })).status).toBe(200);
  });
});
