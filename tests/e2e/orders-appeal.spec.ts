import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';

/**
 * Complaint → return → rejection → appeal → an operator decides for the buyer, as the people
 * involved would, in the browser: a paid and shipped order is set up through the API; the
 * requester files the complaint with a reason and a photo, ships the return and appeals; the
 * traveller rejects the refund; the operator (OPERATOR_EMAILS in playwright.config.ts) refunds in
 * /admin; the requester's balance is credited. The requester's pages in English on a desktop,
 * then in Indonesian on a 390 px phone; every validation message of these popups on the way.
 */

type Lang = 'en' | 'id';
const expect = baseExpect.configure({ timeout: 20_000 });
test.use({ timezoneId: 'Asia/Jakarta' });

const dict = (lang: Lang, ns: string) => JSON.parse(readFileSync(join('src/lib/i18n/locales', lang, `${ns}.json`), 'utf8'));
const OPERATOR = { email: 'operator@titipan.test', password: 'operator-e2e-pass-1' };
const SHOTS = '/tmp/shots/aftersales';

let serial = 0;
function freshUser(prefix: string) {
  const id = `${Date.now().toString(36)}${(serial++).toString(36)}`;
  return { name: `E2E ${prefix} ${id}`, username: `${prefix}_${id}`.slice(0, 30), email: `${prefix}.${id}@example.com`, password: 'appeal-pass-123' };
}
function plusDays(days: number): string {
  const d = new Date();
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
const png = (color: string) => sharp({ create: { width: 600, height: 400, channels: 3, background: color } }).png().toBuffer();

async function party(browser: Browser, baseURL: string, lang: Lang, phone: boolean, user?: { email: string; password: string }) {
  const context = await browser.newContext(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: 'Asia/Jakarta' } : { viewport: { width: 1280, height: 800 }, timezoneId: 'Asia/Jakarta' });
  await context.addCookies([{ name: 'locale', value: lang, url: baseURL }]);
  const page = await context.newPage();
  const headers = { Origin: baseURL, Lang: lang };
  const post = async (path: string, data: unknown, status = 200) => {
    const res = await context.request.post(path, { data, headers });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(status);
    return (await res.json()).data;
  };
  const upload = async (color: string) => {
    const res = await context.request.post('/v1/uploads/images', { multipart: { image: { name: 'photo.png', mimeType: 'image/png', buffer: await png(color) } }, headers });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()).data.filename as string;
  };
  if (user) {
    // The operator: signs in, or registers the first time (OPERATOR_EMAILS makes it an operator either way).
    const login = await context.request.post('/v1/login', { data: user, headers });
    if (!login.ok()) await post('/v1/register', { ...freshUser('op'), ...user }, 201);
  } else {
    await post('/v1/register', freshUser(phone ? 'm' : 'd'), 201);
  }
  return { context, page, post, upload };
}

