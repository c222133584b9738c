/**
 * Balance and withdrawals with the sandbox payout provider: a server of this file's own with a
 * clock the test moves; its job runner (send, then the sandbox's delayed callback) is run by
 * hand for this file's payouts only.
 */
import { desc, eq } from 'drizzle-orm';
import { notifications } from '../../src/server/db/schema.ts';
import { notificationText } from '../../src/server/domain/notifications/outbox.ts';
import { describe, expect, it } from 'vitest';
import { payouts } from '../../src/server/db/payouts-schema.ts';
import { checkLedger } from '../../src/server/domain/ledger/ledger.ts';
import { holdsEscrow } from '../../src/server/domain/orders/machine.ts';
import { checkPayouts, PAYOUTS_PENDING, retryPayout } from '../../src/server/domain/payouts/payouts.ts';
import { balanceOf, postJournal } from '../../src/server/domain/ledger/ledger.ts';
import { call, newUser } from '../support/api.ts';
import { balances, newBankAccount, sandboxPayoutCallback, travellerWithEarnings, withdraw } from '../support/payouts.ts';
import { operatorToken } from '../support/operators.ts';
import { useClockedServer } from '../support/clocked-server.ts';

const DELAY_SECONDS = 30;
const time = useClockedServer({ env: { SANDBOX_PAYOUT_DELAY_SECONDS: String(DELAY_SECONDS) } });

const payoutRow = async (id: number) => (await time.server.app.deps.db.select().from(payouts).where(eq(payouts.id, id)))[0];
/** The send job of a payout's current attempt. */
const runSend = async (id: number) => time.server.app.jobs.runDue({ keys: [`payout:${id}:${(await payoutRow(id)).attempt}`] });
/** The sandbox's callback job, once its delay has passed. */
const runSandbox = async (id: number) => time.server.app.jobs.runDue({ keys: [`payout-sandbox:${id}:${(await payoutRow(id)).attempt}`] });
const secret = () => time.server.app.config.payouts.sandboxSecret;

async function expectLedgerClean() {
  const report = await checkLedger(time.server.app.deps.db, holdsEscrow);
  expect(report.problems).toEqual([]);
  expect(await checkPayouts(time.server.app.deps.db)).toEqual([]);
}

describe('GET /v1/balances', () => {
  it('a new user has nothing: no balance, nothing pending, no history', async () => {
    const user = await newUser();
    expect(await balances(user.token)).toEqual({ balance: 0, pending_withdrawal: 0, history: [], withdrawals: [] });
    expect((await call('GET', '/v1/balances')).status).toBe(401);
  });
});

