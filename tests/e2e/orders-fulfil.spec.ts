import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';

/**
 * Fulfilment as two new users would, in the browser: a paid order (made and paid through the API
 * and the sandbox bank's form) → the traveller confirms the purchase with a receipt photo → ships
 * it with a tracking number → the requester confirms receipt → both rate each other → the
 * traveller's balance holds the earning (the order's sum minus the platform fee). Every validation
 * message of these screens shows under its field. Once in English on a desktop, once in Indonesian
 * on a 390 px phone. Screenshots go to SHOTS_DIR (default test-results/orders-fulfil).
 */

type Lang = 'en' | 'id';
const expect = baseExpect.configure({ timeout: 20_000 });
test.use({ timezoneId: 'Asia/Jakarta' });
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/orders-fulfil';

const WORDS = {
  en: {
    confirmPurchase: 'Confirm purchase',
    receiptRequired: 'Upload a photo of the receipt',
    purchased: 'Purchased - waiting to be shipped by the traveller',
    ship: 'Ship the order',
    markShipped: 'Mark as shipped',
    courierRequired: 'Enter the courier',
    resiRequired: 'Enter the tracking number',
    courier: 'Courier',
    resi: 'Tracking number (resi)',
    onTheWay: 'On the way',
    received: 'I received the goods',
    yesReceived: 'Yes, I received it',
    finished: 'Order received',
    writeReview: 'Write a review',
    minOneStar: 'Give at least 1 star',
    stars: (n: number) => (n === 1 ? '1 star' : `${n} stars`),
    review: 'Review',
    send: 'Send review',
    rateBuyer: 'Rate the buyer',
    thanks: 'Thank you for your review',
    earning: 'Your earning',
    paidIn: 'Paid into your balance',
    average: '5.0 of 5',
  },
  id: {
    confirmPurchase: 'Konfirmasi pembelian',
    receiptRequired: 'Unggah foto struk pembelian',
    purchased: 'Pesanan telah dibeli - menunggu dikirim traveler',
    ship: 'Kirim pesanan',
    markShipped: 'Tandai sudah dikirim',
    courierRequired: 'Masukkan kurir',
    resiRequired: 'Masukkan nomor resi',
    courier: 'Kurir',
    resi: 'Nomor resi',
    onTheWay: 'Dalam perjalanan',
    received: 'Barang sudah saya terima',
    yesReceived: 'Ya, sudah saya terima',
    finished: 'Pesanan diterima',
    writeReview: 'Tulis ulasan',
    minOneStar: 'Rating minimal 1 bintang',
    stars: (n: number) => `${n} bintang`,
    review: 'Ulasan',
    send: 'Kirim ulasan',
    rateBuyer: 'Beri rating pembeli',
    thanks: 'Terima kasih atas ulasan Anda',
    earning: 'Penghasilan Anda',
    paidIn: 'Sudah masuk ke saldo Anda',
    average: '5,0 dari 5',
  },
} as const;

let serial = 0;
function freshUser(prefix: string) {
  const id = `${Date.now().toString(36)}${(serial++).toString(36)}`;
  return { name: `E2E ${prefix} ${id}`, username: `${prefix}_${id}`.slice(0, 30), email: `${prefix}.${id}@example.com`, password: 'fulfil-pass-123' };
}

function plusDays(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function smsCode(e164: string): Promise<string> {
  const file = join(process.env.E2E_DATA_DIR!, 'sms', `${e164}.txt`);
  let code = '';
  await expect
    .poll(async () => {
      const text = await readFile(file, 'utf8').catch(() => '');
      code = text.trimEnd().split('\n').at(-1)?.match(/\b([A-Z0-9]{4})\b/)?.[1] ?? '';
      return code;
    })
    .toMatch(/^[A-Z0-9]{4}$/);
  return code;
}

async function newParty(browser: Browser, baseURL: string, lang: Lang, phone: boolean, prefix: string) {
  const context = await browser.newContext(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: 'Asia/Jakarta' } : { viewport: { width: 1280, height: 800 }, timezoneId: 'Asia/Jakarta' });
  await context.addCookies([{ name: 'locale', value: lang, url: baseURL }]);
  const page = await context.newPage();
  const call = async (method: 'get' | 'post', path: string, data?: unknown, status = 200) => {
    const res = await context.request[method](path, { data, headers: { Origin: baseURL, Lang: lang } });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(status);
    return (await res.json()).data;
  };
  const post = (path: string, data: unknown, status = 201) => call('post', path, data, status);
  const get = (path: string) => call('get', path);
  const user = (await post('/v1/register', freshUser(prefix))).user as { id: number; name: string };
  return { context, page, post, get, user };
}

