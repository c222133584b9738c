import { expect, test, type Page } from '@playwright/test';
import { demoProduct, gotoHydrated, newRequester, popup } from './support/buyers.ts';

/**
 * Buying as new requesters would: a demo pre-order through the cart → checkout → the sandbox's
 * hosted page ("I have paid") → the payment page shows it paid (English, desktop); another
 * through "Buy now" in Indonesian at phone width. Screenshots of every page go to
 * test-results/orders-buy/.
 */

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/orders-buy/${name}.png`, fullPage: true });

test('a new requester buys a demo pre-order through the cart, checkout and the sandbox bank', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await newRequester(page, baseURL!, 'en');
  const product = await demoProduct(page, 0);

  await gotoHydrated(page, `/products/marketplace/${product.slug}`, 'ProductBuyButtons');
  await expect(page.getByText('opens soon')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.locator('[data-kind="success"]').filter({ hasText: 'Added to cart' })).toBeVisible();

  // The header's cart dropdown counts it and lists the line.
  await expect(page.getByTestId('cart-count').first()).toHaveText('1');
  await page.getByRole('button', { name: 'Cart, 1 items' }).first().click();
  const panel = page.getByTestId('cart-panel');
  await expect(panel.getByText(product.name)).toBeVisible();
  await page.screenshot({ path: 'test-results/orders-buy/cart-dropdown-en-desktop.png' });
  await panel.getByRole('link', { name: 'Open the cart' }).click();

  // /cart: two of it, then check the trip's selection out.
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.locator('astro-island[component-url*="CartPage"]:not([ssr])')).toHaveCount(1);
  await page.getByRole('button', { name: `One more ${product.name}` }).click();
  await expect(page.getByTestId('cart-quantity')).toHaveText('2');
  await shot(page, 'cart-en-desktop');
  await page.getByRole('button', { name: 'Checkout (2)' }).click();

  // /checkout: the courier and the method are required.
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('checkout-address')).toContainText('Jl. Sudirman 1');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose a courier first' })).toBeVisible();
  await page.getByRole('button', { name: 'Choose courier' }).click();
  const courier = popup(page, 'select-courier');
  await courier.getByRole('button').filter({ hasText: 'JNE' }).first().click();
  await expect(page.getByTestId('chosen-courier')).toContainText('JNE');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose a payment method first' })).toBeVisible();
  await page.getByRole('button', { name: 'Choose payment method' }).click();
  await popup(page, 'select-payment-method').getByRole('button', { name: /Bank transfer/ }).click();
  await page.getByRole('textbox', { name: /Notes for the traveller/ }).fill('Blue one, please');
  const total = (await page.getByTestId('checkout-total').textContent())!;
  expect(total).toMatch(/^Rp\. \d{1,3}(\.\d{3})+$/);
  await shot(page, 'checkout-en-desktop');
  await page.getByRole('button', { name: 'Place order' }).click();

  // The payment page: amount, method, a countdown; Pay → the sandbox bank.
  await expect(page).toHaveURL(/\/dashboard\/payment\/\d+/);
  await expect(page.getByTestId('payment-amount')).toHaveText(total);
  await expect(page.getByTestId('countdown')).toHaveText(/^(23|24):\d\d:\d\d$/);
  await expect(page.getByText('Bank transfer (virtual account)')).toBeVisible();
  // The demo takes test money, and says so where the buyer pays.
  await expect(page.getByTestId('test-payment')).toContainText('Test payment. This site takes payments through the built-in test bank');
  await shot(page, 'payment-en-desktop');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/payment\/sandbox\/TTP-/);
  await expect(page.getByTestId('sandbox-amount')).toHaveText(total);
  await expect(page.getByTestId('sandbox-va')).toHaveText(/^\d{10,}$/);
  await shot(page, 'sandbox-en-desktop');
  // Another site cannot submit the form for the buyer (CSRF), nor can a POST that names no origin.
  const forged = await page.request.post(page.url(), { form: { paid: '1' }, headers: { Origin: 'https://evil.example' }, maxRedirects: 0 });
  expect(forged.status()).toBe(403);
  const anonymous = await page.request.post(page.url(), { form: { paid: '1' }, maxRedirects: 0 });
  expect(anonymous.status()).toBe(403);
  await page.reload();
  await expect(page.getByRole('button', { name: 'I have paid' })).toBeVisible();
  await page.getByRole('button', { name: 'I have paid' }).click();

  await expect(page).toHaveURL(/\/dashboard\/payment\/\d+$/);
  await expect(page.getByTestId('payment-state')).toContainText('Payment received');
  await shot(page, 'payment-paid-en-desktop');

  // The cart line was checked out: the cart is empty now.
  await page.goto('/cart');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
});

test('another requester buys with Buy now in Indonesian at phone width', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await newRequester(page, baseURL!, 'id');
  const product = await demoProduct(page, 1);

  await gotoHydrated(page, `/products/marketplace/${product.slug}`, 'ProductBuyButtons');
  await page.getByRole('button', { name: 'Beli sekarang' }).click();
  const buyNow = popup(page, 'buy-now');
  await expect(buyNow.getByTestId('buy-now-quantity')).toHaveText('1');
  await page.screenshot({ path: 'test-results/orders-buy/buy-now-id-390.png' });
  await buyNow.getByRole('button', { name: 'Lanjut ke checkout' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('checkout-address')).toContainText('Jl. Sudirman 1');
  await page.getByRole('button', { name: 'Buat pesanan' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Pilih pengiriman terlebih dahulu' })).toBeVisible();
  await page.getByRole('button', { name: 'Pilih pengiriman' }).click();
  await popup(page, 'select-courier').getByRole('list').getByRole('button').first().click();
  await expect(page.getByTestId('chosen-courier')).toBeVisible();
  await page.getByRole('button', { name: 'Buat pesanan' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Pilih payment method terlebih dahulu' })).toBeVisible();
  await page.getByRole('button', { name: 'Pilih metode pembayaran' }).click();
  await popup(page, 'select-payment-method').getByRole('list').getByRole('button').first().click();
  await expect(page.getByTestId('chosen-method')).toBeVisible();
  const total = (await page.getByTestId('checkout-total').textContent())!;
  expect(total).toMatch(/^Rp\. \d{1,3}(\.\d{3})+$/);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await shot(page, 'checkout-id-390');
  await page.getByRole('button', { name: 'Buat pesanan' }).click();

  await expect(page).toHaveURL(/\/dashboard\/payment\/\d+/);
  await expect(page.getByTestId('payment-amount')).toHaveText(total);
  await expect(page.getByTestId('test-payment')).toContainText('Pembayaran uji coba.');
  await shot(page, 'payment-id-390');
  await page.getByRole('button', { name: 'Bayar', exact: true }).click();

  await expect(page).toHaveURL(/\/payment\/sandbox\/TTP-/);
  await expect(page.getByTestId('sandbox-amount')).toHaveText(total);
  await shot(page, 'sandbox-id-390');
  await page.getByRole('button', { name: 'Saya sudah bayar' }).click();

  await expect(page).toHaveURL(/\/dashboard\/payment\/\d+$/);
  await expect(page.getByTestId('payment-state')).toContainText('Pembayaran diterima');
  await shot(page, 'payment-paid-id-390');
});

test('"I have paid" on the sandbox page of a cancelled order pays nothing and says so', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await newRequester(page, baseURL!, 'en');
  const product = await demoProduct(page, 2);
  const quote = await page.request.post('/v1/misc/expeditions', { headers: { Origin: baseURL! }, data: { destination_sub_district_id: 317101, trip_id: product.trip_id, products: [{ product_id: product.id, quantity: 1 }] } });
  const addresses = (await (await page.request.get('/v1/addresses')).json()).data.rows;
  const placed = await page.request.post('/v1/transactions/checkout', {
    headers: { Origin: baseURL! },
    data: { address_id: addresses[0].id, items: [{ product_id: product.id, quantity: 1 }], shipping: [{ trip_id: product.trip_id, shipping_id: (await quote.json()).data.expeditions[0].shipping_id }] },
  });
  expect(placed.status()).toBe(201);
  const id = (await placed.json()).data.transactions[0].id;
  const pay = await page.request.post(`/v1/transactions/${id}/pay`, { headers: { Origin: baseURL! }, data: { payment_type: 'bank_transfer' } });
  const sandboxUrl = (await pay.json()).data.redirect_url as string;
  // The sandbox page is open in a tab while the buyer cancels the order elsewhere.
  await page.goto(sandboxUrl);
  await expect(page.getByRole('button', { name: 'I have paid' })).toBeVisible();
  expect((await page.request.post(`/v1/transactions/${id}/cancel`, { headers: { Origin: baseURL! }, data: { canceled_reason: 1 } })).status()).toBe(200);
  await page.getByRole('button', { name: 'I have paid' }).click();
  await expect(page.getByTestId('sandbox-closed')).toHaveText('This order no longer awaits payment (it was cancelled or its payment window closed): nothing was paid.');
  const balance = (await (await page.request.get('/v1/balances')).json()).data;
  expect(balance.balance).toBe(0);
  expect((await (await page.request.get(`/v1/transactions/${id}`)).json()).data.status).toBe('cancelled');
});

test('the sandbox page of an unknown token is 404 and a stranger cannot see a payment page', async ({ page, baseURL }) => {
  await newRequester(page, baseURL!, 'en');
  const sandbox = await page.goto('/payment/sandbox/TTP-1-000000000000');
  expect(sandbox?.status()).toBe(404);
  const payment = await page.goto('/dashboard/payment/1');
  expect(payment?.status()).toBe(404);
});
