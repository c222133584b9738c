/**
 * Fulfilment on a server of this file's own, with a clock the test moves: purchase with a
 * receipt, shipping or pickup, completion releasing escrow in one journal, auto-finish after
 * AUTO_COMPLETE_DAYS, the "shipping delayed" label, and trips held by refunds and appeals.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTO_COMPLETE_DAYS } from '../../src/lib/orders/vocabulary.ts';
import { journals } from '../../src/server/db/orders-schema.ts';
import { account, balanceOf } from '../../src/server/domain/ledger/ledger.ts';
import { fire } from '../../src/server/domain/orders/engine.ts';
import { call, newUser } from '../support/api.ts';
import { paidOrder, shippedOrder } from '../support/fulfil.ts';
import { getOrder, receiptImage } from '../support/orders.ts';
import { useClockedServer } from '../support/clocked-server.ts';

const HOUR = 3_600_000;
const time = useClockedServer();

async function signIn(user: { email: string; password: string }) {
  const res = await call('POST', '/v1/login', { body: { email: user.email, password: user.password } });
  return res.body.data.token as string;
}
const runJobsOf = (...ids: number[]) => time.server.app.jobs.runDue({ keys: ids.map((id) => `order:${id}`) });
const platformFees = () => balanceOf(time.server.app.deps.db, account.platformFees);
const balance = async (token: string) => (await call('GET', '/v1/balances', { token })).body.data.balance as number;
const post = (token: string, id: number, path: string, body?: unknown, lang: 'en' | 'id' = 'en') => call('POST', `/v1/transactions/${id}/${path}`, { token, body, lang });

describe('purchase confirmation', () => {
  it('needs a receipt photo the traveller uploaded, and shows it to both sides', async () => {
    time.offset = 0;
    const o = await paidOrder();
    const none = await post(o.traveller.token, o.id, 'confirm-purchase', {}, 'id');
    expect(none.status).toBe(422);
    expect(none.body.errors.receipt_image_id).toBeTruthy();
    // Someone else's image is not a receipt of this purchase.
    const stranger = await newUser();
    const foreign = await post(o.traveller.token, o.id, 'confirm-purchase', { receipt_image_id: await receiptImage(stranger.token) });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.receipt_image_id).toBe('Upload a photo of the receipt');
    // Only the traveller buys.
    expect((await post(o.buyer.token, o.id, 'confirm-purchase', { receipt_image_id: await receiptImage(o.buyer.token) })).status).toBe(403);

    const image = await receiptImage(o.traveller.token);
    const ok = await post(o.traveller.token, o.id, 'confirm-purchase', { receipt_image_id: image, notes: 'Bought at Haneda' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'purchased', stage: 'pembelian', status_detail: 'Purchased - waiting to be shipped by the traveller' });
    expect(ok.body.data.actions).toEqual(expect.arrayContaining(['deliver', 'cancel']));
    const seen = (await getOrder(o.buyer.token, o.id)).body.data;
    expect(seen.receipt_image.src).toContain(image);
    expect(seen.actions).toEqual([]);
  });

  it('reads "shipping delayed" once the trip\'s delivery date has passed and it is still not shipped', async () => {
    time.offset = 0;
    const o = await paidOrder();
    await post(o.traveller.token, o.id, 'confirm-purchase', { receipt_image_id: await receiptImage(o.traveller.token) });
    time.offset = 12 * 24 * HOUR; // newTrip delivers 11 days from today
    const late = (await getOrder(await signIn(o.buyer), o.id, 'id')).body.data;
    expect(late.status_detail).toBe('Pesanan telah dibeli - pengiriman tertunda');
    expect((await getOrder(await signIn(o.traveller), o.id)).body.data.status_detail).toBe('Purchased - shipping delayed');
    time.offset = 0;
  });
});

describe('shipping and receipt', () => {
  it('needs a courier and a tracking number, in the caller language', async () => {
    time.offset = 0;
    const o = await paidOrder();
    await post(o.traveller.token, o.id, 'confirm-purchase', { receipt_image_id: await receiptImage(o.traveller.token) });
    const empty = await post(o.traveller.token, o.id, 'deliver-product', { resi: ' ', courier_name: '' }, 'id');
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['courier_name', 'resi']);
    const en = await post(o.traveller.token, o.id, 'deliver-product', {});
    expect(en.body.errors).toEqual({ resi: 'Enter the tracking number', courier_name: 'Enter the courier' });
    // A courier order is not marked ready for pickup.
    expect((await post(o.traveller.token, o.id, 'ready-pickup')).status).toBe(409);
    const shipped = await post(o.traveller.token, o.id, 'deliver-product', { resi: 'JP123456789ID', courier_name: 'JNE' });
    expect(shipped.body.data).toMatchObject({ status: 'shipped', courier: { resi: 'JP123456789ID', shipped_courier: 'JNE' } });
    const buyerView = (await getOrder(o.buyer.token, o.id)).body.data;
    expect(buyerView.actions).toEqual(expect.arrayContaining(['accept_delivery', 'complain']));
    expect(buyerView.deadline_at).toBeTruthy();
  });

  it('completing releases escrow in one journal: the traveller earns sum − fee, the platform keeps both fees', async () => {
    time.offset = 0;
    const o = await shippedOrder({ price: 321_000 });
    const feesBefore = await platformFees();
    const done = await post(o.buyer.token, o.id, 'accepted');
    expect(done.body.data).toMatchObject({ status: 'completed', stage: 'selesai', status_detail: 'Order received', can_rate: 'traveler' });
    const sale = (await getOrder(o.traveller.token, o.id)).body.data;
    const sum = sale.product_price + sale.traveler_tip + sale.shipping_fee;
    expect(sale.traveler_total).toBe(sum - sale.platform_fee);
    expect(await balance(o.traveller.token)).toBe(sale.traveler_total);
    expect((await platformFees()) - feesBefore).toBe(sale.platform_fee + sale.service_fee);
    expect(await balance(o.buyer.token)).toBe(0);
    expect(await balanceOf(time.server.app.deps.db, account.escrow(o.id))).toBe(0);
    const released = await time.server.app.deps.db.select().from(journals).where(and(eq(journals.transactionId, o.id), eq(journals.kind, 'release')));
    expect(released).toHaveLength(1);
    // Confirming twice at once completes once.
    const again = await Promise.all([post(o.buyer.token, o.id, 'accepted'), post(o.buyer.token, o.id, 'accepted')]);
    expect(again.map((r) => r.status)).toEqual([409, 409]);
    expect(await balance(o.traveller.token)).toBe(sale.traveler_total);
  });

  it('two confirmations of receipt at once pay the traveller once', async () => {
    time.offset = 0;
    const o = await shippedOrder();
    const results = await Promise.all([post(o.buyer.token, o.id, 'accepted'), post(o.buyer.token, o.id, 'accepted'), post(o.buyer.token, o.id, 'accepted')]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const sale = (await getOrder(o.traveller.token, o.id)).body.data;
    expect(await balance(o.traveller.token)).toBe(sale.traveler_total);
  });
});

describe('pickup and auto-finish', () => {
  it(`a pickup order: ready, then the traveller's "picked up" completes it`, async () => {
    time.offset = 0;
    const o = await paidOrder({ shippingId: 'self_pickup' });
    await post(o.traveller.token, o.id, 'confirm-purchase', { receipt_image_id: await receiptImage(o.traveller.token) });
    expect((await post(o.traveller.token, o.id, 'deliver-product', { resi: 'X123', courier_name: 'JNE' })).status).toBe(409);
    const ready = await post(o.traveller.token, o.id, 'ready-pickup');
    expect(ready.body.data).toMatchObject({ status: 'ready_for_pickup', stage: 'pengiriman', status_detail: 'Ready for pickup', actions: ['pickup_done'] });
    expect((await post(o.buyer.token, o.id, 'done')).status).toBe(403);
    const done = await post(o.traveller.token, o.id, 'done');
    expect(done.body.data).toMatchObject({ status: 'completed', can_rate: 'requester' });
    expect(await balance(o.traveller.token)).toBe(done.body.data.traveler_total);
  });

  it(`an order ready for pickup that nobody closes completes by itself after ${AUTO_COMPLETE_DAYS} days`, async () => {
    time.offset = 0;
    const o = await paidOrder({ shippingId: 'self_pickup' });
    await post(o.traveller.token, o.id, 'confirm-purchase', { receipt_image_id: await receiptImage(o.traveller.token) });
    await post(o.traveller.token, o.id, 'ready-pickup');
    time.offset = (AUTO_COMPLETE_DAYS * 24 - 1) * HOUR;
    expect(await runJobsOf(o.id)).toBe(0);
    time.offset = (AUTO_COMPLETE_DAYS * 24 + 1) * HOUR;
    expect(await runJobsOf(o.id)).toBe(1);
    const token = await signIn(o.traveller);
    const sale = (await getOrder(token, o.id)).body.data;
    expect(sale).toMatchObject({ status: 'completed', can_rate: 'requester' });
    expect(sale.histories.at(-1)).toMatchObject({ event: 'auto_complete', actor_role: 'system' });
    expect(await balance(token)).toBe(sale.traveler_total);
    // The buyer may still rate after an automatic finish.
    expect((await getOrder(await signIn(o.buyer), o.id)).body.data.can_rate).toBe('traveler');
    time.offset = 0;
  });

  it('a complaint before the deadline stops the auto-finish', async () => {
    time.offset = 0;
    const o = await shippedOrder();
    await fire(time.server.app.deps, o.id, 'complain', { role: 'requester', userId: o.buyer.user.id }, { reason: 'damaged' });
    time.offset = (AUTO_COMPLETE_DAYS * 24 + 1) * HOUR;
    await runJobsOf(o.id);
    expect((await getOrder(await signIn(o.buyer), o.id)).body.data.status).not.toBe('completed');
    time.offset = 0;
  });
});

describe('a trip with an open refund or appeal', () => {
  it('cannot be cancelled', async () => {
    time.offset = 0;
    const o = await shippedOrder();
    await fire(time.server.app.deps, o.id, 'complain', { role: 'requester', userId: o.buyer.user.id }, { reason: 'damaged' });
    const refund = await call('PUT', `/v1/users/trips/${o.trip.id}/cancel`, { token: o.traveller.token });
    expect(refund.status).toBe(409);
    expect(refund.body.message).toBe('This trip still has an open refund');
    await fire(time.server.app.deps, o.id, 'appeal', { role: 'requester', userId: o.buyer.user.id }, { reason: 'other', note: 'No answer' });
    const appeal = await call('PUT', `/v1/users/trips/${o.trip.id}/cancel`, { token: o.traveller.token, lang: 'id' });
    expect(appeal.status).toBe(409);
    expect((await call('PUT', `/v1/users/trips/${o.trip.id}/cancel`, { token: o.traveller.token })).body.message).toBe('This trip still has an open appeal');
  });
});