async function gotoOrder(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('astro-island[component-url*="OrderActions"]:not([ssr])')).toHaveCount(1);
  await expect(page.locator('astro-island[component-url*="PopupContainer"]:not([ssr])')).toHaveCount(1);
}

const popup = (page: Page, name: string) => page.locator(`[data-popup="${name}"]`);
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
/** A plain 64×64 PNG (a receipt, as far as the test is concerned). */
function png(size = 64): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0xf0)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}
const PNG = png();

for (const { lang, phone } of [
  { lang: 'en' as const, phone: false },
  { lang: 'id' as const, phone: true },
]) {
  test(`purchase, ship, receive, rate both ways, earning in the balance (${lang}${phone ? ', 390 px' : ''})`, async ({ browser, baseURL }) => {
    test.setTimeout(540_000);
    const w = WORDS[lang];
    const tag = `${lang}${phone ? '-390' : '-1280'}`;

    // The traveller: a verified phone, a trip and a pre-order on it.
    const traveller = await newParty(browser, baseURL!, lang, phone, 'trv');
    const local = `0812${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await traveller.post('/v1/send-phone-verification', { phone_number: local }, 200);
    await traveller.post('/v1/verify-phone', { phone_number: local, otp_code: await smsCode(`+62${local.slice(1)}`) }, 200);
    const trip = await traveller.post('/v1/users/trips', { origin_country_id: 392, origin_city_id: 1850147, destination_country_id: 228, destination_city_id: 1642911, arrival_date: plusDays(9), delivery_date: plusDays(11) });
    const product = await traveller.post('/v1/users/products', { name: `Tokyo Banana ${tag} ${Date.now().toString(36)}`, description: 'Eight cakes in a box, bought fresh.', price: 150_000, weight: 800, stock: 3, trip_id: trip.id });

    // The requester: an address, an order with a courier, paid at the sandbox bank.
    const requester = await newParty(browser, baseURL!, lang, phone, 'req');
    const address = await requester.post('/v1/addresses', { name: 'Rina', phone_number: '081299998888', label: 'Rumah', detail: 'Jl. Sudirman 1', country_id: 228, province_id: 31, city_id: 3171, sub_district_id: 317101, pos_code: '10110' });
    const quote = await requester.post('/v1/misc/expeditions', { destination_sub_district_id: 317101, trip_id: trip.id, products: [{ product_id: product.id, quantity: 1 }] }, 200);
    const courier = quote.expeditions.find((e: { shipping_id: string }) => e.shipping_id !== 'self_pickup');
    const checkout = await requester.post('/v1/transactions/checkout', { address_id: address.id, items: [{ product_id: product.id, quantity: 1 }], shipping: [{ trip_id: trip.id, shipping_id: courier.shipping_id }] });
    const id = checkout.transactions[0].id as number;
    const pay = await requester.post(`/v1/transactions/${id}/pay`, { payment_type: 'bank_transfer' }, 200);
    const paid = await requester.context.request.post(pay.redirect_url, { form: { paid: '1' }, headers: { Origin: baseURL! }, maxRedirects: 0 });
    expect(paid.status()).toBe(303);
    await expect.poll(async () => (await requester.get(`/v1/transactions/${id}`)).status).toBe('paid');

    // 1. The traveller confirms the purchase on its own page: the receipt photo is required.
    const t = traveller.page;
    await gotoOrder(t, `/dashboard/sell/${id}`);
    await t.getByRole('link', { name: w.confirmPurchase }).click();
    await expect(t).toHaveURL(new RegExp(`/dashboard/sell/purchase-confirmation/${id}$`));
    await expect(t.locator('astro-island[component-url*="PurchaseConfirmation"]:not([ssr])')).toHaveCount(1);
    await t.getByRole('button', { name: w.confirmPurchase }).click();
    await expect(t.getByRole('alert').filter({ hasText: w.receiptRequired })).toBeVisible();
    await shot(t, `purchase-confirmation-error-${tag}`);
    await t.getByTestId('receipt-input').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    await expect(t.getByTestId('receipt-preview')).toBeVisible();
    await expect(t.getByRole('alert').filter({ hasText: w.receiptRequired })).toHaveCount(0);
    await t.getByLabel(lang === 'en' ? 'Notes for the buyer' : 'Catatan untuk pembeli').fill('Bought at Haneda, box sealed.');
    await shot(t, `purchase-confirmation-${tag}`);
    await t.getByRole('button', { name: w.confirmPurchase }).click();
    await expect(t).toHaveURL(new RegExp(`/dashboard/sell/${id}$`));
    await expect(t.getByTestId('status-detail')).toHaveText(w.purchased);
    await expect(t.getByTestId('receipt-image')).toBeVisible();

    // 2. It ships with a courier and a tracking number; both are required.
    await expect(t.locator('astro-island[component-url*="OrderActions"]:not([ssr])')).toHaveCount(1);
    await t.locator('[data-action="deliver"]').click();
    const ship = popup(t, 'shipping-confirmation');
    await ship.getByRole('button', { name: w.markShipped }).click();
    await expect(ship.getByRole('alert').filter({ hasText: w.courierRequired })).toBeVisible();
    await expect(ship.getByRole('alert').filter({ hasText: w.resiRequired })).toBeVisible();
    await shot(t, `shipping-confirmation-errors-${tag}`);
    await ship.getByLabel(w.courier).fill('JNE');
    await ship.getByLabel(w.resi).fill('JP1234567890');
    await ship.getByRole('button', { name: w.markShipped }).click();
    await expect(t.getByTestId('status-detail')).toHaveText(w.onTheWay);
    await expect(t.getByTestId('tracking')).toContainText('JP1234567890');
    await shot(t, `sell-detail-shipped-${tag}`);

    // 3. The requester sees the receipt and the tracking number, and confirms receipt.
    const r = requester.page;
    await gotoOrder(r, `/dashboard/purchase/${id}`);
    await expect(r.getByTestId('tracking')).toContainText('JNE');
    await expect(r.getByTestId('receipt-image')).toBeVisible();
    await r.locator('[data-action="accept_delivery"]').click();
    await expect(popup(r, 'accept-product-confirmation')).toBeVisible();
    await shot(r, `accept-product-confirmation-${tag}`);
    await popup(r, 'accept-product-confirmation').getByRole('button', { name: w.yesReceived }).click();

    // 4. The order is finished; the requester reviews the traveller (at least one star).
    const finish = popup(r, 'finish-order');
    await expect(finish).toBeVisible();
    await expect(r.getByTestId('status-detail')).toHaveText(w.finished);
    await shot(r, `finish-order-${tag}`);
    await finish.getByRole('button', { name: w.writeReview }).click();
    const review = popup(r, 'review-traveller');
    await review.getByRole('button', { name: w.send }).click();
    await expect(review.getByRole('alert').filter({ hasText: w.minOneStar })).toBeVisible();
    await shot(r, `review-traveller-error-${tag}`);
    await review.locator('label').filter({ hasText: w.stars(5) }).click();
    await expect(review.getByRole('alert').filter({ hasText: w.minOneStar })).toHaveCount(0);
    await review.getByLabel(w.review).fill('Fast, careful, and the box was perfect.');
    await review.getByRole('button', { name: w.send }).click();
    await expect(r.locator('[data-kind="success"]').filter({ hasText: w.thanks })).toBeVisible();
    await expect(r.getByTestId('my-review')).toContainText('Fast, careful');
    await expect(r.locator('[data-action="rate"]')).toHaveCount(0);

    // 5. The traveller reviews the buyer.
    await gotoOrder(t, `/dashboard/sell/${id}`);
    await expect(t.getByTestId('their-review')).toContainText('Fast, careful');
    await t.getByRole('button', { name: w.rateBuyer }).click();
    const back = popup(t, 'review-buyer');
    await back.locator('label').filter({ hasText: w.stars(4) }).click();
    await back.getByRole('button', { name: w.send }).click();
    await expect(t.getByTestId('my-review')).toBeVisible();
    await expect(t.getByTestId('my-review').locator('[data-rate="4"]')).toBeVisible();

    // 6. The earning (sum − platform fee) is in the traveller's balance and on the order.
    const sale = await traveller.get(`/v1/transactions/${id}`);
    expect(sale.traveler_total).toBe(sale.product_price + sale.traveler_tip + sale.shipping_fee - sale.platform_fee);
    expect((await traveller.get('/v1/balances')).balance).toBe(sale.traveler_total);
    const rupiah = `Rp. ${sale.traveler_total.toLocaleString('id-ID')}`;
    await expect(t.getByTestId('earning')).toContainText(rupiah);
    await expect(t.getByTestId('earning')).toContainText(w.paidIn);
    await shot(t, `sell-detail-completed-${tag}`);

    // 7. The traveller's public reviews show the rating and the average.
    await t.goto(`/products/user/review/traveller/${traveller.user.id}`);
    await expect(t.getByTestId('reviews')).toContainText('Fast, careful');
    await expect(t.getByTestId('reputation-traveller').getByTestId('rating-average')).toHaveText(w.average);
    await shot(t, `reviews-traveller-${tag}`);

    await traveller.context.close();
    await requester.context.close();
  });
}
