/**
 * E-mail of order events, chat digests and deadline reminders as users get them, through the
 * running server (a server of this file's own, whose clock the test moves): the right party, in
 * their language and time zone, the link built from PUBLIC_URL, the amounts in Rp.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatRupiah } from '../../src/lib/format.ts';
import { call, apiUrl } from '../support/api.ts';
import { useClockedServer } from '../support/clocked-server.ts';
import { parsedMailsTo } from '../support/mail.ts';
import { checkoutProduct, payOrder, requesterWithAddress, travellerWithProduct } from '../support/orders.ts';
import { TEST_PUBLIC_URL } from '../support/test-server.ts';

const time = useClockedServer();
const HOUR = 3_600_000;
const mails = (email: string) => parsedMailsTo(join(time.server.dataDir, 'mail'), email);
/** What the server's background work would do by itself within a second or so, done now. */
async function settle() {
  await time.server.app.outbox.flush();
}
const runJobs = async (keys: string[]) => {
  const n = await time.server.app.jobs.runDue({ keys });
  await settle();
  return n;
};

async function placedOrder(opts: { travellerLang?: 'en' | 'id' } = {}) {
  const seller = await travellerWithProduct({ price: 250_000 });
  if (opts.travellerLang) await call('GET', '/v1/users/me', { token: seller.traveller.token, lang: opts.travellerLang });
  const buyer = await requesterWithAddress();
  const res = await checkoutProduct(buyer, seller.product);
  expect(res.status).toBe(201);
  const id = res.body.data.transactions[0].id as number;
  const order = (await call('GET', `/v1/transactions/${id}`, { token: buyer.token })).body.data;
  await settle();
  return { ...seller, buyer, id, order };
}

