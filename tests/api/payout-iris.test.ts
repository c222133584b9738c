/**
 * Midtrans Iris, the real payout provider, through the official `midtrans-client` pointed at a
 * local model of Iris' HTTP API; its notifications through the same callback path as the
 * sandbox's, signed as Iris signs them (Iris-Signature = SHA512(body + merchant key)).
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { payouts } from '../../src/server/db/payouts-schema.ts';
import { balanceOf, checkLedger } from '../../src/server/domain/ledger/ledger.ts';
import { holdsEscrow } from '../../src/server/domain/orders/machine.ts';
import { checkPayouts } from '../../src/server/domain/payouts/payouts.ts';
import { call, useServer } from '../support/api.ts';
import { startFakeHttp, type FakeHttp } from '../support/fake-http.ts';
import { midtransEnv, startFakeSnap } from '../support/midtrans.ts';
import { useSnap } from '../support/orders.ts';
import { balances, newBankAccount, travellerWithEarnings, withdraw } from '../support/payouts.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const IRIS_API_KEY = 'IRIS-creator-key-local-test';
const IRIS_MERCHANT_KEY = 'M-local-iris-merchant-key-7f3a9c';
let offset = 0;
const clock = () => new Date(Date.now() + offset);
let server: TestServer;
let iris: FakeHttp;
let snap: FakeHttp;
/** How the fake answers the next create-payouts call. */
let mode: 'ok' | 'refuse' | 'down' = 'ok';
const databaseUrl = process.env.API_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

beforeAll(async () => {
  // Iris: POST {base}/payouts with the API key as Basic user → 201 {payouts: [{status, reference_no}]}.
  iris = await startFakeHttp((req) => {
    const auth = Buffer.from(`${IRIS_API_KEY}:`).toString('base64');
    if (req.headers.authorization !== `Basic ${auth}`) return { status: 401, body: { error_message: 'Unauthorized' } };
    if (req.method !== 'POST' || req.path !== '/iris/api/v1/payouts') return { status: 404, body: { error_message: 'Not found' } };
    if (mode === 'down') return { status: 503, body: { error_message: 'Service unavailable' } };
    if (mode === 'refuse') return { status: 400, body: { error_message: 'An error occurred when creating payouts', errors: { '0': ['Beneficiary account is invalid'] } } };
    return { status: 201, body: { payouts: [{ status: 'queued', reference_no: randomBytes(10).toString('hex') }] } };
  });
  snap = await startFakeSnap();
  server = await startTestServer({
    databaseUrl,
    now: clock,
    // Real payouts take real payments (config.ts): orders are paid through the Snap model.
    env: { SEED_DEMO: 'false', ...midtransEnv(snap, { IRIS_API_KEY, IRIS_MERCHANT_KEY, IRIS_API_URL: `${iris.url}/iris/api/v1` }) },
  });
  useServer(server);
  useSnap(snap);
}, 300_000);
afterAll(async () => {
  useServer(undefined);
  useSnap(undefined);
  await server?.close();
  await iris?.close();
  await snap?.close();
});

const payoutRow = async (id: number) => (await server.app.deps.db.select().from(payouts).where(eq(payouts.id, id)))[0];
const runSend = async (id: number) => server.app.jobs.runDue({ keys: [`payout:${id}:${(await payoutRow(id)).attempt}`] });

/** An Iris notification as Iris signs it (or with the signature given). */
function irisNotify(fields: { reference_no: string; amount: string; status: string; error_message?: string }, signature?: string) {
  const raw = JSON.stringify({ ...fields, updated_at: '2026-11-24T01:00:00Z' });
  const sig = signature ?? createHash('sha512').update(`${raw}${IRIS_MERCHANT_KEY}`).digest('hex');
  return call('POST', '/v1/payouts/webhooks/iris', { raw, headers: { 'Iris-Signature': sig } });
}

async function expectLedgerClean() {
  expect((await checkLedger(server.app.deps.db, holdsEscrow)).problems).toEqual([]);
  expect(await checkPayouts(server.app.deps.db)).toEqual([]);
}

async function sentWithdrawal(amount?: number) {
  const { traveller, earned } = await travellerWithEarnings();
  const bank = await newBankAccount(traveller.token, { account_bank: 'bni', account_number: '0123456789', account_name: 'Budi Santoso' });
  const res = await withdraw(traveller.token, { bank_id: bank.id, balance: amount ?? earned });
  expect(res.status).toBe(201);
  return { traveller, earned, id: res.body.data.id as number };
}

