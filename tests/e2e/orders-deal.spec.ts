import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect as baseExpect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';

/**
 * Dealing on requests as two new users would, in the browser: a traveller takes one request and
 * makes an offer on another, the requester counters, the traveller accepts, and the requester's
 * order shows the Pay link. At every step both dashboards show the order under the right stage
 * tab and exactly the buttons the API lists in `actions`. Once in English on a desktop, once in
 * Indonesian on a 390 px phone. Users, the trip and the requests are made through the API.
 */

type Lang = 'en' | 'id';
// Two users, two trips through the whole dealing flow: on a loaded machine popups load slowly.
const expect = baseExpect.configure({ timeout: 20_000 });
test.use({ timezoneId: 'Asia/Jakarta' });

const WORDS = {
  en: {
    take: 'Take request',
    offer: 'Make an offer',
    trip: 'Your trip',
    price: 'Product price (all items)',
    tip: 'Traveller tip',
    shipping: 'Shipping fee',
    send: 'Send offer',
    counter: 'Make a counter-offer',
    accept: 'Accept offer',
    yesAccept: 'Yes, accept',
    pay: 'Pay',
    stage: { penawaran: 'Offer', pembayaran: 'Payment' },
    status: { offer: 'Offer from the traveller', counter: 'Counter-offer from the requester', payment: 'Waiting for payment' },
    tipRequired: 'Enter the traveller tip',
    addressLater: "The buyer's name, street and phone appear here once they have paid.",
    iHavePaid: 'I have paid',
  },
  id: {
    take: 'Ambil permintaan',
    offer: 'Ajukan penawaran',
    trip: 'Perjalanan Anda',
    price: 'Harga produk (semua barang)',
    tip: 'Tip traveler',
    shipping: 'Ongkos kirim',
    send: 'Kirim penawaran',
    counter: 'Ajukan penawaran balik',
    accept: 'Terima penawaran',
    yesAccept: 'Ya, terima',
    pay: 'Bayar',
    stage: { penawaran: 'Penawaran', pembayaran: 'Pembayaran' },
    status: { offer: 'Penawaran dari traveler', counter: 'Penawaran balik dari pembeli', payment: 'Menunggu pembayaran' },
    tipRequired: 'Masukkan tip traveler',
    addressLater: 'Nama, alamat jalan dan nomor telepon pembeli muncul di sini setelah mereka membayar.',
    iHavePaid: 'Saya sudah bayar',
  },
} as const;

let serial = 0;
function freshUser(prefix: string) {
  const id = `${Date.now().toString(36)}${(serial++).toString(36)}`;
  return { name: `E2E ${prefix} ${id}`, username: `${prefix}_${id}`.slice(0, 30), email: `${prefix}.${id}@example.com`, password: 'deal-pass-123' };
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

/** A signed-in browser context of a new user (the registration sets its session cookie). */
async function newParty(browser: Browser, baseURL: string, lang: Lang, phone: boolean, prefix: string) {
  const context = await browser.newContext(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: 'Asia/Jakarta' } : { viewport: { width: 1280, height: 800 }, timezoneId: 'Asia/Jakarta' });
  await context.addCookies([{ name: 'locale', value: lang, url: baseURL }]);
  const page = await context.newPage();
  const post = async (path: string, data: unknown, status = 201) => {
    const res = await context.request.post(path, { data, headers: { Origin: baseURL, Lang: lang } });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(status);
    return (await res.json()).data;
  };
  await post('/v1/register', freshUser(prefix));
  return { context, page, post };
}

async function actionsOf(context: BrowserContext, id: number): Promise<string[]> {
  const res = await context.request.get(`/v1/transactions/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()).data.actions;
}

/** The detail page shows exactly the API's actions as buttons (and `expected` is what the API lists), beside the Help button every order has. */
async function expectButtons(page: Page, id: number, expected: string[]) {
  expect((await actionsOf(page.context(), id)).sort()).toEqual([...expected].sort());
  const shown = await page.locator('[data-testid="order-actions"] button[data-action]').evaluateAll((els) => els.map((e) => e.getAttribute('data-action')));
  expect(shown.filter((a) => a !== 'help').sort()).toEqual([...expected].sort());
  expect(shown).toContain('help');
}

async function gotoOrder(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('astro-island[component-url*="OrderActions"]:not([ssr])')).toHaveCount(1);
}

/** The dashboard opens the stage's tab with its count and lists the order there. */
async function expectListed(page: Page, base: string, stage: 'penawaran' | 'pembayaran', id: number, lang: Lang, statusText: string) {
  await page.goto(`${base}?stage=${stage}`);
  const tab = page.getByTestId('stage-tabs').locator(`a[data-stage="${stage}"]`);
  await expect(tab).toHaveAttribute('aria-current', 'page');
  await expect(tab).toContainText(WORDS[lang].stage[stage]);
  const card = page.locator(`a[data-order="${id}"]`);
  await expect(card).toBeVisible();
  await expect(card.locator(`.stage-badge.${stage}`)).toHaveText(WORDS[lang].stage[stage]);
  await expect(card.getByTestId('status-detail')).toHaveText(statusText);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/orders-deal/${name}.png`, fullPage: true });
}

