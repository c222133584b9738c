import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { requestWithHost } from '../support/raw-http.ts';

/**
 * The browser's side of the edge hardening: every page carries one Content-Security-Policy (an
 * HTTP header, no `<meta>` policy), islands hydrate under it without a single violation, an
 * injected inline script is blocked, and a foreign Host is refused.
 */

const TRAVELLER = { email: 'traveller@titipan.test', password: 'titipan123' };
/** playwright.config.ts sets no PUSHER_KEY: the server uses the default. */
const PUSHER_KEY = 'titipan-key';

interface Violation {
  directive: string;
  blocked: string;
}

/**
 * Records CSP violations two ways: the console message Chromium prints, and the
 * `securitypolicyviolation` event (the init script runs outside the page's policy).
 */
async function watchCsp(page: Page) {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/content security policy/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: Violation[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push({ directive: e.effectiveDirective, blocked: e.blockedURI }));
  });
  return async () => ({ console, events: await page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp) });
}

async function expectNoViolations(violations: () => Promise<{ console: string[]; events: Violation[] }>, path: string) {
  const seen = await violations();
  expect(seen.console, `CSP console messages on ${path}`).toEqual([]);
  expect(seen.events, `CSP violations on ${path}`).toEqual([]);
}

/** Opens a page and waits until its islands have hydrated (Astro removes `ssr` when they have). */
async function gotoHydrated(page: Page, path: string, islands: string[]) {
  const res = await page.goto(path);
  // A guest's first pointer movement hydrates the islands (two points: the pointer may already rest on one).
  await page.mouse.move(5, 5);
  await page.mouse.move(40, 30);
  for (const island of islands) await expect(page.locator(`astro-island[component-url*="${island}"]:not([ssr])`).first()).toBeAttached({ timeout: 10_000 });
  return res!;
}

function expectPagePolicy(policy: string | undefined) {
  expect(policy).toBeTruthy();
  const directives = Object.fromEntries(
    policy!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
  expect(directives['script-src']).toContain("'self'");
  expect(directives['script-src']).not.toContain("'unsafe-inline'");
  expect(directives['script-src'].some((s: string) => s.startsWith("'sha256-"))).toBe(true);
  expect(directives['frame-ancestors']).toEqual(["'none'"]);
  expect(directives['object-src']).toEqual(["'none'"]);
  expect(directives['base-uri']).toEqual(["'self'"]);
}

test.describe('Content-Security-Policy', () => {
  test('pages carry it as one HTTP header, with the other security headers and no <meta> policy', async ({ page }) => {
    for (const path of ['/', '/login', `/no-such-page-${Date.now()}`]) {
      const res = await page.goto(path);
      const headers = res!.headers();
      expectPagePolicy(headers['content-security-policy']);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['strict-transport-security']).toBeUndefined(); // the e2e server's public URL is http
      await expect(page.locator('meta[http-equiv="content-security-policy" i]')).toHaveCount(0);
    }
  });

  test("a guest's pages hydrate and run without a violation", async ({ page }) => {
    const violations = await watchCsp(page);
    await gotoHydrated(page, '/', ['Header']);
    // A Headless UI menu: client-side styles and focus handling.
    await page.getByRole('banner').getByRole('button', { name: /^Language: English/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Bahasa Indonesia' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expectNoViolations(violations, '/');

    await gotoHydrated(page, '/products/marketplace', ['Header']);
    const href = await page.getByRole('main').locator('a[href^="/products/marketplace/"]').first().getAttribute('href');
    await expectNoViolations(violations, '/products/marketplace');

    await gotoHydrated(page, href!, ['Header']);
    // The gallery hydrates when used (a pointer over it).
    await page.locator('#gallery').hover();
    await expect(page.locator('astro-island[component-url*="Gallery"]:not([ssr])')).toBeAttached({ timeout: 10_000 });
    await expectNoViolations(violations, href!);

    await gotoHydrated(page, '/login', ['Header']);
    // The sign-in form hydrates when used.
    await page.getByRole('main').getByLabel('E-mail', { exact: true }).focus();
    await expect(page.locator('astro-island[component-url*="LoginForm"]:not([ssr])')).toBeAttached({ timeout: 10_000 });
    await expectNoViolations(violations, '/login');

    await gotoHydrated(page, '/faq', ['Header']);
    await expectNoViolations(violations, '/faq');
  });

  test("a signed-in user's dashboard and a popup hydrate and run without a violation", async ({ page, baseURL }) => {
    const violations = await watchCsp(page);
    const login = await page.request.post('/v1/login', { data: TRAVELLER, headers: { Origin: baseURL! } });
    expect(login.ok()).toBe(true);
    await gotoHydrated(page, '/dashboard/setting/account', ['AccountSettings', 'PopupContainer']);
    await page.getByRole('main').getByRole('button', { name: 'Edit name' }).click();
    await expect(page.locator('[data-popup="account-name"]').getByLabel('Full name', { exact: true })).toBeVisible();
    await expectNoViolations(violations, '/dashboard/setting/account');

    await gotoHydrated(page, '/dashboard/trip', ['Header']);
    await expectNoViolations(violations, '/dashboard/trip');

    // A photo shows from a blob: URL while it uploads, then from /uploads.
    await gotoHydrated(page, '/post/pre-order', ['ProductForm']);
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3fb26f' } }).png().toBuffer();
    await page.getByLabel(/Choose photos/).setInputFiles([{ name: 'photo.png', mimeType: 'image/png', buffer: photo }]);
    await expect(page.locator('[data-photo-status="done"]')).toHaveCount(1, { timeout: 15_000 });
    await expect(page.getByRole('img', { name: 'Photo 1' })).toHaveJSProperty('complete', true);
    await expectNoViolations(violations, '/post/pre-order');
  });

  test('the page may open the real-time WebSocket on its own origin', async ({ page }) => {
    const violations = await watchCsp(page);
    await page.goto('/');
    const first = await page.evaluate(
      (key) =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/app/${key}?protocol=7&client=js&version=8.6.0`);
          ws.onmessage = (e) => {
            resolve(JSON.parse(e.data).event);
            ws.close();
          };
          ws.onerror = () => resolve('error');
        }),
      PUSHER_KEY,
    );
    expect(first).toBe('pusher:connection_established');
    await expectNoViolations(violations, '/ (WebSocket)');
  });

  test('an injected inline script is blocked and reported (the check above can see violations)', async ({ page }) => {
    const violations = await watchCsp(page);
    await gotoHydrated(page, '/', ['Header']);
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.head.append(script);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(async () => (await violations()).events.map((v) => v.directive)).toContain('script-src-elem');
    expect((await violations()).console.length).toBeGreaterThan(0);
  });
});

test.describe('Host allow-list', () => {
  test('a page requested with a foreign Host is refused with 400; our own host is served', async ({ baseURL }) => {
    const refused = await requestWithHost(`${baseURL}/products/marketplace`, 'evil.test');
    expect(refused.status).toBe(400);
    expect(refused.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    const served = await requestWithHost(`${baseURL}/products/marketplace`, new URL(baseURL!).host);
    expect(served.status).toBe(200);
    expect(served.body).toContain(`<link rel="canonical" href="${baseURL}/products/marketplace"`);
  });
});
