import { expect, test, type Page } from '@playwright/test';

/**
 * The shell every page shares, as a visitor uses it: the header (language, 'send to' location,
 * Post menu, account), the home page's demo content, error pages, the dashboard guard and the
 * dashboard layout, toasts, the navigation progress bar and chunk-load recovery.
 */

const TRAVELLER = { email: 'traveller@titipan.test', password: 'titipan123', name: 'Tara Traveller' };

const header = (page: Page) => page.getByRole('banner');
const inMain = (page: Page) => page.getByRole('main');

async function signIn(page: Page, baseURL: string) {
  const res = await page.request.post('/v1/login', { data: { email: TRAVELLER.email, password: TRAVELLER.password }, headers: { Origin: baseURL } });
  expect(res.ok()).toBe(true);
}

/** Islands hydrate after the HTML arrives; wait until the header's buttons respond. */
async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  // A guest's first pointer movement hydrates the islands (two points: the pointer may already rest on one).
  await page.mouse.move(5, 5);
  await page.mouse.move(40, 30);
  await expect(page.locator('astro-island[component-url*="Header"]:not([ssr])')).toHaveCount(1);
}

test.describe('home page', () => {
  test('shows the latest pre-orders and requests, in English and, after switching, in Indonesian', async ({ page }) => {
    await gotoHydrated(page, '/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('brought home by a traveller');
    await expect(page.getByRole('heading', { name: 'Latest pre-orders' })).toBeVisible();

    const product = inMain(page).getByRole('link', { name: 'Tokyo Banana Original (8 pcs)' });
    await expect(product).toHaveAttribute('href', /^\/products\/marketplace\/[\w-]+$/);
    const card = inMain(page).getByRole('article').filter({ has: page.getByRole('link', { name: 'Tokyo Banana Original (8 pcs)' }) });
    await expect(card).toContainText('Rp. 185.000');
    await expect(card).toContainText('Tokyo → Jakarta');
    await expect(card).toContainText(/Arrives \d{1,2} [A-Z][a-z]+ \d{4}/);
    await expect(card).toContainText(TRAVELLER.name);

    const request = inMain(page).getByRole('link', { name: 'Royce Nama Chocolate' });
    await expect(request).toHaveAttribute('href', /^\/products\/request\/[\w-]+$/);
    const requestCard = inMain(page).getByRole('article').filter({ has: page.getByRole('link', { name: 'Royce Nama Chocolate' }) });
    await expect(requestCard).toContainText('Rp. 250.000');
    await expect(requestCard).toContainText('from Japan');
    await expect(page.getByRole('heading', { name: 'How Titipan works' })).toBeVisible();

    // The language selector stores the cookie and reloads.
    await header(page).getByRole('button', { name: /^Language: English/ }).click();
    await page.getByRole('menuitem', { name: 'Bahasa Indonesia' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'id');
    await expect(page.getByRole('heading', { name: 'Pre-order terbaru' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Permintaan terbaru' })).toBeVisible();
    await expect(inMain(page).getByRole('link', { name: 'Tokyo Banana Original (8 pcs)' })).toBeVisible();
    await expect(inMain(page).getByRole('article').filter({ hasText: 'Royce Nama Chocolate' })).toContainText('dari Jepang');
    await expect(inMain(page).getByRole('article').filter({ hasText: 'Tokyo Banana' })).toContainText(/Tiba \d{1,2} [A-Z][a-z]+ \d{4}/);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'locale')).toMatchObject({ value: 'id', path: '/', sameSite: 'Lax' });

    // And back.
    await header(page).getByRole('button', { name: /^Bahasa: Bahasa Indonesia/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Latest pre-orders' })).toBeVisible();
  });

  test("the cards' repeated icons are drawn from the page's sprite, on both listings", async ({ page }) => {
    for (const path of ['/products/marketplace', '/products/request']) {
      await page.goto(path);
      const icons = await page.locator('main svg use').evaluateAll((uses) =>
        uses.map((use) => {
          const id = (use.getAttribute('href') ?? '').slice(1);
          const box = (use as SVGGraphicsElement).getBoundingClientRect();
          return { id, defined: document.getElementById(id)?.tagName.toLowerCase(), drawn: box.width > 0 && box.height > 0 };
        }),
      );
      expect(icons.length).toBeGreaterThan(3);
      for (const icon of icons) expect(icon, path).toMatchObject({ defined: 'symbol', drawn: true });
      // The cards' icons are hidden from screen readers and out of the tab order, and every card's
      // traveller or requester has a round avatar.
      const svgs = await page.locator('main article svg').evaluateAll((all) => all.map((svg) => `${svg.getAttribute('aria-hidden')} ${svg.getAttribute('focusable')}`));
      expect(new Set(svgs), path).toEqual(new Set(['true false']));
      const cards = page.locator('main article');
      const avatars = cards.locator('.rounded-full.shrink-0').filter({ hasNot: page.locator('svg') });
      await expect(avatars).toHaveCount(await cards.count());
    }
  });

  test('footer links to the help-centre pages, social networks and this year', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const [name, href] of [
      ['About us', '/about-us'],
      ['Contact us', '/contact-us'],
      ['Help centre', '/help-centre'],
      ['Order status', '/dashboard/purchase'],
      ['Privacy policy', '/privacy-policy'],
      ['Terms and conditions', '/term-condition'],
    ]) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', new RegExp(`${href}$`));
    }
    for (const network of ['Instagram', 'Facebook', 'X (Twitter)', 'TikTok']) {
      await expect(footer.getByRole('link', { name: `Titipan on ${network}` })).toBeVisible();
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Titipan`);
  });
});

test.describe('header', () => {
  test('the Post menu offers a new request and a new pre-order', async ({ page }) => {
    await gotoHydrated(page, '/');
    await header(page).getByRole('button', { name: 'Post' }).click();
    await expect(page.getByRole('menuitem', { name: /New request/ })).toHaveAttribute('href', '/post/make-request');
    await expect(page.getByRole('menuitem', { name: /New pre-order/ })).toHaveAttribute('href', '/post/pre-order');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  });

  test('the search box goes to the first group with results, or to the search page', async ({ page }) => {
    await gotoHydrated(page, '/');
    const search = header(page).getByRole('combobox', { name: 'Search products, requests and users' });
    await search.fill('matcha');
    await expect(page.getByRole('option', { name: /Kit Kat Matcha/ })).toBeVisible();
    await search.press('Enter');
    await expect(page).toHaveURL(/\/products\/marketplace\?search=matcha$/);

    await gotoHydrated(page, '/');
    const again = header(page).getByRole('combobox', { name: 'Search products, requests and users' });
    await again.fill('qqzzx');
    await expect(page.getByText(/Nothing found/)).toBeVisible();
    await again.press('Enter');
    await expect(page).toHaveURL(/\/products\/user\?search=qqzzx$/);
  });

  test('the location popup starts at Indonesia, then the header shows the chosen flag', async ({ page }) => {
    await gotoHydrated(page, '/');
    // Nobody chose yet: Titipan sends to Indonesia, listed first and already selected.
    const sendTo = header(page).getByRole('button', { name: 'Send to Indonesia. Change country' });
    await expect(sendTo.locator('img')).toHaveAttribute('src', '/flags/id.svg');
    await sendTo.click();
    const dialog = page.getByRole('dialog', { name: 'Where should we send to?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('radio').first()).toHaveAccessibleName('Indonesia');
    await expect(dialog.getByRole('radio', { name: 'Indonesia' })).toBeChecked();
    await expect(dialog.getByText('Sending to Indonesia')).toBeVisible();

    await dialog.getByRole('searchbox', { name: 'Search country' }).fill('japan');
    await dialog.getByRole('radio', { name: 'Japan' }).click();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    const chosen = header(page).getByRole('button', { name: /^Send to Japan/ });
    await expect(chosen.locator('img')).toHaveAttribute('src', '/flags/jp.svg');
    await expect(page.getByText('Orders will be sent to Japan')).toBeVisible();

    const cookie = (await page.context().cookies()).find((c) => c.name === 'location');
    expect(JSON.parse(decodeURIComponent(cookie!.value))).toMatchObject({ name: 'Japan', flag_image: '/flags/jp.svg' });

    // The server reads the cookie: the flag is there in the next page's HTML, before any script.
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('src="/flags/jp.svg"');
  });

  test('the location popup speaks Indonesian, and its list scrolls within 400px', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'locale', value: 'id', url: baseURL! }]);
    await gotoHydrated(page, '/');
    await header(page).getByRole('button', { name: 'Kirim ke Indonesia. Ganti negara' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mau dikirim ke mana?' });
    await expect(dialog.getByRole('radio')).toHaveCount(10);
    await expect(dialog.getByRole('radio').first()).toHaveAccessibleName('Indonesia');
    await expect(dialog.getByRole('radio', { name: 'Indonesia' })).toBeChecked();
    const list = dialog.getByRole('radiogroup').locator('xpath=..');
    const box = await list.evaluate((el) => ({ max: getComputedStyle(el).maxHeight, overflow: getComputedStyle(el).overflowY }));
    expect(box).toEqual({ max: '400px', overflow: 'auto' });
    // Scrolling to the end loads the next page of countries.
    await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => dialog.getByRole('radio').count()).toBeGreaterThan(10);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('a signed-in user gets the shortcuts, the dashboard and a working log-out', async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
    await gotoHydrated(page, '/');
    const bar = header(page);
    await expect(bar.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    await expect(bar.getByRole('button', { name: 'Favourites' })).toBeVisible();
    // The cart is a dropdown: its lines, and a link to the cart page.
    await bar.getByRole('button', { name: 'Cart', exact: true }).click();
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the cart' })).toHaveAttribute('href', '/cart');
    await page.keyboard.press('Escape');
    // So are the notifications: the unread ones, and a link to all of them.
    await bar.getByRole('button', { name: /^Notifications/ }).first().click();
    await expect(page.getByRole('link', { name: 'See all notifications' })).toHaveAttribute('href', '/dashboard/notification');
    await page.keyboard.press('Escape');
    // And the chat: conversations with new messages, and a link to all of them.
    await bar.getByRole('button', { name: /^Chat/ }).first().click();
    await expect(page.getByText('No new messages')).toBeVisible();
    await expect(page.getByRole('link', { name: 'See all chats' })).toHaveAttribute('href', '/dashboard/chat');
    await page.keyboard.press('Escape');
    await bar.getByRole('link', { name: `My account (${TRAVELLER.name})` }).click();
    await expect(page).toHaveURL(/\/dashboard\/purchase$/);
    await expect(inMain(page).getByRole('heading', { name: `Hi, ${TRAVELLER.name}` })).toBeVisible();

    const menu = page.getByRole('navigation', { name: 'Dashboard' }).first();
    await expect(menu.getByRole('heading', { name: 'Requester' })).toBeVisible();
    await expect(menu.getByRole('heading', { name: 'Traveller' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Purchases' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: 'Trips' })).toHaveAttribute('href', '/dashboard/trip');

    // A second page with the same header (its server HTML is kept between pages) still hydrates:
    // its menu opens, named by its button.
    await gotoHydrated(page, '/dashboard/purchase');
    await header(page).getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu', { name: 'Account menu' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('link', { name: 'Log in' })).toBeVisible();
    expect((await page.request.get('/v1/users/me')).status()).toBe(401);
  });

  test("a signed-in user's press on the account menu while the header's code still loads opens it once it runs", async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
    // A slow network: every script arrives 800 ms late, so the press lands on the server's HTML.
    await page.route('**/_astro/**/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto('/dashboard/purchase', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('astro-island[component-url*="Header"][ssr]')).toHaveCount(1);
    await header(page).getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu', { name: 'Account menu' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  });
});

test.describe('phones', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the header menu holds the marketplace, the Post links and the language switch', async ({ page }) => {
    await gotoHydrated(page, '/');
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, 'no sideways scrolling on a phone').toBeLessThanOrEqual(390);
    await header(page).getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('link', { name: 'New request' })).toHaveAttribute('href', '/post/make-request');
    await expect(page.getByRole('link', { name: 'New pre-order' })).toHaveAttribute('href', '/post/pre-order');
    await page.getByRole('button', { name: 'Bahasa Indonesia' }).click();
    await expect(page.getByRole('heading', { name: 'Pre-order terbaru' })).toBeVisible();
  });
});

test.describe('errors and guards', () => {
  test('an unknown path answers 404 with the not-found page, in both languages', async ({ page, context, baseURL }) => {
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
    await expect(inMain(page).getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');

    await context.addCookies([{ name: 'locale', value: 'id', url: baseURL! }]);
    const again = await page.goto('/no/such/page');
    expect(again?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Halaman tidak ditemukan');
  });

  test('a guest opening a dashboard page lands on the login page with a way back', async ({ page }) => {
    await page.goto('/dashboard/trip');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Ftrip$/);
  });
});

test.describe('page-level behaviour', () => {
  test('a navigation starts the progress bar; a same-page anchor does not', async ({ page }) => {
    await gotoHydrated(page, '/');
    // The old page is gone once the next one paints, so note the bar's state as the click happens
    // (a window listener runs after the bar's document listener) in storage that survives it.
    await page.evaluate(() =>
      window.addEventListener('click', () => sessionStorage.setItem('bar', document.getElementById('nav-progress')!.style.opacity)),
    );
    await inMain(page).getByRole('link', { name: 'Browse pre-orders' }).click();
    await expect(page).toHaveURL(/\/products\/marketplace$/);
    expect(await page.evaluate(() => sessionStorage.getItem('bar'))).toBe('1');

    await gotoHydrated(page, '/');
    await page.evaluate(() => {
      sessionStorage.removeItem('bar');
      window.addEventListener('click', () => sessionStorage.setItem('bar', document.getElementById('nav-progress')!.style.opacity || 'idle'));
    });
    await page.getByRole('link', { name: 'Skip to content' }).focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => sessionStorage.getItem('bar'))).toBe('idle');
  });

  test('a failed chunk load reloads the page once, then not again within a minute', async ({ page }) => {
    await gotoHydrated(page, '/');
    const marker = () => page.evaluate(() => (window as unknown as { marker?: number }).marker);
    await page.evaluate(() => ((window as unknown as { marker?: number }).marker = 1));
    await Promise.all([page.waitForEvent('load'), page.evaluate(() => window.dispatchEvent(new Event('vite:preloadError')))]);
    expect(await marker()).toBeUndefined(); // a fresh page: it reloaded

    await page.evaluate(() => ((window as unknown as { marker?: number }).marker = 2));
    await page.evaluate(() => {
      void Promise.reject(new TypeError('Failed to fetch dynamically imported module: /_astro/x.js'));
    });
    await page.waitForTimeout(500);
    expect(await marker()).toBe(2); // still the same page: at most one reload per 60 s
  });
});
