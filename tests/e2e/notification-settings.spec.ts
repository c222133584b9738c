import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { demoProduct, newRequester } from './support/buyers.ts';

/**
 * What reaches a user off-site, as they manage it: the notification settings page (switches
 * saved and kept, the money mail that cannot be switched off explained), and the unsubscribe
 * link of a real e-mail opened by someone with no session: a confirmation page, then that
 * category off; a forged link is a clear 400 page that changes nothing.
 */

/** The List-Unsubscribe link of the first mail to `email` in the development outbox. */
async function unsubscribeLinkFor(email: string): Promise<string> {
  const dir = join(process.env.E2E_DATA_DIR!, 'mail');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        for (const file of (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(`-${email}.eml`))) {
          const mail = await simpleParser(await readFile(join(dir, file)));
          const header = mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line.replace(/\r\n\s+/g, ' ');
          link = header?.match(/<([^>]+)>/)?.[1];
          if (link) return true;
        }
        return false;
      },
      { message: `a mail to ${email}`, timeout: 15_000 },
    )
    .toBe(true);
  return link!;
}

test('the settings page keeps what is switched off and says why money mail always comes', async ({ page, baseURL }) => {
  await newRequester(page, baseURL!, 'en');
  await page.goto('/dashboard/setting/notifications');
  const form = page.getByTestId('notification-settings');
  await expect(form.getByRole('checkbox', { name: 'Orders: E-mail' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Followers, questions and reviews: E-mail' })).not.toBeChecked();
  await expect(form.getByText('E-mails about payments received, refunds and payouts cannot be switched off')).toBeVisible();
  await form.getByRole('checkbox', { name: 'Chat messages: E-mail' }).uncheck();
  await form.getByRole('checkbox', { name: 'Deadline reminders: Push (devices)' }).uncheck();
  await form.getByLabel('Time zone for reminders').selectOption('Asia/Makassar');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await page.reload();
  await expect(form.getByRole('checkbox', { name: 'Chat messages: E-mail' })).not.toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Deadline reminders: Push (devices)' })).not.toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Orders: E-mail' })).toBeChecked();
  await expect(form.getByLabel('Time zone for reminders')).toHaveValue('Asia/Makassar');
});

test('an e-mail’s unsubscribe link works without a session, after a confirmation; a forged one is a 400 page', async ({ browser, baseURL }) => {
  const buyerContext = await browser.newContext();
  const b = await buyerContext.newPage();
  await newRequester(b, baseURL!, 'id');
  const me = (await (await b.request.get('/v1/users/me')).json()).data;
  // An order: the buyer's mail ("order placed") carries the link.
  const product = await demoProduct(b, 4);
  const detail = (await (await b.request.get(`/v1/products/${product.slug}`)).json()).data;
  const quote = await b.request.post('/v1/misc/expeditions', { headers: { Origin: baseURL! }, data: { destination_sub_district_id: 317101, trip_id: detail.trip_id, products: [{ product_id: detail.id, quantity: 1 }] } });
  const addresses = await (await b.request.get('/v1/addresses')).json();
  const order = await b.request.post('/v1/transactions/checkout', {
    headers: { Origin: baseURL!, Lang: 'id' },
    data: { address_id: addresses.data.rows[0].id, items: [{ product_id: detail.id, quantity: 1 }], shipping: [{ trip_id: detail.trip_id, shipping_id: (await quote.json()).data.expeditions[0].shipping_id }] },
  });
  expect(order.status()).toBe(201);
  const link = await unsubscribeLinkFor(me.email);
  expect(link.startsWith(`${baseURL}/v1/unsubscribe/`)).toBe(true);

  // Opened in a browser where nobody is signed in.
  const guestContext = await browser.newContext();
  await guestContext.addCookies([{ name: 'locale', value: 'id', url: baseURL! }]);
  const g = await guestContext.newPage();
  await g.goto(link);
  await expect(g.getByRole('heading', { name: 'Berhenti menerima e-mail ini?' })).toBeVisible();
  await expect((await (await b.request.get('/v1/users/notification-settings')).json()).data.email.orders).toBe(true);
  await g.getByRole('button', { name: 'Berhenti langganan' }).click();
  await expect(g.getByRole('heading', { name: 'Anda sudah berhenti berlangganan' })).toBeVisible();
  await expect((await (await b.request.get('/v1/users/notification-settings')).json()).data.email.orders).toBe(false);

  const forged = await g.goto(link.replace('/v1/unsubscribe/', '/unsubscribe?token=').replace(/.{4}$/, 'AAAA'));
  expect(forged?.status()).toBe(400);
  await expect(g.getByRole('heading', { name: 'Tautan ini tidak berfungsi' })).toBeVisible();
  await buyerContext.close();
  await guestContext.close();
});
