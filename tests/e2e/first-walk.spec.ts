import { expect as baseExpect, test, type Page } from '@playwright/test';
import { gotoHydrated, newRequester } from './support/buyers.ts';

/**
 * What a first-time visitor tripped over (issue 13): listings that follow the "send to" country
 * (Indonesia unless chosen), the pre-order form's warning for a trip that does not arrive there,
 * the login page that says why a guest came, closing and reopening a request, the postal codes
 * known for a sub-district, and phone numbers read as people write them.
 */

// A shared, loaded machine renders and hydrates slowly: generous waits, the assertions stay the same.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const TRAVELLER = { email: 'traveller@titipan.test', password: 'titipan123' };
const SHOTS = '/tmp/shots/ux13';
const JAKARTA = { country: 228, city: 1642911 };
const TOKYO = { country: 392, city: 1850147 };
const PHONE = { width: 390, height: 844 };

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const addDays = (days: number) => new Date(Date.now() + days * 86400_000).toISOString().slice(0, 10);

async function signIn(page: Page, baseURL: string) {
  const res = await page.request.post('/v1/login', { data: TRAVELLER, headers: { Origin: baseURL } });
  expect(res.ok()).toBe(true);
}

/** As the demo traveller: a Jakarta → Tokyo trip with one pre-order on it. */
async function preorderToTokyo(page: Page, baseURL: string) {
  await signIn(page, baseURL);
  const headers = { Origin: baseURL };
  const trip = await page.request.post('/v1/users/trips', {
    headers,
    data: { origin_country_id: JAKARTA.country, origin_city_id: JAKARTA.city, destination_country_id: TOKYO.country, destination_city_id: TOKYO.city, arrival_date: addDays(5), delivery_date: addDays(7) },
  });
  expect(trip.status()).toBe(201);
  const name = unique('Indomie Goreng box');
  const product = await page.request.post('/v1/users/products', {
    headers,
    data: { name, description: 'Forty packs of Indomie Goreng for friends in Tokyo.', price: 150000, weight: 3000, stock: 2, trip_id: (await trip.json()).data.id, images: [] },
  });
  expect(product.status()).toBe(201);
  return { name, slug: (await product.json()).data.slug as string };
}

const countrySetting = (baseURL: string, id: number, name: string, iso2: string) => ({
  name: 'location',
  value: encodeURIComponent(JSON.stringify({ id, name, flag_image: `/flags/${iso2}.svg` })),
  url: baseURL,
});

test.describe('Indonesia first', () => {
  for (const locale of ['en', 'id'] as const) {
    test(`listings, home and search show what arrives in the send-to country (${locale})`, async ({ page, context, baseURL }) => {
      const { name, slug } = await preorderToTokyo(page, baseURL!);
      await context.clearCookies();
      await context.addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
      await page.setViewportSize(PHONE);

      // Nothing chosen: Indonesia. A pre-order flying to Tokyo is not on the home page, the marketplace or the search.
      await page.goto('/');
      await expect(page.getByTestId('send-to-note')).toContainText(locale === 'en' ? 'Showing pre-orders arriving in Indonesia' : 'Menampilkan pre-order yang tiba di Indonesia');
      await expect(page.locator(`a[href="/products/marketplace/${slug}"]`)).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/home-${locale}-390.png`, fullPage: false });
      await page.goto(`/products/marketplace?search=${encodeURIComponent(name)}`);
      await expect(page.getByTestId('send-to-note')).toBeVisible();
      await expect(page.locator(`a[href="/products/marketplace/${slug}"]`)).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/marketplace-${locale}-390.png` });
      await page.goto(`/products/user?search=${encodeURIComponent(name)}`);
      await expect(page.getByTestId('send-to-note')).toContainText(locale === 'en' ? 'for Indonesia' : 'untuk Indonesia');
      await expect(page.locator(`a[href="/products/marketplace/${slug}"]`)).toHaveCount(0);

      // Sending to Japan: the same pre-order is there.
      await context.addCookies([countrySetting(baseURL!, TOKYO.country, locale === 'en' ? 'Japan' : 'Jepang', 'jp')]);
      await page.goto(`/products/marketplace?search=${encodeURIComponent(name)}`);
      await expect(page.getByTestId('send-to-note')).toContainText(locale === 'en' ? 'arriving in Japan' : 'tiba di Jepang');
      await expect(page.locator(`a[href="/products/marketplace/${slug}"]`).first()).toBeVisible();
      await page.goto(`/products/user?search=${encodeURIComponent(name)}`);
      await expect(page.locator(`a[href="/products/marketplace/${slug}"]`).first()).toBeVisible();
    });
  }

  test('the traveller is warned that Indonesian buyers will not see a pre-order on a trip to Tokyo, in both languages', async ({ page, context, baseURL }) => {
    const { slug } = await preorderToTokyo(page, baseURL!);
    await gotoHydrated(page, `/post/edit/product/${slug}`, 'ProductForm');
    await expect(page.getByTestId('trip-not-indonesia')).toHaveText(
      'This trip arrives in Japan, not Indonesia: buyers in Indonesia will not see this pre-order. Only people who send to Japan will find it.',
    );
    await page.getByTestId('trip-not-indonesia').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/preorder-warning-en.png` });
    await context.addCookies([{ name: 'locale', value: 'id', url: baseURL! }]);
    await page.setViewportSize(PHONE);
    await gotoHydrated(page, `/post/edit/product/${slug}`, 'ProductForm');
    await expect(page.getByTestId('trip-not-indonesia')).toContainText('Perjalanan ini tiba di Jepang, bukan di Indonesia');
    await page.getByTestId('trip-not-indonesia').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/preorder-warning-id-390.png` });
  });
});

