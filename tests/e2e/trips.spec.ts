import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/**
 * Trips as a traveller uses them: the trip popup (city search, date pickers, validation),
 * the trips dashboard with its status tabs, editing with a reason through the confirmation
 * step, cancelling, the detail page (and another user's trip as 404), in English and
 * Indonesian; and the listing filter popups (required messages, the URL they apply).
 * trip-cancel-failed is covered at API level (tests/api/trip-cancel-seam.test.ts).
 */

type Lang = 'en' | 'id';

// The app's "today" is Jakarta's; run the browser there too so its calendar agrees.
test.use({ timezoneId: 'Asia/Jakarta' });

let serial = 0;
function freshUser(prefix: string) {
  const id = `${Date.now().toString(36)}${(serial++).toString(36)}`;
  return { name: `E2E ${prefix} ${id}`, username: `${prefix}_${id}`.slice(0, 30), email: `${prefix}.${id}@example.com`, password: 'trip-pass-123' };
}

/** Registers a new user; the response sets the session cookie on `request` (the page's too). */
async function register(request: APIRequestContext, baseURL: string, prefix = 'trip') {
  const user = freshUser(prefix);
  const res = await request.post('/v1/register', { data: user, headers: { Origin: baseURL } });
  expect(res.status(), await res.text()).toBe(201);
  return user;
}

async function setLocale(page: Page, baseURL: string, locale: Lang) {
  await page.context().addCookies([{ name: 'locale', value: locale, url: baseURL }]);
}

// --- calendar dates, computed here the way a user reads them -------------------------------

