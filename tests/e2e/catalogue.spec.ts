import { expect, test, type Locator, type Page } from '@playwright/test';
import { newRequester } from './support/buyers.ts';

/**
 * The public catalogue as visitors use it: the marketplace and request listings (sort, pages,
 * filters as links), a pre-order's and a request's page, user pages, the header search and the
 * favourites dropdown, and what a signed-in requester does on a product: favourite, follow, ask,
 * report, share. The listings and detail pages must also work with JavaScript switched off.
 */

const REQUESTER = { email: 'requester@titipan.test', password: 'titipan123', name: 'Raka Requester', username: 'raka_requester' };
const PRODUCT = { name: 'Tokyo Banana Original (8 pcs)', price: 'Rp. 185.000', route: 'Tokyo → Jakarta', traveller: 'Tara Traveller' };
const REQUEST = { name: 'Royce Nama Chocolate', price: 'Rp. 250.000' };

const header = (page: Page) => page.getByRole('banner');
const inMain = (page: Page) => page.getByRole('main');
const cards = (page: Page) => inMain(page).getByRole('article');

async function signIn(page: Page, baseURL: string) {
  const res = await page.request.post('/v1/login', { data: { email: REQUESTER.email, password: REQUESTER.password }, headers: { Origin: baseURL } });
  expect(res.ok()).toBe(true);
}

/** The page's island that makes hearts, share and report buttons work has hydrated. */
async function actionsReady(page: Page) {
  // A guest's first pointer movement hydrates the islands (two points: the pointer may already rest on one).
  await page.mouse.move(5, 5);
  await page.mouse.move(40, 30);
  await expect(page.locator('html')).toHaveAttribute('data-catalogue-actions', 'ready');
}

async function islandReady(page: Page, name: string) {
  // A guest's first pointer movement hydrates the islands (two points: the pointer may already rest on one).
  await page.mouse.move(5, 5);
  await page.mouse.move(40, 30);
  await expect(page.locator(`astro-island[component-url*="${name}"]:not([ssr])`).first()).toBeAttached();
}

