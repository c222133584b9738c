import { expect, test, type Page } from '@playwright/test';

/**
 * Content pages from the Markdown collections (FAQ, about, legal, how it works, help centre,
 * banners) and the SEO files, as a visitor and a crawler meet them: both languages, the native
 * accordion, 404s for unknown entries, no page JavaScript beyond the layout's islands.
 */

const main = (page: Page) => page.getByRole('main');

/** What a page loads as scripts: island component URLs and module scripts (src or inline text). */
async function scriptsOf(page: Page) {
  return page.evaluate(() => ({
    islands: [...document.querySelectorAll('astro-island')].map((i) => i.getAttribute('component-url')).sort(),
    modules: [...document.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src') ?? s.textContent ?? '').sort(),
  }));
}

test.describe('FAQ', () => {
  test('lists the questions by category in English, and answers open in place without JavaScript', async ({ page }) => {
    const res = await page.goto('/faq');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
    for (const category of ['Ordering', 'Payment & escrow', 'Shipping & customs', 'Travellers & earnings', 'Refunds & appeals', 'Account']) {
      await expect(main(page).getByRole('heading', { level: 2, name: category })).toBeVisible();
    }
    const questions = main(page).locator('details > summary');
    expect(await questions.count()).toBeGreaterThanOrEqual(10);

    // A native <details>: the answer is hidden until its summary is activated (keyboard too).
    const fees = main(page).locator('details', { has: page.locator('summary', { hasText: 'What does Titipan cost?' }) });
    await expect(fees).not.toHaveAttribute('open', '');
    await expect(fees.getByText('Rp. 609.000')).toBeHidden();
    await fees.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(fees).toHaveAttribute('open', '');
    await expect(fees.getByText('Rp. 609.000')).toBeVisible();

    // The topic chips jump to their section.
    await expect(page.getByRole('link', { name: 'Refunds & appeals' }).first()).toHaveAttribute('href', '#refunds');
  });

  test('lists the questions in Indonesian when the locale cookie says id', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'locale', value: 'id', url: baseURL! }]);
    await page.goto('/faq');
    await expect(page.locator('html')).toHaveAttribute('lang', 'id');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pertanyaan yang sering diajukan');
    await expect(main(page).getByRole('heading', { level: 2, name: 'Pembayaran & rekening bersama' })).toBeVisible();
    await expect(main(page).locator('summary', { hasText: 'Bagaimana cara kerja pembayaran dan rekening bersama?' })).toBeVisible();
    await expect(main(page).getByText('How does payment and escrow work?')).toHaveCount(0);
  });

  test('opens one question as its own page, with the other questions of its category', async ({ page }) => {
    await page.goto('/faq');
    const summary = page.locator('summary', { hasText: 'How does payment and escrow work?' });
    await main(page).locator(summary).click();
    const details = main(page).locator('details[open]', { has: summary });
    await details.getByRole('link', { name: 'Open as a page' }).click();

    await expect(page).toHaveURL(/\/faq\/how-payment-works$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('How does payment and escrow work?');
    await expect(main(page)).toContainText('within 1 day');
    await expect(main(page)).toContainText('Goods received');
    await expect(main(page).getByRole('heading', { name: 'More about Payment & escrow' })).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'What does Titipan cost?' })).toHaveAttribute('href', '/faq/fees');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
  });

  test('an unknown question answers 404 with the not-found page', async ({ page }) => {
    const res = await page.goto('/faq/does-not-exist');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
  });
});

