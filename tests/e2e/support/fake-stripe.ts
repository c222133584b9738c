import { startFakeHttp } from '../../support/fake-http.ts';

/** Keys of the end-to-end server's Stripe account: local test values, never real ones. */
export const E2E_STRIPE = {
  secretKey: 'sk_test_e2e_local_only',
  publishableKey: 'pk_test_e2e_local_only',
  webhookSecret: 'whsec_e2e_local_only',
};

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  client_secret: string;
  metadata: Record<string, string>;
  status: string;
}

/**
 * Stripe's API as the end-to-end server uses it (`POST /v1/payment_intents`), on a fixed local
 * port; `GET /e2e/intents/{id}` lets a test read an intent back to send Stripe's webhook for it.
 */
export async function startFakeStripe(port: number) {
  const intents = new Map<string, FakeIntent>();
  return startFakeHttp((req) => {
    if (req.method === 'GET' && req.path.startsWith('/e2e/intents/')) {
      const intent = intents.get(decodeURIComponent(req.path.slice('/e2e/intents/'.length)));
      return intent ? { status: 200, body: intent } : { status: 404, body: { error: { message: 'no such intent' } } };
    }
    if (req.headers.authorization !== `Bearer ${E2E_STRIPE.secretKey}`) return { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
    if (req.method === 'POST' && req.path === '/v1/payment_intents') {
      const form = new URLSearchParams(req.body);
      const id = `pi_e2e_${intents.size + 1}_${Date.now().toString(36)}`;
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? 'idr',
        client_secret: `${id}_secret_local`,
        metadata: { reference: form.get('metadata[reference]') ?? '' },
        status: 'requires_payment_method',
      };
      intents.set(id, intent);
      return { status: 200, body: intent };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.path})` } } };
  }, port);
}
