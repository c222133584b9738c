import { expect, type Page } from '@playwright/test';

/** New buyers and demo products for the order specs. */

let serial = 0;
function freshUser() {
  const id = `${Date.now().toString(36)}${(serial++).toString(36)}`;
  return { name: `Buyer ${id}`, username: `buy_${id}`.slice(0, 30), email: `buyer.${id}@example.com`, password: 'buyer-pass-123' };
}

/** Registers through the API (the session cookie signs the browser in) and adds a Jakarta address. */
export async function newRequester(page: Page, baseURL: string, locale: 'en' | 'id') {
  await page.context().addCookies([{ name: 'locale', value: locale, url: baseURL }]);
  const res = await page.request.post('/v1/register', { data: freshUser(), headers: { Origin: baseURL } });
  expect(res.status()).toBe(201);
  const address = await page.request.post('/v1/addresses', {
    headers: { Origin: baseURL },
    data: { name: 'Rina', phone_number: '081299998888', label: 'Rumah', detail: 'Jl. Sudirman 1', country_id: 228, province_id: 31, city_id: 3171, sub_district_id: 317101, pos_code: '10110' },
  });
  expect(address.status()).toBe(201);
}

/** A demo pre-order with stock to spare, `skip` products into the list so the two tests buy different ones. */
export async function demoProduct(page: Page, skip: number) {
  const res = await page.request.get('/v1/products', { params: { page: 1, per_page: 30 } });
  expect(res.status()).toBe(200);
  const rows = ((await res.json()).data.rows as { id: number; trip_id: number; slug: string; name: string; stock: number; price: number }[]).filter((p) => p.stock >= 3);
  expect(rows.length).toBeGreaterThan(skip);
  return rows[skip];
}

export async function gotoHydrated(page: Page, path: string, island: string) {
  await page.goto(path);
  // A guest's first pointer movement hydrates the islands (two points: the pointer may already rest on one).
  await page.mouse.move(5, 5);
  await page.mouse.move(40, 30);
  await expect(page.locator(`astro-island[component-url*="${island}"]:not([ssr])`).first()).toBeAttached();
  await expect(page.locator('astro-island[component-url*="PopupContainer"]:not([ssr])')).toHaveCount(1, { timeout: 10_000 });
}

export const popup = (page: Page, name: string) => page.locator(`[data-popup="${name}"]`);