/** 'Rp. 1.250.000' → 1250000, for every card price on the page. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await cards(page).locator('p', { hasText: /^Rp\. [\d.]+$/ }).allInnerTexts();
  return texts.map((t) => Number(t.replace(/\D/g, '')));
}

const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1] <= x);

async function openProduct(page: Page) {
  await page.goto('/products/marketplace');
  await inMain(page).getByRole('link', { name: PRODUCT.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: PRODUCT.name })).toBeVisible();
}

test.describe('marketplace listing', () => {
  test('a guest sorts by price and pages through with links that keep the other parameters', async ({ page }) => {
    await page.goto('/products/marketplace?per_page=6');
    await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
    await expect(page.getByTestId('result-count')).toHaveText(/^Showing 1–6 of \d+ pre-orders$/);
    await expect(cards(page)).toHaveCount(6);
    const total = Number((await page.getByTestId('result-count').innerText()).match(/of (\d+)/)![1]);
    expect(total).toBeGreaterThan(12);

    const sort = page.getByRole('navigation', { name: 'Sort' });
    await expect(sort.getByRole('link', { name: 'Newest' })).toHaveAttribute('aria-current', 'true');
    await sort.getByRole('link', { name: 'Lowest price' }).click();
    await expect(page).toHaveURL(/[?&]sort=price_asc/);
    await expect(page).toHaveURL(/[?&]per_page=6/);
    await expect(sort.getByRole('link', { name: 'Lowest price' })).toHaveAttribute('aria-current', 'true');
    const first = await cardPrices(page);
    expect(first).toHaveLength(6);
    expect(ascending(first)).toBe(true);

    const pages = page.getByRole('navigation', { name: 'Pages' });
    await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await pages.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page).toHaveURL(/[?&]sort=price_asc/);
    await expect(page.getByTestId('result-count')).toHaveText(`Showing 7–12 of ${total} pre-orders`);
    await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    const second = await cardPrices(page);
    expect(ascending(second)).toBe(true);
    expect(second[0]).toBeGreaterThanOrEqual(first[first.length - 1]);

    // A new sort starts again at page 1.
    await sort.getByRole('link', { name: 'Highest price' }).click();
    await expect(page).not.toHaveURL(/page=2/);
    const highest = await cardPrices(page);
    expect(highest[0]).toBeGreaterThanOrEqual(Math.max(...first, ...second));
  });

  test('active filters show as chips that are plain links removing them', async ({ page }) => {
    await page.goto('/products/marketplace?search=tokyo&sort=price_desc');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “tokyo”');
    await expect(cards(page).filter({ hasText: PRODUCT.name })).toHaveCount(1);
    const chip = page.getByRole('link', { name: 'Remove filter: “tokyo”' });
    await chip.click();
    await expect(page).toHaveURL(/\/products\/marketplace\?sort=price_desc$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Marketplace');

    // A filter that matches nothing: an honest empty state with the way out.
    await page.goto('/products/marketplace?search=zzqqxx');
    await expect(inMain(page).getByText('No pre-orders found')).toBeVisible();
    await inMain(page).getByRole('link', { name: 'Remove filter: “zzqqxx”' }).click();
    await expect(cards(page).first()).toBeVisible();
  });

  test('the Origin filter popup sets the route in the URL; its chip names the place and removes it', async ({ page }) => {
    await page.goto('/products/marketplace?sort=price_asc');
    await actionsReady(page);
    const bar = page.getByRole('group', { name: 'Filters' });
    await bar.getByRole('button', { name: 'Origin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter by origin' });
    await dialog.getByRole('combobox', { name: 'Country' }).fill('Japan');
    await dialog.getByRole('option', { name: 'Japan', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'City' }).fill('Tokyo');
    await dialog.getByRole('option', { name: /^Tokyo/ }).first().click();
    await dialog.getByRole('button', { name: 'Apply' }).click();

    await expect(page).toHaveURL(/origin_country_id=\d+/);
    await expect(page).toHaveURL(/origin_city_id=\d+/);
    await expect(page).toHaveURL(/sort=price_asc/);
    const chip = page.getByRole('link', { name: 'Remove filter: From: Tokyo, Japan' });
    await expect(chip).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Origin' })).toHaveClass(/border-brand-500/);
    const routes = await cards(page).getByText(/→/).allInnerTexts();
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.every((r) => r.startsWith('Tokyo →'))).toBe(true);

    await chip.click();
    await expect(page).not.toHaveURL(/origin_/);
    await expect(page).toHaveURL(/sort=price_asc/);
    expect((await cards(page).getByText(/→/).allInnerTexts()).some((r) => !r.startsWith('Tokyo →'))).toBe(true);

    // Requests filter by the traveller's own trip: guests log in first.
    await page.goto('/products/request');
    await expect(page.getByRole('group', { name: 'Filters' }).getByRole('link', { name: 'My trip' })).toHaveAttribute('href', '/login?redirect=%2Fproducts%2Frequest');
  });

  test('a guest clicking a heart is sent to log in and back', async ({ page }) => {
    await page.goto('/products/marketplace');
    const card = cards(page).filter({ has: page.getByRole('link', { name: PRODUCT.name }) });
    await card.getByRole('link', { name: 'Log in to save to favourites' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fproducts%2Fmarketplace$/);
  });
});

test.describe('detail pages', () => {
  test('a pre-order shows price, route, trip dates, traveller, description, questions and structured data', async ({ page }) => {
    await openProduct(page);
    await expect(page).toHaveURL(/\/products\/marketplace\/tokyo-banana-original-8-pcs$/);
    await expect(page.getByTestId('price')).toHaveText(PRODUCT.price);
    await expect(inMain(page).getByText(PRODUCT.route)).toBeVisible();
    const trip = page.getByRole('region', { name: 'Trip' });
    await expect(trip).toContainText('Tokyo');
    await expect(trip).toContainText('Jakarta');
    await expect(trip).toContainText(/Arrives\s*\d{1,2} [A-Z][a-z]+ \d{4}/);
    await expect(trip).toContainText(/Delivered by\s*\d{1,2} [A-Z][a-z]+ \d{4}/);
    await expect(inMain(page).getByText('400 g')).toBeVisible();
    const traveller = page.getByRole('region', { name: new RegExp(`^${PRODUCT.traveller}`) });
    await expect(traveller).toContainText('@tara_traveller');
    await expect(traveller.getByRole('link', { name: PRODUCT.traveller })).toHaveAttribute('href', /^\/products\/user\/marketplace\/\d+$/);
    await expect(inMain(page).getByText('bought fresh at Tokyo Station')).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Questions/ })).toBeVisible();
    await expect(inMain(page).getByRole('img', { name: PRODUCT.name })).toHaveAttribute('srcset', /-320\.webp 320w/);

    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld).toMatchObject({ '@type': 'Product', name: PRODUCT.name, offers: { price: 185000, priceCurrency: 'IDR', availability: 'https://schema.org/PreOrder' } });
    expect(ld.image[0]).toMatch(/^http:\/\/localhost:\d+\/uploads\/images\/.+\.webp$/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', ld.image[0]);

    // A guest who wants to buy logs in first and comes back to the product. The buttons hydrate
    // when used: the press that hydrates them is replayed once they run.
    await inMain(page).getByRole('button', { name: 'Buy now' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fproducts%2Fmarketplace%2Ftokyo-banana-original-8-pcs$/);
  });

  test('a request shows its price estimate, quantity, tip, route and requester; a guest taking it logs in first', async ({ page }) => {
    await page.goto('/products/request');
    await inMain(page).getByRole('link', { name: REQUEST.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: REQUEST.name })).toBeVisible();
    await expect(page.getByTestId('price')).toHaveText(REQUEST.price);
    await expect(page.getByTestId('request-route')).toContainText('Japan');
    await expect(page.getByTestId('request-route')).toContainText('Indonesia');
    await expect(inMain(page).getByText('Traveller tip')).toBeVisible();
    await expect(page.getByRole('region', { name: new RegExp(`^${REQUESTER.name}`) })).toContainText(`@${REQUESTER.username}`);
    await inMain(page).getByRole('link', { name: 'Take request' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fproducts%2Frequest%2Froyce-nama-chocolate$/);
  });

  test('an unknown or malformed slug answers 404 with the not-found page', async ({ page }) => {
    for (const path of ['/products/marketplace/no-such-thing-here', '/products/marketplace/BAD%20slug!', '/products/request/no-such-request', '/products/user/marketplace/abc', '/products/user/review/traveller/999999']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    }
  });

  test('hostile URLs never break a page: an id beyond any id, a NUL byte, ids in paths', async ({ page }) => {
    // An id past the integer column is dropped like any malformed filter: the whole listing shows.
    const big = await page.goto('/products/marketplace?trip_id=2147483648&sort=price_asc');
    expect(big?.status()).toBe(200);
    await expect(cards(page).filter({ hasText: PRODUCT.name })).toHaveCount(1);
    // A NUL byte is never typed: the page is served without that parameter.
    for (const path of ['/products/marketplace?search=%00', '/products/request?search=kit%00kat', '/products/user?search=%00&x=1']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      expect(new URL(page.url()).search, path).not.toContain('search');
    }
    await expect(page).toHaveURL(/\/products\/user\?x=1$/);
    for (const path of ['/products/user/marketplace/2147483648', '/products/user/request/9007199254740993', '/products/marketplace/kit%00kat']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
    }
  });
});

test.describe('without JavaScript', () => {
  test('listings, pages, sorting, a product page and the search form all work', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/products/marketplace?per_page=6');
    await expect(cards(page)).toHaveCount(6);
    await expect(cards(page).first().locator('img')).toHaveAttribute('srcset', /webp/);
    await page.getByRole('navigation', { name: 'Sort' }).getByRole('link', { name: 'Lowest price' }).click();
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId('result-count')).toHaveText(/^Showing 7–12 of \d+ pre-orders$/);

    await page.goto('/products/marketplace/tokyo-banana-original-8-pcs');
    await expect(page.getByRole('heading', { level: 1, name: PRODUCT.name })).toBeVisible();
    await expect(page.getByTestId('price')).toHaveText(PRODUCT.price);
    await expect(inMain(page).getByText(PRODUCT.route)).toBeVisible();
    await expect(page.getByRole('region', { name: new RegExp(`^${PRODUCT.traveller}`) })).toContainText('followers');
    await expect(page.getByRole('heading', { name: /^Questions/ })).toBeVisible();
    await expect(inMain(page).getByRole('link', { name: 'Ask a question' })).toHaveAttribute('href', /^\/login\?redirect=/);

    await page.goto('/products/request/royce-nama-chocolate');
    await expect(page.getByTestId('price')).toHaveText(REQUEST.price);

    // The header search is a plain form to the results page.
    await header(page).getByRole('combobox').fill('tokyo');
    await header(page).getByRole('combobox').press('Enter');
    await expect(page).toHaveURL(/\/products\/user\?search=tokyo$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “tokyo”');
    await expect(inMain(page).getByRole('link', { name: PRODUCT.name })).toBeVisible();
    await context.close();
  });
});

test.describe('header search', () => {
  test('suggestions are grouped with "see all"; Enter searches the first group with results', async ({ page }) => {
    await page.goto('/products/request');
    await islandReady(page, 'Header');
    const box = header(page).getByRole('combobox');
    await box.fill('tokyo');
    const list = page.getByRole('listbox');
    await expect(list.getByRole('group', { name: 'Marketplace' }).getByRole('option', { name: new RegExp(PRODUCT.name.replace(/[()]/g, '\\$&')) })).toBeVisible();
    await expect(list.getByRole('group', { name: 'Marketplace' }).getByRole('option', { name: /See all in Marketplace/ })).toBeVisible();
    await expect(list.getByRole('group', { name: 'Requests' }).getByRole('option', { name: /See all requests/ })).toBeVisible();
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\/marketplace\?search=tokyo$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “tokyo”');
    await expect(cards(page).filter({ hasText: PRODUCT.name })).toHaveCount(1);
  });

  test('the arrow keys pick a suggestion; a word nobody has posted says "not found"', async ({ page }) => {
    await page.goto('/');
    await islandReady(page, 'Header');
    const box = header(page).getByRole('combobox');
    await box.fill('zzqqxx');
    await expect(page.getByText('Nothing found for “zzqqxx”')).toBeVisible();
    await box.fill('tokyo banana');
    await expect(page.getByRole('option', { name: /Tokyo Banana Original/ })).toBeVisible();
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\/marketplace\/tokyo-banana-original-8-pcs$/);
  });
});

test.describe('a signed-in requester', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
  });

  test('favourites a product with its heart and finds it in the header favourites', async ({ page }) => {
    await page.goto('/products/marketplace');
    await actionsReady(page);
    const heart = cards(page).filter({ has: page.getByRole('link', { name: PRODUCT.name }) }).getByRole('button', { name: 'Favourite' });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Added to favourites')).toBeVisible();

    const favourites = header(page).getByRole('button', { name: 'Favourites' });
    await favourites.click();
    const panel = page.getByTestId('favourites-panel');
    await expect(panel.getByRole('tab', { name: 'Marketplace', selected: true })).toBeVisible();
    await expect(panel.getByRole('link', { name: new RegExp(PRODUCT.name.replace(/[()]/g, '\\$&')) })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/dashboard/favorite?type=product');
    await panel.getByRole('tab', { name: 'Requests' }).click();
    await expect(panel.getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/dashboard/favorite?type=request');

    // Opening the search closes favourites, and the other way round.
    const box = header(page).getByRole('combobox');
    await box.click();
    await box.fill('tokyo');
    await expect(page.getByRole('listbox')).toBeVisible();
    await expect(panel).toBeHidden();
    await favourites.click();
    await expect(panel).toBeVisible();
    await expect(page.getByRole('listbox')).toBeHidden();

    // The server renders the heart as favourited; un-favouriting tidies up.
    await page.goto('/products/marketplace/tokyo-banana-original-8-pcs');
    await actionsReady(page);
    const detailHeart = inMain(page).getByRole('button', { name: 'Favourite' });
    await expect(detailHeart).toHaveAttribute('aria-pressed', 'true');
    await detailHeart.click();
    await expect(detailHeart).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByText('Removed from favourites')).toBeVisible();
  });

  test('follows the traveller (the count goes up), sees them in the follower list, and unfollows', async ({ page }) => {
    await openProduct(page);
    const card = page.getByRole('region', { name: new RegExp(`^${PRODUCT.traveller}`) });
    await card.scrollIntoViewIfNeeded(); // the island hydrates when it comes into view
    await islandReady(page, 'FollowControls');
    const count = card.getByTestId('followers-count');
    const before = Number((await count.innerText()).match(/\d+/)![0]);
    await card.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(card.getByRole('button', { name: 'Following' })).toBeVisible();
    await expect(count).toHaveText(new RegExp(`^${before + 1} followers?$`));

    await count.click();
    const dialog = page.getByRole('dialog', { name: 'Connections' });
    await expect(dialog.getByRole('tab', { name: /Followers/, selected: true })).toBeVisible();
    await expect(dialog.getByRole('link', { name: new RegExp(`@${REQUESTER.username}`) })).toBeVisible();
    await dialog.getByRole('tab', { name: /Following/ }).click();
    await expect(dialog.getByRole('tab', { name: /Following/, selected: true })).toBeVisible();
    await page.keyboard.press('Escape');

    // It is the server's truth: a reload shows the same.
    await page.reload();
    await card.scrollIntoViewIfNeeded();
    await islandReady(page, 'FollowControls');
    await expect(count).toHaveText(new RegExp(`^${before + 1} followers?$`));
    await card.getByRole('button', { name: 'Following' }).click();
    await expect(card.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
    await expect(count).toHaveText(new RegExp(`^${before} followers?$`));
  });

  test('asks a question, which appears in the thread at once and after a reload', async ({ page }) => {
    await openProduct(page);
    await page.getByRole('heading', { name: /^Questions/ }).scrollIntoViewIfNeeded();
    await islandReady(page, 'DiscussionThread');
    await inMain(page).getByRole('button', { name: 'Ask a question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask a question' });
    await dialog.getByRole('button', { name: 'Post question' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Write your question');

    const question = `Is this the Tokyo Station box? (${Date.now()})`;
    await dialog.getByLabel('Your question').fill(question);
    await dialog.getByRole('button', { name: 'Post question' }).click();
    await expect(dialog).toBeHidden();
    const thread = page.getByRole('list', { name: 'Questions' });
    const item = thread.getByRole('listitem').filter({ hasText: question });
    await expect(item).toContainText(REQUESTER.name);
    await expect(item).toContainText(/\d{1,2} [A-Z][a-z]+ \d{4}/);
    await page.reload();
    await expect(page.getByRole('list', { name: 'Questions' }).getByRole('listitem').filter({ hasText: question })).toContainText(REQUESTER.name);
  });

  test('reports a pre-order with a reason and a note, and gets a confirmation', async ({ page }) => {
    await page.goto('/products/marketplace/muji-aroma-diffuser');
    await actionsReady(page);
    await inMain(page).getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this pre-order' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Choose a reason')).toBeVisible();
    await expect(dialog.getByText('Tell us what is wrong')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Counterfeit or fake item' }).click();
    await dialog.getByLabel('Tell us more').fill('The photo looks like a copy of another shop.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByRole('dialog', { name: 'Report sent' })).toContainText('Thank you, our team will review this report');
    await page.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('shares a pre-order: network links carry the page URL, and copying the link says so', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openProduct(page);
    await actionsReady(page);
    const url = `${baseURL}/products/marketplace/tokyo-banana-original-8-pcs`;
    await inMain(page).getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share' });
    const whatsapp = dialog.getByRole('link', { name: 'Share via WhatsApp' });
    await expect(whatsapp).toHaveAttribute('href', new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(url).replace(/[.?]/g, '\\$&')}$`));
    await expect(dialog.getByRole('link', { name: 'Share via Facebook' })).toHaveAttribute('href', `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`);
    await expect(dialog.getByRole('link', { name: 'Share via Telegram' })).toHaveAttribute('href', new RegExp(`^https://t\\.me/share/url\\?url=${encodeURIComponent(url).replace(/[.]/g, '\\.')}`));
    await expect(dialog.getByRole('link', { name: 'Share via E-mail' })).toHaveAttribute('href', /^mailto:\?subject=Tokyo%20Banana/);
    await expect(dialog.getByRole('link', { name: 'Share via Line' })).toHaveAttribute('href', /line\.me/);
    await expect(dialog.getByRole('link', { name: 'Share via X' })).toHaveAttribute('href', /twitter\.com\/intent\/tweet/);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  });

  test("sees a user's page with tabs, and the honest empty reviews tab", async ({ page }) => {
    await openProduct(page);
    await page.getByRole('region', { name: new RegExp(`^${PRODUCT.traveller}`) }).getByRole('link', { name: PRODUCT.traveller }).click();
    await expect(page.getByRole('heading', { level: 1, name: PRODUCT.traveller })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Profile sections' });
    await expect(tabs.getByRole('link', { name: 'Pre-orders' })).toHaveAttribute('aria-current', 'page');
    await expect(cards(page).filter({ hasText: PRODUCT.name })).toHaveCount(1);
    await tabs.getByRole('link', { name: 'Reviews as traveller' }).click();
    // The user's reputation reads "No reviews yet" too; the tab's own empty state says what will appear.
    await expect(inMain(page).getByText(`Reviews appear here once ${PRODUCT.traveller} has delivered orders and buyers have rated them.`)).toBeVisible();
    await tabs.getByRole('link', { name: 'Requests' }).click();
    await expect(tabs.getByRole('link', { name: 'Requests' })).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('Indonesian', () => {
  test('listing and product labels follow the locale cookie', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'locale', value: 'id', url: baseURL! }]);
    await page.goto('/products/marketplace?per_page=6');
    await expect(page.locator('html')).toHaveAttribute('lang', 'id');
    await expect(page.getByRole('navigation', { name: 'Pre-order atau permintaan' }).getByRole('link', { name: 'Permintaan' })).toBeVisible();
    await expect(page.getByTestId('result-count')).toHaveText(/^Menampilkan 1–6 dari \d+ pre-order$/);
    const sort = page.getByRole('navigation', { name: 'Urutkan' });
    await expect(sort.getByRole('link', { name: 'Harga terendah' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Filter' }).getByRole('button', { name: 'Asal' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Halaman' }).getByRole('link', { name: 'Berikutnya' })).toBeVisible();
    const card: Locator = cards(page).filter({ hasText: PRODUCT.name });
    await expect(card).toContainText(/Tiba \d{1,2} [A-Z][a-z]+ \d{4}/);
    await card.getByRole('link', { name: PRODUCT.name }).click();
    await expect(inMain(page).getByRole('button', { name: 'Beli sekarang' })).toBeVisible();
    await expect(inMain(page).getByRole('button', { name: 'Tambah ke keranjang' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Pertanyaan/ })).toBeVisible();
  });
});

test.describe('signed-in listings', () => {
  // What a listing shows everyone is rendered once and kept for every signed-in visitor of it
  // (README, "Page cache"): their own hearts and header still are theirs, and a write shows at once.
  test("two visitors share a listing but not each other's hearts; a new request is on it at once", async ({ browser, baseURL }) => {
    const [a, b] = await Promise.all([browser.newPage(), browser.newPage()]);
    await Promise.all([newRequester(a, baseURL!, 'en'), newRequester(b, baseURL!, 'en')]);
    const hearts = (p: Page) => cards(p).getByRole('button', { name: 'Favourite' });
    await b.goto('/products/request');
    await a.goto('/products/request');
    const id = Number(await hearts(a).first().getAttribute('data-id'));
    await expect(hearts(a).first()).toHaveAttribute('aria-pressed', 'false');

    const favourited = await a.request.post('/v1/users/favorites', { headers: { Origin: baseURL! }, data: { type: 'Request', id } });
    expect(favourited.ok()).toBe(true);
    const pressed = (p: Page) => cards(p).locator('button[aria-pressed="true"]');
    for (let i = 0; i < 2; i++) {
      await a.goto('/products/request');
      await expect(pressed(a)).toHaveCount(1);
      await expect(pressed(a)).toHaveAttribute('data-id', String(id));
      await expect(header(a).getByRole('button', { name: 'Account menu' })).toBeVisible();
      await b.goto('/products/request');
      await expect(hearts(b).first()).toBeVisible();
      await expect(pressed(b)).toHaveCount(0);
    }

    const name = `Shared render check ${Date.now().toString(36)}`;
    const addresses = await (await b.request.get('/v1/addresses')).json();
    const made = await b.request.post('/v1/users/requests', {
      headers: { Origin: baseURL! },
      data: { name, description: 'Posted while the listing is kept.', price_eta: 120000, quantity: 1, traveler_tip: 20000, buy_from_country_id: 392, address_id: addresses.data.rows[0].id, images: [] },
    });
    expect(made.status()).toBe(201);
    await a.goto('/products/request');
    await expect(cards(a).filter({ hasText: name })).toHaveCount(1);
    await expect(pressed(a)).toHaveAttribute('data-id', String(id));
    await Promise.all([a.close(), b.close()]);
  });
});
