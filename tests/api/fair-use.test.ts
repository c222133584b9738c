/**
 * A marketplace that holds up against its own users: contact details only after payment, one
 * order per click, a cap on unpaid orders, fair shipping fees, bounded amounts, one buyer per
 * request, and rates on what lands with other people.
 */
import { describe, expect, it } from 'vitest';
import { apiUrl, call, newUser } from '../support/api.ts';
import { newTraveller, newTrip } from '../support/fixtures.ts';
import { checkoutProduct, getOrder, payOrder, requesterWithAddress, requesterWithRequest, travellerWithProduct } from '../support/orders.ts';

async function travellerWithTrip() {
  const traveller = await newTraveller();
  const trip = await newTrip(traveller.token);
  return { ...traveller, trip };
}

/** The checkout body `checkoutProduct` sends, with the cheapest courier. */
async function checkoutBody(buyer: { token: string; address: { id: number } }, product: { id: number; trip_id: number }, quantity = 1) {
  const quote = await call('POST', '/v1/misc/expeditions', {
    token: buyer.token,
    body: { destination_sub_district_id: 317101, trip_id: product.trip_id, products: [{ product_id: product.id, quantity }] },
  });
  return { address_id: buyer.address.id, items: [{ product_id: product.id, quantity }], shipping: [{ trip_id: product.trip_id, shipping_id: quote.body.data.expeditions[0].shipping_id }] };
}

const SECRET_PARTS = ['Rina', '081299998888', '+6281299998888', 'Jl. Sudirman 1'];
const leaks = (value: unknown) => SECRET_PARTS.filter((part) => JSON.stringify(value).includes(part));

describe('contact details only when they are needed', () => {
  it("an offer's and a take's views show the traveller the area, never the buyer's name, street or phone, until payment", async () => {
    const { buyer, request } = await requesterWithRequest({ price_eta: 300_000 });
    const offerer = await travellerWithTrip();
    const offer = await call('POST', `/v1/transactions/request-bid/traveler/${request.id}`, {
      token: offerer.token,
      body: { product_price: 300_000, traveler_tip: 20_000, shipping_fee: 20_000, trip_id: offerer.trip.id },
    });
    expect(offer.status).toBe(201);
    expect(offer.body.data.address).toMatchObject({ restricted: true, sub_district_id: 317101, pos_code: '10110' });
    expect(offer.body.data.address.text).toMatch(/10110/);
    expect(leaks(offer.body)).toEqual([]);
    const offerId = offer.body.data.id;
    // Withdrawn at once: nothing learnt, in the detail, the list or after the order closed.
    expect((await call('POST', `/v1/transactions/${offerId}/cancel`, { token: offerer.token, body: { canceled_reason: 'rejected_by_traveler' } })).status).toBe(200);
    expect(leaks((await getOrder(offerer.token, offerId)).body)).toEqual([]);
    expect(leaks((await call('GET', '/v1/transactions?side=sale', { token: offerer.token })).body)).toEqual([]);

    const taker = await travellerWithTrip();
    const take = await call('POST', `/v1/transactions/take-request/${request.id}`, { token: taker.token, body: { shipping_fee: 20_000, trip_id: taker.trip.id } });
    expect(take.status).toBe(201);
    expect(leaks(take.body)).toEqual([]);
    // The buyer sees their own address whole all along.
    expect((await getOrder(buyer.token, take.body.data.id)).body.data.address).toMatchObject({ restricted: false, name: 'Rina', phone_number: '+6281299998888', detail: 'Jl. Sudirman 1' });

    await payOrder(buyer.token, take.body.data.id);
    const paid = (await getOrder(taker.token, take.body.data.id)).body.data;
    expect(paid.address).toMatchObject({ restricted: false, name: 'Rina', phone_number: '+6281299998888', detail: 'Jl. Sudirman 1' });
  });
});

