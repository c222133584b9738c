import { expect, test, type Page } from '@playwright/test';
import { newRequester } from './support/buyers.ts';

/**
 * Notifications as a traveller sees them, live: a buyer places an order for one of their
 * products in another browser, and the bell's badge counts it without a reload; the dropdown
 * lists it, a click marks it read and opens the sale; /dashboard/notification lists it in
 * Indonesian. The real-time path is the real one: the outbox pushes to the built-in
 * Pusher-protocol server, pusher-js in the page receives it. A counter-offer on a request reaches
 * the traveller the same way.
 */
const TRAVELLER = { email: 'traveller@titipan.test', password: 'titipan123' };

async function signInTraveller(page: Page, baseURL: string) {
  const res = await page.request.post('/v1/login', { data: TRAVELLER, headers: { Origin: baseURL } });
  expect(res.ok()).toBe(true);
}

test('a traveller hears of a new order live: badge, dropdown, click to the sale, the full list in Indonesian', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const travellerContext = await browser.newContext();
  const buyerContext = await browser.newContext();
  const t = await travellerContext.newPage();
  const b = await buyerContext.newPage();
  try {
    await signInTraveller(t, baseURL!);
    // Start from nothing unread (other specs may have sold this demo traveller's products).
    expect((await t.request.put('/v1/notifications/read-all', { headers: { Origin: baseURL! } })).ok()).toBe(true);
    const own = await (await t.request.get('/v1/users/products?per_page=50')).json();
    const product = (own.data.rows as { id: number; stock: number; trip_id: number; name: string }[]).find((p) => p.stock >= 2);
    expect(product, 'a demo product of the traveller with stock').toBeTruthy();

    await t.goto('/dashboard/sell');
    await expect(t.locator('astro-island[component-url*="Header"]:not([ssr])')).toHaveCount(1);
    const bell = t.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true });
    await expect(bell).toBeVisible();
    await expect(t.getByTestId('notifications-count')).toHaveCount(0);
    // The page subscribes once it is idle; give it a moment to join its channel.
    await t.waitForTimeout(2500);

    // Another browser: a new buyer orders one.
    await newRequester(b, baseURL!, 'en');
    const quote = await b.request.post('/v1/misc/expeditions', {
      headers: { Origin: baseURL! },
      data: { destination_sub_district_id: 317101, trip_id: product!.trip_id, products: [{ product_id: product!.id, quantity: 1 }] },
    });
    expect(quote.status()).toBe(200);
    const addresses = await (await b.request.get('/v1/addresses')).json();
    const order = await b.request.post('/v1/transactions/checkout', {
      headers: { Origin: baseURL! },
      data: {
        address_id: addresses.data.rows[0].id,
        items: [{ product_id: product!.id, quantity: 1 }],
        shipping: [{ trip_id: product!.trip_id, shipping_id: (await quote.json()).data.expeditions[0].shipping_id }],
      },
    });
    expect(order.status()).toBe(201);
    const orderId = (await order.json()).data.transactions[0].id as number;

    // Live: the badge counts it, without a reload.
    await expect(t.getByTestId('notifications-count').first()).toHaveText('1', { timeout: 15_000 });
    await t.getByRole('banner').getByRole('button', { name: 'Notifications, 1 unread' }).first().click();
    const panel = t.getByTestId('notifications-panel');
    await expect(panel.getByRole('button', { name: /New order/ })).toBeVisible();
    await t.screenshot({ path: 'test-results/notifications/dropdown-en.png' });
    await panel.getByRole('button', { name: /New order/ }).click();
    await expect(t).toHaveURL(new RegExp(`/dashboard/sell/${orderId}$`));
    await expect(t.locator('astro-island[component-url*="Header"]:not([ssr])')).toHaveCount(1);
    await expect(t.getByTestId('notifications-count')).toHaveCount(0);

    // The full list, in Indonesian: the order's notification, read now.
    await travellerContext.addCookies([{ name: 'locale', value: 'id', url: baseURL! }]);
    await t.goto('/dashboard/notification');
    await expect(t.getByRole('heading', { level: 1, name: 'Notifikasi' })).toBeVisible();
    await expect(t.getByRole('main').getByRole('button', { name: new RegExp(`Pesanan baru.*#${orderId}`) })).toBeVisible();
    await t.screenshot({ path: 'test-results/notifications/page-id.png', fullPage: true });
    await t.setViewportSize({ width: 390, height: 844 });
    await t.goto('/dashboard/notification?status=unread');
    await expect(t.getByText('Tidak ada notifikasi baru')).toBeVisible();
    await t.screenshot({ path: 'test-results/notifications/unread-id-390.png', fullPage: true });
  } finally {
    await travellerContext.close();
    await buyerContext.close();
  }
});