describe('order e-mail', () => {
  it('a new order: one e-mail to the traveller in their language and one to the buyer, with the link and the amounts', async () => {
    time.offset = 0;
    const o = await placedOrder({ travellerLang: 'id' });
    const toTraveller = await mails(o.traveller.email);
    expect(toTraveller).toHaveLength(1);
    expect(toTraveller[0].subject).toBe('Pesanan baru');
    expect(toTraveller[0].text).toContain(`Pesanan #${o.id}`);
    expect(toTraveller[0].html).toContain(`href="${TEST_PUBLIC_URL}/dashboard/sell/${o.id}"`);
    expect(toTraveller[0].text).toContain(o.product.name);
    const sold = (await call('GET', `/v1/transactions/${o.id}`, { token: o.traveller.token })).body.data;
    expect(sold.traveler_total).toBeGreaterThan(0);
    expect(toTraveller[0].text).toMatch(new RegExp(`Penghasilan Anda\\s+${formatRupiah(sold.traveler_total).replace('.', '\\.')}`));
    const toBuyer = await mails(o.buyer.email);
    expect(toBuyer).toHaveLength(1);
    expect(toBuyer[0].subject).toBe('Order placed');
    expect(toBuyer[0].html).toContain(`href="${TEST_PUBLIC_URL}/dashboard/purchase/${o.id}"`);
    expect(toBuyer[0].text).toContain(`Pay ${formatRupiah(o.order.total_price)} by`);
    // The sandbox takes test money, and its mail says so.
    expect(toBuyer[0].text).toContain('Test payment: this site takes payments through a built-in test bank.');
    expect(toTraveller[0].text).toContain('Pembayaran uji coba: situs ini menerima pembayaran lewat bank uji coba bawaan.');
    // Both parts, and one-click unsubscribe (RFC 8058).
    expect(toBuyer[0].text).not.toContain('<');
    expect(toBuyer[0].listUnsubscribe).toMatch(new RegExp(`^<${TEST_PUBLIC_URL}/v1/unsubscribe/[\\w.-]+>$`));
    expect(toBuyer[0].listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    // No token in any link but the unsubscribe one.
    const links = [...toBuyer[0].html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(links.filter((l) => /token|[?&](t|k|key|sig)=/i.test(l) || l.includes('/v1/'))).toEqual(links.filter((l) => l.includes('/v1/unsubscribe/')));
    // Paying is money-critical: the buyer hears of it by e-mail too.
    await payOrder(o.buyer.token, o.id);
    await settle();
    expect((await mails(o.buyer.email)).map((m) => m.subject)).toEqual(['Order placed', 'Payment received']);
  });

  it('chat messages become one e-mail per room per 15 minutes at most', async () => {
    time.offset = 0;
    const o = await placedOrder();
    const room = (await call('POST', '/v1/chats', { token: o.buyer.token, body: { transaction_id: o.id, traveler_id: o.traveller.user.id, requester_id: o.buyer.user.id } })).body.data.id as number;
    const say = async (text: string) => {
      const form = new FormData();
      form.set('body', text);
      const res = await fetch(`${apiUrl()}/v1/chats/${room}/messages`, { method: 'POST', headers: { Authorization: `Bearer ${o.buyer.token}`, Lang: 'en' }, body: form });
      expect(res.status).toBe(201);
    };
    const key = `chat:${room}:${o.traveller.user.id}`;
    const chatMails = async () => (await mails(o.traveller.email)).filter((m) => m.subject.includes('New messages'));
    for (const text of ['Hello!', 'Is it still available?', 'I can pay today']) await say(text);
    expect(await runJobs([key])).toBe(0); // not yet: a reader with the chat open reads it first
    time.offset = 3 * 60_000;
    expect(await runJobs([key])).toBe(1);
    let digests = await chatMails();
    expect(digests).toHaveLength(1);
    expect(digests[0].text).toContain('sent you 3 messages');
    expect(digests[0].text).toContain('I can pay today');
    expect(digests[0].html).toContain(`${TEST_PUBLIC_URL}/dashboard/chat?room=${room}`);
    // More messages soon after: they wait for the 15 minutes to pass.
    await say('Hello again');
    await say('Are you there?');
    time.offset = 10 * 60_000;
    expect(await runJobs([key])).toBe(0);
    expect(await chatMails()).toHaveLength(1);
    time.offset = 19 * 60_000;
    expect(await runJobs([key])).toBe(1);
    digests = await chatMails();
    expect(digests).toHaveLength(2);
    expect(digests[1].text).toContain('sent you 2 messages');
    expect(digests[1].text).not.toContain('I can pay today');
    // Read before its digest was due: nothing is sent.
    await say('One more');
    await call('PUT', `/v1/chats/${room}/read`, { token: o.traveller.token });
    time.offset = 40 * 60_000;
    await runJobs([key]);
    expect(await chatMails()).toHaveLength(2);
  });
});

describe('deadline reminders', () => {
  it('the payment reminder fires once, 2 hours before the window closes, in the reader’s time zone', async () => {
    time.offset = 0;
    const o = await placedOrder();
    await call('PUT', '/v1/users/notification-extras', { token: o.buyer.token, body: { time_zone: 'Asia/Tokyo' } });
    const key = `remind:${o.id}:awaiting_payment:2h`;
    time.offset = 21 * HOUR;
    expect(await runJobs([key])).toBe(0);
    time.offset = 22 * HOUR + 60_000;
    expect(await runJobs([key])).toBe(1);
    expect(await runJobs([key])).toBe(0);
    const reminders = (await mails(o.buyer.email)).filter((m) => m.subject === `Pay order #${o.id} in time`);
    expect(reminders).toHaveLength(1);
    const deadline = new Date(o.order.deadline_at ?? o.order.payment_deadline);
    const inTokyo = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Tokyo' }).format(deadline);
    expect(reminders[0].text).toContain(`is cancelled if it is not paid by`);
    expect(reminders[0].text).toContain(inTokyo);
    expect(reminders[0].text).toContain('GMT+9');
    // The bell writes it in the same time zone.
    const bell = (await call('GET', '/v1/notifications', { token: o.buyer.token })).body.data.rows;
    expect(bell.find((n: { title: string }) => n.title === `Pay order #${o.id} in time`)?.message).toContain(`${inTokyo} GMT+9`);
  });

  it('a reminder does nothing once the order moved on', async () => {
    time.offset = 0;
    const o = await placedOrder();
    await payOrder(o.buyer.token, o.id);
    await settle();
    time.offset = 22 * HOUR + 60_000;
    await runJobs([`remind:${o.id}:awaiting_payment:2h`]);
    expect((await mails(o.buyer.email)).filter((m) => m.subject.startsWith('Pay order'))).toEqual([]);
  });
});
