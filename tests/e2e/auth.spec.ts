import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { readableMail } from '../support/mail.ts';

/**
 * The account pages as a visitor uses them: log in and out, the dashboard guard's redirect,
 * client and server validation in both languages, registration, and the password reset by
 * e-mail (read from the server's outbox in E2E_DATA_DIR/mail).
 */

const PASSWORD = 'titipan123';
const TRAVELLER = { email: 'traveller@titipan.test', name: 'Tara Traveller' };
const REQUESTER = { email: 'requester@titipan.test', name: 'Raka Requester' };

/** Unique per run and per call, so a re-run on the same database still registers fresh users. */
let serial = 0;
function freshUser(prefix: string) {
  const id = `${Date.now().toString(36)}${(serial++).toString(36)}`;
  return { name: `E2E ${prefix} ${id}`, username: `${prefix}_${id}`.slice(0, 30), email: `${prefix}.${id}@example.com`, password: 'first-pass-123' };
}

/** The page's own content: the header and footer carry links with the same names (log in…). */
const inMain = (page: Page) => page.getByRole('main');

async function fillLogin(page: Page, email: string, password: string) {
  await inMain(page).getByLabel('E-mail', { exact: true }).fill(email);
  await inMain(page).getByLabel('Password', { exact: true }).fill(password);
  await inMain(page).getByRole('button', { name: 'Log in', exact: true }).click();
}

/** The profile the browser's session cookie belongs to (null when signed out). */
async function me(page: Page): Promise<{ name: string; email: string } | null> {
  const res = await page.request.get('/v1/users/me');
  if (res.status() === 401) return null;
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { name: string; email: string } }).data;
}

/** Signed in as `name`: the session cookie answers for them and the dashboard greets them. */
async function expectSignedInAs(page: Page, name: string) {
  expect((await me(page))?.name).toBe(name);
  await expect(inMain(page).getByRole('heading', { name: `Hi, ${name}` })).toBeVisible();
}

/** Logs out the way a user does: the header's account menu. */
async function signOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
}

async function resetLinkFor(email: string): Promise<string> {
  const dir = join(process.env.E2E_DATA_DIR!, 'mail');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
        for (const file of files.reverse()) {
          const text = readableMail(await readFile(join(dir, file), 'utf8'));
          if (!text.includes(`To: ${email}`)) continue;
          link = text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
          if (link) return true;
        }
        return false;
      },
      { message: `a reset e-mail to ${email}` },
    )
    .toBe(true);
  const url = new URL(link!);
  return url.pathname + url.search;
}

test.describe('log in and out', () => {
  for (const user of [TRAVELLER, REQUESTER]) {
    test(`${user.email} logs in, lands on the purchases dashboard, logs out`, async ({ page }) => {
      await page.goto('/login');
      await expect(inMain(page).getByRole('heading', { name: 'Log in to Titipan' })).toBeVisible();
      expect(await me(page)).toBeNull();

      await fillLogin(page, user.email, PASSWORD);
      await expect(page).toHaveURL(/\/dashboard\/purchase$/);
      await expectSignedInAs(page, user.name);

      // A signed-in visitor opening /login goes straight on.
      await page.goto('/login');
      await expect(page).toHaveURL(/\/dashboard\/purchase$/);

      await signOut(page);
      expect(await me(page)).toBeNull();
      await page.goto('/dashboard/purchase');
      await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fpurchase$/);
      await expect(inMain(page).getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    });
  }

  test('a guest sent from /dashboard/trip to log in comes back to /dashboard/trip', async ({ page }) => {
    await page.goto('/dashboard/trip');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Ftrip$/);
    // The way to register keeps the destination too.
    await expect(inMain(page).getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register?redirect=%2Fdashboard%2Ftrip');

    // While the request is on its way the button says so and cannot be pressed twice.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1/login', async (route) => {
      await held;
      await route.continue();
    });
    await fillLogin(page, TRAVELLER.email, PASSWORD);
    await expect(inMain(page).getByRole('button', { name: 'Logging in…' })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/dashboard\/trip$/);
    expect((await me(page))?.email).toBe(TRAVELLER.email);
  });

  test('only same-site paths are followed after login', async ({ page }) => {
    await page.goto('/login?redirect=' + encodeURIComponent('//evil.example/steal'));
    await fillLogin(page, REQUESTER.email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\/purchase$/);
    // Signed in, /register with a foreign target also ends on the default page.
    await page.goto('/register?redirect=' + encodeURIComponent('https://evil.example/'));
    await expect(page).toHaveURL(/\/dashboard\/purchase$/);
    await page.goto('/register?redirect=' + encodeURIComponent('/dashboard/trip'));
    await expect(page).toHaveURL(/\/dashboard\/trip$/);
  });

  test('a wrong password is refused in Indonesian when the locale is id', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'locale', value: 'id', url: baseURL! }]);
    await page.goto('/login');
    await expect(inMain(page).getByRole('heading', { name: 'Masuk ke Titipan' })).toBeVisible();
    await inMain(page).getByLabel('E-mail', { exact: true }).fill(TRAVELLER.email);
    await inMain(page).getByLabel('Kata sandi', { exact: true }).fill('not-the-password');
    await inMain(page).getByRole('button', { name: 'Masuk', exact: true }).click();

    await expect(inMain(page).getByRole('alert')).toContainText('E-mail atau kata sandi salah');
    await expect(page).toHaveURL(/\/login$/);
    await expect(inMain(page).getByRole('button', { name: 'Masuk', exact: true })).toBeEnabled();
    expect(await me(page)).toBeNull();
  });
});