test('a counter-offer by the requester appears in the traveller’s bell live, and the click opens the offer', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const travellerContext = await browser.newContext();
  const buyerContext = await browser.newContext();
  const t = await travellerContext.newPage();
  const b = await buyerContext.newPage();
  const origin = { Origin: baseURL! };
  try {
    await signInTraveller(t, baseURL!);
    expect((await t.request.put('/v1/notifications/read-all', { headers: origin })).ok()).toBe(true);
    const trips = (await (await t.request.get('/v1/users/trips?per_page=50')).json()).data.rows as { id: number; status: string; origin_country: { id: number } }[];
    const trip = trips.find((x) => x.status === 'upcoming') ?? trips.find((x) => x.status !== 'cancelled' && x.status !== 'finished');
    expect(trip, 'an open trip of the demo traveller').toBeTruthy();

    // Another browser: a new requester asks for something from the trip's country.
    await newRequester(b, baseURL!, 'en');
    const addresses = await (await b.request.get('/v1/addresses')).json();
    const request = await b.request.post('/v1/users/requests', {
      headers: origin,
      data: { name: `Kyoto matcha ${Date.now()}`, description: 'Ceremonial grade, 100 g tin.', price_eta: 300_000, quantity: 1, traveler_tip: 30_000, buy_from_country_id: trip!.origin_country.id, address_id: addresses.data.rows[0].id },
    });
    expect(request.status()).toBe(201);
    const requestId = (await request.json()).data.id as number;
    // The traveller offers (through the API: the offer popup has its own spec).
    const offer = await t.request.post(`/v1/transactions/request-bid/traveler/${requestId}`, {
      headers: origin,
      data: { product_price: 320_000, traveler_tip: 40_000, shipping_fee: 25_000, trip_id: trip!.id },
    });
    expect(offer.status()).toBe(201);
    const orderId = (await offer.json()).data.id as number;

    await t.goto('/dashboard/sell');
    await expect(t.locator('astro-island[component-url*="Header"]:not([ssr])')).toHaveCount(1);
    await expect(t.getByTestId('notifications-count')).toHaveCount(0);
    await t.waitForTimeout(2500);

    // The requester counters in their browser's session.
    const counter = await b.request.post('/v1/transactions/request-bid/requester', {
      headers: origin,
      data: { transaction_id: orderId, product_price: 310_000, traveler_tip: 35_000, shipping_fee: 25_000 },
    });
    expect(counter.status()).toBe(200);

    await expect(t.getByTestId('notifications-count').first()).toHaveText('1', { timeout: 15_000 });
    await t.getByRole('banner').getByRole('button', { name: 'Notifications, 1 unread' }).first().click();
    const item = t.getByTestId('notifications-panel').getByRole('button', { name: /New counter-offer/ });
    await expect(item).toBeVisible();
    await item.click();
    await expect(t).toHaveURL(new RegExp(`/dashboard/sell/${orderId}$`));
  } finally {
    await travellerContext.close();
    await buyerContext.close();
  }
});