for (const { lang, phone } of [
  { lang: 'en' as const, phone: false },
  { lang: 'id' as const, phone: true },
]) {
  test(`take, offer, counter, accept, pay link (${lang}${phone ? ', 390 px' : ''})`, async ({ browser, baseURL }) => {
    test.setTimeout(300_000);
    const w = WORDS[lang];
    const tag = `${lang}${phone ? '-390' : ''}`;

    // The requester: an address and two requests.
    const requester = await newParty(browser, baseURL!, lang, phone, 'req');
    const address = await requester.post('/v1/addresses', { name: 'Rina', phone_number: '081299998888', label: 'Rumah', detail: 'Jl. Sudirman 1', country_id: 228, province_id: 31, city_id: 3171, sub_district_id: 317101, pos_code: '10110' });
    const newRequest = (name: string) =>
      requester.post('/v1/users/requests', { name, description: 'Ultra light down jacket, size M, navy.', price_eta: 800_000, quantity: 1, traveler_tip: 50_000, buy_from_country_id: 392, address_id: address.id });
    const taken = await newRequest(`Uniqlo jacket ${tag} ${Date.now().toString(36)}`);
    const bidOn = await newRequest(`Tokyo Banana ${tag} ${Date.now().toString(36)}`);

    // The traveller: a verified phone and an active trip.
    const traveller = await newParty(browser, baseURL!, lang, phone, 'trv');
    const local = `0812${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await traveller.post('/v1/send-phone-verification', { phone_number: local }, 200);
    await traveller.post('/v1/verify-phone', { phone_number: local, otp_code: await smsCode(`+62${local.slice(1)}`) }, 200);
    await traveller.post('/v1/users/trips', { origin_country_id: 392, origin_city_id: 1850147, destination_country_id: 228, destination_city_id: 1642911, arrival_date: plusDays(9), delivery_date: plusDays(11) });

    // 1. The traveller takes the first request at its terms, adding a shipping fee.
    const t = traveller.page;
    await t.goto(`/products/request/${taken.slug}`);
    await expect(t.locator('html[data-catalogue-actions="ready"]')).toHaveCount(1);
    await t.getByRole('button', { name: w.take, exact: true }).click();
    const take = t.getByTestId('take-request');
    await expect(take.getByLabel(w.trip)).not.toHaveValue('');
    await take.getByLabel(w.shipping).pressSequentially('25000');
    await expect(take.getByTestId('fee-preview')).toContainText('Rp. 875.000'); // 800.000 + 50.000 + 25.000
    await shot(t, `take-request-${tag}`);
    await take.getByRole('button', { name: w.take }).click();
    await expect(t).toHaveURL(/\/dashboard\/sell\/\d+$/);
    const takenId = Number(t.url().split('/').at(-1));
    await expect(t.getByTestId('stage-badge')).toHaveText(w.stage.pembayaran);
    await expectButtons(t, takenId, ['cancel']);
    // Until the requester pays, the traveller sees where the parcel goes as far as pricing needs: no name, street or phone.
    await expect(t.getByTestId('order-address')).toContainText('10110');
    await expect(t.getByTestId('order-address')).toContainText(w.addressLater);
    await expect(t.locator('main')).not.toContainText('Jl. Sudirman 1');
    await expect(t.locator('main')).not.toContainText('9999');

    // 2. … and makes an offer on the second: tip and shipping are required.
    await t.goto(`/products/request/${bidOn.slug}`);
    await expect(t.locator('html[data-catalogue-actions="ready"]')).toHaveCount(1);
    await t.getByRole('button', { name: w.offer, exact: true }).click();
    const bid = t.getByTestId('bid-request');
    await bid.getByLabel(w.tip).fill('');
    await bid.getByRole('button', { name: w.send }).click();
    await expect(bid.getByText(w.tipRequired)).toBeVisible();
    await bid.getByLabel(w.price).fill('');
    await bid.getByLabel(w.price).pressSequentially('900000');
    await bid.getByLabel(w.tip).pressSequentially('60000');
    await bid.getByLabel(w.shipping).pressSequentially('40000');
    await shot(t, `bid-request-${tag}`);
    await bid.getByRole('button', { name: w.send }).click();
    await expect(t).toHaveURL(/\/dashboard\/sell\/\d+$/);
    const offerId = Number(t.url().split('/').at(-1));
    await expect(t.getByTestId('stage-badge')).toHaveText(w.stage.penawaran);
    await expect(t.getByTestId('status-detail')).toHaveText(w.status.offer);
    await expect(t.getByTestId('countdown')).toBeVisible();
    await expectButtons(t, offerId, ['update_bid', 'reject_offer']);
    await shot(t, `sell-offer-${tag}`);
    await expectListed(t, '/dashboard/sell', 'penawaran', offerId, lang, w.status.offer);
    await expectListed(t, '/dashboard/sell', 'pembayaran', takenId, lang, w.status.payment);
    await shot(t, `sell-list-${tag}`);

    // 3. The requester sees the offer and counters it.
    const r = requester.page;
    await expectListed(r, '/dashboard/purchase', 'penawaran', offerId, lang, w.status.offer);
    await expect(r.getByTestId('count-pembayaran')).toHaveText('1');
    await shot(r, `purchase-list-${tag}`);
    await gotoOrder(r, `/dashboard/purchase/${offerId}`);
    await expectButtons(r, offerId, ['accept_offer', 'reject_offer', 'counter_by_requester']);
    await expect(r.getByTestId('total-price')).toHaveText('Rp. 1.050.000'); // 1.000.000 + 5 %
    await expect(r.getByTestId('traveler-total')).toHaveCount(0);
    await r.getByRole('button', { name: w.counter }).click();
    const counter = r.getByTestId('bid-requester');
    await counter.getByLabel(w.tip).fill('');
    await counter.getByLabel(w.tip).pressSequentially('30000');
    await shot(r, `bid-requester-${tag}`);
    await counter.getByRole('button', { name: w.send }).click();
    await expect(r.getByTestId('status-detail')).toHaveText(w.status.counter);
    await expect(r.getByTestId('bids').locator('li')).toHaveCount(2);
    await expectButtons(r, offerId, ['update_bid', 'reject_offer']);

    // 4. The traveller accepts the counter-offer.
    await gotoOrder(t, `/dashboard/sell/${offerId}`);
    await expect(t.getByTestId('status-detail')).toHaveText(w.status.counter);
    await expectButtons(t, offerId, ['accept_offer', 'reject_offer', 'counter_by_traveler']);
    await expect(t.getByTestId('traveler-total')).toBeVisible();
    await shot(t, `sell-detail-counter-${tag}`);
    await t.getByRole('button', { name: w.accept }).click();
    await t.getByTestId('accept-bid-confirmation').getByRole('button', { name: w.yesAccept }).click();
    await expect(t.getByTestId('stage-badge')).toHaveText(w.stage.pembayaran);
    await expectButtons(t, offerId, ['cancel']);
    await expect(t.locator('[data-action="pay"]')).toHaveCount(0);

    // 5. The requester's order waits for payment, with the Pay link.
    await expectListed(r, '/dashboard/purchase', 'pembayaran', offerId, lang, w.status.payment);
    await expect(r.getByTestId('count-pembayaran')).toHaveText('2');
    await expect(r.getByTestId('count-penawaran')).toHaveText('0');
    await gotoOrder(r, `/dashboard/purchase/${offerId}`);
    await expect(r.getByTestId('stage-badge')).toHaveText(w.stage.pembayaran);
    await expect(r.getByRole('link', { name: w.pay, exact: true })).toHaveAttribute('href', `/dashboard/payment/${offerId}`);
    await expectButtons(r, offerId, ['cancel']);
    await expect(r.getByTestId('total-price')).toHaveText('Rp. 1.018.500'); // (900.000 + 30.000 + 40.000) + 5 %
    await shot(r, `purchase-detail-pay-${tag}`);
    if (phone) expect(await r.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The requester pays the taken order on the sandbox bank; now the traveller sees where to send it.
    await r.goto(`/dashboard/payment/${takenId}`);
    await r.getByRole('button', { name: w.pay, exact: true }).click();
    await r.getByRole('button', { name: w.iHavePaid }).click();
    await expect(r).toHaveURL(new RegExp(`/dashboard/payment/${takenId}$`));
    await gotoOrder(t, `/dashboard/sell/${takenId}`);
    await expect(t.getByTestId('order-address')).toContainText('Rina');
    await expect(t.getByTestId('order-address')).toContainText('Jl. Sudirman 1');
    await expect(t.getByTestId('order-address')).not.toContainText(w.addressLater);
    await shot(t, `sell-detail-paid-${tag}`);

    // Neither party's page is the other's, and strangers get 404.
    await r.goto(`/dashboard/sell/${offerId}`);
    await expect(r).toHaveURL(new RegExp(`/dashboard/purchase/${offerId}$`));
    const stranger = await newParty(browser, baseURL!, lang, phone, 'str');
    const res = await stranger.page.goto(`/dashboard/purchase/${offerId}`);
    expect(res?.status()).toBe(404);

    for (const p of [requester, traveller, stranger]) await p.context.close();
  });
}
