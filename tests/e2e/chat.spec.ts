import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { newRequester } from './support/buyers.ts';

/**
 * Chat per order, live both ways: a new buyer checks out one of the demo traveller's products
 * (not paid yet), opens the chat from the order page and types a phone number, which arrives
 * masked with a hint why. The traveller, in another browser, sees the chat badge count it and
 * the room appear without a reload, answers, and the buyer sees the answer at once. A photo goes
 * with a preview. Then the buyer in Indonesian at 390 px: one pane at a time, the badge counting
 * a new message while the list is shown.
 */
const TRAVELLER = { email: 'traveller@titipan.test', password: 'titipan123' };
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/chat';

const visible = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:visible`);

async function waitLive(page: Page) {
  await expect(page.locator('astro-island[component-url*="Header"]:not([ssr])')).toHaveCount(1);
  // The page subscribes to its channel once idle; give it a moment.
  await page.waitForTimeout(2500);
}

test('requester and traveller chat live; contact details are masked before payment; Indonesian at 390 px', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const travellerContext = await browser.newContext();
  const buyerContext = await browser.newContext();
  const t = await travellerContext.newPage();
  const b = await buyerContext.newPage();
  try {
    const login = await t.request.post('/v1/login', { data: TRAVELLER, headers: { Origin: baseURL! } });
    expect(login.ok()).toBe(true);
    const own = await (await t.request.get('/v1/users/products?per_page=50')).json();
    const product = (own.data.rows as { id: number; stock: number; trip_id: number; name: string }[]).find((p) => p.stock >= 2);
    expect(product, 'a demo product of the traveller with stock').toBeTruthy();

    // A new buyer orders it (waiting for payment: contact details are masked).
    await newRequester(b, baseURL!, 'en');
    const quote = await b.request.post('/v1/misc/expeditions', {
      headers: { Origin: baseURL! },
      data: { destination_sub_district_id: 317101, trip_id: product!.trip_id, products: [{ product_id: product!.id, quantity: 1 }] },
    });
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

    // The traveller waits on the chat page, nothing unread.
    await t.goto('/dashboard/chat');
    await waitLive(t);
    await expect(visible(t, 'chat-count')).toHaveCount(0);

    // The buyer opens the chat from the order page.
    await b.goto(`/dashboard/purchase/${orderId}`);
    await expect(b.getByTestId('open-chat')).toBeVisible();
    await b.getByTestId('open-chat').scrollIntoViewIfNeeded();
    await b.screenshot({ path: `${SHOTS}/order-chat-button-en-1280.png` });
    await b.getByTestId('open-chat').click();
    await expect(b).toHaveURL(/\/dashboard\/chat\?room=\d+$/);
    const room = Number(new URL(b.url()).searchParams.get('room'));
    await waitLive(b);
    await expect(b.getByTestId('chat-order')).toContainText(product!.name);
    await expect(b.getByTestId('chat-order').getByRole('link', { name: 'See order' })).toHaveAttribute('href', `/dashboard/purchase/${orderId}`);
    const box = b.getByRole('textbox', { name: 'Message' });
    await box.fill('Hi! Is it fresh? WhatsApp me at 0812-3456-7890');
    await box.press('Enter');
    const mine = b.getByTestId('chat-message').last();
    await expect(mine).toContainText('Hi! Is it fresh? WhatsApp me at •••');
    await expect(mine.getByTestId('chat-hint')).toContainText('hidden until the order is paid');
    await expect(box).toHaveValue('');

    // The traveller: the badge counts it and the room appears, without a reload; the number is masked.
    await expect(visible(t, 'chat-count')).toHaveText('1', { timeout: 15_000 });
    const listed = t.getByTestId('chat-room');
    await expect(listed.first()).toContainText('Hi! Is it fresh? WhatsApp me at •••');
    await expect(listed.first().getByTestId('chat-room-unread')).toContainText('1');
    await t.getByRole('banner').getByRole('button', { name: /^Chat, 1 unread/ }).first().click();
    await expect(visible(t, 'chat-preview')).toContainText('WhatsApp me at •••');
    await t.screenshot({ path: `${SHOTS}/dropdown-en-1280.png` });
    await visible(t, 'chat-preview').click();
    await expect(t).toHaveURL(new RegExp(`/dashboard/chat\\?room=${room}$`));
    await waitLive(t);
    await expect(t.getByTestId('chat-message').last()).toContainText('•••');
    await expect(t.getByTestId('chat-message').last()).not.toContainText('0812');
    await expect(visible(t, 'chat-count')).toHaveCount(0);

    // The traveller answers; the buyer sees it live.
    const reply = t.getByRole('textbox', { name: 'Message' });
    await reply.fill('Yes, bought this morning. I will ship it on Friday.');
    await reply.press('Enter');
    await expect(b.getByTestId('chat-message').last()).toContainText('I will ship it on Friday', { timeout: 15_000 });
    await expect(b.getByTestId('chat-message').last()).not.toHaveAttribute('data-mine');

    // A photo, with a preview before sending; it arrives on the other side.
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#e0a030' } }).png().toBuffer();
    await t.getByTestId('chat-photo-input').setInputFiles({ name: 'box.png', mimeType: 'image/png', buffer: png });
    await expect(t.getByTestId('chat-photo-preview')).toBeVisible();
    await t.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(t.getByTestId('chat-photo-preview')).toHaveCount(0);
    await expect(b.getByTestId('chat-message').last().getByRole('img', { name: 'Photo' })).toBeVisible({ timeout: 15_000 });
    await t.screenshot({ path: `${SHOTS}/conversation-en-1280.png` });
    await b.screenshot({ path: `${SHOTS}/conversation-buyer-en-1280.png` });

    // The buyer in Indonesian on a phone: one pane at a time.
    await buyerContext.addCookies([{ name: 'locale', value: 'id', url: baseURL! }]);
    await b.setViewportSize({ width: 390, height: 844 });
    await b.goto(`/dashboard/chat?room=${room}`);
    await waitLive(b);
    await expect(b.getByTestId('chat-message').first().getByTestId('chat-hint')).toContainText('disembunyikan sampai pesanan dibayar');
    await expect(b.getByTestId('chat-room').first()).toBeHidden();
    await b.screenshot({ path: `${SHOTS}/conversation-id-390.png` });
    expect(await b.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBeLessThanOrEqual(390);
    await b.setViewportSize({ width: 360, height: 740 });
    await expect(b.getByRole('link', { name: 'Lihat pesanan' })).toBeInViewport();
    expect(await b.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling at 360 px').toBeLessThanOrEqual(360);
    await b.screenshot({ path: `${SHOTS}/conversation-id-360.png` });
    await b.setViewportSize({ width: 390, height: 844 });
    await b.getByRole('button', { name: 'Kembali ke percakapan' }).click();
    await expect(b.getByTestId('chat-room').first()).toBeVisible();
    await reply.fill('Sudah saya kemas.');
    await reply.press('Enter');
    await expect(visible(b, 'chat-count')).toHaveText('1', { timeout: 15_000 });
    await expect(b.getByTestId('chat-room').first().getByTestId('chat-room-unread')).toContainText('1');
    await expect(b.getByTestId('chat-room').first()).toContainText('Sudah saya kemas.');
    await b.screenshot({ path: `${SHOTS}/rooms-id-390.png` });
    await b.getByTestId('chat-room').first().click();
    await expect(b.getByTestId('chat-message').last()).toContainText('Sudah saya kemas.');
    await expect(visible(b, 'chat-count')).toHaveCount(0);
  } finally {
    await travellerContext.close();
    await buyerContext.close();
  }
});
