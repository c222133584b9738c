/**
 * Deadlines are jobs: a server of this file's own with a clock the test moves. Its job runner is
 * run by hand, restricted to this file's orders, so nothing else in the shared database is touched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, useServer } from '../support/api.ts';
import { checkoutProduct, getOrder, payOrder, receiptImage, requesterWithAddress, requesterWithRequest, travellerWithProduct, useSandboxSecret } from '../support/orders.ts';
import { newTraveller, newTrip } from '../support/fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const HOUR = 3_600_000;
let offset = 0;
const clock = () => new Date(Date.now() + offset);
let server: TestServer;
const databaseUrl = process.env.API_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

beforeAll(async () => {
  server = await startTestServer({ databaseUrl, now: clock, env: { SEED_DEMO: 'false' } });
  useServer(server);
  useSandboxSecret(server.app.config.payments.sandboxSecret);
  // A server of its own loads the reference data first: slow on a busy machine.
}, 300_000);
afterAll(async () => {
  useServer(undefined);
  useSandboxSecret(undefined);
  await server?.close();
});

/** Sessions last a day: after moving the clock past that, users sign in again. */
async function signIn(user: { email: string; password: string }) {
  const res = await call('POST', '/v1/login', { body: { email: user.email, password: user.password } });
  if (res.status !== 200) throw new Error(`login failed ${JSON.stringify(res.body)}`);
  return res.body.data.token as string;
}

const runJobsOf = (...ids: number[]) => server.app.jobs.runDue({ keys: ids.map((id) => `order:${id}`) });

describe('deadlines', () => {
  it('an unpaid order is cancelled when its payment deadline passes, and its stock returns', async () => {
    offset = 0;
    const { product } = await travellerWithProduct({ stock: 1 });
    const buyer = await requesterWithAddress();
    const id = (await checkoutProduct(buyer, product)).body.data.transactions[0].id;
    expect((await call('GET', `/v1/products/${product.slug}`)).body.data.stock).toBe(0);
    // Not yet: 23 hours later nothing happens.
    offset = 23 * HOUR;
    expect(await runJobsOf(id)).toBe(0);
    expect((await getOrder(buyer.token, id)).body.data.status).toBe('awaiting_payment');
    offset = 25 * HOUR;
    expect(await runJobsOf(id)).toBe(1);
    const order = (await getOrder(await signIn(buyer), id, 'id')).body.data;
    expect(order).toMatchObject({ status: 'cancelled', canceled_by: 'system', canceled_reason: 'Tidak dibayar tepat waktu', actions: [] });
    expect((await call('GET', `/v1/products/${product.slug}`)).body.data.stock).toBe(1);
    // The job ran once: running again finds nothing.
    expect(await runJobsOf(id)).toBe(0);
  });

  it('an offer nobody answers expires after 48 hours', async () => {
    offset = 0;
    const { buyer, request } = await requesterWithRequest();
    const traveller = await newTraveller();
    const trip = await newTrip(traveller.token);
    const offer = await call('POST', `/v1/transactions/request-bid/traveler/${request.id}`, {
      token: traveller.token,
      body: { product_price: 800_000, traveler_tip: 50_000, shipping_fee: 20_000, trip_id: trip.id },
    });
    const id = offer.body.data.id;
    offset = 49 * HOUR;
    expect(await runJobsOf(id)).toBe(1);
    expect((await getOrder(await signIn(buyer), id)).body.data).toMatchObject({ status: 'cancelled', canceled_reason: 'The offer expired' });
  });

  it('a delivered order completes by itself after 7 days and pays the traveller', async () => {
    offset = 0;
    const { traveller, product } = await travellerWithProduct();
    const buyer = await requesterWithAddress();
    const id = (await checkoutProduct(buyer, product)).body.data.transactions[0].id;
    await payOrder(buyer.token, id);
    await call('POST', `/v1/transactions/${id}/confirm-purchase`, { token: traveller.token, body: { receipt_image_id: await receiptImage(traveller.token) } });
    await call('POST', `/v1/transactions/${id}/deliver-product`, { token: traveller.token, body: { resi: 'JNE77', courier_name: 'JNE' } });
    offset = 6 * 24 * HOUR;
    expect(await runJobsOf(id)).toBe(0);
    offset = 7 * 24 * HOUR + HOUR;
    expect(await runJobsOf(id)).toBe(1);
    const token = await signIn(traveller);
    const order = (await getOrder(token, id)).body.data;
    expect(order.status).toBe('completed');
    expect((await call('GET', '/v1/balances', { token })).body.data.balance).toBe(order.traveler_total);
  });

  it('a due job runs once even when two runners reach for it at the same moment', async () => {
    offset = 0;
    const { product } = await travellerWithProduct({ stock: 2 });
    const buyer = await requesterWithAddress();
    const id = (await checkoutProduct(buyer, product)).body.data.transactions[0].id;
    offset = 25 * HOUR;
    const ran = await Promise.all([runJobsOf(id), runJobsOf(id), runJobsOf(id)]);
    expect(ran.reduce((a, b) => a + b, 0)).toBe(1);
    const order = (await getOrder(await signIn(buyer), id)).body.data;
    expect(order.histories.filter((h: any) => h.event === 'expire_payment')).toHaveLength(1);
    expect((await call('GET', `/v1/products/${product.slug}`)).body.data.stock).toBe(2);
  });

  it('a job survives a restart: scheduled before, run by the next process', { timeout: 300_000 }, async () => {
    offset = 0;
    const { product } = await travellerWithProduct({ stock: 1 });
    const buyer = await requesterWithAddress();
    const id = (await checkoutProduct(buyer, product)).body.data.transactions[0].id;
    const dataDir = server.dataDir;
    await server.close(true);
    offset = 25 * HOUR;
    server = await startTestServer({ databaseUrl, now: clock, dataDir, env: { SEED_DEMO: 'false' } });
    useServer(server);
    expect(await runJobsOf(id)).toBe(1);
    expect((await getOrder(await signIn(buyer), id)).body.data.status).toBe('cancelled');
  });
});
