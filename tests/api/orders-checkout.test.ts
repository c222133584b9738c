import { describe, expect, it } from 'vitest';
import { call, newUser } from '../support/api.ts';
import { checkoutProduct, getOrder, payOrder, requesterWithAddress, travellerWithProduct } from '../support/orders.ts';

describe('cart', () => {
  it('adds, changes and removes lines; refuses your own product and more than the stock', async () => {
    const { traveller, product } = await travellerWithProduct({ stock: 3 });
    const buyer = await newUser();
    const added = await call('POST', '/v1/carts', { token: buyer.token, body: { product_id: product.id, quantity: 2 } });
    expect(added.status).toBe(201);
    const list = await call('GET', '/v1/carts', { token: buyer.token });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ quantity: 2, available: true, product: { slug: product.slug, name: product.name, price: product.price } });
    const tooMany = await call('PUT', `/v1/carts/${added.body.data.id}`, { token: buyer.token, body: { quantity: 4 } });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe('Only 3 left');
    expect((await call('PUT', `/v1/carts/${added.body.data.id}`, { token: buyer.token, body: { quantity: 3 } })).status).toBe(200);
    const own = await call('POST', '/v1/carts', { token: traveller.token, body: { product_id: product.id, quantity: 1 } });
    expect(own.status).toBe(409);
    // Someone else's cart line is not yours to touch.
    expect((await call('DELETE', `/v1/carts/${added.body.data.id}`, { token: traveller.token })).status).toBe(404);
    expect((await call('DELETE', `/v1/carts/${added.body.data.id}`, { token: buyer.token })).status).toBe(200);
    expect((await call('GET', '/v1/carts', { token: buyer.token })).body.data).toEqual([]);
    expect((await call('GET', '/v1/carts')).status).toBe(401);
  });
});

describe('courier quotes', () => {
  it('prices each courier by weight (rounded up per kg) and zone, plus self pickup', async () => {
    const { product } = await travellerWithProduct({ weight: 1200 });
    const buyer = await newUser();
    const res = await call('POST', '/v1/misc/expeditions', {
      token: buyer.token,
      body: { destination_sub_district_id: 317101, trip_id: product.trip_id, products: [{ product_id: product.id, quantity: 1 }] },
    });
    expect(res.status).toBe(200);
    const options = res.body.data.expeditions;
    // Jakarta (the trip's destination) to a Jakarta address: the local zone, 1.2 kg → 2 kg.
    expect(options.find((o: any) => o.shipping_id === 'jne:reg')).toEqual({ shipping_id: 'jne:reg', courier_name: 'JNE REG', total_price: 20_000 });
    expect(options.map((o: any) => o.shipping_id)).toEqual(['pos:kilat', 'sicepat:reg', 'jnt:ez', 'jne:reg', 'self_pickup']);
    expect(options.at(-1)).toMatchObject({ courier_name: 'Self pickup', total_price: 0 });
  });
});