test.describe('validation in the browser', () => {
  test('login shows field messages without calling the API, and focuses the first wrong field', async ({ page }) => {
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/v1/')) apiCalls.push(r.url());
    });
    await page.goto('/login');
    const email = inMain(page).getByLabel('E-mail', { exact: true });
    const password = inMain(page).getByLabel('Password', { exact: true });

    await inMain(page).getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    await expect(inMain(page).getByText('This field is required')).toHaveCount(2);
    // The message is tied to its input for screen readers.
    const describedBy = await email.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText('This field is required');

    await email.fill('not-an-email');
    await password.fill('whatever1');
    await inMain(page).getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(inMain(page).getByText('Enter a valid e-mail address')).toBeVisible();
    await expect(password).not.toHaveAttribute('aria-invalid', 'true');
    // Fixing the value clears the message as the user types.
    await email.fill('someone@example.com');
    await expect(inMain(page).getByText('Enter a valid e-mail address')).toHaveCount(0);
    expect(apiCalls).toEqual([]);
  });

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/login');
    const password = inMain(page).getByLabel('Password', { exact: true });
    await password.fill('secret-123');
    await expect(password).toHaveAttribute('type', 'password');
    await inMain(page).getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await inMain(page).getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('register checks the repeat password and the rules, in Indonesian too', async ({ page, context, baseURL }) => {
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/v1/')) apiCalls.push(r.url());
    });
    await context.addCookies([{ name: 'locale', value: 'id', url: baseURL! }]);
    await page.goto('/register');
    // Every island (header included) hydrated, so nothing moves the focus after the check runs:
    // a guest's first pointer movement hydrates them (two points: the pointer may already rest on
    // one), the form when the pointer is over it.
    await page.mouse.move(5, 5);
    await page.mouse.move(40, 30);
    await inMain(page).locator('form').hover();
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await inMain(page).getByLabel('Nama lengkap').fill('Uji Coba');
    await inMain(page).getByLabel('Username').fill('x!');
    await inMain(page).getByLabel('E-mail', { exact: true }).fill('uji@example.com');
    await inMain(page).getByLabel('Kata sandi', { exact: true }).fill('pendek');
    await inMain(page).getByLabel('Ulangi kata sandi', { exact: true }).fill('lain');
    await inMain(page).getByRole('button', { name: 'Buat akun', exact: true }).click();

    await expect(inMain(page).getByLabel('Username')).toBeFocused();
    await expect(inMain(page).getByText('Username harus 3–30 karakter')).toBeVisible();
    await expect(inMain(page).getByText('Kata sandi minimal 8 karakter')).toBeVisible();
    await expect(inMain(page).getByText('Kata sandi tidak sama')).toBeVisible();
    expect(apiCalls).toEqual([]);
  });
});

test.describe('register', () => {
  test('a new user registers from the login page and arrives where they were going', async ({ page }) => {
    const user = freshUser('reg');
    await page.goto('/login?redirect=%2Fdashboard%2Ftrip');
    await inMain(page).getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/register\?redirect=%2Fdashboard%2Ftrip$/);
    await expect(inMain(page).getByRole('heading', { name: 'Create your account' })).toBeVisible();
    // …and back to log in still remembers it.
    await expect(inMain(page).getByRole('link', { name: 'Log in', exact: true })).toHaveAttribute('href', '/login?redirect=%2Fdashboard%2Ftrip');

    await inMain(page).getByLabel('Full name').fill(user.name);
    await inMain(page).getByLabel('Username').fill(user.username);
    await inMain(page).getByLabel('E-mail', { exact: true }).fill(user.email);
    await inMain(page).getByLabel('Password', { exact: true }).fill(user.password);
    await inMain(page).getByLabel('Repeat password', { exact: true }).fill(user.password);
    await inMain(page).getByRole('button', { name: 'Create an account', exact: true }).click();

    await expect(page).toHaveURL(/\/dashboard\/trip$/);
    expect(await me(page)).toMatchObject({ name: user.name, email: user.email });

    // The same e-mail and username again: the server's field messages appear under the fields.
    await page.context().clearCookies();
    await page.goto('/register');
    await inMain(page).getByLabel('Full name').fill('Someone Else');
    await inMain(page).getByLabel('Username').fill(user.username);
    await inMain(page).getByLabel('E-mail', { exact: true }).fill(user.email.toUpperCase());
    await inMain(page).getByLabel('Password', { exact: true }).fill('another-pass-1');
    await inMain(page).getByLabel('Repeat password', { exact: true }).fill('another-pass-1');
    await inMain(page).getByRole('button', { name: 'Create an account', exact: true }).click();
    await expect(inMain(page).getByText('This e-mail is already registered')).toBeVisible();
    await expect(inMain(page).getByLabel('E-mail', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/register$/);
    expect(await me(page)).toBeNull();
  });
});

