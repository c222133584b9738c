/**
 * Deadline reminders as jobs, on a server of this file's own whose clock the test moves: each
 * fires once at its time (and not before), moves when its deadline moves, and does nothing once
 * the order left the state. What the reader gets is a notification (bell, e-mail, push) saying
 * what happens at the deadline and when.
 */
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/lib/dates.ts';
import { jobs } from '../../src/server/db/orders-schema.ts';
import { notifications } from '../../src/server/db/schema.ts';
import { notificationText } from '../../src/server/domain/notifications/outbox.ts';
import { complain } from '../support/after-sales.ts';
import { call } from '../support/api.ts';
import { useClockedServer } from '../support/clocked-server.ts';
import { newTraveller, newTrip } from '../support/fixtures.ts';
import { checkoutProduct, payOrder, receiptImage, requesterWithAddress, requesterWithRequest, travellerWithProduct } from '../support/orders.ts';

const time = useClockedServer();
const HOUR = 3_600_000;
const db = () => time.server.app.deps.db;
const runJobs = (prefix: string) => db().select({ key: jobs.key }).from(jobs).where(like(jobs.key, `${prefix}%`)).then((rows) => time.server.app.jobs.runDue({ keys: rows.map((r) => r.key) }));
/** The reminders a user got, in English. */
async function remindersOf(userId: number) {
  const rows = await db().select().from(notifications).where(and(eq(notifications.userId, userId), like(notifications.key, 'orders:remind.%')));
  return rows.map((r) => ({ key: r.key, ...notificationText(r, 'en', 'Asia/Jakarta') }));
}
const pendingReminders = async (orderId: number) =>
  (await time.server.app.deps.db.select().from(jobs).where(like(jobs.key, `remind:${orderId}:%`))).filter((j) => !j.doneAt).map((j) => j.key);

/** Sessions last a day: after moving the clock past that, users sign in again. */
async function signIn(user: { email: string; password: string }) {
  const res = await call('POST', '/v1/login', { body: { email: user.email, password: user.password } });
  if (res.status !== 200) throw new Error(`login failed ${JSON.stringify(res.body)}`);
  return res.body.data.token as string;
}

