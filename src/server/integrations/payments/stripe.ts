import type Stripe from 'stripe';
import { WebhookRejected, type PaymentNotice, type PaymentProvider } from './types.ts';

/**
 * Stripe card payments through the official `stripe` package: a PaymentIntent per attempt, its
 * client_secret confirmed in the browser with Stripe.js. IDR is a two-decimal currency in Stripe,
 * so Rp 150.000 is amount 15000000. Webhooks are verified on the raw body (Stripe-Signature).
 */
export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Stripe's API at another origin (a local fake in tests), e.g. http://127.0.0.1:12111. */
  apiUrl?: string;
}

const CURRENCY = 'idr';

function apiTarget(apiUrl: string | undefined) {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol } as const;
}

export function createStripeProvider(opts: StripeOptions): PaymentProvider {
  // The SDK loads with the first payment or webhook, not with the server (memory: README).
  let client: Promise<Stripe> | undefined;
  const stripe = () =>
    (client ??= import('stripe').then(({ default: StripeSdk }) => new StripeSdk(opts.secretKey, { ...apiTarget(opts.apiUrl), maxNetworkRetries: 1, timeout: 20_000 })));
  return {
    name: 'stripe',
    types: ['card'],
    async start(charge) {
      const intent = await (await stripe()).paymentIntents.create(
        {
          amount: charge.amount * 100,
          currency: CURRENCY,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          description: charge.description,
          receipt_email: charge.customer.email,
          metadata: { reference: charge.reference },
        },
        { idempotencyKey: charge.reference },
      );
      if (!intent.client_secret) throw new Error('Stripe answered without a client secret');
      return { token: intent.id, clientSecret: intent.client_secret };
    },
    async verify(rawBody, headers) {
      let event: Stripe.Event;
      const sdk = await stripe();
      try {
        event = sdk.webhooks.constructEvent(rawBody, headers.get('stripe-signature') ?? '', opts.webhookSecret);
      } catch {
        throw new WebhookRejected('bad signature');
      }
      let outcome: PaymentNotice['outcome'];
      if (event.type === 'payment_intent.succeeded') outcome = 'paid';
      else if (event.type === 'payment_intent.payment_failed' || event.type === 'payment_intent.canceled') outcome = 'failed';
      // Other events (processing, charges, …) settle nothing; they are acknowledged and ignored.
      else return { eventKey: event.id, reference: '', outcome: 'pending', amount: 0 };
      const intent = event.data.object;
      const reference = intent.metadata?.reference;
      if (!reference) throw new WebhookRejected('not one of our payments');
      if (intent.currency !== CURRENCY) throw new WebhookRejected(`unexpected currency ${intent.currency}`);
      // A fractional rupiah is not an amount we asked for: the webhook flow records the mismatch.
      const amount = (outcome === 'paid' ? intent.amount_received : intent.amount) / 100;
      return { eventKey: event.id, reference, outcome, amount };
    },
  };
}
