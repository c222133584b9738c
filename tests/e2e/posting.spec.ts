import { expect, test, type Locator, type Page } from '@playwright/test';
import { newRequester } from './support/buyers.ts';
import sharp from 'sharp';

/**
 * Posting and the owner's dashboard, as travellers and requesters use them: the pre-order form
 * with photo uploads and the select-trip popup, editing and deleting through the confirmation,
 * the request form with its country list and address picker, the shared money input, the
 * Indonesian validation messages, the phone-verification gate, and favourites.
 */

const TRAVELLER = { email: 'traveller@titipan.test', password: 'titipan123' };
const REQUESTER = { email: 'requester@titipan.test', password: 'titipan123' };

async function signIn(page: Page, baseURL: string, who: { email: string; password: string }) {
  const res = await page.request.post('/v1/login', { data: who, headers: { Origin: baseURL } });
  expect(res.ok()).toBe(true);
}

/** Opens a page and waits until its form island is live (server HTML comes first). */
async function gotoForm(page: Page, path: string, island: 'ProductForm' | 'RequestForm') {
  await page.goto(path);
  await expect(page.locator(`astro-island[component-url*="${island}"]:not([ssr])`)).toHaveCount(1);
}

const png = (background: string, width = 400, height = 300) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const dialog = (page: Page) => page.getByRole('dialog');

