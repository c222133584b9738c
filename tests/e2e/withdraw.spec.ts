import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect as baseExpect, test, type APIRequestContext, type Browser, type Locator } from '@playwright/test';
import sharp from 'sharp';
import { signSandbox, SANDBOX_SIGNATURE_HEADER } from '../../src/server/integrations/payments/sandbox.ts';

/**
 * Withdrawing an earned balance as a new traveller would: the earning comes from a real order
 * made through the API (paid with the sandbox's signed webhook, purchase confirmed, shipped,
 * received); then, in the browser, the withdraw popup without a bank account points to the bank
 * settings, refuses an empty form and more than the balance, and withdraws everything to a bank
 * account after a confirmation; the page shows it pending until the sandbox pays it out.
 * English on a desktop, Indonesian at 390 px. Screenshots: /tmp/shots/payouts/.
 */

type Lang = 'en' | 'id';
const expect = baseExpect.configure({ timeout: 20_000 });
const SHOTS = '/tmp/shots/payouts';
mkdirSync(SHOTS, { recursive: true });

const WORDS = {
  en: {
    withdraw: 'Withdraw',
    noBank: 'Add a bank account first',
    toSettings: 'Go to bank settings',
    bankRequired: 'Choose a bank account',
    amountRequired: 'Enter the amount to withdraw',
    overField: 'More than your balance',
    over: 'That is more than your balance: you can withdraw up to',
    bank: 'Bank account',
    amount: 'Amount',
    all: 'Withdraw everything',
    next: 'Continue',
    confirm: 'Withdraw',
    done: 'Your withdrawal is on its way to your bank account',
    status: { pending: /Queued|Processing/, completed: 'Paid' },
  },
  id: {
    withdraw: 'Tarik saldo',
    noBank: 'Tambahkan rekening bank dahulu',
    toSettings: 'Ke pengaturan bank',
    bankRequired: 'akun bank harus dipilih',
    amountRequired: 'Jumlah penarikan harus diisi',
    overField: 'Melebihi saldo Anda',
    over: 'Jumlah melebihi saldo Anda: Anda dapat menarik paling banyak',
    bank: 'Rekening bank',
    amount: 'Jumlah',
    all: 'Tarik semua',
    next: 'Lanjut',
    confirm: 'Tarik',
    done: 'Penarikan Anda sedang dikirim ke rekening bank Anda',
    status: { pending: /Dalam antrean|Diproses/, completed: 'Berhasil' },
  },
} as const;