test.describe('content pages', () => {
  for (const [path, en, id] of [
    ['/term-condition', 'Terms and conditions', 'Syarat dan ketentuan'],
    ['/privacy-policy', 'Privacy policy', 'Kebijakan privasi'],
  ] as const) {
    test(`${path} renders a dated legal text with its table of contents, in both languages`, async ({ page, context, baseURL }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(en);
      await expect(page.getByText(/^Effective \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();
      const toc = page.getByRole('navigation', { name: 'On this page' });
      await expect(toc).toBeVisible();
      const first = toc.getByRole('link').first();
      const anchor = await first.getAttribute('href');
      expect(anchor).toMatch(/^#[\w-]+$/);
      await expect(page.locator(`h2${anchor}`)).toHaveCount(1);

      await context.addCookies([{ name: 'locale', value: 'id', url: baseURL! }]);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(id);
      await expect(page.getByText(/^Berlaku sejak \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();
    });
  }

  test('the privacy policy names the Indonesian personal data law', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(main(page)).toContainText('No. 27 of 2022');
  });

  test('about us, contact us, how it works and the help centre render', async ({ page }) => {
    for (const [path, heading] of [
      ['/about-us', 'About Titipan'],
      ['/contact-us', 'Contact us'],
      ['/way-of-work', 'How Titipan works'],
      ['/help-centre', 'Help centre'],
    ] as const) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
    // The help centre links each FAQ topic.
    await expect(main(page).getByRole('link', { name: 'Shipping & customs' })).toHaveAttribute('href', '/faq#shipping');
    await expect(main(page).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact-us');
  });

  test('banners: the running ones are listed and open; an unknown one is a 404', async ({ page }) => {
    await page.goto('/banner');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Promotions');
    const cards = main(page).getByRole('article');
    expect(await cards.count()).toBeGreaterThanOrEqual(1);
    await main(page).getByRole('link', { name: 'Pay safely, every time' }).click();
    await expect(page).toHaveURL(/\/banner\/pay-safely$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pay safely, every time');
    await expect(main(page).getByRole('link', { name: 'How escrow works' })).toHaveAttribute('href', '/faq/how-payment-works');

    expect((await page.goto('/banner/no-such-banner'))?.status()).toBe(404);
  });

  test('content pages ship no JavaScript of their own: only the layout islands', async ({ page }) => {
    await page.goto('/does-not-exist');
    const layoutOnly = await scriptsOf(page);
    expect(layoutOnly.islands.some((url) => url?.includes('Header'))).toBe(true);
    for (const path of ['/faq', '/faq/fees', '/about-us', '/way-of-work', '/help-centre', '/privacy-policy', '/banner']) {
      await page.goto(path);
      expect(await scriptsOf(page), path).toEqual(layoutOnly);
      await expect(main(page).locator('script, astro-island')).toHaveCount(0);
    }
  });
});

test.describe('SEO files', () => {
  test('robots.txt allows the site but not the private areas, and points to the sitemap', async ({ request, baseURL }) => {
    const res = await request.get('/robots.txt');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('text/plain');
    const body = await res.text();
    expect(body).toMatch(/^User-agent: \*$/m);
    for (const path of ['/dashboard', '/post', '/cart', '/checkout', '/v1']) expect(body).toMatch(new RegExp(`^Disallow: ${path}$`, 'm'));
    expect(body).toMatch(new RegExp(`^Sitemap: ${baseURL}/sitemap.xml$`, 'm'));
  });

  test('content pages carry a canonical URL and share metadata', async ({ page, baseURL }) => {
    await page.goto('/faq/fees?utm_source=test');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/faq/fees`);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /^What does Titipan cost\?/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\/.+\.(png|jpe?g)$/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  });

  test('sitemap.xml is valid XML listing content pages, FAQ entries and catalogue detail pages', async ({ request, page, baseURL }) => {
    const res = await request.get('/sitemap.xml');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('xml');
    const xml = await res.text();
    // Parse with the browser's XML parser: a malformed document yields a <parsererror>.
    const parsed = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, 'application/xml');
      return {
        error: doc.getElementsByTagName('parsererror').length > 0,
        root: doc.documentElement.namespaceURI + ' ' + doc.documentElement.localName,
        locs: [...doc.getElementsByTagName('loc')].map((l) => l.textContent ?? ''),
      };
    }, xml);
    expect(parsed.error).toBe(false);
    expect(parsed.root).toBe('http://www.sitemaps.org/schemas/sitemap/0.9 urlset');
    const paths = parsed.locs.map((loc) => {
      expect(loc.startsWith(`${baseURL}/`)).toBe(true);
      return new URL(loc).pathname;
    });
    for (const path of ['/', '/faq', '/faq/how-payment-works', '/about-us', '/privacy-policy', '/term-condition', '/way-of-work', '/help-centre']) {
      expect(paths).toContain(path);
    }
    expect(paths.some((p) => /^\/products\/marketplace\/[\w-]+$/.test(p))).toBe(true);
    expect(paths.some((p) => /^\/products\/request\/[\w-]+$/.test(p))).toBe(true);
    expect(paths.some((p) => p.startsWith('/dashboard'))).toBe(false);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