describe('one order per click, and holding stock fairly', () => {
  it('30 identical checkouts at once with one Idempotency-Key make one order; each gets its answer', async () => {
    const { product } = await travellerWithProduct({ stock: 40 });
    const buyer = await requesterWithAddress();
    const body = await checkoutBody(buyer, product);
    const key = `click-${Date.now()}`;
    const answers = await Promise.all(Array.from({ length: 30 }, () => call('POST', '/v1/transactions/checkout', { token: buyer.token, body, headers: { 'Idempotency-Key': key } })));
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(201));
    const ids = new Set(answers.map((a) => a.body.data.transactions[0].id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(29);
    const mine = await call('GET', '/v1/transactions?side=purchase', { token: buyer.token });
    expect(mine.body.data.total).toBe(1);
    // One unit reserved, not thirty.
    expect((await call('GET', `/v1/products/${product.slug}`)).body.data.stock).toBe(39);

    // The same key for another body is a mistake, said so; nothing is ordered.
    const other = await call('POST', '/v1/transactions/checkout', { token: buyer.token, lang: 'id', body: { ...body, items: [{ ...body.items[0], quantity: 2 }] }, headers: { 'Idempotency-Key': key } });
    expect(other.status).toBe(422);
    expect(other.body.message).toMatch(/Idempotency-Key ini sudah dipakai/);
    expect((await call('POST', '/v1/transactions/checkout', { token: buyer.token, body, headers: { 'Idempotency-Key': 'x'.repeat(256) } })).status).toBe(422);
    // Another user's identical key is theirs: keys are per user.
    const someone = await requesterWithAddress();
    const theirs = await call('POST', '/v1/transactions/checkout', { token: someone.token, body: { ...body, address_id: someone.address.id }, headers: { 'Idempotency-Key': key } });
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.transactions[0].id).not.toBe([...ids][0]);
  });

  it('a take and an offer sent twice with one key are made once', async () => {
    const { request } = await requesterWithRequest();
    const t = await travellerWithTrip();
    const headers = { 'Idempotency-Key': `take-${Date.now()}` };
    const body = { shipping_fee: 20_000, trip_id: t.trip.id };
    const [a, b] = await Promise.all([1, 2].map(() => call('POST', `/v1/transactions/take-request/${request.id}`, { token: t.token, body, headers })));
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data.id).toBe(b.body.data.id);
  });

  it('a buyer holds at most 3 unpaid orders: the 4th is refused, even 10 at once; paying one makes room', async () => {
    const buyer = await requesterWithAddress();
    const products = await Promise.all(Array.from({ length: 4 }, () => travellerWithProduct({ stock: 3 }).then((p) => p.product)));
    const bodies = await Promise.all(products.map((p) => checkoutBody(buyer, p)));
    const first = await Promise.all([0, 1, 2, 0, 1, 2, 0, 1, 2, 3].map((i) => call('POST', '/v1/transactions/checkout', { token: buyer.token, body: bodies[i] })));
    expect(first.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = first.filter((r) => r.status !== 201);
    expect(new Set(refused.map((r) => r.status))).toEqual(new Set([409]));
    expect(refused[0].body.message).toBe('You already have 3 unpaid orders. Pay or cancel one first: one buyer may hold at most 3 unpaid orders at a time');
    const fourth = await call('POST', '/v1/transactions/checkout', { token: buyer.token, lang: 'id', body: bodies[3] });
    expect(fourth.status).toBe(409);
    expect(fourth.body.message).toMatch(/paling banyak boleh punya 3 pesanan belum dibayar/);
    // Nothing of the refused checkouts is reserved.
    const stocks = await Promise.all(products.map(async (p) => (await call('GET', `/v1/products/${p.slug}`)).body.data.stock));
    expect(stocks.reduce((a, b) => a + b, 0)).toBe(4 * 3 - 3);

    await payOrder(buyer.token, first.find((r) => r.status === 201)!.body.data.transactions[0].id);
    expect((await call('POST', '/v1/transactions/checkout', { token: buyer.token, body: bodies[3] })).status).toBe(201);
  });

  it('one order takes at most 10 units of a post unless its traveller allows more', async () => {
    const { product } = await travellerWithProduct({ stock: 50 });
    const buyer = await requesterWithAddress();
    const eleven = await call('POST', '/v1/transactions/checkout', { token: buyer.token, body: await checkoutBody(buyer, product, 11) });
    expect(eleven.status).toBe(422);
    expect(eleven.body.message).toBe(`One order may take at most 10 of “${product.name}”`);
    expect((await call('POST', '/v1/carts', { token: buyer.token, body: { product_id: product.id, quantity: 11 } })).status).toBe(422);

    const generous = await newTraveller();
    const trip = await newTrip(generous.token);
    const posted = await call('POST', '/v1/users/products', {
      token: generous.token,
      body: { name: 'Hello Kitty sticker sheet', description: 'Sanrio sticker sheet, 40 stickers.', price: 20_000, weight: 20, stock: 100, max_per_order: 30, trip_id: trip.id },
    });
    expect(posted.status).toBe(201);
    expect(posted.body.data.max_per_order).toBe(30);
    expect((await call('POST', '/v1/transactions/checkout', { token: buyer.token, body: await checkoutBody(buyer, posted.body.data, 25) })).status).toBe(201);
    const none = await call('POST', '/v1/users/products', {
      token: generous.token,
      body: { name: 'Hello Kitty pen', description: 'Sanrio gel pen, black ink.', price: 20_000, weight: 20, stock: 100, max_per_order: 0, trip_id: trip.id },
    });
    expect(none.status).toBe(422);
    expect(Object.keys(none.body.errors)).toEqual(['max_per_order']);
  });

  it("a shipping fee far above the courier quote is refused with the quote; a fair one passes", async () => {
    const { request } = await requesterWithRequest();
    const t = await travellerWithTrip();
    // Tokyo → Jakarta lands in Jakarta; 1 kg to Central Jakarta: the table's dearest is JNE REG, Rp 10.000.
    const greedy = await call('POST', `/v1/transactions/take-request/${request.id}`, { token: t.token, body: { shipping_fee: 100_000, trip_id: t.trip.id } });
    expect(greedy.status).toBe(422);
    expect(greedy.body.message).toBe('This shipping fee is too high: couriers quote Rp. 10.000 for 1 kg to this address, so the most you may ask is Rp. 45.000');
    expect(greedy.body.errors.shipping_fee).toBe(greedy.body.message);
    const blocking = await call('POST', `/v1/transactions/request-bid/traveler/${request.id}`, {
      token: t.token,
      lang: 'id',
      body: { product_price: 800_000, traveler_tip: 0, shipping_fee: 999_999, trip_id: t.trip.id },
    });
    expect(blocking.status).toBe(422);
    expect(blocking.body.message).toMatch(/kurir menawarkan Rp\. 10\.000 untuk 1 kg/);
    // A heavy parcel, stated: 5 kg may ask up to 5 × 10.000 × 2 + 25.000.
    expect((await call('POST', `/v1/transactions/take-request/${request.id}`, { token: t.token, body: { shipping_fee: 75_000, trip_id: t.trip.id, weight: 5000 } })).status).toBe(201);
  });

  it("a traveller's counter-offer is held to the same ceiling", async () => {
    const { buyer, request } = await requesterWithRequest();
    const t = await travellerWithTrip();
    const offer = await call('POST', `/v1/transactions/request-bid/traveler/${request.id}`, { token: t.token, body: { product_price: 800_000, traveler_tip: 0, shipping_fee: 20_000, trip_id: t.trip.id } });
    const id = offer.body.data.id;
    expect((await call('POST', '/v1/transactions/request-bid/requester', { token: buyer.token, body: { transaction_id: id, traveler_tip: 0, shipping_fee: 10_000 } })).status).toBe(200);
    const counter = await call('POST', `/v1/transactions/request-bid/traveler/transaction/${id}`, { token: t.token, body: { traveler_tip: 0, shipping_fee: 500_000 } });
    expect(counter.status).toBe(422);
    expect((await getOrder(t.token, id)).body.data.shipping_fee).toBe(10_000);
  });
});