describe('checkout', () => {
  it('creates an order awaiting payment with SPEC §9 totals, reserves stock and empties the cart line', async () => {
    const { traveller, product } = await travellerWithProduct({ stock: 2, price: 150_000, weight: 800 });
    const buyer = await requesterWithAddress();
    await call('POST', '/v1/carts', { token: buyer.token, body: { product_id: product.id, quantity: 1 } });
    const res = await checkoutProduct(buyer, product, { shippingId: 'jne:reg' });
    expect(res.status).toBe(201);
    const [{ id, total_price }] = res.body.data.transactions;
    // sum = 150,000 + 0 tip + 10,000 shipping = 160,000; buyer pays + 5 % = 168,000.
    expect(total_price).toBe(168_000);
    const order = (await getOrder(buyer.token, id)).body.data;
    expect(order).toMatchObject({
      status: 'awaiting_payment',
      stage: 'pembayaran',
      status_detail: 'Waiting for payment',
      viewer_role: 'requester',
      product_price: 150_000,
      shipping_fee: 10_000,
      service_fee: 8_000,
      total_price: 168_000,
      courier: { shipping_id: 'jne:reg', courier_name: 'JNE REG' },
    });
    expect(order.actions.sort()).toEqual(['cancel']);
    expect(order.platform_fee).toBeUndefined();
    expect(order.payment_deadline).toBeTruthy();
    const sale = (await getOrder(traveller.token, id)).body.data;
    // The traveller sees their share: 5 % of 160,000 is 8,000 → 152,000.
    expect(sale).toMatchObject({ viewer_role: 'traveler', platform_fee: 8_000, traveler_total: 152_000 });
    expect(sale.actions).toEqual(['cancel']);
    expect((await call('GET', `/v1/products/${product.slug}`)).body.data.stock).toBe(1);
    expect((await call('GET', '/v1/carts', { token: buyer.token })).body.data).toEqual([]);
  });

  it('refuses a missing courier with the SPEC message, in both languages', async () => {
    const { product } = await travellerWithProduct();
    const buyer = await requesterWithAddress();
    for (const [lang, message] of [['en', 'Choose a courier first'], ['id', 'Pilih pengiriman terlebih dahulu']] as const) {
      const res = await call('POST', '/v1/transactions/checkout', { token: buyer.token, lang, body: { address_id: buyer.address.id, items: [{ product_id: product.id, quantity: 1 }], shipping: [] } });
      expect(res.status).toBe(422);
      expect(res.body.errors.shipping).toBe(message);
    }
  });

  it('refuses your own product, a courier the address cannot get, and someone else\'s address', async () => {
    const { traveller, product } = await travellerWithProduct();
    const buyer = await requesterWithAddress();
    const ownAddress = await requesterWithAddress();
    const own = await call('POST', '/v1/transactions/checkout', { token: traveller.token, body: { address_id: ownAddress.address.id, items: [{ product_id: product.id, quantity: 1 }], shipping: [{ trip_id: product.trip_id, shipping_id: 'jne:reg' }] } });
    expect([409, 422]).toContain(own.status);
    const bogus = await checkoutProduct(buyer, product, { shippingId: 'dhl:express' });
    expect(bogus.status).toBe(422);
    const theirs = await call('POST', '/v1/transactions/checkout', { token: buyer.token, body: { address_id: ownAddress.address.id, items: [{ product_id: product.id, quantity: 1 }], shipping: [{ trip_id: product.trip_id, shipping_id: 'jne:reg' }] } });
    expect(theirs.status).toBe(422);
    expect((await call('GET', `/v1/products/${product.slug}`)).body.data.stock).toBe(5);
  });

  it('twenty buyers at once for the last item: exactly one order, nineteen sold out, stock never negative', async () => {
    const { product } = await travellerWithProduct({ stock: 1 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => requesterWithAddress()));
    const results = await Promise.all(buyers.map((b) => checkoutProduct(b, product, { shippingId: 'jne:reg' })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(results.find((r) => r.status === 409)!.body.message).toBe(`${product.name} is sold out`);
    expect((await call('GET', `/v1/products/${product.slug}`)).body.data.stock).toBe(0);
  });

  it('cancelling an unpaid order returns its stock; only the two parties see the order', async () => {
    const { traveller, product } = await travellerWithProduct({ stock: 1 });
    const buyer = await requesterWithAddress();
    const id = (await checkoutProduct(buyer, product)).body.data.transactions[0].id;
    const stranger = await newUser();
    expect((await getOrder(stranger.token, id)).status).toBe(404);
    expect((await call('GET', `/v1/transactions/${id}`)).status).toBe(401);
    expect((await call('POST', `/v1/transactions/${id}/cancel`, { token: stranger.token, body: { canceled_reason: 1 } })).status).toBe(404);
    const noNote = await call('POST', `/v1/transactions/${id}/cancel`, { token: buyer.token, body: { canceled_reason: 4 } });
    expect(noNote.status).toBe(422);
    const res = await call('POST', `/v1/transactions/${id}/cancel`, { token: buyer.token, lang: 'id', body: { canceled_reason: 2 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'cancelled', stage: 'pembatalan', status_detail: 'Dibatalkan', canceled_by: 'requester', canceled_reason: 'Saya menemukan harga lebih murah', actions: [] });
    expect((await call('GET', `/v1/products/${product.slug}`)).body.data.stock).toBe(1);
    const again = await call('POST', `/v1/transactions/${id}/cancel`, { token: traveller.token, body: { canceled_reason: 1 } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This order cannot do that now');
  });

  it('lists orders by side and stage with counts for the tabs', async () => {
    const { traveller, product } = await travellerWithProduct();
    const buyer = await requesterWithAddress();
    const id = (await checkoutProduct(buyer, product)).body.data.transactions[0].id;
    const purchases = await call('GET', '/v1/transactions?side=purchase&stage=pembayaran', { token: buyer.token });
    expect(purchases.body.data.rows.map((r: any) => r.id)).toEqual([id]);
    expect(purchases.body.data.counts).toEqual({ pembayaran: 1 });
    expect((await call('GET', '/v1/transactions?side=sale', { token: buyer.token })).body.data.rows).toEqual([]);
    const sales = await call('GET', '/v1/transactions?side=sale', { token: traveller.token });
    expect(sales.body.data.rows[0]).toMatchObject({ id, stage: 'pembayaran', viewer_role: 'traveler' });
    await payOrder(buyer.token, id);
    const paid = await call('GET', '/v1/transactions?side=purchase&stage=pembelian', { token: buyer.token });
    expect(paid.body.data.rows[0]).toMatchObject({ id, status: 'paid', status_detail: 'Being purchased' });
  });
});