let serial = 0;
function freshUser(prefix: string) {
  const id = `${Date.now().toString(36)}${(serial++).toString(36)}`;
  return { name: `E2E ${prefix} ${id}`, username: `${prefix}_${id}`.slice(0, 30), email: `${prefix}.${id}@example.com`, password: 'withdraw-pass-123' };
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

function caller(request: APIRequestContext, baseURL: string, lang: Lang) {
  return async (path: string, data?: unknown, status = 200) => {
    const res = await request.post(path, { data, headers: { Origin: baseURL, Lang: lang } });
    baseExpect(res.status(), `${path}: ${await res.text()}`).toBe(status);
    return (await res.json()).data;
  };
}

/** A traveller (in a browser context of `lang`) who has earned from one completed order. */
async function travellerWithEarnings(browser: Browser, baseURL: string, lang: Lang, phone: boolean) {
  const context = await browser.newContext(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: 'locale', value: lang, url: baseURL }]);
  const post = caller(context.request, baseURL, lang);
  await post('/v1/register', freshUser('trv'), 201);
  const local = `0812${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await post('/v1/send-phone-verification', { phone_number: local });
  await post('/v1/verify-phone', { phone_number: local, otp_code: await smsCode(`+62${local.slice(1)}`) });
  const trip = await post('/v1/users/trips', { origin_country_id: 392, origin_city_id: 1850147, destination_country_id: 228, destination_city_id: 1642911, arrival_date: plusDays(9), delivery_date: plusDays(11) }, 201);
  const tripId = trip?.id ?? (await (await context.request.get('/v1/users/trips', { params: { page: 1, per_page: 1 } })).json()).data.rows[0].id;
  const product = await post('/v1/users/products', { name: `Royce chocolate ${Date.now().toString(36)}`, description: 'Nama chocolate, bitter, one box.', price: 200_000, weight: 500, stock: 3, trip_id: tripId }, 201);

  // The buyer: its own API session, an address, checkout and the sandbox's signed payment.
  const buyer = await browser.newContext();
  const bpost = caller(buyer.request, baseURL, lang);
  await bpost('/v1/register', freshUser('buy'), 201);
  const address = await bpost('/v1/addresses', { name: 'Rina', phone_number: '081299998888', label: 'Rumah', detail: 'Jl. Sudirman 1', country_id: 228, province_id: 31, city_id: 3171, sub_district_id: 317101, pos_code: '10110' }, 201);
  const quote = await bpost('/v1/misc/expeditions', { destination_sub_district_id: 317101, trip_id: tripId, products: [{ product_id: product.id, quantity: 1 }] });
  const courier = quote.expeditions.find((e: { shipping_id: string | number }) => e.shipping_id !== 'self_pickup') ?? quote.expeditions[0];
  const checkout = await bpost('/v1/transactions/checkout', { address_id: address.id, items: [{ product_id: product.id, quantity: 1 }], shipping: [{ trip_id: tripId, shipping_id: courier.shipping_id }] }, 201);
  const orderId = checkout.transactions[0].id as number;
  const pay = await bpost(`/v1/transactions/${orderId}/pay`, { payment_type: 'bank_transfer' });
  const secrets = JSON.parse(await readFile(join(process.env.E2E_DATA_DIR!, 'secrets.json'), 'utf8'));
  const raw = JSON.stringify({ event_id: `paid-${pay.payment_id}`, reference: pay.token, status: 'paid', amount: pay.amount });
  // The provider calls the server on its own: no browser session comes with it.
  const hook = await fetch(`${baseURL}/v1/payments/webhooks/sandbox`, { method: 'POST', body: raw, headers: { 'Content-Type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandbox(secrets.SANDBOX_PAYMENT_SECRET, raw) } });
  baseExpect(hook.status, await hook.text()).toBe(200);

  // The traveller buys (receipt photo), ships; the buyer confirms receipt: escrow released.
  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#ffaa00' } }).png().toBuffer();
  const up = await context.request.post('/v1/uploads/images', { multipart: { image: { name: 'receipt.png', mimeType: 'image/png', buffer: png } }, headers: { Origin: baseURL } });
  baseExpect(up.status(), await up.text()).toBeLessThan(300);
  const receipt = (await up.json()).data.filename;
  await post(`/v1/transactions/${orderId}/confirm-purchase`, { receipt_image_id: receipt });
  await post(`/v1/transactions/${orderId}/deliver-product`, { resi: 'JNE123456', courier_name: 'JNE' });
  await bpost(`/v1/transactions/${orderId}/accepted`);
  const order = (await (await context.request.get(`/v1/transactions/${orderId}`)).json()).data;
  baseExpect(order.status).toBe('completed');
  await buyer.close();
  return { context, page: await context.newPage(), post, earned: order.traveler_total as number };
}

/** A message under a field: announced, and exactly these words (a notice may say more). */
const fieldError = (scope: Locator, text: string) => scope.locator('[role="alert"]').filter({ hasText: new RegExp(`^${text}$`) });

const rupiah = (n: number) => `Rp. ${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;

for (const { lang, phone } of [
  { lang: 'en' as const, phone: false },
  { lang: 'id' as const, phone: true },
]) {
  test(`a traveller withdraws an earned balance and the sandbox pays it out (${lang}${phone ? ', 390 px' : ''})`, async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const w = WORDS[lang];
    const tag = `${lang}-${phone ? '390' : '1280'}`;
    const { context, page, post, earned } = await travellerWithEarnings(browser, baseURL!, lang, phone);

    await page.goto('/dashboard/withdraw');
    await expect(page.locator('astro-island[component-url*="WithdrawPage"]:not([ssr])')).toHaveCount(1);
    await expect(page.locator('astro-island[component-url*="PopupContainer"]:not([ssr])')).toHaveCount(1);
    await expect(page.getByTestId('balance-available')).toHaveText(rupiah(earned));
    await expect(page.getByTestId('balance-pending')).toHaveText('Rp. 0');
    await page.screenshot({ path: `${SHOTS}/page-earned-${tag}.png`, fullPage: true });

    // No bank account yet: the popup says to add one in the bank settings.
    await page.getByRole('button', { name: w.withdraw, exact: true }).click();
    const popup = page.locator('[data-popup="withdraw"]');
    await expect(popup.getByTestId('withdraw-no-bank')).toContainText(w.noBank);
    await expect(popup.getByRole('link', { name: w.toSettings })).toHaveAttribute('href', '/dashboard/setting/bank');
    await page.screenshot({ path: `${SHOTS}/popup-no-bank-${tag}.png` });
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);

    await post('/v1/banks', { account_bank: 'bca', account_name: 'Sari Wulandari', account_number: '1234567890' }, 201);

    // An empty form: both fields say what is missing.
    await page.getByRole('button', { name: w.withdraw, exact: true }).click();
    await expect(popup.getByTestId('withdraw-available')).toContainText(rupiah(earned));
    await popup.getByRole('button', { name: w.next }).click();
    await expect(fieldError(popup, w.bankRequired)).toBeVisible();
    await expect(fieldError(popup, w.amountRequired)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/popup-required-${tag}.png` });

    // More than the balance: the API's message, after the confirmation.
    await popup.getByLabel(w.bank).click();
    await page.getByRole('option', { name: /BCA/ }).click();
    await popup.getByLabel(w.amount).pressSequentially(String(earned + 50_000));
    await expect(popup.getByLabel(w.amount)).toHaveValue(rupiah(earned + 50_000).slice(4));
    await popup.getByRole('button', { name: w.next }).click();
    await expect(popup.getByTestId('withdraw-confirm')).toContainText(rupiah(earned + 50_000));
    await popup.getByRole('button', { name: w.confirm, exact: true }).click();
    await expect(popup.getByText(w.over)).toBeVisible();
    await expect(fieldError(popup, w.overField)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/popup-over-balance-${tag}.png` });

    // Everything, confirmed.
    await popup.getByRole('button', { name: w.all }).click();
    await expect(popup.getByLabel(w.amount)).toHaveValue(rupiah(earned).slice(4));
    await popup.getByRole('button', { name: w.next }).click();
    await page.screenshot({ path: `${SHOTS}/popup-confirm-${tag}.png` });
    await popup.getByRole('button', { name: w.confirm, exact: true }).click();
    await expect(page.locator('[data-kind="success"]').filter({ hasText: w.done })).toBeVisible();
    await expect(page.getByTestId('balance-available')).toHaveText('Rp. 0');
    await expect(page.getByTestId('balance-pending')).toHaveText(rupiah(earned));
    const row = page.getByTestId('withdrawals').locator('li').first();
    await expect(row).toContainText(rupiah(earned));
    await expect(row.locator('[data-status]')).toHaveText(w.status.pending);
    await page.screenshot({ path: `${SHOTS}/page-pending-${tag}.png`, fullPage: true });

    // The sandbox pays it out after its delay; the page follows by itself.
    await expect(row.locator('[data-status]')).toHaveText(w.status.completed, { timeout: 60_000 });
    await expect(page.getByTestId('balance-pending')).toHaveText('Rp. 0');
    await page.reload();
    await expect(page.getByTestId('withdrawals').locator('li').first().locator('[data-status]')).toHaveText(w.status.completed);
    await page.screenshot({ path: `${SHOTS}/page-paid-${tag}.png`, fullPage: true });
    await context.close();
  });
}
