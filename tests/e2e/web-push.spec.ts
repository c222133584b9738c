import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { newRequester } from './support/buyers.ts';
import { startPushService, subscriberKeys, type ReceivedPush } from '../support/push-service.ts';

/**
 * Web push with the tab's page doing nothing: a traveller turns "notifications on this device" on
 * from the bell (the browser's permission granted by the test), a buyer in another browser
 * orders, and the service worker shows the notification; a click on it opens the sale.
 *
 * The browser's own push service cannot be reached from here, so this browser's PushManager is
 * given a subscription at a local push service of the test's own (HTTPS, its CA trusted by the
 * server through NODE_EXTRA_CA_CERTS, its origin allow-listed): the server encrypts and signs
 * the push for it exactly as for FCM or Mozilla, the test decrypts it as the browser would
 * (RFC 8291) and hands it to the service worker through the DevTools protocol, as Chromium's
 * push service would.
 */
const TRAVELLER = { email: 'traveller@titipan.test', password: 'titipan123' };

async function signInTraveller(page: Page, baseURL: string) {
  const res = await page.request.post('/v1/login', { data: TRAVELLER, headers: { Origin: baseURL } });
  expect(res.ok()).toBe(true);
}

test('turning push on from the bell: another browser’s order shows as a notification of the service worker, and its click opens the sale', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const pushes: ReceivedPush[] = [];
  const service = await startPushService(
    { cert: readFileSync(process.env.E2E_PUSH_CA!, 'utf8'), key: readFileSync(process.env.E2E_PUSH_CA_KEY!, 'utf8') },
    (p) => pushes.push(p),
    Number(process.env.E2E_PUSH_PORT),
  );
  const keys = subscriberKeys();
  const endpoint = `${service.origin}/push/e2e-${Date.now().toString(36)}`;
  const travellerContext = await browser.newContext({ permissions: ['notifications'] });
  const buyerContext = await browser.newContext();
  try {
    // This browser's push service registration, at the local push service (kept across reloads).
    await travellerContext.addInitScript(({ endpoint, p256dh, auth }) => {
      const KEY = 'e2e-push-subscription';
      const make = () => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true },
        getKey: () => null,
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          localStorage.removeItem(KEY);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function subscribe() {
        localStorage.setItem(KEY, '1');
        return make() as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function getSubscription() {
        return (localStorage.getItem(KEY) ? make() : null) as unknown as PushSubscription;
      };
    }, { endpoint, p256dh: keys.p256dh, auth: keys.auth });
    const t = await travellerContext.newPage();
    await signInTraveller(t, baseURL!);
    const own = await (await t.request.get('/v1/users/products?per_page=50')).json();
    const product = (own.data.rows as { id: number; stock: number; trip_id: number }[]).find((p) => p.stock >= 2);
    expect(product, 'a demo product of the traveller with stock').toBeTruthy();

    await t.goto('/dashboard/purchase');
    await expect(t.locator('astro-island[component-url*="Header"]:not([ssr])')).toHaveCount(1);
    await t.getByRole('banner').getByRole('button', { name: /^Notifications/ }).click();
    const device = t.getByRole('switch', { name: /Notifications on this device/ });
    await expect(device).toHaveAttribute('aria-checked', 'false');
    await device.click();
    await expect(device).toHaveAttribute('aria-checked', 'true');
    await expect.poll(() => t.evaluate(async () => !!(await navigator.serviceWorker.getRegistration('/'))?.active)).toBe(true);
    // The service worker's registration, as the browser's push service addresses it.
    const cdp = await travellerContext.newCDPSession(t);
    const registrations = new Map<string, string>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: regs }) => {
      for (const r of regs) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.get(`${baseURL}/`)).toBeTruthy();
    // Installable: Chromium finds the manifest and nothing of the site's own stops installing it
    // (a test's browser context is a private window, which Chromium never installs from).
    await t.reload();
    const blockers = async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito');
    await expect.poll(blockers).toEqual([]);
    expect((await cdp.send('Page.getAppManifest')).url).toBe(`${baseURL}/manifest.webmanifest`);

    // Another browser: a new buyer orders one of the traveller's products.
    const b = await buyerContext.newPage();
    await newRequester(b, baseURL!, 'en');
    const quote = await b.request.post('/v1/misc/expeditions', {
      headers: { Origin: baseURL! },
      data: { destination_sub_district_id: 317101, trip_id: product!.trip_id, products: [{ product_id: product!.id, quantity: 1 }] },
    });
    const addresses = await (await b.request.get('/v1/addresses')).json();
    const order = await b.request.post('/v1/transactions/checkout', {
      headers: { Origin: baseURL! },
      data: { address_id: addresses.data.rows[0].id, items: [{ product_id: product!.id, quantity: 1 }], shipping: [{ trip_id: product!.trip_id, shipping_id: (await quote.json()).data.expeditions[0].shipping_id }] },
    });
    expect(order.status()).toBe(201);
    const orderId = (await order.json()).data.transactions[0].id as number;

    // The server pushed it, encrypted for this browser and signed with its VAPID key.
    await expect.poll(() => pushes.filter((p) => p.path === new URL(endpoint).pathname).length, { timeout: 15_000 }).toBe(1);
    const push = pushes.find((p) => p.path === new URL(endpoint).pathname)!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    const payload = keys.decrypt(push.body);
    expect(JSON.parse(payload)).toMatchObject({ title: 'New order', url: `/dashboard/sell/${orderId}` });
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId: registrations.get(`${baseURL}/`)!, data: payload });

    // The service worker shows it.
    const shown = () =>
      t.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration('/');
        return (await reg!.getNotifications()).map((n) => ({ title: n.title, body: n.body, url: (n.data as { url?: string } | null)?.url }));
      });
    await expect.poll(shown).toContainEqual({ title: 'New order', body: expect.stringContaining(`#${orderId}`), url: `/dashboard/sell/${orderId}` });

    // A click on it opens the sale in the Titipan tab.
    const [worker] = travellerContext.serviceWorkers();
    await worker.evaluate(async (url) => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(e: Event): boolean };
      const [n] = (await scope.registration.getNotifications()).filter((x) => (x.data as { url?: string })?.url === url);
      const Ctor = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent;
      scope.dispatchEvent(new Ctor('notificationclick', { notification: n }));
    }, `/dashboard/sell/${orderId}`);
    await expect(t).toHaveURL(new RegExp(`/dashboard/sell/${orderId}$`));

    // Off again: the switch says so.
    await t.getByRole('banner').getByRole('button', { name: /^Notifications/ }).click();
    await t.getByRole('switch', { name: /Notifications on this device/ }).click();
    await expect(t.getByRole('switch', { name: /Notifications on this device/ })).toHaveAttribute('aria-checked', 'false');
  } finally {
    await travellerContext.close();
    await buyerContext.close();
    await service.close();
  }
});

test('a browser without notifications says so in an alert when the switch is used (SPEC §8)', async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    // As a browser without the Notifications API.
    delete (window as { Notification?: unknown }).Notification;
  });
  const page = await context.newPage();
  try {
    await signInTraveller(page, baseURL!);
    await page.goto('/dashboard/purchase');
    await expect(page.locator('astro-island[component-url*="Header"]:not([ssr])')).toHaveCount(1);
    await page.getByRole('banner').getByRole('button', { name: /^Notifications/ }).click();
    const said: string[] = [];
    page.once('dialog', (dialog) => {
      said.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Notifications on this device' }).click();
    await expect.poll(() => said).toEqual([expect.stringContaining('This browser cannot show notifications when Titipan is closed')]);
  } finally {
    await context.close();
  }
});