describe('small holes', () => {
  it('an order total past Rp. 1.000.000.000.000 is a 422 with a message, never a 500', async () => {
    const { product } = await travellerWithProduct({ price: 1_000_000_000_000, stock: 10 });
    const buyer = await requesterWithAddress();
    const huge = await call('POST', '/v1/transactions/checkout', { token: buyer.token, body: await checkoutBody(buyer, product, 1) });
    expect(huge.status).toBe(422);
    expect(huge.body.message).toBe('This order would pass Rp. 1.000.000.000.000 (fees included), the most one order may come to');
    // A request whose price × quantity passes it cannot even be posted.
    const requester = await requesterWithAddress();
    const request = await call('POST', '/v1/users/requests', {
      token: requester.token,
      lang: 'id',
      body: { name: 'Rolex Daytona', description: 'Platinum, ice blue dial.', price_eta: 1_000_000_000_000, quantity: 99, traveler_tip: 0, buy_from_country_id: 392, address_id: requester.address.id },
    });
    expect(request.status).toBe(422);
    expect(request.body.errors.price_eta).toMatch(/melebihi Rp\. 1\.000\.000\.000\.000/);
    const { request: open } = await requesterWithRequest();
    const t = await travellerWithTrip();
    const offer = await call('POST', `/v1/transactions/request-bid/traveler/${open.id}`, {
      token: t.token,
      body: { product_price: 1_000_000_000_000, traveler_tip: 1_000_000_000_000, shipping_fee: 10_000, trip_id: t.trip.id },
    });
    expect(offer.status).toBe(422);
    expect((await call('POST', '/v1/transactions/checkout', { token: buyer.token, body: { ...(await checkoutBody(buyer, product)), items: [{ product_id: product.id, quantity: 10 ** 15 }] } })).status).toBe(422);
  });

  it('two offers on one request accepted at once: one goes through, the other is refused (409)', async () => {
    const { buyer, request } = await requesterWithRequest();
    const [a, b] = await Promise.all([travellerWithTrip(), travellerWithTrip()]);
    const offers = await Promise.all(
      [a, b].map((t) => call('POST', `/v1/transactions/request-bid/traveler/${request.id}`, { token: t.token, body: { product_price: 800_000, traveler_tip: 0, shipping_fee: 20_000, trip_id: t.trip.id } })),
    );
    const accepted = await Promise.all(offers.map((o) => call('POST', `/v1/transactions/${o.body.data.id}/accept`, { token: buyer.token })));
    expect(accepted.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(accepted.find((r) => r.status === 409)!.body).toMatchObject({ code: 'REQUEST_UNAVAILABLE', message: 'Another traveller has already taken this request' });
    const states = await Promise.all(offers.map(async (o) => (await getOrder(buyer.token, o.body.data.id)).body.data.status));
    expect(states.sort()).toEqual(['awaiting_payment', 'offer_by_traveler']);
  });

  it('following and unfollowing 20 times tells the followed one once', async () => {
    const followed = await newUser();
    const fan = await newUser();
    for (let i = 0; i < 20; i++) {
      expect((await call('POST', '/v1/users/add-follower', { token: fan.token, body: { user_id: followed.user.id } })).status).toBe(200);
      expect((await call('POST', '/v1/users/unfollow', { token: fan.token, body: { user_id: followed.user.id } })).status).toBe(200);
    }
    const inbox = await call('GET', '/v1/notifications?per_page=50', { token: followed.token });
    expect(inbox.body.data.rows.filter((n: any) => n.notificationable_type === 'user' && n.notificationable_id === fan.user.id)).toHaveLength(1);
  });

  it('chat messages and questions have a per-user rate: 429 with Retry-After, in the Lang language', async () => {
    const { product } = await travellerWithProduct();
    const asker = await newUser();
    const questions = [];
    for (let i = 0; i < 31; i++) questions.push(await call('POST', `/v1/products/${product.id}/discussions`, { token: asker.token, lang: 'id', body: { message: `Pertanyaan nomor ${i}` } }));
    expect(questions.slice(0, 30).every((q) => q.status === 201)).toBe(true);
    expect(questions[30].status).toBe(429);
    expect(Number(questions[30].headers.get('retry-after'))).toBeGreaterThan(0);
    expect(questions[30].body.message).toMatch(/^Anda sudah mengirim banyak pertanyaan dalam waktu singkat\. Coba lagi dalam \d+ detik$/);
    // Someone else is not slowed down.
    expect((await call('POST', `/v1/products/${product.id}/discussions`, { token: (await newUser()).token, body: { message: 'Is it fresh?' } })).status).toBe(201);

    // Chat: 30 messages a minute, then 429 with the wait.
    const buyer = await requesterWithAddress();
    const { product: theirs } = await travellerWithProduct();
    const order = (await checkoutProduct(buyer, theirs)).body.data.transactions[0].id;
    const seller = (await getOrder(buyer.token, order)).body.data.traveler.id;
    const room = (await call('POST', '/v1/chats', { token: buyer.token, body: { transaction_id: order, traveler_id: seller, requester_id: buyer.user.id } })).body.data.id;
    const send = async (i: number) => {
      const form = new FormData();
      form.set('body', `message ${i}`);
      const res = await fetch(`${apiUrl()}/v1/chats/${room}/messages`, { method: 'POST', headers: { Authorization: `Bearer ${buyer.token}`, Lang: 'en' }, body: form });
      return { status: res.status, retry: res.headers.get('retry-after'), body: await res.json() };
    };
    const sent = [];
    for (let i = 0; i < 31; i++) sent.push(await send(i));
    expect(sent.slice(0, 30).every((m) => m.status === 201)).toBe(true);
    expect(sent[30]).toMatchObject({ status: 429, body: { code: 'TOO_MANY_REQUESTS' } });
    expect(Number(sent[30].retry)).toBeGreaterThan(0);
    expect(sent[30].body.message).toMatch(/^You are sending messages too fast\. Wait \d+ seconds and try again$/);
  });
});
