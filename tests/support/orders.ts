import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { signSandbox, SANDBOX_SIGNATURE_HEADER } from '../../src/server/integrations/payments/sandbox.ts';
import type { FakeHttp } from './fake-http.ts';
import { lastSnapReference, midtransNotice, postMidtrans } from './midtrans.ts';
import { call, newUser } from './api.ts';
import { newAddress, newTraveller, newTrip, pngBytes, uploadImage } from './fixtures.ts';

/** A phone-verified traveller with a trip (Tokyo → Jakarta) and one product on it. */
export async function travellerWithProduct(over: { stock?: number; price?: number; weight?: number } = {}) {
  const traveller = await newTraveller();
  const trip = await newTrip(traveller.token);
  const res = await call('POST', '/v1/users/products', {
    token: traveller.token,
    body: { name: `Tokyo Banana ${randomBytes(3).toString('hex')}`, description: 'Eight cakes in a box, bought fresh.', price: over.price ?? 150_000, weight: over.weight ?? 800, stock: over.stock ?? 5, trip_id: trip.id },
  });
  if (res.status !== 201) throw new Error(`product failed ${JSON.stringify(res.body)}`);
  return { traveller, trip, product: res.body.data };
}

export async function requesterWithAddress() {
  const user = await newUser();
  const address = await newAddress(user.token);
  return { ...user, address };
}

/** Checks one product out with the cheapest courier (or the one named); returns the raw response. */
export async function checkoutProduct(buyer: { token: string; address: { id: number } }, product: { id: number; trip_id: number }, opts: { quantity?: number; shippingId?: string; lang?: 'en' | 'id' } = {}) {
  let shippingId = opts.shippingId;
  if (!shippingId) {
    const quote = await call('POST', '/v1/misc/expeditions', {
      token: buyer.token,
      body: { destination_sub_district_id: 317101, trip_id: product.trip_id, products: [{ product_id: product.id, quantity: opts.quantity ?? 1 }] },
    });
    if (quote.status !== 200) throw new Error(`expeditions failed ${JSON.stringify(quote.body)}`);
    shippingId = quote.body.data.expeditions[0].shipping_id;
  }
  return call('POST', '/v1/transactions/checkout', {
    token: buyer.token,
    lang: opts.lang,
    body: { address_id: buyer.address.id, items: [{ product_id: product.id, quantity: opts.quantity ?? 1 }], shipping: [{ trip_id: product.trip_id, shipping_id: shippingId }] },
  });
}

let ownSecret: string | undefined;
/** The sandbox secret of a server of the test file's own (see useServer). */
export const useSandboxSecret = (secret: string | undefined) => {
  ownSecret = secret;
};

/** A webhook as the sandbox provider signs it (or with a forged signature). */
export function sandboxWebhook(notice: Record<string, unknown>, opts: { secret?: string; signature?: string } = {}) {
  const raw = JSON.stringify(notice);
  const signature = opts.signature ?? signSandbox(opts.secret ?? ownSecret ?? inject('sandboxSecret'), raw);
  return call('POST', '/v1/payments/webhooks/sandbox', { raw, headers: { [SANDBOX_SIGNATURE_HEADER]: signature } });
}

let ownSnap: FakeHttp | undefined;
/** The Snap model of a server of the test file's own that takes payments through Midtrans (see useServer). */
export const useSnap = (snap: FakeHttp | undefined) => {
  ownSnap = snap;
};

/** Starts paying an order and settles it with the provider's signed notification (the sandbox's, or Midtrans' with useSnap). */
export async function payOrder(token: string, orderId: number) {
  const pay = await call('POST', `/v1/transactions/${orderId}/pay`, { token, body: { payment_type: 'bank_transfer' } });
  if (pay.status !== 200) throw new Error(`pay failed ${JSON.stringify(pay.body)}`);
  const hook =
    pay.body.data.provider === 'midtrans' && ownSnap
      ? await postMidtrans(
          midtransNotice({ order_id: lastSnapReference(ownSnap), gross_amount: `${pay.body.data.amount}.00`, transaction_status: 'settlement', transaction_id: `trx-${pay.body.data.payment_id}` }),
        )
      : await sandboxWebhook({ event_id: `paid-${pay.body.data.payment_id}`, reference: pay.body.data.token, status: 'paid', amount: pay.body.data.amount });
  if (hook.status !== 200) throw new Error(`webhook failed ${JSON.stringify(hook.body)}`);
  return { pay: pay.body.data, outcome: hook.body.data.outcome as string };
}

/** A requester with an Indonesian address and an open request. */
export async function requesterWithRequest(over: { price_eta?: number; quantity?: number; traveler_tip?: number } = {}) {
  const buyer = await requesterWithAddress();
  const res = await call('POST', '/v1/users/requests', {
    token: buyer.token,
    body: {
      name: `Uniqlo jacket ${randomBytes(3).toString('hex')}`,
      description: 'Ultra light down jacket, size M, navy.',
      price_eta: over.price_eta ?? 800_000,
      quantity: over.quantity ?? 1,
      traveler_tip: over.traveler_tip ?? 50_000,
      buy_from_country_id: 392,
      address_id: buyer.address.id,
    },
  });
  if (res.status !== 201) throw new Error(`request failed ${JSON.stringify(res.body)}`);
  return { buyer, request: res.body.data };
}

export const getOrder = (token: string, id: number, lang: 'en' | 'id' = 'en') => call('GET', `/v1/transactions/${id}`, { token, lang });

export async function receiptImage(token: string) {
  const up = await uploadImage(token, await pngBytes('#ffaa00'));
  return up.body.data.filename as string;
}