/** Pastes `text` into a field the way a browser does (a paste event carrying the clipboard). */
async function paste(field: Locator, text: string) {
  await field.focus();
  await field.evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test.describe('pre-orders', () => {
  test('a traveller posts a pre-order with two photos on a trip, edits it, finds it, and deletes it', async ({ page, baseURL }) => {
    await signIn(page, baseURL!, TRAVELLER);
    await gotoForm(page, '/post/pre-order', 'ProductForm');
    await expect(page.getByRole('heading', { level: 1, name: 'Post a pre-order' })).toBeVisible();
    const name = unique('Matcha Kit Kat Uji');

    await page.getByLabel('Product name').fill(name);
    await page.getByLabel('Description').fill('Twelve mini bars of Uji matcha Kit Kat, bought in Kyoto.');
    await page.getByLabel(/Choose photos/).setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: await png('#ff8800') },
      { name: 'back.png', mimeType: 'image/png', buffer: await png('#0088ff', 300, 400) },
    ]);
    // Each photo uploads at once; both end up stored, the first marked as the cover.
    await expect(page.locator('[data-photo-status="done"]')).toHaveCount(2, { timeout: 15_000 });
    await expect(page.getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', /^\/uploads\/images\/[0-9a-f-]+-640\.webp$/);
    await expect(page.getByRole('img', { name: 'Photo 2' })).toBeVisible();
    await expect(page.getByText('Cover', { exact: true })).toBeVisible();
    await expect(page.getByText('2 of 8 photos')).toBeVisible();

    const price = page.getByLabel('Price');
    await price.pressSequentially('1250000');
    await expect(price).toHaveValue('1.250.000');
    await page.getByLabel('Weight').fill('300');
    await page.getByLabel('Stock').fill('5');

    // The trip comes from the select-trip popup.
    await page.getByRole('button', { name: 'Choose trip' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Choose a trip' })).toBeVisible();
    await dialog(page).getByRole('button', { name: /Tokyo.*Jakarta/ }).first().click();
    await expect(dialog(page)).toBeHidden();
    await expect(page.getByTestId('chosen-trip')).toContainText('Tokyo, Japan → Jakarta, Indonesia');
    await expect(page.getByTestId('chosen-trip')).toContainText(/Arrives \d{1,2} [A-Z][a-z]+ \d{4}/);
    await expect(page.getByRole('button', { name: 'Change trip' })).toBeVisible();

    await page.getByRole('button', { name: 'Post pre-order' }).click();
    await expect(page).toHaveURL(/\/products\/marketplace\/matcha-kit-kat-uji-[a-z0-9-]+$/);
    const slug = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByTestId('price')).toHaveText('Rp. 1.250.000');
    await expect(page.getByRole('img', { name: `${name}, photo 1 of 2` })).toBeVisible();
    await expect(page.getByRole('list', { name: 'All photos' }).getByRole('listitem')).toHaveCount(2);

    // Edit: the same form, filled in, trip chosen and photos kept; a new price.
    await gotoForm(page, `/post/edit/product/${slug}`, 'ProductForm');
    await expect(page.getByRole('heading', { level: 1, name: 'Edit pre-order' })).toBeVisible();
    await expect(page.getByLabel('Product name')).toHaveValue(name);
    await expect(page.getByLabel('Price')).toHaveValue('1.250.000');
    await expect(page.getByTestId('chosen-trip')).toContainText('Tokyo, Japan → Jakarta, Indonesia');
    await expect(page.locator('[data-photo-status="done"]')).toHaveCount(2);
    await page.getByLabel('Price').fill('');
    await page.getByLabel('Price').pressSequentially('990000');
    await expect(page.getByLabel('Price')).toHaveValue('990.000');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/products/marketplace/${slug}$`));
    await expect(page.getByTestId('price')).toHaveText('Rp. 990.000');

    // Listed on the marketplace search and on the dashboard.
    await page.goto(`/products/marketplace?search=${encodeURIComponent(name)}`);
    await expect(page.getByRole('main').getByRole('link', { name, exact: true })).toHaveAttribute('href', `/products/marketplace/${slug}`);

    await page.goto('/dashboard/product');
    const row = page.getByRole('article', { name });
    await expect(row).toContainText('Rp. 990.000');
    await expect(row).toContainText('Stock: 5');
    await expect(row).toContainText('0 orders');
    await expect(row).toContainText('Tokyo → Jakarta');
    await expect(row.getByRole('link', { name: `Edit ${name}` })).toHaveAttribute('href', `/post/edit/product/${slug}`);

    // The owner's product page, with its (still empty) orders.
    await row.getByRole('link', { name: `View ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/product/${slug}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Orders', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'No orders yet' })).toBeVisible();

    // Delete, through the confirmation.
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Delete this pre-order?' })).toBeVisible();
    await expect(dialog(page)).toContainText(name);
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/dashboard\/product$/);
    await expect(page.getByText('Product deleted')).toBeVisible();
    await expect(page.getByRole('article', { name })).toHaveCount(0);
    expect((await page.request.get(`/products/marketplace/${slug}`)).status()).toBe(404);
  });

  test('the money input groups thousands, ignores minus and commas, and refuses pasted negatives', async ({ page, baseURL }) => {
    await signIn(page, baseURL!, TRAVELLER);
    await gotoForm(page, '/post/pre-order', 'ProductForm');
    const price = page.getByLabel('Price');
    await expect(price).toHaveAttribute('inputmode', 'numeric');
    await price.pressSequentially('1250000');
    await expect(price).toHaveValue('1.250.000');
    await price.press('-');
    await price.press(',');
    await price.pressSequentially('-,.e');
    await expect(price).toHaveValue('1.250.000');
    // Backspace right after a separator removes the digit before it.
    await price.press('End');
    for (let i = 0; i < 3; i++) await price.press('Backspace');
    await expect(price).toHaveValue('1.250');
    await price.press('Backspace');
    await expect(price).toHaveValue('125');

    await price.fill('');
    await paste(price, '-500');
    await expect(price).toHaveValue('');
    await paste(price, '12,50');
    await expect(price).toHaveValue('');
    await paste(price, 'Rp 2.500.000');
    await expect(price).toHaveValue('2.500.000');
  });

  test('in Indonesian, the empty form says which fields are missing', async ({ page, baseURL, context }) => {
    await context.addCookies([{ name: 'locale', value: 'id', url: baseURL! }]);
    await signIn(page, baseURL!, TRAVELLER);
    await gotoForm(page, '/post/pre-order', 'ProductForm');
    await expect(page.getByRole('heading', { level: 1, name: 'Pasang pre-order' })).toBeVisible();
    await page.getByRole('button', { name: 'Pasang pre-order' }).click();
    await expect(page.getByText('Beberapa isian perlu Anda periksa.')).toBeVisible();
    await expect(page.getByText('Nama produk harus diisi')).toBeVisible();
    await expect(page.getByText('Jelaskan produknya')).toBeVisible();
    await expect(page.getByText('Harga harus diisi')).toBeVisible();
    await expect(page.getByText('perjalanan belum dipilih')).toBeVisible();
    await expect(page.getByLabel('Nama produk')).toBeFocused();
    await expect(page.getByLabel('Nama produk')).toHaveAttribute('aria-invalid', 'true');
    // Typing clears the field's message.
    await page.getByLabel('Nama produk').fill('Tokyo Banana');
    await expect(page.getByText('Nama produk harus diisi')).toHaveCount(0);
    // Out-of-range numbers read in Indonesian too (never a key or English).
    await page.getByLabel('Stok').fill('0');
    await page.getByLabel('Berat', { exact: true }).fill('60000');
    await page.getByRole('button', { name: 'Pasang pre-order' }).click();
    await expect(page.getByText('Minimal 1', { exact: true })).toBeVisible();
    await expect(page.getByText('Terlalu banyak', { exact: true })).toBeVisible();
    await expect(page.getByText(/catalogue:|Must be at least|too many/)).toHaveCount(0);
  });

  test("pre-fills from a request the traveller took, copying the request's photos", async ({ page, baseURL }) => {
    await signIn(page, baseURL!, TRAVELLER);
    const found = await (await page.request.get('/v1/requests?search=Royce%20Nama%20Chocolate')).json();
    const request = found.data.rows.find((r: { name: string }) => r.name === 'Royce Nama Chocolate');
    expect(request).toBeTruthy();
    // Only a request the traveller took can become a pre-order: take it first, at its terms.
    await page.goto(`/products/request/${request.slug}`);
    await expect(page.locator('html[data-catalogue-actions="ready"]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Take request', exact: true }).click();
    const take = page.getByTestId('take-request');
    await take.getByLabel('Your trip').selectOption({ label: 'Tokyo, Japan → Jakarta, Indonesia' });
    await take.getByLabel('Shipping fee').pressSequentially('20000');
    await take.getByRole('button', { name: 'Take request' }).click();
    await expect(page).toHaveURL(/\/dashboard\/sell\/\d+$/);

    await gotoForm(page, `/post/pre-order?request=${request.slug}`, 'ProductForm');
    await expect(page.getByRole('heading', { level: 1, name: 'Post a request you took to the marketplace' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('Royce Nama Chocolate');
    await expect(page.getByLabel('Product name')).toHaveValue('Royce Nama Chocolate');
    await expect(page.getByLabel('Price')).toHaveValue('250.000');
    await expect(page.locator('[data-photo-status="done"]')).toHaveCount(1, { timeout: 15_000 });

    await page.getByLabel('Weight').fill('500');
    await page.getByLabel('Stock').fill('2');
    await page.getByRole('button', { name: 'Choose trip' }).click();
    await dialog(page).getByRole('button', { name: /Tokyo.*Jakarta/ }).first().click();
    await page.getByRole('button', { name: 'Post pre-order' }).click();
    await expect(page).toHaveURL(/\/products\/marketplace\/royce-nama-chocolate(-[a-z0-9]+)?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Royce Nama Chocolate' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Royce Nama Chocolate' })).toBeVisible();
  });

  test('a product with active orders cannot be changed: saving or deleting explains why', async ({ page, baseURL, browser }) => {
    test.setTimeout(60_000);
    await signIn(page, baseURL!, TRAVELLER);
    const own = await (await page.request.get('/v1/users/products?per_page=100')).json();
    const product = own.data.rows.find((p: { name: string }) => p.name === 'Kit Kat Matcha Uji (12 minis)');
    // A buyer orders one in another browser: the product now has an active order.
    const buyerContext = await browser.newContext({ baseURL });
    const buyer = await buyerContext.newPage();
    await newRequester(buyer, baseURL!, 'en');
    const quote = await buyer.request.post('/v1/misc/expeditions', {
      headers: { Origin: baseURL! },
      data: { destination_sub_district_id: 317101, trip_id: product.trip_id, products: [{ product_id: product.id, quantity: 1 }] },
    });
    const addresses = await (await buyer.request.get('/v1/addresses')).json();
    const order = await buyer.request.post('/v1/transactions/checkout', {
      headers: { Origin: baseURL! },
      data: {
        address_id: addresses.data.rows[0].id,
        items: [{ product_id: product.id, quantity: 1 }],
        shipping: [{ trip_id: product.trip_id, shipping_id: (await quote.json()).data.expeditions[0].shipping_id }],
      },
    });
    expect(order.status()).toBe(201);
    await buyerContext.close();

    await gotoForm(page, `/post/edit/product/${product.slug}`, 'ProductForm');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'This product cannot be changed now' })).toBeVisible();
    await expect(dialog(page)).toContainText('It has active orders');
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/post/edit/product/${product.slug}$`));
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeEnabled();

    await page.getByRole('button', { name: 'Delete' }).click();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'This product cannot be changed now' })).toBeVisible();
    expect((await page.request.get(`/v1/products/${product.slug}`)).status()).toBe(200);
  });

  test('guests are sent to log in; only the owner may edit', async ({ page, baseURL }) => {
    await page.goto('/post/pre-order');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fpost%2Fpre-order$/);
    await page.goto('/post/make-request');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fpost%2Fmake-request$/);

    // Sinta's product is not the traveller's to edit.
    await signIn(page, baseURL!, TRAVELLER);
    const listing = await (await page.request.get('/v1/products?search=TWG%20Tea')).json();
    const slug = listing.data.rows[0].slug;
    const res = await page.goto(`/post/edit/product/${slug}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    expect((await page.goto(`/dashboard/product/${slug}`))?.status()).toBe(404);
    expect((await page.goto('/post/edit/request/no-such-request'))?.status()).toBe(404);
  });

  test('a requester without a verified phone is asked to verify before selling', async ({ page, baseURL }) => {
    await signIn(page, baseURL!, REQUESTER);
    await gotoForm(page, '/post/pre-order', 'ProductForm');
    await expect(page.getByRole('heading', { name: 'Verify your phone number to sell' })).toBeVisible();
    await expect(page.getByLabel('Product name')).toHaveCount(0);
    await page.getByRole('button', { name: 'Verify phone' }).click();
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByRole('textbox').first()).toBeVisible();
  });
});