function todayJakarta(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}
function plusDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const intlLocale = { en: 'en-GB', id: 'id-ID' } as const;
const asUtc = (iso: string) => new Date(`${iso}T00:00:00Z`);
/** '15 December 2026' / '15 Desember 2026'. */
const longDate = (iso: string, lang: Lang) => new Intl.DateTimeFormat(intlLocale[lang], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(asUtc(iso));
/** 'December 2026' / 'Desember 2026': the calendar's month caption. */
const monthYear = (iso: string, lang: Lang) => new Intl.DateTimeFormat(intlLocale[lang], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(asUtc(iso));
const monthName = (iso: string, lang: Lang) => new Intl.DateTimeFormat(intlLocale[lang], { month: 'long', timeZone: 'UTC' }).format(asUtc(iso));

const nextMonthLabel = { en: /next month/i, id: /bulan berikutnya/i } as const;

/** Opens a date field's calendar, pages to the month of `iso` and clicks the day. */
async function pickDate(page: Page, dialog: Locator, label: RegExp, iso: string, lang: Lang) {
  await dialog.getByRole('button', { name: label }).click();
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();
  for (let i = 0; i < 24 && (await grid.getAttribute('aria-label')) !== monthYear(iso, lang); i++) {
    await page.getByRole('button', { name: nextMonthLabel[lang] }).click();
  }
  await expect(grid).toHaveAttribute('aria-label', monthYear(iso, lang));
  await grid.getByRole('button').filter({ hasText: new RegExp(`^${Number(iso.slice(8))}$`) }).click();
  await expect(grid).toBeHidden();
  await expect(dialog.getByRole('button', { name: label })).toContainText(longDate(iso, lang));
}

async function chooseCity(page: Page, dialog: Locator, field: string, typed: string, option: string) {
  const input = dialog.getByRole('combobox', { name: field, exact: true });
  await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(input).toHaveValue(option);
}

/** Islands hydrate after the HTML arrives: wait until the trips page's buttons respond. */
async function gotoTrips(page: Page, path = '/dashboard/trip') {
  await page.goto(path);
  await expect(page.locator('astro-island[component-url*="TripList"]:not([ssr])')).toHaveCount(1);
  await expect(page.locator('astro-island[component-url*="AddTripButton"]:not([ssr])')).toHaveCount(1);
}

const main = (page: Page) => page.getByRole('main');
const dialogOf = (page: Page) => page.getByRole('dialog');

async function cityId(request: APIRequestContext, key: string, country: string) {
  const res = await request.get('/v1/misc/global-cities-with-country', { params: { key, per_page: 10 }, headers: { Lang: 'en' } });
  const rows = ((await res.json()) as { data: { rows: { id: number; name: string; country_id: number; country_name: string }[] } }).data.rows;
  const row = rows.find((r) => r.country_name === country);
  expect(row, `${key} in ${country}`).toBeTruthy();
  return row!;
}

/** A trip made through the API (for tests about something else). */
async function createTripByApi(request: APIRequestContext, baseURL: string) {
  const from = await cityId(request, 'jakarta', 'Indonesia');
  const to = await cityId(request, 'tokyo', 'Japan');
  const arrival = plusDays(todayJakarta(), 30);
  const res = await request.post('/v1/users/trips', {
    data: { origin_city_id: from.id, origin_country_id: from.country_id, destination_city_id: to.id, destination_country_id: to.country_id, arrival_date: arrival, delivery_date: plusDays(arrival, 2) },
    headers: { Origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { trip: ((await res.json()) as { data: { id: number } }).data, from, to };
}

test.describe('trips dashboard', () => {
  test('a new traveller adds a trip through the popup, changes its dates with a reason, and cancels it', async ({ page, baseURL }) => {
    // Many steps, each a round trip: a loaded machine needs more than the default 30 s.
    test.setTimeout(60_000);
    // A page that hydrates cleanly logs no React error (#418 was logged once after saving a trip).
    const reactErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /React error|Hydration|hydrat/i.test(m.text())) reactErrors.push(m.text());
    });
    page.on('pageerror', (e) => {
      if (/React error|Hydration|hydrat/i.test(e.message)) reactErrors.push(e.message);
    });
    await register(page.request, baseURL!);
    await gotoTrips(page);
    await expect(main(page).getByRole('heading', { name: 'My trips', level: 1 })).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'No active trips' })).toBeVisible();
    await expect(main(page).getByRole('link', { name: /^Active\s*0$/ })).toHaveAttribute('aria-current', 'page');

    // Create: required fields first.
    await main(page).getByRole('button', { name: 'Add trip' }).first().click();
    const dialog = dialogOf(page);
    await expect(dialog.getByRole('heading', { name: 'Add a trip' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Save trip' }).click();
    await expect(dialog.getByText('Choose the city you travel from')).toBeVisible();
    await expect(dialog.getByText('Choose the city you travel to')).toBeVisible();
    await expect(dialog.getByText('Choose the arrival date')).toBeVisible();
    await expect(dialog.getByText('Choose the delivery date')).toBeVisible();

    await chooseCity(page, dialog, 'From', 'jakarta', 'Jakarta, Indonesia');
    await chooseCity(page, dialog, 'To', 'tokyo', 'Tokyo, Japan');
    await expect(dialog.getByText('Choose the city you travel from')).toBeHidden();

    const today = todayJakarta();
    const arrival = plusDays(today, 20);
    const delivery = plusDays(arrival, 3);
    await pickDate(page, dialog, /^Arrival date/, plusDays(today, 10), 'en');
    await pickDate(page, dialog, /^Delivery date/, plusDays(today, 12), 'en');
    // A later arrival clears a delivery date that is now too early (SPEC §4).
    await pickDate(page, dialog, /^Arrival date/, arrival, 'en');
    await expect(dialog.getByRole('button', { name: /^Delivery date/ })).toContainText('Choose a date');
    await pickDate(page, dialog, /^Delivery date/, delivery, 'en');
    await dialog.getByLabel(/Additional information/).fill('One spare suitcase');
    await dialog.getByRole('button', { name: 'Save trip' }).click();

    // Saved: back on the list with the server's message.
    await expect(page.getByText('Your trip is saved')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/trip$/);
    const card = main(page).getByRole('article').filter({ hasText: 'Jakarta, Indonesia' });
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading')).toHaveText(/^Jakarta, Indonesia → to Tokyo, Japan$/);
    await expect(card).toContainText(`Arrival${longDate(arrival, 'en')}`);
    await expect(card).toContainText(`Delivery${longDate(delivery, 'en')}`);
    await expect(card).toContainText('0 products');
    await expect(card).toContainText('Active');
    await expect(main(page).getByRole('link', { name: /^Active\s*1$/ })).toBeVisible();

    // Edit: new dates, a required reason, then the confirmation step.
    await card.getByRole('button', { name: /^Edit the trip/ }).click();
    await expect(dialog.getByRole('heading', { name: 'Change trip dates' })).toBeVisible();
    await expect(dialog.getByRole('combobox')).toHaveCount(0); // the route cannot change
    await expect(dialog).toContainText('Jakarta, Indonesia');
    await expect(dialog).toContainText('Tokyo, Japan');
    await expect(dialog.getByRole('button', { name: /^Arrival date/ })).toContainText(longDate(arrival, 'en'));
    await expect(dialog.getByLabel('Additional information (optional)')).toHaveValue('One spare suitcase');
    const newArrival = plusDays(arrival, 7);
    const newDelivery = plusDays(arrival, 9);
    await pickDate(page, dialog, /^Arrival date/, newArrival, 'en');
    await pickDate(page, dialog, /^Delivery date/, newDelivery, 'en');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Tell your buyers why the dates change')).toBeVisible();
    await dialog.getByLabel('Reason for the change').fill('My flight was moved');
    await dialog.getByRole('button', { name: 'Continue' }).click();

    await expect(dialog.getByRole('heading', { name: 'Change the dates of this trip?' })).toBeVisible();
    await expect(dialog).toContainText('Buyers with orders on this trip will be notified');
    await expect(dialog).toContainText(longDate(newArrival, 'en'));
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByLabel('Reason for the change')).toHaveValue('My flight was moved');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('button', { name: 'Yes, change dates' }).click();

    await expect(page.getByText('Your trip dates are updated')).toBeVisible();
    const changed = main(page).getByRole('article').filter({ hasText: 'Jakarta, Indonesia' });
    await expect(changed).toContainText(`Arrival${longDate(newArrival, 'en')}`);
    await expect(changed).toContainText(longDate(newDelivery, 'en'));
    await expect(changed.locator('s')).toHaveText([longDate(arrival, 'en'), longDate(delivery, 'en')]); // the first dates, struck through
    await expect(changed).toContainText('Dates changed');
    await expect(changed).toContainText('Reason for the change: My flight was moved');

    // Details page.
    await changed.getByRole('link', { name: /^Details of the trip/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/trip\/\d+$/);
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(/^Jakarta, Indonesia → to Tokyo, Japan$/);
    await expect(main(page)).toContainText(longDate(newArrival, 'en'));
    await expect(main(page)).toContainText('One spare suitcase');
    await expect(main(page).getByRole('heading', { name: /Products on this trip/ })).toBeVisible();
    await expect(main(page)).toContainText('No pre-orders on this trip yet.');
    await expect(main(page).getByRole('heading', { name: 'Orders on this trip' })).toBeVisible();
    await expect(main(page)).toContainText('Orders appear here once buyers order');

    // Cancel, from the list.
    await main(page).getByRole('link', { name: 'All trips' }).click();
    await expect(page.locator('astro-island[component-url*="TripList"]:not([ssr])')).toHaveCount(1);
    await main(page).getByRole('button', { name: /^Cancel trip Jakarta/ }).click();
    await expect(dialog.getByRole('heading', { name: 'Cancel this trip?' })).toBeVisible();
    await expect(dialog).toContainText('Pending offers on this trip are cancelled.');
    await expect(dialog).toContainText('Your pre-orders on this trip are hidden from the marketplace.');
    await dialog.getByRole('button', { name: 'Yes, cancel trip' }).click();
    await expect(page.getByText('Your trip is cancelled')).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'No active trips' })).toBeVisible();

    await main(page).getByRole('link', { name: /^Cancelled\s*1$/ }).click();
    await expect(page).toHaveURL(/status=cancelled/);
    const cancelled = main(page).getByRole('article').filter({ hasText: 'Jakarta, Indonesia' });
    await expect(cancelled).toContainText('Cancelled');
    await expect(cancelled.getByRole('button')).toHaveCount(0); // no Edit / Cancel any more
    expect(reactErrors).toEqual([]);
  });

  test('in Indonesian: validation messages, month names, and today cannot be chosen as arrival', async ({ page, baseURL }) => {
    await setLocale(page, baseURL!, 'id');
    await register(page.request, baseURL!);
    await gotoTrips(page);
    await expect(main(page).getByRole('heading', { name: 'Perjalanan saya', level: 1 })).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'Belum ada perjalanan aktif' })).toBeVisible();

    await main(page).getByRole('button', { name: 'Tambah perjalanan' }).first().click();
    const dialog = dialogOf(page);
    await expect(dialog.getByRole('heading', { name: 'Tambah perjalanan' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Simpan perjalanan' }).click();
    await expect(dialog.getByText('Pilih kota asal perjalanan')).toBeVisible();
    await expect(dialog.getByText('Pilih tanggal tiba')).toBeVisible();
    await expect(dialog.getByText('Pilih tanggal pengiriman')).toBeVisible();

    // Arrival must be after today (SPEC §5): the calendar does not offer today or earlier.
    const today = todayJakarta();
    const tomorrow = plusDays(today, 1);
    await dialog.getByRole('button', { name: /^Tanggal tiba/ }).click();
    const grid = page.getByRole('grid');
    await expect(grid).toHaveAttribute('aria-label', monthYear(tomorrow, 'id'));
    const day = (iso: string) => grid.getByRole('button').filter({ hasText: new RegExp(`^${Number(iso.slice(8))}$`) });
    // Days are named in Indonesian too: 'Senin, 2 November 2026'.
    const weekday = new Intl.DateTimeFormat('id-ID', { weekday: 'long', timeZone: 'UTC' }).format(asUtc(tomorrow));
    await expect(day(tomorrow)).toHaveAccessibleName(new RegExp(`${weekday}, ${longDate(tomorrow, 'id')}`));
    if (today.slice(0, 7) === tomorrow.slice(0, 7)) await expect(day(today)).toBeDisabled();
    else await expect(page.getByRole('button', { name: /bulan sebelumnya/i })).toBeDisabled();
    await expect(day(tomorrow)).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(grid).toBeHidden();

    // Month names in Indonesian: pick a day in the next month whose name differs from English.
    let target = plusDays(today, 20);
    while (monthName(target, 'id') === monthName(target, 'en')) target = plusDays(target, 28);
    await chooseCity(page, dialog, 'Dari', 'jakarta', 'Jakarta, Indonesia');
    await chooseCity(page, dialog, 'Ke', 'tokyo', 'Tokyo, Jepang');
    await pickDate(page, dialog, /^Tanggal tiba/, target, 'id');
    await expect(dialog.getByRole('button', { name: /^Tanggal tiba/ })).not.toContainText(monthName(target, 'en'));
    await pickDate(page, dialog, /^Tanggal pengiriman/, plusDays(target, 2), 'id');
    await dialog.getByRole('button', { name: 'Simpan perjalanan' }).click();

    await expect(page.getByText('Perjalanan Anda tersimpan')).toBeVisible();
    const card = main(page).getByRole('article').filter({ hasText: 'Jakarta, Indonesia' });
    await expect(card.getByRole('heading')).toHaveText(/^Jakarta, Indonesia → ke Tokyo, Jepang$/);
    await expect(card).toContainText(`Tiba${longDate(target, 'id')}`);
    await expect(card).toContainText('Aktif');
  });

  test('"Add trip" pressed while the page\'s code still arrives opens the popup once it runs', async ({ page, baseURL }) => {
    await register(page.request, baseURL!);
    // The button's own code arrives 2.5 s late (the rest of the page's on time), so the press lands
    // on its server HTML after the header has hydrated.
    await page.route('**/_astro/AddTripButton*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue();
    });
    await page.goto('/dashboard/trip', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('astro-island[component-url*="AddTripButton"][ssr]')).toHaveCount(1);
    await main(page).getByRole('button', { name: 'Add trip' }).first().click();
    await expect(dialogOf(page).getByRole('heading', { name: 'Add a trip' })).toBeVisible();
  });

  test("another user's trip, or no trip, is the 404 page", async ({ page, baseURL }) => {
    await register(page.request, baseURL!, 'owner');
    const { trip } = await createTripByApi(page.request, baseURL!);
    const own = await page.goto(`/dashboard/trip/${trip.id}`);
    expect(own?.status()).toBe(200);
    await expect(main(page).getByRole('heading', { level: 1 })).toContainText('Jakarta, Indonesia');

    await register(page.request, baseURL!, 'other'); // now signed in as someone else
    for (const path of [`/dashboard/trip/${trip.id}`, '/dashboard/trip/999999999', '/dashboard/trip/abc']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(main(page).getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    }
  });
});