describe('POST /v1/balances/withdraw: what is refused', () => {
  it('a missing bank account reads "akun bank harus dipilih"; the amount is required, whole, at least the minimum', async () => {
    const { traveller } = await travellerWithEarnings();
    const bank = await newBankAccount(traveller.token);
    const noBank = await withdraw(traveller.token, { balance: 50_000 }, 'id');
    expect(noBank.status).toBe(422);
    expect(noBank.body.errors.bank_id).toBe('akun bank harus dipilih');
    expect((await withdraw(traveller.token, { bank_id: null, balance: 50_000 }, 'en')).body.errors.bank_id).toBe('Choose a bank account');
    const noAmount = await withdraw(traveller.token, { bank_id: bank.id }, 'id');
    expect(noAmount.status).toBe(422);
    expect(noAmount.body.errors.balance).toBe('Jumlah penarikan harus diisi');
    expect((await withdraw(traveller.token, { bank_id: bank.id, balance: 9_999 })).body.errors.balance).toBe('The smallest withdrawal is Rp. 10.000');
    expect((await withdraw(traveller.token, { bank_id: bank.id, balance: 20_000.5 })).status).toBe(422);
    expect((await withdraw(traveller.token, { bank_id: bank.id, balance: -20_000 })).status).toBe(422);
    expect((await withdraw(traveller.token, { bank_id: bank.id, balance: '20000' })).status).toBe(422);
    expect((await withdraw(traveller.token, { bank_id: 'x', balance: 20_000 })).status).toBe(422);
    // Nothing moved.
    expect((await balances(traveller.token)).withdrawals).toEqual([]);
  });

  it("someone else's bank account, or a deleted one of mine, is refused", async () => {
    const { traveller } = await travellerWithEarnings();
    const other = await newUser();
    const theirs = await newBankAccount(other.token, { account_number: '9876543210' });
    const res = await withdraw(traveller.token, { bank_id: theirs.id, balance: 20_000 });
    expect(res.status).toBe(422);
    expect(res.body.errors.bank_id).toBe('That bank account is not one of yours');
    const mine = await newBankAccount(traveller.token);
    expect((await call('DELETE', `/v1/banks/${mine.id}`, { token: traveller.token })).status).toBe(200);
    expect((await withdraw(traveller.token, { bank_id: mine.id, balance: 20_000 })).status).toBe(422);
  });

  it('more than the balance is refused with the balance named, in both languages', async () => {
    const { traveller, earned } = await travellerWithEarnings();
    const bank = await newBankAccount(traveller.token);
    const en = await withdraw(traveller.token, { bank_id: bank.id, balance: earned + 1 });
    expect(en.status).toBe(409);
    expect(en.body.code).toBe('INSUFFICIENT_BALANCE');
    const shown = `Rp. ${String(earned).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
    expect(en.body.message).toBe(`That is more than your balance: you can withdraw up to ${shown}`);
    expect(en.body.errors.balance).toBe('More than your balance');
    const id = await withdraw(traveller.token, { bank_id: bank.id, balance: earned + 1 }, 'id');
    expect(id.body.message).toContain('melebihi saldo Anda');
    // A user with no balance at all.
    const broke = await newUser();
    const b2 = await newBankAccount(broke.token);
    expect((await withdraw(broke.token, { bank_id: b2.id, balance: 10_000 })).status).toBe(409);
  });
});

describe('a withdrawal paid out by the sandbox', () => {
  it('moves to pending at once, is sent, and is paid after the delay; the history shows each step', async () => {
    time.offset = 0;
    const { traveller, earned } = await travellerWithEarnings();
    const bank = await newBankAccount(traveller.token, { account_bank: 'mandiri', account_number: '1400012345678' });
    const res = await withdraw(traveller.token, { bank_id: bank.id, balance: 100_000 });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Your withdrawal is on its way to your bank account');
    expect(res.body.data).toMatchObject({ amount: 100_000, status: 'pending', bank_name: 'Bank Mandiri', account_number: '•••• 5678', account_name: 'Sari Wulandari' });
    const payoutId = res.body.data.id as number;

    let view = await balances(traveller.token);
    expect(view.balance).toBe(earned - 100_000);
    expect(view.pending_withdrawal).toBe(100_000);
    expect(view.history[0]).toMatchObject({ kind: 'withdrawal', amount: -100_000, payout: { id: payoutId, status: 'pending' } });
    expect(view.history[1]).toMatchObject({ kind: 'release', amount: earned, payout: null });
    expect(await balanceOf(time.server.app.deps.db, PAYOUTS_PENDING)).toBeGreaterThanOrEqual(100_000);
    await expectLedgerClean();

    // The send job hands it to the sandbox.
    expect(await runSend(payoutId)).toBe(1);
    view = await balances(traveller.token);
    expect(view.withdrawals[0]).toMatchObject({ id: payoutId, status: 'processing' });
    expect(view.pending_withdrawal).toBe(100_000);

    // Not before the delay…
    expect(await runSandbox(payoutId)).toBe(0);
    time.offset = (DELAY_SECONDS + 1) * 1000;
    expect(await runSandbox(payoutId)).toBe(1);
    view = await balances(traveller.token);
    expect(view.balance).toBe(earned - 100_000);
    expect(view.pending_withdrawal).toBe(0);
    expect(view.withdrawals[0]).toMatchObject({ id: payoutId, status: 'completed', completed_at: expect.any(String) });
    expect(view.history[0]).toMatchObject({ kind: 'withdrawal', payout: { status: 'completed' } });
    await expectLedgerClean();

    // The user hears of it.
    const [note] = await time.server.app.deps.db.select().from(notifications).where(eq(notifications.userId, traveller.user.id)).orderBy(desc(notifications.id)).limit(1);
    expect(notificationText(note, 'id')).toMatchObject({ title: 'Penarikan berhasil', message: 'Rp. 100.000 telah dikirim ke rekening bank Anda' });
    expect(note.link).toBe('/dashboard/withdraw');

    // A replayed callback changes nothing.
    const row = await payoutRow(payoutId);
    const replay = await sandboxPayoutCallback(secret(), { event_id: `sandbox-payout-${payoutId}-1-completed`, reference: row.providerReference, status: 'completed', amount: 100_000 });
    expect(replay.body.data.outcome).toBe('duplicate');
    const another = await sandboxPayoutCallback(secret(), { event_id: `other-event-${payoutId}`, reference: row.providerReference, status: 'failed', amount: 100_000 });
    expect(another.body.data.outcome).toBe('already_settled');
    expect((await balances(traveller.token)).balance).toBe(earned - 100_000);
    await expectLedgerClean();
    time.offset = 0;
  });

  it('50 withdrawals of the whole balance at once: exactly one payout, the balance never below zero', async () => {
    const { traveller, earned } = await travellerWithEarnings();
    const bank = await newBankAccount(traveller.token);
    const results = await Promise.all(Array.from({ length: 50 }, () => withdraw(traveller.token, { bank_id: bank.id, balance: earned })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const view = await balances(traveller.token);
    expect(view.balance).toBe(0);
    expect(view.pending_withdrawal).toBe(earned);
    expect(view.withdrawals).toHaveLength(1);
    await expectLedgerClean();
  });

  it('a failed payout returns the money to the balance; a retry takes it again, once, and pays it', async () => {
    time.offset = 0;
    const { traveller, earned } = await travellerWithEarnings();
    // The sandbox fails transfers to accounts starting with 000.
    const bank = await newBankAccount(traveller.token, { account_number: '0001234567' });
    const id = (await withdraw(traveller.token, { bank_id: bank.id, balance: earned })).body.data.id as number;
    await runSend(id);
    time.offset = (DELAY_SECONDS + 1) * 1000;
    expect(await runSandbox(id)).toBe(1);
    let view = await balances(traveller.token, 'id');
    expect(view.balance).toBe(earned);
    expect(view.pending_withdrawal).toBe(0);
    expect(view.withdrawals[0]).toMatchObject({ id, status: 'failed', failure_reason: 'Account not found (sandbox)' });
    expect(view.history.slice(0, 2)).toMatchObject([
      { kind: 'withdrawal_returned', amount: earned, payout: { id, status: 'failed' } },
      { kind: 'withdrawal', amount: -earned, payout: { id } },
    ]);
    await expectLedgerClean();

    // An operator retries (twice at once: one wins); the money leaves the balance again, once.
    const tries = await Promise.allSettled([retryPayout(time.server.app.deps, id), retryPayout(time.server.app.deps, id)]);
    expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(1);
    view = await balances(traveller.token);
    expect(view.balance).toBe(0);
    expect(view.pending_withdrawal).toBe(earned);
    expect(view.withdrawals[0]).toMatchObject({ id, status: 'pending' });
    expect((await payoutRow(id)).attempt).toBe(2);
    await expectLedgerClean();

    // This time the bank answers: a genuine callback (before the sandbox's own) completes it.
    await runSend(id);
    const row = await payoutRow(id);
    expect(row.status).toBe('processing');
    const done = await sandboxPayoutCallback(secret(), { event_id: `manual-${id}-2`, reference: row.providerReference, status: 'completed', amount: earned });
    expect(done.body.data.outcome).toBe('completed');
    view = await balances(traveller.token);
    expect(view).toMatchObject({ balance: 0, pending_withdrawal: 0 });
    expect(view.withdrawals[0].status).toBe('completed');
    // The sandbox's own callback for attempt 2 comes later: already settled, nothing moves.
    time.offset += (DELAY_SECONDS + 1) * 1000;
    await runSandbox(id);
    expect(await balances(traveller.token)).toMatchObject({ balance: 0, pending_withdrawal: 0 });
    await expectLedgerClean();
    time.offset = 0;
  });

  it('a retry is refused when the returned money has been withdrawn meanwhile, or the payout did not fail', async () => {
    time.offset = 0;
    const { traveller, earned } = await travellerWithEarnings();
    const failing = await newBankAccount(traveller.token, { account_number: '0009999999' });
    const id = (await withdraw(traveller.token, { bank_id: failing.id, balance: earned })).body.data.id as number;
    await expect(retryPayout(time.server.app.deps, id)).rejects.toMatchObject({ code: 'INVALID_TRANSITION' });
    await runSend(id);
    time.offset = (DELAY_SECONDS + 1) * 1000;
    await runSandbox(id);
    time.offset = 0;
    const good = await newBankAccount(traveller.token);
    expect((await withdraw(traveller.token, { bank_id: good.id, balance: earned })).status).toBe(201);
    await expect(retryPayout(time.server.app.deps, id)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect((await balances(traveller.token)).pending_withdrawal).toBe(earned);
    await expectLedgerClean();
  });
});

describe('POST /v1/payouts/webhooks/{provider}', () => {
  it('a forged or malformed callback is refused and moves nothing; an unknown provider is not found', async () => {
    const { traveller, earned } = await travellerWithEarnings();
    const bank = await newBankAccount(traveller.token);
    const id = (await withdraw(traveller.token, { bank_id: bank.id, balance: earned })).body.data.id as number;
    await runSend(id);
    const row = await payoutRow(id);
    const notice = { event_id: `forged-${id}`, reference: row.providerReference, status: 'failed', amount: earned };
    const forged = await sandboxPayoutCallback('0'.repeat(43), notice);
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('This payout notification could not be verified');
    const badSig = await sandboxPayoutCallback(secret(), notice, 'deadbeef');
    expect(badSig.status).toBe(400);
    const malformed = await call('POST', '/v1/payouts/webhooks/sandbox', { raw: 'not json' });
    expect(malformed.status).toBe(400);
    expect((await call('POST', '/v1/payouts/webhooks/paypal', { raw: '{}' })).status).toBe(404);
    // Iris is not configured on this server.
    expect((await call('POST', '/v1/payouts/webhooks/iris', { raw: '{}' })).status).toBe(404);
    // A genuine callback with the wrong amount is recorded and changes nothing.
    const wrong = await sandboxPayoutCallback(secret(), { ...notice, event_id: `wrong-${id}`, status: 'completed', amount: earned + 1 });
    expect(wrong.body.data.outcome).toBe('amount_mismatch');
    const unknown = await sandboxPayoutCallback(secret(), { ...notice, event_id: `unknown-${id}`, reference: 'SBX-PO-nope' });
    expect(unknown.body.data.outcome).toBe('unknown_payout');
    expect(await balances(traveller.token)).toMatchObject({ balance: 0, pending_withdrawal: earned });
    expect((await payoutRow(id)).status).toBe('processing');
    await expectLedgerClean();
  });
});

describe('the operator console: Payouts', () => {
  it('only operators see payouts; an operator lists failed ones and sends one again, recorded in the audit log', async () => {
    time.offset = 0;
    const { traveller, earned } = await travellerWithEarnings();
    const bank = await newBankAccount(traveller.token, { account_number: '0005550001', account_name: 'Dewi Lestari' });
    const id = (await withdraw(traveller.token, { bank_id: bank.id, balance: earned })).body.data.id as number;
    await runSend(id);
    time.offset = (DELAY_SECONDS + 1) * 1000;
    await runSandbox(id);
    time.offset = 0;

    for (const token of [undefined, traveller.token]) {
      expect((await call('GET', '/v1/admin/payouts', { token })).status).toBe(404);
      expect((await call('POST', `/v1/admin/payouts/${id}/retry`, { token })).status).toBe(404);
    }
    const op = await operatorToken();
    const failed = await call('GET', '/v1/admin/payouts?status=failed', { token: op });
    expect(failed.status).toBe(200);
    expect(failed.body.data.every((p: { status: string }) => p.status === 'failed')).toBe(true);
    expect(failed.body.data.find((p: { id: number }) => p.id === id)).toMatchObject({
      amount: earned,
      status: 'failed',
      bank_name: 'Bank Central Asia (BCA)',
      account_number_full: '0005550001',
      account_name: 'Dewi Lestari',
      provider: 'sandbox',
      attempt: 1,
      user: { id: traveller.user.id, email: traveller.email },
    });
    expect((await call('GET', '/v1/admin/payouts?status=lost', { token: op, lang: 'id' })).status).toBe(422);

    const retried = await call('POST', `/v1/admin/payouts/${id}/retry`, { token: op, lang: 'id' });
    expect(retried.status).toBe(200);
    expect(retried.body.message).toBe('Pencairan sedang dikirim ulang');
    expect(retried.body.data).toMatchObject({ id, status: 'pending', attempt: 2 });
    expect(await balances(traveller.token)).toMatchObject({ balance: 0, pending_withdrawal: earned });
    const again = await call('POST', `/v1/admin/payouts/${id}/retry`, { token: op });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only a failed payout can be sent again');
    expect((await call('POST', '/v1/admin/payouts/999999999/retry', { token: op })).status).toBe(404);

    const audit = (await call('GET', '/v1/admin/actions', { token: op })).body.data;
    expect(audit.filter((a: { action: string; target_id: number }) => a.action === 'retry_payout' && a.target_id === id)).toEqual([
      expect.objectContaining({ target_type: 'payout', data: expect.objectContaining({ attempt: 2, amount: earned }) }),
    ]);
    await expectLedgerClean();
  });
});

describe('ledger check', () => {
  it('reports payouts:pending holding other than the payouts in flight', async () => {
    // Inside a transaction that is rolled back: nobody else ever sees the stray money.
    const rollback = new Error('rollback');
    const seen = await time.server.app.deps.db
      .transaction(async (tx) => {
        await postJournal(tx, { key: `test:stray-${Date.now()}`, kind: 'test', entries: [{ account: PAYOUTS_PENDING, amount: 1_000 }, { account: 'platform:fees', amount: -1_000 }] });
        const problems = await checkPayouts(tx);
        expect(problems).toEqual([{ kind: 'payouts_pending_mismatch', detail: expect.stringMatching(/^payouts:pending holds \d+, payouts in flight \(\d+\) sum to \d+$/) }]);
        throw rollback;
      })
      .catch((err: unknown) => err);
    expect(seen).toBe(rollback);
    expect(await checkPayouts(time.server.app.deps.db)).toEqual([]);
  });
});

describe('the sandbox page moves no money for a closed order', () => {
  it('"I have paid" on a cancelled order pays nothing: no balance, the payment stays unpaid, the page says so', async () => {
    const { checkoutProduct, requesterWithAddress, travellerWithProduct, getOrder } = await import('../support/orders.ts');
    const { product } = await travellerWithProduct({ price: 500_000 });
    const buyer = await requesterWithAddress();
    const id = (await checkoutProduct(buyer, product)).body.data.transactions[0].id as number;
    const pay = await call('POST', `/v1/transactions/${id}/pay`, { token: buyer.token, body: { payment_type: 'bank_transfer' } });
    expect(pay.body.data.provider).toBe('sandbox');
    const cancel = await call('POST', `/v1/transactions/${id}/cancel`, { token: buyer.token, body: { canceled_reason: 1 } });
    expect(cancel.status).toBe(200);

    expect(await time.server.app.site.sandboxPay(pay.body.data.token)).toBe('order_closed');
    expect(await time.server.app.site.sandboxPay(pay.body.data.token)).toBe('order_closed');
    expect(await balances(buyer.token)).toMatchObject({ balance: 0 });
    expect((await getOrder(buyer.token, id)).body.data.status).toBe('cancelled');
    expect((await time.server.app.site.sandboxPayment(pay.body.data.token))?.status).toBe('pending');
    await expectLedgerClean();

    // On an order still awaiting payment the same press pays it, once.
    const second = (await checkoutProduct(buyer, product)).body.data.transactions[0].id as number;
    const start = await call('POST', `/v1/transactions/${second}/pay`, { token: buyer.token, body: { payment_type: 'bank_transfer' } });
    expect(await time.server.app.site.sandboxPay(start.body.data.token)).toBe('confirmed');
    expect((await getOrder(buyer.token, second)).body.data.status).toBe('paid');
    await expectLedgerClean();
  });
});