test.describe('requests', () => {
  test('a requester posts a request with an address and a photo, sees it, edits and deletes it', async ({ page, baseURL }) => {
    await signIn(page, baseURL!, REQUESTER);
    const addresses = await (await page.request.get('/v1/addresses')).json();
    if (!addresses.data.rows.some((a: { label: string }) => a.label === 'Rumah')) {
      const created = await page.request.post('/v1/addresses', {
        headers: { Origin: baseURL! },
        data: { name: 'Raka', phone_number: '081234567890', label: 'Rumah', detail: 'Jl. Sudirman 1', country_id: 228, province_id: 31, city_id: 3171, sub_district_id: 317101, pos_code: '10110' },
      });
      expect(created.status()).toBe(201);
    }

    await gotoForm(page, '/post/make-request', 'RequestForm');
    await expect(page.getByRole('heading', { level: 1, name: 'Post a request' })).toBeVisible();
    const name = unique('Tokyo Banana Sakura');
    await page.getByLabel('Item name').fill(name);
    await page.getByLabel('Description').fill('The spring sakura edition, two boxes please.');
    await page.getByLabel('Estimated price').pressSequentially('250000');
    await page.getByLabel('Quantity').fill('2');
    await page.getByLabel('Traveller tip').pressSequentially('50000');
    // The emitted numbers add up: 250.000 × 2 + 50.000.
    await expect(page.getByTestId('request-total')).toHaveText('Rp. 550.000');

    await page.getByLabel('Buy from').fill('Jap');
    await page.getByRole('option', { name: 'Japan' }).click();
    await expect(page.getByLabel('Buy from')).toHaveValue('Japan');

    await page.getByRole('button', { name: 'Choose address' }).click();
    await dialog(page).getByRole('button', { name: 'Deliver to Rumah' }).first().click();
    await expect(dialog(page)).toBeHidden();
    await expect(page.getByTestId('chosen-address')).toContainText('Jl. Sudirman 1');
    await expect(page.getByTestId('chosen-address')).toContainText('Rumah');

    await page.getByLabel(/Choose photos/).setInputFiles({ name: 'sakura.png', mimeType: 'image/png', buffer: await png('#f5b7b1') });
    await expect(page.locator('[data-photo-status="done"]')).toHaveCount(1, { timeout: 15_000 });

    await page.getByRole('button', { name: 'Post request' }).click();
    await expect(page).toHaveURL(/\/products\/request\/tokyo-banana-sakura-[a-z0-9-]+$/);
    const slug = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // Listed under the Requests tab.
    await page.goto('/dashboard/product?tab=requests');
    const row = page.getByRole('article', { name });
    await expect(row).toContainText('Rp. 250.000');
    await expect(row).toContainText('Qty: 2');
    await expect(row).toContainText('From Japan');

    // The edit form is pre-filled, country and address included; delete from there.
    await gotoForm(page, `/post/edit/request/${slug}`, 'RequestForm');
    await expect(page.getByLabel('Item name')).toHaveValue(name);
    await expect(page.getByLabel('Estimated price')).toHaveValue('250.000');
    await expect(page.getByLabel('Traveller tip')).toHaveValue('50.000');
    await expect(page.getByLabel('Buy from')).toHaveValue('Japan');
    await expect(page.getByTestId('chosen-address')).toContainText('Jl. Sudirman 1');
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Delete this request?' })).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/dashboard\/product\?tab=requests$/);
    await expect(page.getByText('Request deleted')).toBeVisible();
    await expect(page.getByRole('article', { name })).toHaveCount(0);
  });

  test('a requester without an address adds one from the request form and it is chosen', async ({ page, baseURL }) => {
    // Dewi has no address yet.
    await signIn(page, baseURL!, { email: 'dewi@titipan.test', password: 'titipan123' });
    const before = await (await page.request.get('/v1/addresses')).json();
    test.skip(before.data.rows.length > 0, 'the demo user already has an address');

    await gotoForm(page, '/post/make-request', 'RequestForm');
    await expect(page.getByText('No address chosen yet')).toBeVisible();
    await page.getByRole('button', { name: 'Choose address' }).click();
    await expect(dialog(page).getByText('You have no addresses yet')).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Add new address' }).click();
    await dialog(page).getByLabel('Receiver name').fill('Dewi Lestari');
    await dialog(page).getByLabel('Receiver phone number').fill('+65 9123 4567');
    await dialog(page).getByLabel('Label', { exact: true }).fill('Apartemen');
    await dialog(page).getByLabel('Country').fill('Singap');
    await page.getByRole('option', { name: 'Singapore' }).click();
    await dialog(page).getByLabel('Full address').fill('1 Orchard Road, #12-01');
    await dialog(page).getByRole('button', { name: 'Save address' }).click();
    // The address list comes back (queued after saving); choosing the new one fills the form.
    await dialog(page).getByRole('button', { name: 'Deliver to Apartemen' }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(page.getByTestId('chosen-address')).toContainText('1 Orchard Road, #12-01');
    await expect(page.getByTestId('chosen-address')).toContainText('Singapore');
    await expect(page.getByRole('button', { name: 'Change address' })).toBeVisible();
  });

  test('the request form needs the country and the address; a tip of 0 is fine', async ({ page, baseURL }) => {
    await signIn(page, baseURL!, REQUESTER);
    await gotoForm(page, '/post/make-request', 'RequestForm');
    await page.getByLabel('Item name').fill('Pocky Giant Melon');
    await page.getByLabel('Description').fill('The giant Hokkaido melon box.');
    await page.getByLabel('Estimated price').pressSequentially('120000');
    await page.getByLabel('Traveller tip').pressSequentially('0');
    await expect(page.getByLabel('Traveller tip')).toHaveValue('0');
    await page.getByRole('button', { name: 'Post request' }).click();
    await expect(page.getByText('Choose the country to buy from')).toBeVisible();
    await expect(page.getByText('Choose a delivery address')).toBeVisible();
    await expect(page.getByText('Traveller tip is required')).toHaveCount(0);
    await expect(page.getByLabel('Buy from')).toBeFocused();
  });
});

test.describe('favourites', () => {
  test('lists a favourite added through the API and removes it with the heart', async ({ page, baseURL }) => {
    await signIn(page, baseURL!, REQUESTER);
    const listing = await (await page.request.get('/v1/products?search=Tokyo%20Banana%20Original')).json();
    const product = listing.data.rows.find((p: { name: string }) => p.name === 'Tokyo Banana Original (8 pcs)');
    const added = await page.request.post('/v1/users/favorites', { headers: { Origin: baseURL! }, data: { type: 'Product', id: product.id } });
    expect(added.ok()).toBe(true);

    await page.goto('/dashboard/favorite');
    await expect(page.getByRole('heading', { level: 1, name: 'Favourites' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Favourites' }).getByRole('link', { name: 'Pre-orders' })).toHaveAttribute('aria-current', 'page');
    const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Tokyo Banana Original (8 pcs)' }) });
    await expect(item).toContainText('Rp. 185.000');
    await expect(item.getByRole('link', { name: 'Tokyo Banana Original (8 pcs)' })).toHaveAttribute('href', `/products/marketplace/${product.slug}`);

    await page.getByRole('button', { name: 'Remove Tokyo Banana Original (8 pcs) from favourites' }).click();
    await expect(page.getByText('Removed from favourites')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tokyo Banana Original (8 pcs)' })).toHaveCount(0);
    const after = await (await page.request.get('/v1/users/favorites?type=Product')).json();
    expect(after.data.rows.some((r: { product: { id: number } }) => r.product.id === product.id)).toBe(false);

    // The requests tab has its own list.
    await page.getByRole('navigation', { name: 'Favourites' }).getByRole('link', { name: 'Requests' }).click();
    await expect(page).toHaveURL(/\/dashboard\/favorite\?type=request$/);
    await expect(page.getByText('No favourite requests yet')).toBeVisible();
  });
});
