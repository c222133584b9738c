import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';

/**
 * The settings pages as a new user uses them: account rows and their popups (name, country,
 * password, photo, deletion), phone verification with the SMS read from the server's outbox
 * (E2E_DATA_DIR/sms), addresses through the Indonesian area chain and abroad, bank accounts,
 * and the Indonesian validation messages.
 */

let serial = 0;
/** Unique per run and per call, so re-runs on the same database still register fresh users. */
function freshUser() {
  const id = `${Date.now().toString(36)}${(serial++).toString(36)}`;
  return { name: `Sari ${id}`, username: `set_${id}`.slice(0, 30), email: `settings.${id}@example.com`, password: 'settings-pass-123' };
}

/** Registers through the API; the response's session cookie signs the browser context in. */
async function registerNewUser(page: Page, baseURL: string, locale: 'en' | 'id' = 'en') {
  const user = freshUser();
  if (locale === 'id') await page.context().addCookies([{ name: 'locale', value: 'id', url: baseURL }]);
  const res = await page.request.post('/v1/register', { data: user, headers: { Origin: baseURL } });
  expect(res.status()).toBe(201);
  return user;
}

/** Opens a page and waits until its island (and the popup container) answer clicks. */
async function gotoHydrated(page: Page, path: string, island: string) {
  await page.goto(path);
  await expect(page.locator(`astro-island[component-url*="${island}"]:not([ssr])`)).toHaveCount(1);
  await expect(page.locator('astro-island[component-url*="PopupContainer"]:not([ssr])')).toHaveCount(1, { timeout: 10_000 });
}

const inMain = (page: Page) => page.getByRole('main');
const popup = (page: Page, name: string) => page.locator(`[data-popup="${name}"]`);
const toast = (page: Page, text: string | RegExp) => page.locator('[data-kind="success"]').filter({ hasText: text });

