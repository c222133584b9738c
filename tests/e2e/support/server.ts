/**
 * The end-to-end server: the production server (src/server/main.ts) configured as a real
 * deployment with both payment routes would be — bank transfers through the built-in sandbox,
 * cards through Stripe — with Stripe's API modelled locally (./fake-stripe.ts). In the browser,
 * the card spec serves a stand-in for Stripe.js (tests/e2e/support/stripe-js.ts).
 */
import { E2E_STRIPE, startFakeStripe } from './fake-stripe.ts';

const stripe = await startFakeStripe(Number(process.env.E2E_STRIPE_PORT));
process.env.STRIPE_API_URL = stripe.url;
process.env.STRIPE_SECRET_KEY = E2E_STRIPE.secretKey;
process.env.STRIPE_PUBLISHABLE_KEY = E2E_STRIPE.publishableKey;
process.env.STRIPE_WEBHOOK_SECRET = E2E_STRIPE.webhookSecret;
await import('../../../src/server/main.ts');
