import { expect, test, type Page } from '@playwright/test';
import Stripe from 'stripe';
import { E2E_STRIPE, type FakeIntent } from './support/fake-stripe.ts';
import { demoProduct, gotoHydrated, newRequester, popup } from './support/buyers.ts';
import { FAKE_STRIPE_JS } from './support/stripe-js.ts';

/**
 * Paying by card as a new requester would: Buy now → checkout with "Credit or debit card" →
 * Pay opens the credit-card popup with Stripe's card form → a declined card says so and the
 * order stays unpaid → another card goes through → the payment page turns "Payment received"
 * once Stripe's signed webhook arrives. Stripe.js and Stripe's API are local stand-ins
 * (tests/e2e/support); everything of Titipan's is the real path.
 */

const WORDS = {
  en: { buyNow: 'Buy now', continue: 'Continue to checkout', place: 'Place order', chooseCourier: 'Choose courier', chooseMethod: 'Choose payment method', card: /Credit or debit card/, pay: 'Pay', cardNumber: 'Card number', title: 'Pay by card', sent: 'Payment sent', paid: 'Payment received' },
  id: { buyNow: 'Beli sekarang', continue: 'Lanjut ke checkout', place: 'Buat pesanan', chooseCourier: 'Pilih pengiriman', chooseMethod: 'Pilih metode pembayaran', card: /Kartu kredit atau debit/, pay: 'Bayar', cardNumber: 'Nomor kartu', title: 'Bayar dengan kartu', sent: 'Pembayaran terkirim', paid: 'Pembayaran diterima' },
} as const;

async function serveStripeJs(page: Page) {
  await page.route('https://js.stripe.com/**', (route) => route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS }));
}

/** What Stripe sends when the card payment succeeds: the intent, signed with the endpoint's secret. */
async function deliverSucceeded(baseURL: string, intentId: string) {
  const intent = (await (await fetch(`http://127.0.0.1:${process.env.E2E_STRIPE_PORT}/e2e/intents/${intentId}`)).json()) as FakeIntent;
  const payload = JSON.stringify({
    id: `evt_${intent.id}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: { ...intent, status: 'succeeded', amount_received: intent.amount } },
  });
  const header = new Stripe(E2E_STRIPE.secretKey).webhooks.generateTestHeaderString({ payload, secret: E2E_STRIPE.webhookSecret });
  // From Stripe's servers: no browser, no cookies.
  const res = await fetch(`${baseURL}/v1/payments/webhooks/stripe`, { method: 'POST', body: payload, headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header } });
  expect(res.status).toBe(200);
}

for (const [lang, phone] of [['en', false], ['id', true]] as const) {
  test(`a requester pays by card in the credit-card popup (${lang}${phone ? ', 390 px' : ''})`, async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const w = WORDS[lang];
    if (phone) await page.setViewportSize({ width: 390, height: 844 });
    await serveStripeJs(page);
    await newRequester(page, baseURL!, lang);
    const product = await demoProduct(page, lang === 'en' ? 3 : 4);

    await gotoHydrated(page, `/products/marketplace/${product.slug}`, 'ProductBuyButtons');
    await page.getByRole('button', { name: w.buyNow }).click();
    await popup(page, 'buy-now').getByRole('button', { name: w.continue }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    // The checkout island has hydrated once it has read the buyer's addresses: a click before that is lost.
    await expect(page.getByTestId('checkout-address')).toContainText('Jl. Sudirman 1');
    await page.getByRole('button', { name: w.chooseCourier }).click();
    await popup(page, 'select-courier').getByRole('list').getByRole('button').first().click();
    await page.getByRole('button', { name: w.chooseMethod }).click();
    await popup(page, 'select-payment-method').getByRole('button', { name: w.card }).click();
    const total = (await page.getByTestId('checkout-total').textContent())!;
    await page.getByRole('button', { name: w.place }).click();

    await expect(page).toHaveURL(/\/dashboard\/payment\/\d+\?method=card$/);
    await expect(page.locator('astro-island[component-url*="PaymentPanel"]:not([ssr])')).toHaveCount(1);
    const paid = page.waitForResponse((r) => /\/v1\/transactions\/\d+\/pay$/.test(r.url()) && r.request().method() === 'POST');
    await page.getByRole('button', { name: w.pay, exact: true }).click();
    const start = (await (await paid).json()).data as { token: string; client_secret: string; amount: number };
    expect(start.client_secret).toMatch(/^pi_e2e_.+_secret_/);

    const card = popup(page, 'credit-card');
    await expect(card.getByRole('heading', { name: w.title })).toBeVisible();
    await expect(card.getByRole('button', { name: `${w.pay} ${total}` })).toBeEnabled();
    // A declined card: Stripe's message, the popup stays open, nothing is paid.
    await card.getByLabel(w.cardNumber).fill('4000 0000 0000 0002');
    await card.getByRole('button', { name: `${w.pay} ${total}` }).click();
    await expect(card.getByRole('alert')).toHaveText('Your card was declined.');
    await page.screenshot({ path: `test-results/orders-card/declined-${lang}${phone ? '-390' : ''}.png` });
    // Another card goes through; the order is paid when Stripe's webhook says so.
    await card.getByLabel(w.cardNumber).fill('4242 4242 4242 4242');
    await card.getByRole('button', { name: `${w.pay} ${total}` }).click();
    await expect(card.getByRole('status').filter({ hasText: w.sent })).toBeVisible();
    await page.screenshot({ path: `test-results/orders-card/sent-${lang}${phone ? '-390' : ''}.png` });
    await deliverSucceeded(baseURL!, start.token);
    await expect(page.getByTestId('payment-state')).toContainText(w.paid, { timeout: 15_000 });
  });
}