describe('Midtrans Iris payouts', () => {
  it('sends the payout through Iris: Basic key, idempotency key, beneficiary and whole-Rupiah amount', async () => {
    mode = 'ok';
    const { traveller, id } = await sentWithdrawal(75_000);
    expect(await runSend(id)).toBe(1);
    const req = iris.requests.at(-1)!;
    expect(req.headers['x-idempotency-key']).toBe(`titipan-payout-${id}-1`);
    expect(JSON.parse(req.body)).toEqual({
      payouts: [{ beneficiary_name: 'Budi Santoso', beneficiary_account: '0123456789', beneficiary_bank: 'bni', beneficiary_email: traveller.email, amount: '75000.00', notes: `Titipan withdrawal ${id}` }],
    });
    const row = await payoutRow(id);
    expect(row).toMatchObject({ status: 'processing', provider: 'iris', providerReference: expect.stringMatching(/^[0-9a-f]{20}$/) });
  });

  it('a genuine "completed" notification pays it out once; queued/processed ones change nothing; a forged one is refused', async () => {
    mode = 'ok';
    const { traveller, earned, id } = await sentWithdrawal();
    await runSend(id);
    const ref = (await payoutRow(id)).providerReference!;
    const before = await balanceOf(server.app.deps.db, 'provider:iris');
    expect((await irisNotify({ reference_no: ref, amount: `${earned}.00`, status: 'processed' })).body.data.outcome).toBe('pending');
    const forged = await irisNotify({ reference_no: ref, amount: `${earned}.00`, status: 'completed' }, 'a'.repeat(128));
    expect(forged.status).toBe(400);
    expect((await irisNotify({ reference_no: ref, amount: `${earned}.50`, status: 'completed' })).status).toBe(400);
    expect((await payoutRow(id)).status).toBe('processing');

    const done = await irisNotify({ reference_no: ref, amount: `${earned}.00`, status: 'completed' });
    expect(done.status).toBe(200);
    expect(done.body.data.outcome).toBe('completed');
    expect((await irisNotify({ reference_no: ref, amount: `${earned}.00`, status: 'completed' })).body.data.outcome).toBe('duplicate');
    expect(await balances(traveller.token)).toMatchObject({ balance: 0, pending_withdrawal: 0, withdrawals: [{ id, status: 'completed' }] });
    expect((await balanceOf(server.app.deps.db, 'provider:iris')) - before).toBe(earned);
    await expectLedgerClean();
  });

  it('a "failed" notification returns the money to the balance, once', async () => {
    mode = 'ok';
    const { traveller, earned, id } = await sentWithdrawal();
    await runSend(id);
    const ref = (await payoutRow(id)).providerReference!;
    const failed = await irisNotify({ reference_no: ref, amount: `${earned}.00`, status: 'failed', error_message: 'Beneficiary account closed' });
    expect(failed.body.data.outcome).toBe('failed');
    expect((await irisNotify({ reference_no: ref, amount: `${earned}.00`, status: 'failed', error_message: 'again' })).body.data.outcome).toBe('duplicate');
    expect((await irisNotify({ reference_no: ref, amount: `${earned}.00`, status: 'rejected' })).body.data.outcome).toBe('already_settled');
    const view = await balances(traveller.token);
    expect(view).toMatchObject({ balance: earned, pending_withdrawal: 0 });
    expect(view.withdrawals[0]).toMatchObject({ status: 'failed', failure_reason: 'Beneficiary account closed' });
    await expectLedgerClean();
  });

  it('Iris refusing the payout (400) fails it at once and returns the money', async () => {
    mode = 'refuse';
    const { traveller, earned, id } = await sentWithdrawal();
    expect(await runSend(id)).toBe(1);
    expect(await balances(traveller.token)).toMatchObject({ balance: earned, pending_withdrawal: 0, withdrawals: [{ id, status: 'failed' }] });
    await expectLedgerClean();
    mode = 'ok';
  });

  it('Iris being down (503) leaves the payout queued; the retry later sends it with the same idempotency key', async () => {
    offset = 0;
    mode = 'down';
    const { traveller, earned, id } = await sentWithdrawal();
    const calls = iris.requests.length;
    expect(await runSend(id)).toBe(1);
    expect(iris.requests.length).toBe(calls + 1);
    expect((await payoutRow(id)).status).toBe('pending');
    expect(await balances(traveller.token)).toMatchObject({ balance: 0, pending_withdrawal: earned });
    mode = 'ok';
    expect(await runSend(id)).toBe(0); // backing off
    offset = 60_000;
    expect(await runSend(id)).toBe(1);
    const keys = iris.requests.slice(calls).map((r) => r.headers['x-idempotency-key']);
    expect(keys).toEqual([`titipan-payout-${id}-1`, `titipan-payout-${id}-1`]);
    expect((await payoutRow(id)).status).toBe('processing');
    await expectLedgerClean();
    offset = 0;
  });
});

describe('PAYOUT_PROVIDER configuration', () => {
  it('iris needs its keys, and a known default merchant key is refused', () => {
    expect(() => loadConfig({ DATA_DIR: server.dataDir, PAYOUT_PROVIDER: 'iris' })).toThrow(/PAYOUT_PROVIDER=iris needs IRIS_API_KEY and IRIS_MERCHANT_KEY/);
    expect(() => loadConfig({ DATA_DIR: server.dataDir, PAYOUT_PROVIDER: 'iris', IRIS_API_KEY: 'x', IRIS_MERCHANT_KEY: 'changeme' })).toThrow(/IRIS_MERCHANT_KEY is set to a known development default/);
    expect(() => loadConfig({ DATA_DIR: server.dataDir, PAYOUT_PROVIDER: 'paypal' })).toThrow(/PAYOUT_PROVIDER/);
    // The sandbox's one-click "payments" would become real money paid out.
    expect(() => loadConfig({ DATA_DIR: server.dataDir, PAYOUT_PROVIDER: 'iris', IRIS_API_KEY, IRIS_MERCHANT_KEY })).toThrow(/PAYMENT_PROVIDER=sandbox takes test payments/);
    expect(loadConfig({ DATA_DIR: server.dataDir }).payouts).toMatchObject({ provider: 'sandbox', sandboxDelaySeconds: 5 });
  });
});