test.describe('listing filter popups', () => {
  /** The listing pages' filter buttons are plain HTML made to open popups by a small island. */
  async function openFilter(page: Page, path: string, button: string) {
    await page.goto(path);
    // A guest's listing hydrates on the first interaction: a pointer movement (two points: the
    // pointer may already rest on the first).
    await page.mouse.move(5, 5);
    await page.mouse.move(40, 30);
    await expect(page.locator('astro-island[component-url*="CatalogueActions"]:not([ssr])')).toHaveCount(1);
    await expect(page.locator('astro-island[component-url*="PopupContainer"]:not([ssr])')).toHaveCount(1);
    await main(page).getByRole('button', { name: button, exact: true }).click();
    return dialogOf(page);
  }

  const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

  test('origin and destination need a country and a city, then set them in the URL', async ({ page, baseURL }) => {
    // Many steps, each a round trip: a loaded machine needs more than the default 30 s.
    test.setTimeout(60_000);
    await setLocale(page, baseURL!, 'id');
    const tokyo = await cityId(page.request, 'tokyo', 'Japan');

    let dialog = await openFilter(page, '/products/marketplace?page=2', 'Asal');
    await expect(dialog.getByRole('heading', { name: 'Filter berdasarkan asal' })).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Kota' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Terapkan' }).click();
    await expect(dialog.getByText('negara dan kota harus dipilih')).toBeVisible();

    await dialog.getByRole('combobox', { name: 'Negara' }).fill('jepang');
    await page.getByRole('option', { name: 'Jepang', exact: true }).click();
    await dialog.getByRole('button', { name: 'Terapkan' }).click();
    await expect(dialog.getByText('negara dan kota harus dipilih')).toBeVisible(); // a city is still missing
    await dialog.getByRole('combobox', { name: 'Kota' }).fill('tokyo');
    await page.getByRole('option', { name: 'Tokyo', exact: true }).first().click();
    await expect(dialog.getByText('negara dan kota harus dipilih')).toBeHidden();
    await dialog.getByRole('button', { name: 'Terapkan' }).click();

    await expect(page).toHaveURL(/origin_city_id=/);
    expect(params(page)).toEqual({ origin_country_id: String(tokyo.country_id), origin_city_id: String(tokyo.id) }); // page reset

    // Opened again, it shows the filter in the URL; Clear removes it.
    dialog = await openFilter(page, page.url().replace(baseURL!, ''), 'Asal');
    await expect(dialog.getByRole('combobox', { name: 'Negara' })).toHaveValue('Jepang');
    await expect(dialog.getByRole('combobox', { name: 'Kota' })).toHaveValue('Tokyo');
    await dialog.getByRole('button', { name: 'Hapus' }).click();
    await expect(page).not.toHaveURL(/origin_/);

    dialog = await openFilter(page, '/products/marketplace', 'Tujuan');
    await expect(dialog.getByRole('heading', { name: 'Filter berdasarkan tujuan' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Terapkan' }).click();
    await expect(dialog.getByText('negara dan kota harus dipilih')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Negara' }).fill('indonesia');
    await page.getByRole('option', { name: 'Indonesia', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Kota' }).fill('jakarta');
    await page.getByRole('option', { name: 'Jakarta', exact: true }).first().click();
    await dialog.getByRole('button', { name: 'Terapkan' }).click();
    await expect(page).toHaveURL(/destination_city_id=/);
    expect(params(page)).toMatchObject({ destination_country_id: '228' });
  });

  test('country needs a country; trip needs one of my trips', async ({ page, baseURL }) => {
    await setLocale(page, baseURL!, 'id');
    let dialog = await openFilter(page, '/products/marketplace?page=3', 'Negara');
    await expect(dialog.getByRole('heading', { name: 'Filter berdasarkan negara' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Terapkan' }).click();
    await expect(dialog.getByText('negara harus dipilih')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Negara' }).fill('korea sel');
    await page.getByRole('option', { name: 'Korea Selatan', exact: true }).click();
    await dialog.getByRole('button', { name: 'Terapkan' }).click();
    await expect(page).toHaveURL(/country_id=\d+/);
    expect(Object.keys(params(page))).toEqual(['country_id']);

    await register(page.request, baseURL!, 'filter');
    const { trip } = await createTripByApi(page.request, baseURL!);
    dialog = await openFilter(page, '/products/request?page=2', 'Perjalanan saya');
    await expect(dialog.getByRole('heading', { name: 'Filter berdasarkan perjalanan' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Terapkan' }).click();
    await expect(dialog.getByText('perjalanan belum dipilih')).toBeVisible();
    await dialog.getByRole('radio', { name: /^Jakarta, Indonesia ke Tokyo, Jepang/ }).click();
    await dialog.getByRole('button', { name: 'Terapkan' }).click();
    await expect(page).toHaveURL(new RegExp(`trip_id=${trip.id}`));
    expect(params(page)).toEqual({ trip_id: String(trip.id) });
  });
});