test.describe('a guest who wants to post a request', () => {
  for (const [locale, cta, heading, formTitle] of [
    ['en', 'Post a request', 'Log in to post a request', 'Post a request'],
    ['id', 'Buat permintaan', 'Masuk untuk membuat permintaan', 'Pasang permintaan'],
  ] as const) {
    test(`is told why they must log in, and comes back to the form (${locale}, phone)`, async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
      await page.setViewportSize(PHONE);
      await page.goto('/');
      await page.getByRole('main').getByRole('link', { name: cta }).first().click();
      await expect(page).toHaveURL(/\/login\?redirect=%2Fpost%2Fmake-request$/);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/login-reason-${locale}-390.png` });
      // The form is server HTML until used: typing hydrates it and keeps what was typed.
      await expect(page.locator('astro-island[component-url*="LoginForm"]')).toHaveAttribute('ssr', '');
      await page.getByLabel('E-mail').fill(TRAVELLER.email);
      await page.getByLabel(locale === 'en' ? 'Password' : 'Kata sandi', { exact: true }).fill(TRAVELLER.password);
      await page.getByRole('button', { name: locale === 'en' ? 'Log in' : 'Masuk', exact: true }).click();
      await expect(page).toHaveURL(/\/post\/make-request$/);
      await expect(page.getByRole('heading', { level: 1, name: formTitle })).toBeVisible();
    });
  }
});

test.describe('closing a request', () => {
  for (const locale of ['en', 'id'] as const) {
    test(`the owner closes a request after confirming, it leaves the listing, and reopens it (${locale})`, async ({ page, baseURL }) => {
      await newRequester(page, baseURL!, locale);
      const addresses = await (await page.request.get('/v1/addresses')).json();
      const name = unique('Royce chocolate');
      const made = await page.request.post('/v1/users/requests', {
        headers: { Origin: baseURL! },
        data: { name, description: 'Original flavour, keep cold.', price_eta: 250000, quantity: 1, traveler_tip: 50000, buy_from_country_id: 392, address_id: addresses.data.rows[0].id, images: [] },
      });
      expect(made.status()).toBe(201);
      const { slug } = (await made.json()).data;
      const listing = `/products/request?search=${encodeURIComponent(name)}`;
      const card = (p: Page) => p.locator(`main a[href="/products/request/${slug}"]`);
      await page.goto(listing);
      await expect(card(page).first()).toBeVisible();

      const en = locale === 'en';
      await page.setViewportSize(PHONE);
      await gotoHydrated(page, '/dashboard/product?tab=requests', 'Header');
      const row = page.getByRole('article', { name });
      await row.getByRole('button', { name: en ? `Close “${name}”` : `Tutup “${name}”` }).click();
      const confirm = page.getByTestId('close-request-confirmation');
      await expect(confirm).toContainText(en ? 'Close this request?' : 'Tutup permintaan ini?');
      await page.screenshot({ path: `${SHOTS}/close-confirm-${locale}-390.png` });
      await confirm.getByRole('button', { name: en ? 'Close request' : 'Tutup permintaan' }).click();
      await expect(page.locator('[data-kind="success"]')).toContainText(en ? 'Request closed' : 'Permintaan ditutup');
      await expect(page.getByRole('article', { name }).getByTestId('request-closed')).toHaveText(en ? 'Closed: hidden from listings' : 'Ditutup: tidak tampil di daftar');
      await page.screenshot({ path: `${SHOTS}/dashboard-closed-${locale}-390.png` });

      await page.goto(listing);
      await expect(card(page)).toHaveCount(0);

      await gotoHydrated(page, '/dashboard/product?tab=requests', 'Header');
      await page.getByRole('article', { name }).getByRole('button', { name: en ? `Reopen “${name}”` : `Buka kembali “${name}”` }).click();
      await expect(page.locator('[data-kind="success"]')).toContainText(en ? 'Request reopened' : 'Permintaan dibuka kembali');
      await expect(page.getByRole('article', { name }).getByTestId('request-closed')).toHaveCount(0);
      await page.goto(listing);
      await expect(card(page).first()).toBeVisible();
    });
  }

  test('a traveller opening a closed request reads that it is closed and cannot take it', async ({ page, context, baseURL }) => {
    await newRequester(page, baseURL!, 'en');
    const addresses = await (await page.request.get('/v1/addresses')).json();
    const made = await page.request.post('/v1/users/requests', {
      headers: { Origin: baseURL! },
      data: { name: unique('Tokyo Banana'), description: 'Two boxes.', price_eta: 200000, quantity: 1, traveler_tip: 30000, buy_from_country_id: 392, address_id: addresses.data.rows[0].id, images: [] },
    });
    const request = (await made.json()).data;
    expect((await page.request.post(`/v1/users/requests/${request.id}/close`, { headers: { Origin: baseURL! } })).status()).toBe(200);
    await context.clearCookies();
    await signIn(page, baseURL!);
    await page.goto(`/products/request/${request.slug}`);
    await expect(page.getByTestId('request-closed')).toHaveText('This request is closed: the requester no longer takes offers for it.');
    await expect(page.getByRole('button', { name: 'Take request' })).toHaveCount(0);
  });
});

test.describe('addresses and phone numbers', () => {
  for (const locale of ['en', 'id'] as const) {
    test(`a new address starts in Indonesia and offers Gambir's postal codes; its phone reads +62 812-… (${locale}, phone)`, async ({ page, baseURL }) => {
      await newRequester(page, baseURL!, locale);
      const en = locale === 'en';
      await page.setViewportSize(PHONE);
      await gotoHydrated(page, '/dashboard/setting/address', 'AddressBook');
      // The saved address's phone (typed 081299998888) reads as people write it.
      await expect(page.getByRole('main')).toContainText('+62 812-9999-8888');
      await page.getByRole('main').getByRole('button', { name: en ? 'Add address' : 'Tambah alamat' }).first().click();
      const form = page.locator('[data-popup="form-address"]');
      await expect(form.getByRole('combobox', { name: en ? 'Country' : 'Negara' })).toHaveValue('Indonesia');
      const pick = async (label: string, typed: string, option: string) => {
        const box = form.getByRole('combobox', { name: label });
        await box.click();
        await box.fill(typed);
        await page.getByRole('option', { name: option, exact: true }).click();
      };
      await pick(en ? 'Province' : 'Provinsi', 'jakarta', 'Daerah Khusus Ibukota Jakarta');
      await pick(en ? 'City or regency' : 'Kota atau kabupaten', 'pusat', 'Kota Administrasi Jakarta Pusat');
      await pick(en ? 'Sub-district' : 'Kecamatan', 'gamb', 'Gambir');
      const suggestions = form.getByRole('group', { name: en ? 'Known postal codes here' : 'Kode pos yang dikenal di sini' });
      await expect(suggestions.getByRole('button')).toHaveText(['10110', '10120', '10130', '10140', '10150', '10160']);
      await suggestions.getByRole('button', { name: '10120' }).click();
      await expect(form.getByLabel(en ? 'Postal code' : 'Kode pos', { exact: true })).toHaveValue('10120');
      await page.screenshot({ path: `${SHOTS}/address-form-${locale}-390.png` });
    });
  }

  test("every tab of a traveller's profile fits at phone width, in both languages", async ({ page, context, baseURL }) => {
    await signIn(page, baseURL!);
    const me = (await (await page.request.get('/v1/users/me')).json()).data;
    await context.clearCookies();
    await page.setViewportSize(PHONE);
    for (const locale of ['en', 'id'] as const) {
      await context.addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
      await page.goto(`/products/user/marketplace/${me.id}`);
      const tabs = page.getByRole('navigation', { name: locale === 'en' ? 'Profile sections' : 'Bagian profil' }).getByRole('link');
      await expect(tabs).toHaveCount(4);
      for (const tab of await tabs.all()) {
        const box = (await tab.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      }
      await page.screenshot({ path: `${SHOTS}/profile-tabs-${locale}-390.png` });
    }
  });
});