test.describe('password reset', () => {
  test('forgot password → e-mailed link → new password → log in with it', async ({ page, baseURL }) => {
    // Four password hashes (register, reset, two logins) and six pages: more than 30 s on a busy machine.
    test.setTimeout(60_000);
    const user = freshUser('reset');
    const created = await page.request.post('/v1/register', {
      data: { name: user.name, username: user.username, email: user.email, password: user.password },
      headers: { Origin: baseURL! },
    });
    expect(created.status()).toBe(201);
    await page.context().clearCookies();

    await page.goto('/login');
    await inMain(page).getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await inMain(page).getByLabel('E-mail', { exact: true }).fill(user.email);
    await inMain(page).getByRole('button', { name: 'Send reset link' }).click();
    await expect(inMain(page).getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    await expect(inMain(page).getByRole('status').filter({ hasText: 'If that e-mail is registered, a reset link is on its way' }).first()).toBeVisible();

    const link = await resetLinkFor(user.email);
    await page.goto(link);
    await expect(inMain(page).getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    const newPassword = 'brand-new-pass-9';
    await inMain(page).getByLabel('New password', { exact: true }).fill(newPassword);
    await inMain(page).getByLabel('Repeat password', { exact: true }).fill('something-else-9');
    await inMain(page).getByRole('button', { name: 'Save new password' }).click();
    await expect(inMain(page).getByText('Passwords do not match')).toBeVisible();

    await inMain(page).getByLabel('Repeat password', { exact: true }).fill(newPassword);
    await inMain(page).getByRole('button', { name: 'Save new password' }).click();
    await expect(inMain(page).getByRole('heading', { name: 'Password changed' })).toBeVisible();
    await expect(inMain(page).getByText('Your password was changed. Log in with the new one').first()).toBeVisible();
    await inMain(page).getByRole('link', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);

    await fillLogin(page, user.email, user.password);
    await expect(inMain(page).getByRole('alert')).toContainText('The e-mail or password is wrong');
    await fillLogin(page, user.email, newPassword);
    await expect(page).toHaveURL(/\/dashboard\/purchase$/);
    expect((await me(page))?.email).toBe(user.email);

    // The link works once.
    await page.context().clearCookies();
    await page.goto(link);
    await inMain(page).getByLabel('New password', { exact: true }).fill('third-pass-999');
    await inMain(page).getByLabel('Repeat password', { exact: true }).fill('third-pass-999');
    await inMain(page).getByRole('button', { name: 'Save new password' }).click();
    await expect(inMain(page).getByRole('alert')).toContainText('This reset link is invalid or has expired');
    await expect(inMain(page).getByRole('link', { name: 'Ask for a new reset link' })).toHaveAttribute('href', '/forgot-password');
  });

  test('a reset link without its token says so and offers a new one', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(inMain(page).getByRole('alert')).toContainText('This reset link is incomplete');
    await expect(inMain(page).getByLabel('New password', { exact: true })).toHaveCount(0);
    await inMain(page).getByRole('link', { name: 'Ask for a new reset link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
});

test.describe('Google sign-in', () => {
  test('the Google button is hidden when Google is not configured', async ({ page }) => {
    await page.goto('/login');
    await expect(inMain(page).getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    await expect(inMain(page).getByRole('link', { name: 'Continue with Google' })).toHaveCount(0);
    await page.goto('/register');
    await expect(inMain(page).getByRole('link', { name: 'Continue with Google' })).toHaveCount(0);
  });

  test('/authentication without a code explains and links back to log in', async ({ page }) => {
    await page.goto('/authentication?error=access_denied');
    await expect(inMain(page).getByRole('alert')).toContainText('Google sign-in did not complete');
    await inMain(page).getByRole('link', { name: 'Back to log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('/authentication shows the server message when the code is refused', async ({ page }) => {
    await page.goto('/authentication?code=fake-code&state=fake-state');
    // This server has no Google credentials, so the API answers with its own message.
    await expect(inMain(page).getByRole('alert')).toContainText('Google sign-in is not available on this server');
    expect(await me(page)).toBeNull();
  });
});
