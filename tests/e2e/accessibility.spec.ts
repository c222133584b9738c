import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * The accessibility sweep: axe-core on every public page and every dashboard page, in English and
 * Indonesian, at WCAG 2.2 AA (plus best-practice heading order). Each test visits many pages and
 * fails once, listing every violation found (rule, page, the offending elements).
 */

const TRAVELLER = { email: 'traveller@titipan.test', password: 'titipan123' };
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const LOCALES = ['en', 'id'] as const;
// WCAG 2.2 AA, plus the best-practice rule that headings go down one level at a time.
const AXE = { runOnly: { type: 'tag' as const, values: TAGS }, rules: { 'heading-order': { enabled: true } } };

// axe takes seconds per page on a loaded machine; each test sweeps 9–15 pages.
test.describe.configure({ timeout: 400_000 });

async function signIn(page: Page, baseURL: string) {
  const login = await page.request.post('/v1/login', { data: TRAVELLER, headers: { Origin: baseURL } });
  expect(login.ok()).toBe(true);
}

/** The first link on `path` whose address matches `pattern` (a detail page of the listing). */
async function firstLink(page: Page, path: string, pattern: RegExp): Promise<string> {
  await page.goto(path);
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const href = hrefs.find((h) => pattern.test(h));
  expect(href, `a link matching ${pattern} on ${path}`).toBeTruthy();
  return href!;
}

/**
 * axe on each path; returns one readable line per violated rule and page. The header and footer are
 * the same on every page: checked on the first page of the sweep, left out of the rest (faster).
 */
async function sweep(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const [i, path] of paths.entries()) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBeLessThan(500);
    const axe = new AxeBuilder({ page }).options(AXE);
    if (i > 0) axe.exclude('header.sticky').exclude('#main ~ footer');
    const { violations } = await axe.analyze();
    for (const v of violations) {
      const targets = v.nodes.slice(0, 5).map((n) => `      ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`);
      found.push(`${path}: ${v.id} (${v.impact}, ${v.nodes.length} node${v.nodes.length === 1 ? '' : 's'}) ${v.help}\n${targets.join('\n')}`);
    }
  }
  return found;
}

const CATALOGUE = ['/', '/products/marketplace', '/products/request', '/products/user?search=tokyo'];
const CONTENT = ['/about-us', '/contact-us', '/help-centre', '/faq', '/privacy-policy', '/term-condition', '/way-of-work', '/banner', '/login', '/register', '/forgot-password', '/reset-password?token=nope', '/no-such-page'];
const DASHBOARD = [
  '/dashboard/sell',
  '/dashboard/sell/purchase-confirmation',
  '/dashboard/purchase',
  '/dashboard/payment',
  '/dashboard/favorite',
  '/dashboard/notification',
  '/dashboard/chat',
  '/dashboard/withdraw',
];
const SETTINGS_AND_POSTING = [
  '/dashboard/setting/account',
  '/dashboard/setting/address',
  '/dashboard/setting/bank',
  '/post/pre-order',
  '/post/make-request',
  '/cart',
  '/checkout',
];

for (const locale of LOCALES) {
  test.describe(`in ${locale === 'en' ? 'English' : 'Indonesian'}`, () => {
    test.beforeEach(({ context, baseURL }) => context.addCookies([{ name: 'locale', value: locale, url: baseURL! }]));

    test('home, listings, search, product, request and profile pages have no WCAG 2.2 AA violations', async ({ page }) => {
      const details = [
        await firstLink(page, '/products/marketplace', /^\/products\/marketplace\/[\w-]+$/),
        await firstLink(page, '/products/request', /^\/products\/request\/[\w-]+$/),
      ];
      const profile = await firstLink(page, details[0], /^\/products\/user\/marketplace\/[\w-]+$/);
      const id = profile.split('/').pop();
      const profiles = [profile, `/products/user/request/${id}`, `/products/user/review/traveller/${id}`, `/products/user/review/requester/${id}`];
      const found = await sweep(page, [...CATALOGUE, ...details, ...profiles]);
      expect(found, found.join('\n')).toEqual([]);
    });

    test('help, policy, banner, sign-in and error pages have no WCAG 2.2 AA violations', async ({ page }) => {
      const details = [await firstLink(page, '/faq', /^\/faq\/[\w-]+$/), await firstLink(page, '/banner', /^\/banner\/[\w-]+$/)];
      const found = await sweep(page, [...CONTENT, ...details]);
      expect(found, found.join('\n')).toEqual([]);
    });

    test("the demo traveller's trips, products, orders, inbox and balance pages have no WCAG 2.2 AA violations", async ({ page, baseURL }) => {
      await signIn(page, baseURL!);
      const details = [
        await firstLink(page, '/dashboard/trip', /^\/dashboard\/trip\/[\w-]+$/),
        await firstLink(page, '/dashboard/product', /^\/dashboard\/product\/[\w-]+$/),
      ];
      const found = await sweep(page, ['/dashboard/trip', '/dashboard/product', ...details, ...DASHBOARD]);
      expect(found, found.join('\n')).toEqual([]);
    });

    test("the demo traveller's settings, posting forms, cart and checkout have no WCAG 2.2 AA violations", async ({ page, baseURL }) => {
      await signIn(page, baseURL!);
      const found = await sweep(page, SETTINGS_AND_POSTING);
      expect(found, found.join('\n')).toEqual([]);
    });
  });
}
