/**
 * The real providers against their HTTP APIs modelled locally: Midtrans Snap (bank transfers)
 * and Stripe (cards), each through the official SDK pointed at a local fake, their notifications
 * through the same webhook path as the sandbox's; and Biteship's courier rates (one server for
 * all three: starting one is slow).
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, useServer } from '../support/api.ts';
import { startFakeHttp, type FakeHttp } from '../support/fake-http.ts';
import { lastSnapReference, midtransEnv, midtransNotice, postMidtrans, startFakeSnap } from '../support/midtrans.ts';
import { checkoutProduct, getOrder, requesterWithAddress, travellerWithProduct } from '../support/orders.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const STRIPE_SECRET_KEY = 'sk_test_fake_local';
const STRIPE_WEBHOOK_SECRET = 'whsec_fake_local';

let server: TestServer;
let snap: FakeHttp;
let stripeApi: FakeHttp;
let biteship: FakeHttp;
const BITESHIP_API_KEY = 'biteship_test.local';
const databaseUrl = process.env.API_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

beforeAll(async () => {
  snap = await startFakeSnap();
  // Stripe: POST /v1/payment_intents, form-encoded, Bearer secret key → the PaymentIntent.
  stripeApi = await startFakeHttp((req) => {
    if (req.headers.authorization !== `Bearer ${STRIPE_SECRET_KEY}`) return { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
    if (req.method !== 'POST' || req.path !== '/v1/payment_intents') return { status: 404, body: { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } } };
    const form = new URLSearchParams(req.body);
    const id = `pi_${randomBytes(12).toString('hex')}`;
    return {
      status: 200,
      body: {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        amount_received: 0,
        currency: form.get('currency'),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        metadata: { reference: form.get('metadata[reference]') },
      },
    };
  });
  // Biteship: POST /v1/rates/couriers → a price per courier service.
  biteship = await startFakeHttp((req) => {
    if (req.headers.authorization !== BITESHIP_API_KEY || req.path !== '/v1/rates/couriers') return { status: 401, body: { success: false, error: 'Authorization failed' } };
    const sent = JSON.parse(req.body) as { destination_postal_code: number; items: { weight: number }[] };
    const kg = Math.ceil(sent.items[0].weight / 1000);
    const near = sent.destination_postal_code === 10110;
    return {
      status: 200,
      body: {
        success: true,
        pricing: [
          { courier_name: 'JNE', courier_code: 'jne', courier_service_name: 'YES', courier_service_code: 'yes', price: (near ? 17_000 : 40_000) * kg },
          { courier_name: 'J&T', courier_code: 'jnt', courier_service_name: 'EZ', courier_service_code: 'ez', price: (near ? 9_500 : 30_000) * kg },
        ],
      },
    };
  });
  server = await startTestServer({
    databaseUrl,
    env: {
      SEED_DEMO: 'false',
      ...midtransEnv(snap),
      STRIPE_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_local',
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: stripeApi.url,
      COURIER_PROVIDER: 'biteship',
      BITESHIP_API_KEY,
      BITESHIP_BASE_URL: biteship.url,
    },
  });
  useServer(server);
}, 300_000);
afterAll(async () => {
  useServer(undefined);
  await server?.close();
  await snap?.close();
  await stripeApi?.close();
  await biteship?.close();
});

async function orderAwaitingPayment() {
  const { product } = await travellerWithProduct();
  const buyer = await requesterWithAddress();
  const id = (await checkoutProduct(buyer, product)).body.data.transactions[0].id as number;
  return { buyer, id };
}

async function expectPaidOnce(token: string, id: number) {
  const order = (await getOrder(token, id)).body.data;
  expect(order.status).toBe('paid');
  expect(order.histories.filter((h: any) => h.event === 'confirm_payment')).toHaveLength(1);
}

describe('Midtrans Snap', () => {
  it('starts a Snap transaction: token and redirect_url, order_id = our reference, whole Rupiah', async () => {
    const { buyer, id } = await orderAwaitingPayment();
    const total = (await getOrder(buyer.token, id)).body.data.total_price as number;
    const pay = await call('POST', `/v1/transactions/${id}/pay`, { token: buyer.token, body: { payment_type: 'bank_transfer' } });
    expect(pay.status).toBe(200);
    expect(pay.body.data).toMatchObject({ provider: 'midtrans', payment_type: 'bank_transfer', amount: total });
    expect(pay.body.data.token).toMatch(/^[0-9a-f]{32}$/);
    expect(pay.body.data.redirect_url).toBe(`https://app.sandbox.midtrans.com/snap/v4/redirection/${pay.body.data.token}`);
    const sent = JSON.parse(snap.requests.at(-1)!.body);
    expect(sent.transaction_details).toEqual({ order_id: expect.stringMatching(new RegExp(`^TTP-${id}-`)), gross_amount: total });
    expect(sent.customer_details.email).toBe(buyer.email);
    expect(sent.expiry).toMatchObject({ unit: 'minute' });
  });

  it('a genuine settlement marks the order paid; a replay changes nothing', async () => {
    const { buyer, id } = await orderAwaitingPayment();
    const pay = (await call('POST', `/v1/transactions/${id}/pay`, { token: buyer.token, body: {} })).body.data;
    const orderId = lastSnapReference(snap);
    const gross = `${pay.amount}.00`;
    const pending = await postMidtrans(midtransNotice({ order_id: orderId, gross_amount: gross, transaction_status: 'pending', transaction_id: 'trx-1', status_code: '201' }));
    expect(pending.body.data.outcome).toBe('pending');
    const settled = midtransNotice({ order_id: orderId, gross_amount: gross, transaction_status: 'settlement', transaction_id: 'trx-1' });
    expect((await postMidtrans(settled)).body.data.outcome).toBe('confirmed');
    const replay = await postMidtrans(settled);
    expect(replay.status).toBe(200);
    expect(replay.body.data.outcome).toBe('duplicate');
    await expectPaidOnce(buyer.token, id);
  });

  it('a bad signature or a tampered amount is refused; a signed other amount confirms nothing', async () => {
    const { buyer, id } = await orderAwaitingPayment();
    const pay = (await call('POST', `/v1/transactions/${id}/pay`, { token: buyer.token, body: {} })).body.data;
    const orderId = lastSnapReference(snap);
    const fields = { order_id: orderId, gross_amount: `${pay.amount}.00`, transaction_status: 'settlement', transaction_id: 'trx-2' };
    const forged = await postMidtrans(midtransNotice(fields, 'f'.repeat(128)));
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBeTruthy();
    const signed = midtransNotice({ ...fields, gross_amount: '1000.00' });
    // Signed for Rp 1.000, the amount then raised in transit: the signature no longer matches.
    expect((await postMidtrans({ ...signed, gross_amount: fields.gross_amount })).status).toBe(400);
    expect((await postMidtrans({ order_id: orderId })).status).toBe(400);
    expect((await call('POST', '/v1/payments/webhooks/midtrans', { raw: 'not json' })).status).toBe(400);
    expect((await postMidtrans(signed)).body.data.outcome).toBe('amount_mismatch');
    // A card capture still under fraud review is not money yet.
    const challenged = await postMidtrans(midtransNotice({ ...fields, transaction_status: 'capture', fraud_status: 'challenge', transaction_id: 'trx-3' }));
    expect(challenged.body.data.outcome).toBe('pending');
    expect((await getOrder(buyer.token, id)).body.data.status).toBe('awaiting_payment');
  });

  it('an expired transaction fails the attempt; the order can be paid again', async () => {
    const { buyer, id } = await orderAwaitingPayment();
    const first = (await call('POST', `/v1/transactions/${id}/pay`, { token: buyer.token, body: {} })).body.data;
    const orderId = lastSnapReference(snap);
    const expired = await postMidtrans(midtransNotice({ order_id: orderId, gross_amount: `${first.amount}.00`, transaction_status: 'expire', transaction_id: 'trx-4', status_code: '407' }));
    expect(expired.body.data.outcome).toBe('failed');
    expect((await getOrder(buyer.token, id)).body.data.status).toBe('awaiting_payment');
    const again = (await call('POST', `/v1/transactions/${id}/pay`, { token: buyer.token, body: {} })).body.data;
    expect(again.payment_id).not.toBe(first.payment_id);
  });
});

describe('Stripe cards', () => {
  const stripe = new Stripe(STRIPE_SECRET_KEY);
  const signed = (event: unknown, secret = STRIPE_WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    return { payload, header: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  };
  const postStripe = (payload: string, header: string) => call('POST', '/v1/payments/webhooks/stripe', { raw: payload, headers: { 'Stripe-Signature': header } });
  const intentEvent = (type: string, intent: { id: string; amount: number; reference: string; received?: number }, eventId = `evt_${randomBytes(8).toString('hex')}`) => ({
    id: eventId,
    object: 'event',
    type,
    data: { object: { id: intent.id, object: 'payment_intent', amount: intent.amount, amount_received: intent.received ?? intent.amount, currency: 'idr', metadata: { reference: intent.reference } } },
  });

  async function cardPayment() {
    const { buyer, id } = await orderAwaitingPayment();
    const pay = await call('POST', `/v1/transactions/${id}/pay`, { token: buyer.token, body: { payment_type: 'card' } });
    const form = new URLSearchParams(stripeApi.requests.at(-1)!.body);
    return { buyer, id, pay, form, intent: { id: pay.body.data.token as string, amount: Number(form.get('amount')), reference: form.get('metadata[reference]')! } };
  }

  it('is offered as a payment method', async () => {
    const methods = await call('GET', '/v1/misc/payment-methods');
    expect(methods.body.data.methods.map((m: any) => m.payment_type)).toEqual(['bank_transfer', 'card']);
  });

  it('starts a PaymentIntent in IDR cents and hands back its client_secret', async () => {
    const { buyer, id, pay, form } = await cardPayment();
    const total = (await getOrder(buyer.token, id)).body.data.total_price as number;
    expect(pay.status).toBe(200);
    expect(pay.body.data).toMatchObject({ provider: 'stripe', payment_type: 'card', amount: total });
    expect(pay.body.data.client_secret).toMatch(/^pi_[0-9a-f]+_secret_/);
    expect(form.get('amount')).toBe(String(total * 100));
    expect(form.get('currency')).toBe('idr');
    expect(form.get('metadata[reference]')).toMatch(new RegExp(`^TTP-${id}-`));
  });

  it('a signed payment_intent.succeeded marks the order paid; a replay changes nothing', async () => {
    const { buyer, id, intent } = await cardPayment();
    const { payload, header } = signed(intentEvent('payment_intent.succeeded', intent));
    expect((await postStripe(payload, header)).body.data.outcome).toBe('confirmed');
    const replay = await postStripe(payload, header);
    expect(replay.status).toBe(200);
    expect(replay.body.data.outcome).toBe('duplicate');
    await expectPaidOnce(buyer.token, id);
  });

  it('a bad signature, a tampered body or a wrong amount changes nothing', async () => {
    const { buyer, id, intent } = await cardPayment();
    const wrongSecret = signed(intentEvent('payment_intent.succeeded', intent), 'whsec_someone_else');
    expect((await postStripe(wrongSecret.payload, wrongSecret.header)).status).toBe(400);
    const small = signed(intentEvent('payment_intent.succeeded', { ...intent, received: 100 }));
    // Signed for Rp 1, the amount then raised in transit.
    expect((await postStripe(small.payload.replace('"amount_received":100', `"amount_received":${intent.amount}`), small.header)).status).toBe(400);
    expect((await postStripe(small.payload, '')).status).toBe(400);
    // Genuine, but for another amount (and a fraction of a rupiah): recorded, nothing confirmed.
    expect((await postStripe(small.payload, small.header)).body.data.outcome).toBe('amount_mismatch');
    const fraction = signed(intentEvent('payment_intent.succeeded', { ...intent, received: intent.amount + 50 }));
    expect((await postStripe(fraction.payload, fraction.header)).body.data.outcome).toBe('amount_mismatch');
    expect((await getOrder(buyer.token, id)).body.data.status).toBe('awaiting_payment');
  });

  it('payment_intent.payment_failed fails the attempt, a later success on the same intent still pays, other events are acknowledged', async () => {
    const { buyer, id, intent } = await cardPayment();
    const processing = signed(intentEvent('payment_intent.processing', intent));
    expect((await postStripe(processing.payload, processing.header)).body.data.outcome).toBe('pending');
    const failed = signed(intentEvent('payment_intent.payment_failed', intent));
    expect((await postStripe(failed.payload, failed.header)).body.data.outcome).toBe('failed');
    expect((await postStripe(failed.payload, failed.header)).body.data.outcome).toBe('duplicate');
    expect((await getOrder(buyer.token, id)).body.data.status).toBe('awaiting_payment');
    // The buyer tries another card on the same intent and it goes through: the money is taken in.
    const late = signed(intentEvent('payment_intent.succeeded', intent));
    expect((await postStripe(late.payload, late.header)).body.data.outcome).toBe('confirmed');
    expect((await getOrder(buyer.token, id)).body.data.status).toBe('paid');
  });
});

describe('Biteship courier quotes', () => {
  it('quotes from the rates API by the buyer\'s postal code, and checkout charges that price', async () => {
    const { product } = await travellerWithProduct({ weight: 1_200 });
    const buyer = await requesterWithAddress();
    const quote = await call('POST', '/v1/misc/expeditions', {
      token: buyer.token,
      body: { destination_sub_district_id: 317101, trip_id: product.trip_id, products: [{ product_id: product.id, quantity: 1 }] },
    });
    expect(quote.status).toBe(200);
    expect(quote.body.data.expeditions).toEqual([
      { shipping_id: 'jnt:ez', courier_name: 'J&T EZ', total_price: 19_000 },
      { shipping_id: 'jne:yes', courier_name: 'JNE YES', total_price: 34_000 },
      { shipping_id: 'self_pickup', courier_name: 'Self pickup', total_price: 0 },
    ]);
    expect(JSON.parse(biteship.requests.at(-1)!.body)).toMatchObject({ destination_postal_code: 10110, items: [{ weight: 1_200 }] });
    const id = (await checkoutProduct(buyer, product, { shippingId: 'jne:yes' })).body.data.transactions[0].id as number;
    const order = (await getOrder(buyer.token, id)).body.data;
    expect(order.shipping_fee).toBe(34_000);
    expect(order.courier).toMatchObject({ shipping_id: 'jne:yes', courier_name: 'JNE YES' });
  });
});