/** A random Indonesian mobile number as people type it, and as the server stores it. */
function randomPhone() {
  const local = `0812${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  return { local, e164: `+62${local.slice(1)}`, shown: `+62 ${local.slice(1, 4)}-${local.slice(4, 8)}-${local.slice(8)}` };
}

/** The code of the last SMS to `e164`: the outbox file's last line, its only 4-character upper-case token. */
async function smsCode(e164: string): Promise<string> {
  const file = join(process.env.E2E_DATA_DIR!, 'sms', `${e164}.txt`);
  let code = '';
  await expect
    .poll(
      async () => {
        const text = await readFile(file, 'utf8').catch(() => '');
        code = text.trimEnd().split('\n').at(-1)?.match(/\b([A-Z0-9]{4})\b/)?.[1] ?? '';
        return code;
      },
      { message: `an SMS to ${e164}` },
    )
    .toMatch(/^[A-Z0-9]{4}$/);
  return code;
}

/** The four code boxes of the verification popup. */
const codeBoxes = (page: Page) => popup(page, 'verification').getByRole('group', { name: 'Verification code' }).getByRole('textbox');

async function boxValues(boxes: Locator) {
  return boxes.evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
}

/** Pastes `text` into `box` the way a browser delivers a paste (a ClipboardEvent with data). */
async function paste(box: Locator, text: string) {
  await box.evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** Picks `option` in the labelled combobox by typing part of it. */
async function pick(scope: Locator, label: string, typed: string, option: string) {
  const box = scope.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(typed);
  await scope.page().getByRole('option', { name: option, exact: true }).click();
  await expect(box).toHaveValue(option);
}

test.describe('phone verification', () => {
  test('a new user verifies the phone: boxes, a wrong code, a pasted code, the welcome message', async ({ page, baseURL }) => {
    test.slow(); // three steps, two server round trips, an SMS read from disk
    await registerNewUser(page, baseURL!);
    await gotoHydrated(page, '/dashboard/setting/account', 'AccountSettings');
    const phoneRow = inMain(page).locator('dl > div').filter({ hasText: 'Phone number' });
    await expect(phoneRow).toContainText('Not set');

    await phoneRow.getByRole('button', { name: 'Verify phone number' }).click();
    const dialog = popup(page, 'verification');
    await expect(dialog.getByRole('heading', { name: 'Verify your phone number' })).toBeVisible();
    await expect(dialog).toContainText('Step 1 of 3');

    // Step 1: the number is required before anything is sent.
    const sends: string[] = [];
    page.on('request', (r) => r.url().endsWith('/v1/send-phone-verification') && sends.push(r.url()));
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog.getByText('Phone number is required')).toBeVisible();
    expect(sends).toHaveLength(0);

    const phone = randomPhone();
    await dialog.getByLabel('Phone number', { exact: true }).fill(phone.local);
    await dialog.getByRole('button', { name: 'Send code' }).click();

    // Step 2: four empty boxes, submit and resend disabled while the minute runs.
    await expect(dialog).toContainText('Step 2 of 3');
    await expect(dialog).toContainText(`We sent a code to ${phone.e164}`);
    const boxes = codeBoxes(page);
    await expect(boxes).toHaveCount(4);
    const verify = dialog.getByRole('button', { name: 'Verify', exact: true });
    await expect(verify).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Resend code' })).toBeDisabled();
    await expect(dialog.getByRole('timer')).toHaveText(/^0[01]:\d\d$/);

    // Typing: upper-cased, non-alphanumerics ignored, the focus moves on; Backspace goes back.
    await expect(boxes.nth(0)).toBeFocused();
    await page.keyboard.type('a-');
    await expect(boxes.nth(1)).toBeFocused();
    await page.keyboard.type('7');
    expect(await boxValues(boxes)).toEqual(['A', '7', '', '']);
    await expect(boxes.nth(2)).toBeFocused();
    await page.keyboard.press('Backspace');
    await expect(boxes.nth(1)).toBeFocused();
    expect(await boxValues(boxes)).toEqual(['A', '', '', '']);
    await expect(verify).toBeDisabled();

    // A wrong code: the server's message under the boxes.
    const code = await smsCode(phone.e164);
    const wrong = code === 'ZZZZ' ? 'YYYY' : 'ZZZZ';
    await boxes.nth(0).click();
    await page.keyboard.type(wrong);
    expect(await boxValues(boxes)).toEqual(wrong.split(''));
    await expect(verify).toBeEnabled();
    await verify.click();
    await expect(dialog.getByRole('alert')).toHaveText('That code is not right, please check it and try again');

    // Pasting the real code (in lower case) fills all four boxes.
    await paste(boxes.nth(0), ` ${code.toLowerCase()} `);
    expect(await boxValues(boxes)).toEqual(code.split(''));
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await verify.click();

    // Step 3: the server's welcome; the account row now says verified.
    await expect(dialog).toContainText('Step 3 of 3');
    await expect(dialog.getByRole('heading', { name: 'Phone number verified' })).toBeVisible();
    await expect(dialog).toContainText('Your phone number is verified. Welcome to selling on Titipan!');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toHaveCount(0);
    // Read as people write it, whatever was typed.
    await expect(phoneRow).toContainText(phone.shown);
    await expect(phoneRow).toContainText('Verified');
    await expect(phoneRow.getByRole('button', { name: 'Verify phone number' })).toHaveCount(0);
    const me = await (await page.request.get('/v1/users/me')).json();
    expect(me.data).toMatchObject({ phone_number: phone.e164, phone_verified: true });
  });

  test('Resend stays disabled until the countdown reaches 00:00', async ({ page, baseURL }) => {
    await page.clock.install();
    await registerNewUser(page, baseURL!);
    await gotoHydrated(page, '/dashboard/setting/account', 'AccountSettings');
    await inMain(page).getByRole('button', { name: 'Verify phone number' }).click();
    const dialog = popup(page, 'verification');
    await dialog.getByLabel('Phone number', { exact: true }).fill(randomPhone().local);
    await dialog.getByRole('button', { name: 'Send code' }).click();

    const resend = dialog.getByRole('button', { name: 'Resend code' });
    const timer = dialog.getByRole('timer');
    await expect(timer).toHaveText(/^(01:00|00:59)$/);
    await expect(resend).toBeDisabled();
    await page.clock.fastForward('00:30');
    await expect(timer).toHaveText(/^00:(29|30)$/);
    await expect(resend).toBeDisabled();
    await page.clock.fastForward('00:31');
    await expect(timer).toHaveText('00:00');
    await expect(resend).toBeEnabled();
  });
});

test.describe('account', () => {
  test('changes the name and the country through their popups', async ({ page, baseURL }) => {
    const user = await registerNewUser(page, baseURL!);
    await gotoHydrated(page, '/dashboard/setting/account', 'AccountSettings');
    const rows = inMain(page).locator('dl > div');
    await expect(rows.filter({ hasText: 'Name' })).toContainText(user.name);
    // A new account lives in Indonesia until it says otherwise.
    await expect(rows.filter({ hasText: 'Country' })).toContainText('Indonesia');

    await inMain(page).getByRole('button', { name: 'Edit name' }).click();
    const nameDialog = popup(page, 'account-name');
    const nameInput = nameDialog.getByLabel('Full name', { exact: true });
    await expect(nameInput).toHaveValue(user.name);
    await nameInput.fill('   ');
    await nameDialog.getByRole('button', { name: 'Save' }).click();
    await expect(nameDialog.getByText('This field is required')).toBeVisible();
    await nameInput.fill('Sari Wulandari');
    await nameDialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Your account is updated')).toBeVisible();
    await expect(nameDialog).toHaveCount(0);
    await expect(rows.filter({ hasText: 'Name' })).toContainText('Sari Wulandari');
    // The header's account link follows the shared user store.
    await expect(page.getByRole('banner').getByRole('link', { name: 'My account (Sari Wulandari)' })).toBeVisible();

    await inMain(page).getByRole('button', { name: 'Edit country' }).click();
    const countryDialog = popup(page, 'account-country');
    await countryDialog.getByPlaceholder('Search country').fill('jap');
    await countryDialog.getByRole('radio', { name: 'Japan' }).click();
    await countryDialog.getByRole('button', { name: 'Save' }).click();
    await expect(countryDialog).toHaveCount(0);
    await expect(rows.filter({ hasText: 'Country' })).toContainText('Japan');

    // Both were saved on the server: a fresh render shows them.
    await page.reload();
    await expect(rows.filter({ hasText: 'Name' })).toContainText('Sari Wulandari');
    await expect(rows.filter({ hasText: 'Country' })).toContainText('Japan');
  });

  test('changes the password in its popup: checked in the browser, then by the server; other sessions end', async ({ page, baseURL, request }) => {
    const user = await registerNewUser(page, baseURL!);
    // A second device (its own cookie jar), signed in with the old password.
    const other = await (await request.post('/v1/login', { data: { email: user.email, password: user.password } })).json();
    await gotoHydrated(page, '/dashboard/setting/account', 'AccountSettings');
    await inMain(page).getByRole('button', { name: 'Edit password' }).click();
    const dialog = popup(page, 'account-password');
    const current = dialog.getByLabel('Current password', { exact: true });
    const fresh = dialog.getByLabel('New password', { exact: true });
    const repeat = dialog.getByLabel('Repeat the new password', { exact: true });
    const submit = dialog.getByRole('button', { name: 'Change password' });
    const puts: string[] = [];
    page.on('request', (r) => r.method() === 'PUT' && r.url().endsWith('/v1/users/me/password') && puts.push(r.url()));

    // The shared schema speaks first: nothing is sent.
    await submit.click();
    await expect(dialog.getByText('This field is required')).toHaveCount(3);
    await expect(current).toBeFocused();
    await current.fill(user.password);
    await fresh.fill('short');
    await repeat.fill('different');
    await submit.click();
    await expect(dialog.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(dialog.getByText('Passwords do not match')).toBeVisible();
    expect(puts).toHaveLength(0);

    // The server judges the current password; its message goes under the field.
    await current.fill('not-my-password');
    await fresh.fill('brand-new-pass-1');
    await repeat.fill('brand-new-pass-1');
    await submit.click();
    await expect(dialog.getByText('The current password is not right')).toBeVisible();
    expect(puts).toHaveLength(1);

    await current.fill(user.password);
    await submit.click();
    await expect(toast(page, 'Your password is changed. Other devices were logged out')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // This browser stays signed in; the other device is signed out; the new password works.
    expect((await page.request.get('/v1/users/me')).status()).toBe(200);
    expect((await request.get('/v1/users/me', { headers: { Authorization: `Bearer ${other.data.token}` } })).status()).toBe(401);
    expect((await request.post('/v1/login', { data: { email: user.email, password: 'brand-new-pass-1' }, headers: { Origin: baseURL! } })).status()).toBe(200);
  });

  test('the password popup still offers the reset e-mail for a forgotten password', async ({ page, baseURL }) => {
    const user = await registerNewUser(page, baseURL!);
    await gotoHydrated(page, '/dashboard/setting/account', 'AccountSettings');
    await inMain(page).getByRole('button', { name: 'Edit password' }).click();
    const dialog = popup(page, 'account-password');
    await expect(dialog).toContainText('Forgot your current password?');
    await dialog.getByRole('button', { name: `Send the reset e-mail to ${user.email}` }).click();
    await expect(dialog.getByRole('status')).toContainText('If that e-mail is registered, a reset link is on its way');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('changing the e-mail asks for the current password', async ({ page, baseURL }) => {
    const user = await registerNewUser(page, baseURL!);
    await gotoHydrated(page, '/dashboard/setting/account', 'AccountSettings');
    await inMain(page).getByRole('button', { name: 'Edit e-mail' }).click();
    const dialog = popup(page, 'account-email');
    const email = dialog.getByLabel('New e-mail', { exact: true });
    const current = dialog.getByLabel('Current password', { exact: true });
    await expect(email).toHaveValue(user.email);
    const moved = user.email.replace('settings.', 'moved.');
    await email.fill(moved);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('This field is required')).toBeVisible();
    await expect(current).toBeFocused();

    await current.fill('not-my-password');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('The current password is not right')).toBeVisible();

    await current.fill(user.password);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Your e-mail is changed. Other devices were logged out')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(inMain(page).locator('dl > div').filter({ hasText: 'E-mail' })).toContainText(moved);
  });

  test('uploads a profile photo, refusing a file that is not an image', async ({ page, baseURL }) => {
    const user = await registerNewUser(page, baseURL!);
    await gotoHydrated(page, '/dashboard/setting/account', 'AccountSettings');
    const input = page.getByTestId('photo-input');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    await expect(inMain(page).getByRole('alert')).toHaveText('That file is not a JPEG, PNG, WebP, GIF, HEIC or AVIF image');

    const png = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#67cc8e' } }).png().toBuffer();
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect(toast(page, 'Profile photo updated')).toBeVisible();
    const photo = inMain(page).getByRole('img', { name: `Profile photo of ${user.name}` });
    await expect(photo).toHaveAttribute('src', /^\/uploads\/avatars\/.+\.webp$/);
    await expect(inMain(page).getByRole('alert')).toHaveCount(0);
    expect((await page.request.get((await photo.getAttribute('src'))!)).status()).toBe(200);
  });

  test('deleting the account needs the username typed, then the user is logged out at home', async ({ page, baseURL }) => {
    const user = await registerNewUser(page, baseURL!);
    await gotoHydrated(page, '/dashboard/setting/account', 'AccountSettings');
    await inMain(page).getByRole('button', { name: 'Delete account' }).click();
    const dialog = popup(page, 'account-delete');
    const submit = dialog.getByRole('button', { name: 'Delete my account' });
    await expect(submit).toBeDisabled();
    const confirm = dialog.getByLabel(`Type your username “${user.username}” to confirm`, { exact: true });
    await confirm.fill('someone_else');
    await expect(submit).toBeDisabled();
    await confirm.fill(user.username);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
    expect((await page.request.get('/v1/users/me')).status()).toBe(401);
  });
});

test.describe('addresses', () => {
  test('adds an Indonesian address through the chained pickers; each change clears the later steps', async ({ page, baseURL }) => {
    test.slow(); // some forty steps through four pickers
    await registerNewUser(page, baseURL!);
    await gotoHydrated(page, '/dashboard/setting/address', 'AddressBook');
    await expect(inMain(page).getByRole('heading', { name: 'No addresses yet' })).toBeVisible();

    await inMain(page).getByRole('button', { name: 'Add address' }).click();
    const form = popup(page, 'form-address');
    await expect(form.getByRole('heading', { name: 'Add an address' })).toBeVisible();
    await form.getByLabel('Receiver name', { exact: true }).fill('Siti Rahma');
    await form.getByLabel('Receiver phone number', { exact: true }).fill('0812 3456 7890');
    await form.getByRole('button', { name: 'Home' }).click();
    await expect(form.getByLabel('Label', { exact: true })).toHaveValue('Home');
    await form.getByLabel('Full address', { exact: true }).fill('Jl. Dago No. 12, RT 01/RW 02');
    // A new address starts in Indonesia, with its area chain.
    await expect(form.getByRole('combobox', { name: 'Country' })).toHaveValue('Indonesia');
    await expect(form.getByRole('combobox', { name: 'Province' })).toBeVisible();
    await pick(form, 'Country', 'indon', 'Indonesia');
    await expect(form.getByRole('combobox', { name: 'City or regency' })).toBeDisabled();
    await expect(form.getByText('Choose a province first')).toBeVisible();

    await pick(form, 'Province', 'jawa b', 'Jawa Barat');
    await pick(form, 'City or regency', 'kota band', 'Kota Bandung');
    await pick(form, 'Sub-district', 'cob', 'Coblong');
    const postal = form.getByLabel('Postal code', { exact: true });
    await postal.pressSequentially('4013x2');
    await expect(postal).toHaveValue('40132');

    // SPEC §4: changing the city clears the sub-district and the postal code; the province, all three.
    await pick(form, 'City or regency', 'kota cim', 'Kota Cimahi');
    await expect(form.getByRole('combobox', { name: 'Sub-district' })).toHaveValue('');
    await expect(postal).toHaveValue('');
    await pick(form, 'Province', 'jawa t', 'Jawa Tengah');
    await expect(form.getByRole('combobox', { name: 'City or regency' })).toHaveValue('');
    await expect(form.getByRole('combobox', { name: 'Sub-district' })).toBeDisabled();
    await expect(postal).toBeDisabled();

    await pick(form, 'Province', 'jawa b', 'Jawa Barat');
    await pick(form, 'City or regency', 'kota band', 'Kota Bandung');
    await pick(form, 'Sub-district', 'cob', 'Coblong');
    await postal.fill('40132');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(toast(page, 'Address saved')).toBeVisible();
    await expect(form).toHaveCount(0);
    const home = inMain(page).getByRole('article', { name: 'Home' });
    await expect(home).toContainText('Siti Rahma');
    await expect(home).toContainText('+62 812-3456-7890');
    await expect(home).toContainText('Jl. Dago No. 12, RT 01/RW 02');
    await expect(home).toContainText('Coblong, Kota Bandung, Jawa Barat 40132');
    await expect(home).toContainText('Indonesia');

    // Editing opens the form with the whole chain filled in.
    await home.getByRole('button', { name: 'Edit address Home' }).click();
    await expect(form.getByRole('heading', { name: 'Edit address' })).toBeVisible();
    await expect(form.getByRole('combobox', { name: 'Province' })).toHaveValue('Jawa Barat');
    await expect(form.getByRole('combobox', { name: 'City or regency' })).toHaveValue('Kota Bandung');
    await expect(form.getByRole('combobox', { name: 'Sub-district' })).toHaveValue('Coblong');
    await expect(form.getByLabel('Postal code', { exact: true })).toHaveValue('40132');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toHaveCount(0);

    // The page renders the list on the server: it is in the HTML, not loaded afterwards.
    const html = await (await page.request.get('/dashboard/setting/address')).text();
    expect(html).toContain('Coblong, Kota Bandung, Jawa Barat 40132');
  });

  test('adds a Japanese address without the Indonesian fields, edits it and deletes it', async ({ page, baseURL }) => {
    await registerNewUser(page, baseURL!);
    await gotoHydrated(page, '/dashboard/setting/address', 'AddressBook');
    await inMain(page).getByRole('button', { name: 'Add address' }).click();
    const form = popup(page, 'form-address');
    await form.getByLabel('Receiver name', { exact: true }).fill('Kenji Sato');
    await form.getByLabel('Receiver phone number', { exact: true }).fill('090-1234-5678');
    await form.getByLabel('Label', { exact: true }).fill('Hotel');
    await form.getByLabel('Full address', { exact: true }).fill('1-1 Marunouchi, Chiyoda-ku, Tokyo');
    await pick(form, 'Country', 'japa', 'Japan');
    await expect(form.getByRole('combobox', { name: 'Province' })).toHaveCount(0);
    await expect(form.getByLabel('Postal code', { exact: true })).toHaveCount(0);
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(toast(page, 'Address saved')).toBeVisible();
    const hotel = inMain(page).getByRole('article', { name: 'Hotel' });
    await expect(hotel).toContainText('Japan');
    await expect(hotel).toContainText('+81 90-1234-5678');
    await expect(hotel).toContainText('1-1 Marunouchi, Chiyoda-ku, Tokyo');

    await hotel.getByRole('button', { name: 'Edit address Hotel' }).click();
    await expect(form.getByLabel('Label', { exact: true })).toHaveValue('Hotel');
    await expect(form.getByRole('combobox', { name: 'Country' })).toHaveValue('Japan');
    await form.getByLabel('Label', { exact: true }).fill('Hotel Tokyo');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(toast(page, 'Address updated')).toBeVisible();
    const renamed = inMain(page).getByRole('article', { name: 'Hotel Tokyo' });
    await expect(renamed).toContainText('Kenji Sato');

    // Delete, after a confirmation; the empty state returns.
    await renamed.getByRole('button', { name: 'Delete address Hotel Tokyo' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this address?' });
    await expect(confirm).toContainText('“Hotel Tokyo” (Kenji Sato)');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Address deleted')).toBeVisible();
    await expect(inMain(page).getByRole('article')).toHaveCount(0);
    await expect(inMain(page).getByRole('heading', { name: 'No addresses yet' })).toBeVisible();
    expect((await (await page.request.get('/v1/addresses')).json()).data.rows).toEqual([]);
  });

  test('on the request form, a new address is offered for choosing right away', async ({ page, baseURL }) => {
    await registerNewUser(page, baseURL!);
    await page.goto('/post/make-request');
    await expect(page.locator('astro-island[component-url*="PopupContainer"]:not([ssr])')).toHaveCount(1, { timeout: 10_000 });
    await inMain(page).getByRole('button', { name: 'Choose address' }).click();
    const select = popup(page, 'select-address');
    await expect(select).toContainText('You have no addresses yet');
    await select.getByRole('button', { name: 'Add new address' }).click();

    const form = popup(page, 'form-address');
    await form.getByLabel('Receiver name', { exact: true }).fill('Budi Santoso');
    await form.getByLabel('Receiver phone number', { exact: true }).fill('0813 1111 2222');
    await form.getByLabel('Label', { exact: true }).fill('Kos');
    await form.getByLabel('Full address', { exact: true }).fill('Jl. Tubagus Ismail No. 5');
    await pick(form, 'Country', 'singa', 'Singapore');
    await form.getByRole('button', { name: 'Save address' }).click();

    // select-address comes back with the new address; choosing it fills the form.
    await expect(select.getByRole('button', { name: 'Deliver to Kos' })).toBeVisible();
    await select.getByRole('button', { name: 'Deliver to Kos' }).click();
    await expect(select).toHaveCount(0);
    await expect(page.getByTestId('chosen-address')).toContainText('Budi Santoso');
  });
});

test.describe('bank accounts', () => {
  test('adds a BCA account (digits only), reveals the number, edits and deletes it', async ({ page, baseURL }) => {
    await registerNewUser(page, baseURL!);
    await gotoHydrated(page, '/dashboard/setting/bank', 'BankAccounts');
    await expect(inMain(page).getByRole('heading', { name: 'No bank accounts yet' })).toBeVisible();

    await inMain(page).getByRole('button', { name: 'Add bank account' }).click();
    const form = popup(page, 'form-account-bank');
    await form.getByRole('button', { name: 'Save bank account' }).click();
    await expect(form.getByText('Choose a bank')).toBeVisible();
    await expect(form.getByText('Account holder name is required')).toBeVisible();
    await expect(form.getByText('Account number is required')).toBeVisible();

    await form.getByRole('button', { name: 'Choose your bank' }).click();
    await page.getByRole('option', { name: 'Bank Central Asia (BCA)' }).click();
    await form.getByLabel('Account holder name', { exact: true }).fill('Sari Wulandari');
    const number = form.getByLabel('Account number', { exact: true });
    await number.pressSequentially('12-34 a567890');
    await expect(number).toHaveValue('1234567890');
    await form.getByRole('button', { name: 'Save bank account' }).click();
    await expect(toast(page, 'Bank account saved')).toBeVisible();

    const card = inMain(page).getByRole('article', { name: 'Bank Central Asia (BCA)' });
    await expect(card).toContainText('Sari Wulandari');
    await expect(card).toContainText('•••• 7890');
    await expect(card).not.toContainText('1234567890');
    await card.getByRole('button', { name: 'Show the full number of Bank Central Asia (BCA) ending 7890' }).click();
    await expect(card).toContainText('1234567890');
    await card.getByRole('button', { name: 'Hide the full number of Bank Central Asia (BCA) ending 7890' }).click();
    await expect(card).not.toContainText('1234567890');

    await card.getByRole('button', { name: 'Edit Bank Central Asia (BCA) account ending 7890' }).click();
    await expect(form.getByLabel('Account number', { exact: true })).toHaveValue('1234567890');
    await form.getByLabel('Account number', { exact: true }).fill('5550001111');
    await form.getByRole('button', { name: 'Save bank account' }).click();
    await expect(toast(page, 'Bank account updated')).toBeVisible();
    await expect(card).toContainText('•••• 1111');

    await card.getByRole('button', { name: 'Delete Bank Central Asia (BCA) account ending 1111' }).click();
    await page.getByRole('dialog', { name: 'Delete this bank account?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Bank account deleted')).toBeVisible();
    await expect(inMain(page).getByRole('heading', { name: 'No bank accounts yet' })).toBeVisible();
  });
});

test.describe('in Indonesian', () => {
  test('the address form names every missing field, without calling the API', async ({ page, baseURL }) => {
    await registerNewUser(page, baseURL!, 'id');
    await gotoHydrated(page, '/dashboard/setting/address', 'AddressBook');
    await expect(inMain(page).getByRole('heading', { name: 'Belum ada alamat' })).toBeVisible();
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('/v1/addresses') && posts.push(r.url()));

    await inMain(page).getByRole('button', { name: 'Tambah alamat' }).click();
    const form = popup(page, 'form-address');
    await form.getByRole('button', { name: 'Simpan alamat' }).click();
    // A new address starts in Indonesia: the Indonesian fields are asked for at once, the country never.
    for (const message of ['Nama penerima harus diisi', 'Nomor telepon penerima harus diisi', 'Label harus diisi, mis. Rumah atau Kantor', 'Alamat lengkap harus diisi', 'Pilih provinsi', 'Pilih kota atau kabupaten', 'Pilih kecamatan', 'Kode pos harus diisi']) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    // The first wrong field has the focus.
    await expect(form.getByLabel('Nama penerima', { exact: true })).toBeFocused();
    await expect(form.getByRole('combobox', { name: 'Negara' })).toHaveValue('Indonesia');
    await expect(form.getByText('Pilih negara', { exact: true })).toHaveCount(0);
    expect(posts).toEqual([]);
  });

  test('the password and e-mail popups speak Indonesian, browser and server messages alike', async ({ page, baseURL }) => {
    const user = await registerNewUser(page, baseURL!, 'id');
    await gotoHydrated(page, '/dashboard/setting/account', 'AccountSettings');
    await inMain(page).getByRole('button', { name: 'Ubah kata sandi' }).click();
    const dialog = popup(page, 'account-password');
    await expect(dialog.getByRole('heading', { name: 'Ganti kata sandi Anda' })).toBeVisible();
    await dialog.getByLabel('Kata sandi saat ini', { exact: true }).fill('bukan-sandi-saya');
    await dialog.getByLabel('Kata sandi baru', { exact: true }).fill('sandi-baru-123');
    await dialog.getByLabel('Ulangi kata sandi baru', { exact: true }).fill('sandi-baru-456');
    await dialog.getByRole('button', { name: 'Ganti kata sandi' }).click();
    await expect(dialog.getByText('Kata sandi tidak sama')).toBeVisible();
    await dialog.getByLabel('Ulangi kata sandi baru', { exact: true }).fill('sandi-baru-123');
    await dialog.getByRole('button', { name: 'Ganti kata sandi' }).click();
    await expect(dialog.getByText('Kata sandi saat ini salah')).toBeVisible();
    await dialog.getByLabel('Kata sandi saat ini', { exact: true }).fill(user.password);
    await dialog.getByRole('button', { name: 'Ganti kata sandi' }).click();
    await expect(toast(page, 'Kata sandi Anda sudah diganti. Perangkat lain telah dikeluarkan')).toBeVisible();

    await inMain(page).getByRole('button', { name: 'Ubah e-mail' }).click();
    const emailDialog = popup(page, 'account-email');
    await emailDialog.getByLabel('E-mail baru', { exact: true }).fill(user.email.replace('settings.', 'pindah.'));
    await emailDialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(emailDialog.getByText('Kolom ini wajib diisi')).toBeVisible();
    await emailDialog.getByLabel('Kata sandi saat ini', { exact: true }).fill('sandi-baru-123');
    await emailDialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(toast(page, 'E-mail Anda sudah diubah. Perangkat lain telah dikeluarkan')).toBeVisible();
  });

  test('phone verification asks for the number in the words of the spec', async ({ page, baseURL }) => {
    await registerNewUser(page, baseURL!, 'id');
    await gotoHydrated(page, '/dashboard/setting/account', 'AccountSettings');
    await inMain(page).getByRole('button', { name: 'Verifikasi nomor telepon' }).click();
    const dialog = popup(page, 'verification');
    await expect(dialog.getByRole('heading', { name: 'Verifikasi nomor telepon Anda' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Kirim kode' }).click();
    await expect(dialog.getByText('nomor telephone harus di isi')).toBeVisible();
    await expect(dialog.getByLabel('Nomor telepon', { exact: true })).toBeFocused();
  });
});