describe('reminders', () => {
  it('an offer: 12 hours before it expires, to the side who must answer; a counter-offer moves it', async () => {
    time.offset = 0;
    const { buyer, request } = await requesterWithRequest();
    const traveller = await newTraveller();
    const trip = await newTrip(traveller.token);
    const offer = await call('POST', `/v1/transactions/request-bid/traveler/${request.id}`, { token: traveller.token, body: { product_price: 800_000, traveler_tip: 50_000, shipping_fee: 20_000, trip_id: trip.id } });
    const id = offer.body.data.id as number;
    expect(await pendingReminders(id)).toEqual([`remind:${id}:offer_by_traveler:12h`]);
    // The buyer counters after 10 hours: the traveller now has 48 hours, reminded 12 before.
    time.offset = 10 * HOUR;
    const counter = await call('POST', '/v1/transactions/request-bid/requester', { token: buyer.token, body: { transaction_id: id, product_price: 750_000, traveler_tip: 40_000, shipping_fee: 20_000 } });
    expect(counter.status, JSON.stringify(counter.body)).toBe(200);
    expect(await pendingReminders(id)).toEqual([`remind:${id}:offer_by_requester:12h`]);
    // Where the first reminder was due (36 h): nothing, it moved with the deadline (10 + 48 − 12 = 46 h).
    time.offset = 37 * HOUR;
    expect(await runJobs(`remind:${id}:`)).toBe(0);
    time.offset = 46 * HOUR + 60_000;
    expect(await runJobs(`remind:${id}:`)).toBe(1);
    expect(await runJobs(`remind:${id}:`)).toBe(0);
    expect(await remindersOf(buyer.user.id)).toEqual([]);
    const got = await remindersOf(traveller.user.id);
    expect(got).toHaveLength(1);
    expect(got[0].message).toMatch(new RegExp(`The offer on order #${id} expires at .+ if nobody answers`));
  });

  it('a complaint: 24 hours and 2 hours before the default refund, to the traveller; none once answered', async () => {
    // Answered after the first reminder: the second one does nothing.
    time.offset = 0;
    const { traveller, product } = await travellerWithProduct();
    const buyer = await requesterWithAddress();
    const id = (await checkoutProduct(buyer, product)).body.data.transactions[0].id as number;
    await payOrder(buyer.token, id);
    await call('POST', `/v1/transactions/${id}/confirm-purchase`, { token: traveller.token, body: { receipt_image_id: await receiptImage(traveller.token) } });
    await call('POST', `/v1/transactions/${id}/deliver-product`, { token: traveller.token, body: { resi: 'JNE77', courier_name: 'JNE' } });
    expect(await pendingReminders(id)).toEqual([`remind:${id}:shipped:48h`]);
    expect((await complain(buyer.token, id)).status).toBe(200);
    // The receipt reminder went with the state it was for.
    expect((await pendingReminders(id)).sort()).toEqual([`remind:${id}:complained:24h`, `remind:${id}:complained:2h`]);
    time.offset = 23 * HOUR;
    expect(await runJobs(`remind:${id}:`)).toBe(0);
    time.offset = 24 * HOUR + 60_000;
    expect(await runJobs(`remind:${id}:`)).toBe(1);
    const got = await remindersOf(traveller.user.id);
    expect(got.map((g) => g.title)).toEqual([`Answer the complaint on order #${id}`]);
    expect(got[0].message).toContain('the buyer is refunded automatically');
    expect(await remindersOf(buyer.user.id)).toEqual([]);
    expect((await call('POST', `/v1/transactions/refund/${id}/accept`, { token: await signIn(traveller) })).status).toBe(200);
    expect(await pendingReminders(id)).toEqual([]);
    time.offset = 46 * HOUR + 60_000;
    expect(await runJobs(`remind:${id}:`)).toBe(0);
    expect(await remindersOf(traveller.user.id)).toHaveLength(1);
  });

  it('receipt confirmation: 2 days before the order completes by itself, to the buyer', async () => {
    time.offset = 0;
    const { traveller, product } = await travellerWithProduct();
    const buyer = await requesterWithAddress();
    const id = (await checkoutProduct(buyer, product)).body.data.transactions[0].id as number;
    await payOrder(buyer.token, id);
    await call('POST', `/v1/transactions/${id}/confirm-purchase`, { token: traveller.token, body: { receipt_image_id: await receiptImage(traveller.token) } });
    await call('POST', `/v1/transactions/${id}/deliver-product`, { token: traveller.token, body: { resi: 'JNE78', courier_name: 'JNE' } });
    time.offset = 4 * 24 * HOUR;
    expect(await runJobs(`remind:${id}:`)).toBe(0);
    time.offset = 5 * 24 * HOUR + 60_000;
    expect(await runJobs(`remind:${id}:`)).toBe(1);
    expect(await runJobs(`remind:${id}:`)).toBe(0);
    const got = await remindersOf(buyer.user.id);
    expect(got).toHaveLength(1);
    expect(got[0].message).toMatch(new RegExp(`Order #${id} completes automatically at .+ and the traveller is paid`));
  });

  it('a trip’s delivery date: the day before, to the traveller, while a paid order is not shipped; new dates move it', async () => {
    time.offset = 0;
    const { traveller, product, trip } = await travellerWithProduct();
    const buyer = await requesterWithAddress();
    const id = (await checkoutProduct(buyer, product)).body.data.transactions[0].id as number;
    await payOrder(buyer.token, id);
    const delivery = trip.delivery_date as string;
    const keys = async () => (await db().select().from(jobs).where(like(jobs.key, `remind:trip:${trip.id}:%`))).filter((j) => !j.doneAt).map((j) => j.key);
    expect(await keys()).toEqual([`remind:trip:${trip.id}:${delivery}`]);
    // The traveller moves the trip two days later: the reminder moves with it.
    const later = addDays(delivery, 2);
    const moved = await call('PUT', `/v1/users/trips/${trip.id}`, { token: traveller.token, body: { arrival_date: addDays(trip.arrival_date, 2), delivery_date: later, reason: 'Flight moved' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await keys()).toEqual([`remind:trip:${trip.id}:${later}`]);
    const daysAhead = Math.round((Date.parse(later) - Date.parse(todayIso())) / 86_400_000);
    time.offset = (daysAhead - 2) * 24 * HOUR;
    expect(await runJobs(`remind:trip:${trip.id}:`)).toBe(0);
    time.offset = daysAhead * 24 * HOUR;
    expect(await runJobs(`remind:trip:${trip.id}:`)).toBe(1);
    const got = await remindersOf(traveller.user.id);
    expect(got).toHaveLength(1);
    expect(got[0].title).toBe('Your trip delivers tomorrow');
    expect(got[0].message).toContain('1 paid order is not shipped yet');
  });
});