/** A paid, bought and shipped order between a new requester and a new traveller (all through the API). */
async function shippedOrder(browser: Browser, baseURL: string, lang: Lang, phone: boolean) {
  const requester = await party(browser, baseURL, lang, phone);
  const address = await requester.post('/v1/addresses', { name: 'Rina', phone_number: '081299998888', label: 'Rumah', detail: 'Jl. Sudirman 1', country_id: 228, province_id: 31, city_id: 3171, sub_district_id: 317101, pos_code: '10110' }, 201);
  const traveller = await party(browser, baseURL, lang, false);
  const local = `0813${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await traveller.post('/v1/send-phone-verification', { phone_number: local });
  await traveller.post('/v1/verify-phone', { phone_number: local, otp_code: await smsCode(`+62${local.slice(1)}`) });
  const trip = await traveller.post('/v1/users/trips', { origin_country_id: 392, origin_city_id: 1850147, destination_country_id: 228, destination_city_id: 1642911, arrival_date: plusDays(9), delivery_date: plusDays(11) }, 201);
  const product = await traveller.post('/v1/users/products', { name: `Matcha KitKat ${Date.now().toString(36)}`, description: 'Twelve mini bars, bought at the airport.', price: 150_000, weight: 500, stock: 3, trip_id: trip.id }, 201);
  const quote = await requester.post('/v1/misc/expeditions', { destination_sub_district_id: 317101, trip_id: trip.id, products: [{ product_id: product.id, quantity: 1 }] });
  const placed = await requester.post('/v1/transactions/checkout', { address_id: address.id, items: [{ product_id: product.id, quantity: 1 }], shipping: [{ trip_id: trip.id, shipping_id: quote.expeditions[0].shipping_id }] }, 201);
  const id = placed.transactions[0].id as number;
  const pay = await requester.post(`/v1/transactions/${id}/pay`, { payment_type: 'bank_transfer' });
  const paid = await requester.context.request.post(pay.redirect_url, { form: { paid: '1' }, headers: { Origin: baseURL }, maxRedirects: 0 });
  expect(paid.status()).toBeLessThan(400);
  await traveller.post(`/v1/transactions/${id}/confirm-purchase`, { receipt_image_id: await traveller.upload('#ffaa00') });
  await traveller.post(`/v1/transactions/${id}/deliver-product`, { resi: 'JNE0042', courier_name: 'JNE' });
  return { requester, traveller, id };
}

const popup = (page: Page, name: string) => page.getByTestId(name);
async function ready(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('astro-island[component-url*="OrderActions"]:not([ssr])')).toHaveCount(1);
}

for (const { lang, phone } of [
  { lang: 'en' as const, phone: false },
  { lang: 'id' as const, phone: true },
]) {
  test(`complaint → return → rejection → appeal → operator refunds the requester (${lang}${phone ? ', 390 px' : ''})`, async ({ browser, baseURL }) => {
    test.setTimeout(300_000);
    const a = dict(lang, 'orders-after');
    const adm = dict(lang, 'admin');
    const tag = `${lang}${phone ? '-390' : '-1280'}`;
    const { requester, traveller, id } = await shippedOrder(browser, baseURL!, lang, phone);
    const r = requester.page;

    // Help on the shipped order: topics for "in transit"; a topic and, for 'Lainnya', the text are required.
    await ready(r, `/dashboard/purchase/${id}`);
    await r.locator('button[data-action="help"]').click();
    const help = popup(r, 'help-transaction');
    await expect(help.getByText(a.help.topic.tracking_not_updating, { exact: true })).toBeVisible();
    await help.getByRole('button', { name: a.help.submit }).click();
    await expect(help.getByText(a.help.choose_topic, { exact: true })).toBeVisible();
    await help.getByLabel(a.help.topic.other).check();
    await help.getByRole('button', { name: a.help.submit }).click();
    await expect(help.getByText(a.help.message_required, { exact: true })).toBeVisible();
    await help.getByLabel(a.help.message).fill('The tracking page shows nothing');
    await help.getByRole('button', { name: a.help.submit }).click();
    await expect(popup(r, 'help-submited')).toContainText(a.help.done_title);
    await r.screenshot({ path: `${SHOTS}/help-submited-${tag}.png` });
    await r.keyboard.press('Escape');

    // The complaint page: a reason is required, 'other' needs a note; then a reason and a photo.
    await r.locator('a[data-action="complain"]').click();
    await expect(r).toHaveURL(new RegExp(`/dashboard/purchase/refund/${id}$`));
    const form = r.getByTestId('complaint-form');
    await expect(r.locator('astro-island[component-url*="ComplaintForm"]:not([ssr])')).toHaveCount(1);
    await form.getByRole('button', { name: a.complaint.submit }).click();
    await expect(form.getByText(a.complaint.choose_reason, { exact: true })).toBeVisible();
    await form.getByLabel(a.complaint.reason.other).check();
    await form.getByRole('button', { name: a.complaint.submit }).click();
    await expect(form.getByRole('alert').filter({ hasText: a.complaint.note_required })).toBeVisible();
    await form.getByLabel(a.complaint.reason.damaged).check();
    await form.getByLabel(new RegExp(a.complaint.note)).fill('The box was crushed and the bars broken');
    await form.getByTestId('complaint-photo-input').setInputFiles({ name: 'box.png', mimeType: 'image/png', buffer: await png('#aa3344') });
    await expect(form.getByTestId('complaint-photos').locator('img')).toHaveCount(1);
    await r.screenshot({ path: `${SHOTS}/complaint-${tag}.png`, fullPage: true });
    await form.getByRole('button', { name: a.complaint.submit }).click();

    // The refund page: the record, the traveller's countdown, the requester's buttons.
    await expect(r).toHaveURL(new RegExp(`/dashboard/purchase/refund-purchasemen/${id}$`));
    await expect(r.getByTestId('after-sales-record')).toContainText(a.complaint.reason.damaged);
    await expect(r.getByTestId('after-sales-record').locator('img')).toHaveCount(1);
    await expect(r.getByTestId('countdown')).toContainText(a.detail.respond_within);
    await expect(r.locator('astro-island[component-url*="OrderActions"]:not([ssr])')).toHaveCount(1);
    await r.screenshot({ path: `${SHOTS}/refund-page-${tag}.png`, fullPage: true });

    // The return: courier and tracking number are required.
    await r.locator('button[data-action="ship_return"]').click();
    const ship = popup(r, 'refund-shipping-confirmation');
    await ship.getByRole('button', { name: a.popup.ship_submit }).click();
    await expect(ship.getByText(a.ship.courier_required, { exact: true })).toBeVisible();
    await expect(ship.getByText(a.ship.resi_required, { exact: true })).toBeVisible();
    await ship.getByLabel(a.ship.courier).fill('SiCepat');
    await ship.getByLabel(a.ship.resi).fill('SCP998877');
    await ship.getByRole('button', { name: a.popup.ship_submit }).click();
    await expect(r.getByTestId('after-sales-record')).toContainText('SCP998877');

    // The traveller rejects: a reason is required, 'other' needs a note.
    const t = traveller.page;
    await ready(t, `/dashboard/sell/${id}`);
    await t.locator('button[data-action="reject_refund"]').click();
    const reject = popup(t, 'reject-refund');
    await reject.getByRole('button', { name: a.popup.reject_confirm }).click();
    await expect(reject.getByText(a.reject.choose_reason, { exact: true })).toBeVisible();
    await reject.getByLabel(a.reject.reason.other).check();
    await reject.getByRole('button', { name: a.popup.reject_confirm }).click();
    await expect(reject.getByText(a.reject.note_required, { exact: true })).toBeVisible();
    await reject.getByLabel(a.reject.reason.evidence_insufficient).check();
    await reject.getByRole('button', { name: a.popup.reject_confirm }).click();
    await expect(t.getByTestId('status-detail')).toHaveText(dict(lang, 'orders').status.refund_rejected);

    // The requester appeals: a reason is required; 'Lainnya' needs the note, which is sent instead.
    await ready(r, `/dashboard/purchase/refund-purchasemen/${id}`);
    await expect(r.getByTestId('after-sales-response')).toContainText(a.reject.reason.evidence_insufficient);
    await r.locator('button[data-action="appeal"]').click();
    const appeal = popup(r, 'appeal-submission');
    await appeal.getByRole('button', { name: a.popup.appeal_confirm }).click();
    await expect(appeal.getByText(a.appeal.choose_reason, { exact: true })).toBeVisible();
    await appeal.getByLabel(a.appeal.reason.other).check();
    await appeal.getByRole('button', { name: a.popup.appeal_confirm }).click();
    await expect(appeal.getByText(a.appeal.note_required, { exact: true })).toBeVisible();
    await appeal.getByLabel(a.popup.appeal_note).fill('The photos clearly show the damage');
    await r.screenshot({ path: `${SHOTS}/appeal-popup-${tag}.png` });
    await appeal.getByRole('button', { name: a.popup.appeal_confirm }).click();
    await expect(r.getByTestId('status-detail')).toHaveText(dict(lang, 'orders').status.appealed);
    await expect(r.getByTestId('after-sales-record')).toContainText('The photos clearly show the damage');

    // Nobody else gets into the console.
    expect((await r.goto('/admin/appeals'))?.status()).toBe(404);

    // The operator decides for the requester in /admin.
    const op = await party(browser, baseURL!, lang, false, OPERATOR);
    await op.page.goto('/admin');
    await expect(op.page).toHaveURL(/\/admin\/appeals$/);
    const card = op.page.locator(`[data-appeal="${id}"]`);
    await expect(card).toContainText('The photos clearly show the damage');
    await op.page.screenshot({ path: `${SHOTS}/admin-appeals-${tag}.png`, fullPage: true });
    await card.locator('button[data-decide="refund"]').click();
    await op.page.getByRole('dialog').getByRole('button', { name: adm.appeals.refund }).click();
    await expect(op.page.getByText(adm.appeals.decided_refund, { exact: true })).toBeVisible();
    await expect(card).toHaveCount(0);
    await op.page.goto('/admin/audit');
    await expect(op.page.getByTestId('audit')).toContainText(`transaction #${id}`);
    await op.page.screenshot({ path: `${SHOTS}/admin-audit-${tag}.png`, fullPage: true });

    // The requester's balance holds the whole payment; the page shows the decision.
    const order = await (await requester.context.request.get(`/v1/transactions/${id}`)).json();
    const balance = await (await requester.context.request.get('/v1/balances')).json();
    expect(balance.data.balance).toBe(order.data.total_price);
    await r.goto(`/dashboard/purchase/refund-purchasemen/${id}`);
    await expect(r.getByTestId('after-sales-decision')).toHaveText(a.detail.decision_refund);
    await r.screenshot({ path: `${SHOTS}/refund-decided-${tag}.png`, fullPage: true });
    await Promise.all([requester.context.close(), traveller.context.close(), op.context.close()]);
  });
}

test('the console is a 404 page for guests and for signed-in users who are not operators', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const { adminTabs } = await import('../../src/lib/admin-tabs.ts');
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  const user = await party(browser, baseURL!, 'en', false);
  for (const path of ['/admin', ...adminTabs.map((tab) => tab.href)]) {
    expect((await guestPage.goto(path))?.status(), `guest ${path}`).toBe(404);
    expect((await user.page.goto(path))?.status(), `user ${path}`).toBe(404);
    await expect(user.page.getByRole('navigation', { name: dict('en', 'admin').tabs.label })).toHaveCount(0);
  }
  await Promise.all([guest.close(), user.context.close()]);
});
