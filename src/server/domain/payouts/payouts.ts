import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { bankName } from '../../../lib/banks.ts';
import { formatRupiah } from '../../../lib/format.ts';
import type { WithdrawInput } from '../../../lib/schemas/payouts.ts';
import type { BalancePosting, BalanceView, OperatorPayoutView, PayoutStatus, PayoutView } from '../../../lib/views/index.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { journals, ledgerEntries, webhookEvents } from '../../db/orders-schema.ts';
import { payouts } from '../../db/payouts-schema.ts';
import { bankAccounts, users } from '../../db/schema.ts';
import { AppError, AppErrorCode, invalid, notFound } from '../../errors.ts';
import { CallbackRejected, PayoutRefused, type PayoutNotice } from '../../integrations/payouts/types.ts';
import type { Deps } from '../deps.ts';
import type { JobHandler } from '../jobs/jobs.ts';
import { scheduleJob } from '../jobs/jobs.ts';
import { account, balanceOf, postJournal } from '../ledger/ledger.ts';
import { notify } from '../notifications/outbox.ts';

/**
 * Withdrawals (docs/payouts.md). Asking for one moves the amount from the user's balance to
 * `payouts:pending` in the transaction that creates the payout row, with the user's row locked
 * while the balance is read: concurrent withdrawals queue on that lock, so together they never
 * take more than the balance. A job sends the payout to the provider; its callback ends it:
 * completed moves the money from `payouts:pending` to the provider's account (it left the
 * platform), failed returns it to the balance. Every journal's key names the payout and its
 * attempt, so a replayed callback or a re-run job cannot move money twice.
 */
export const PAYOUTS_PENDING = 'payouts:pending';
export const PAYOUT_SEND_JOB = 'payout-send';
export const PAYOUT_SANDBOX_JOB = 'payout-sandbox';
const IN_FLIGHT: PayoutStatus[] = ['pending', 'processing'];

type PayoutRow = typeof payouts.$inferSelect;

const masked = (number: string) => `•••• ${number.slice(-4)}`;

export const payoutView = (p: PayoutRow): PayoutView => ({
  id: p.id,
  amount: p.amount,
  status: p.status as PayoutStatus,
  bank_name: bankName(p.accountBank),
  account_name: p.accountName,
  account_number: masked(p.accountNumber),
  failure_reason: p.failureReason,
  created_at: p.createdAt.toISOString(),
  completed_at: p.completedAt?.toISOString() ?? null,
  failed_at: p.failedAt?.toISOString() ?? null,
});

/** Locks the user's row: every change of one user's balance by a withdrawal queues here. */
async function lockUser(tx: Tx, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

const holdKey = (p: Pick<PayoutRow, 'id' | 'attempt'>) => `payout:${p.id}:${p.attempt}:hold`;

/** The amount leaves the balance for `payouts:pending`, and the send is queued. */
async function holdAndQueue(tx: Tx, deps: Deps, p: PayoutRow) {
  await postJournal(tx, {
    key: holdKey(p),
    kind: 'withdrawal',
    entries: [
      { account: account.user(p.userId), amount: -p.amount },
      { account: PAYOUTS_PENDING, amount: p.amount },
    ],
  });
  await scheduleJob(tx, { kind: PAYOUT_SEND_JOB, key: `payout:${p.id}:${p.attempt}`, runAt: deps.now(), payload: { payoutId: p.id } });
}

function insufficient(available: number) {
  return new AppError(AppErrorCode.INSUFFICIENT_BALANCE, {
    key: 'withdraw:error.over_balance',
    params: { balance: formatRupiah(available) },
    fields: { balance: 'withdraw:error.over_balance_field' },
  });
}

/** POST /v1/balances/withdraw: never more than the balance, to an account of the caller's own. */
export async function withdraw(deps: Deps, userId: number, input: WithdrawInput): Promise<PayoutView> {
  return deps.db.transaction(async (tx) => {
    const [bank] = await tx
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.id, input.bank_id), eq(bankAccounts.userId, userId), isNull(bankAccounts.deletedAt)));
    if (!bank) throw invalid({ bank_id: 'withdraw:error.bank_not_found' });
    await lockUser(tx, userId);
    const available = await balanceOf(tx, account.user(userId));
    if (input.balance > available) throw insufficient(available);
    const [row] = await tx
      .insert(payouts)
      .values({
        userId,
        bankAccountId: bank.id,
        accountBank: bank.accountBank,
        accountName: bank.accountName,
        accountNumber: bank.accountNumber,
        amount: input.balance,
        provider: deps.payouts.current.name,
        createdAt: deps.now(),
        updatedAt: deps.now(),
      })
      .returning();
    await holdAndQueue(tx, deps, row);
    return payoutView(row);
  });
}

/** Money in withdrawals not ended yet (pending or at the provider). */
async function pendingOf(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${payouts.amount}), 0)` })
    .from(payouts)
    .where(and(eq(payouts.userId, userId), inArray(payouts.status, IN_FLIGHT)));
  return Number(row.total);
}

/** GET /v1/balances: the balance, what is on its way out, the postings and the withdrawals. */
export async function balanceView(db: DbOrTx, userId: number, limit = 50): Promise<BalanceView> {
  const [balance, pending, entries, rows] = await Promise.all([
    balanceOf(db, account.user(userId)),
    pendingOf(db, userId),
    db
      .select({ id: ledgerEntries.id, kind: journals.kind, key: journals.key, amount: ledgerEntries.amount, transactionId: journals.transactionId, createdAt: ledgerEntries.createdAt })
      .from(ledgerEntries)
      .innerJoin(journals, eq(journals.id, ledgerEntries.journalId))
      .where(eq(ledgerEntries.account, account.user(userId)))
      .orderBy(desc(ledgerEntries.id))
      .limit(limit),
    db.select().from(payouts).where(eq(payouts.userId, userId)).orderBy(desc(payouts.id)).limit(limit),
  ]);
  const payoutIdOf = (key: string) => /^payout:(\d+):/.exec(key)?.[1];
  const ids = [...new Set(entries.map((e) => payoutIdOf(e.key)).filter((id): id is string => !!id).map(Number))];
  const known = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length) for (const r of await db.select().from(payouts).where(inArray(payouts.id, missing))) known.set(r.id, r);
  const history: BalancePosting[] = entries.map((e) => {
    const id = payoutIdOf(e.key);
    const p = id ? known.get(Number(id)) : undefined;
    return { id: e.id, kind: e.kind, amount: e.amount, transaction_id: e.transactionId, created_at: e.createdAt.toISOString(), payout: p ? payoutView(p) : null };
  });
  return { balance, pending_withdrawal: pending, history, withdrawals: rows.map(payoutView) };
}

const link = '/dashboard/withdraw';

/** Ends a payout that will not be paid: the money returns to the balance (once per attempt). */
async function failPayout(tx: Tx, deps: Deps, p: PayoutRow, reason: string) {
  const now = deps.now();
  await tx.update(payouts).set({ status: 'failed', failureReason: reason.slice(0, 500), failedAt: now, updatedAt: now }).where(eq(payouts.id, p.id));
  await postJournal(tx, {
    key: `payout:${p.id}:${p.attempt}:return`,
    kind: 'withdrawal_returned',
    entries: [
      { account: PAYOUTS_PENDING, amount: -p.amount },
      { account: account.user(p.userId), amount: p.amount },
    ],
  });
  await notify(tx, p.userId, { key: 'withdraw:notify.failed', params: { amount: formatRupiah(p.amount) }, notifiableType: 'user', notifiableId: p.userId, link });
}

async function completePayout(tx: Tx, deps: Deps, p: PayoutRow) {
  const now = deps.now();
  await tx.update(payouts).set({ status: 'completed', completedAt: now, updatedAt: now }).where(eq(payouts.id, p.id));
  await postJournal(tx, {
    key: `payout:${p.id}:${p.attempt}:paid`,
    kind: 'payout',
    entries: [
      { account: PAYOUTS_PENDING, amount: -p.amount },
      { account: account.provider(p.provider), amount: p.amount },
    ],
  });
  await notify(tx, p.userId, { key: 'withdraw:notify.completed', params: { amount: formatRupiah(p.amount) }, notifiableType: 'user', notifiableId: p.userId, link });
}

/**
 * The send job: hands a pending payout to its provider. It runs in the job's transaction with the
 * payout locked; a temporary failure throws and the runner retries with the same idempotency
 * key, a refusal fails the payout and returns the money.
 */
export function payoutSendJob(deps: Deps): JobHandler {
  return async (tx, job) => {
    const id = Number(job.payload.payoutId);
    const [p] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
    if (!p || p.status !== 'pending') return;
    const provider = deps.payouts.byName(p.provider);
    if (!provider) throw new Error(`payout ${p.id}: provider ${p.provider} is not configured`);
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, p.userId));
    let reference: string;
    try {
      ({ reference } = await provider.send({
        idempotencyKey: `titipan-payout-${p.id}-${p.attempt}`,
        amount: p.amount,
        bank: p.accountBank,
        accountName: p.accountName,
        accountNumber: p.accountNumber,
        email: owner.email,
        notes: `Titipan withdrawal ${p.id}`,
      }));
    } catch (err) {
      if (!(err instanceof PayoutRefused)) throw err;
      deps.logger.warn(`payout ${p.id} refused by ${p.provider}: ${err.message}`);
      await failPayout(tx, deps, p, err.message);
      return;
    }
    const now = deps.now();
    await tx.update(payouts).set({ status: 'processing', providerReference: reference, sentAt: now, updatedAt: now }).where(eq(payouts.id, p.id));
    deps.logger.log('info', 'payout sent', { payout_id: p.id, provider: p.provider, amount: p.amount, attempt: p.attempt });
    if (provider.name === 'sandbox') {
      await scheduleJob(tx, {
        kind: PAYOUT_SANDBOX_JOB,
        key: `payout-sandbox:${p.id}:${p.attempt}`,
        runAt: new Date(now.getTime() + deps.payouts.sandboxDelayMs),
        payload: { payoutId: p.id, reference },
      });
    }
  };
}

/** The sandbox ends a transfer: its signed callback goes through the verification every callback takes. */
export function payoutSandboxJob(deps: Deps): JobHandler {
  return async (tx, job) => {
    const [p] = await tx.select().from(payouts).where(eq(payouts.id, Number(job.payload.payoutId)));
    if (!p?.providerReference || p.providerReference !== job.payload.reference) return;
    const sandbox = deps.payouts.sandbox;
    const outcome = sandbox.outcomeFor(p.accountNumber);
    const { body, headers } = sandbox.callback({
      event_id: `sandbox-payout-${p.id}-${p.attempt}-${outcome}`,
      reference: p.providerReference,
      status: outcome,
      amount: p.amount,
      reason: outcome === 'failed' ? 'Account not found (sandbox)' : undefined,
    });
    await settleNotice(tx, deps, 'sandbox', await sandbox.verify(body, new Headers(headers)));
  };
}

export type PayoutCallbackOutcome = 'completed' | 'failed' | 'pending' | 'duplicate' | 'unknown_payout' | 'amount_mismatch' | 'already_settled';

/** Settles a verified notice in the caller's transaction: recorded once, the payout locked, one journal. */
async function settleNotice(tx: Tx, deps: Deps, providerName: string, notice: PayoutNotice): Promise<PayoutCallbackOutcome> {
  if (notice.outcome === 'pending') return 'pending';
  const [fresh] = await tx
    .insert(webhookEvents)
    .values({ provider: `payout-${providerName}`, eventKey: notice.eventKey.slice(0, 200), outcome: 'processing' })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  if (!fresh) return 'duplicate';
  const settle = async (result: PayoutCallbackOutcome) => {
    await tx.update(webhookEvents).set({ outcome: result }).where(eq(webhookEvents.id, fresh.id));
    return result;
  };
  const [p] = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.provider, providerName), eq(payouts.providerReference, notice.reference)))
    .for('update');
  if (!p) return settle('unknown_payout');
  if (p.status !== 'processing') return settle('already_settled');
  if (notice.amount !== p.amount) {
    deps.logger.warn(`payout ${p.id}: ${providerName} notified ${notice.amount}, expected ${p.amount}`);
    return settle('amount_mismatch');
  }
  deps.logger.log('info', 'payout settled', { payout_id: p.id, provider: providerName, outcome: notice.outcome });
  if (notice.outcome === 'completed') {
    await completePayout(tx, deps, p);
    return settle('completed');
  }
  await failPayout(tx, deps, p, notice.reason ?? 'failed at the provider');
  return settle('failed');
}

/** POST /v1/payouts/webhooks/{provider}: verified on the raw body, then settled in one transaction. */
export async function handlePayoutCallback(deps: Deps, providerName: string, rawBody: string, headers: Headers): Promise<PayoutCallbackOutcome> {
  const provider = deps.payouts.byName(providerName);
  if (!provider) throw notFound('errors:route_not_found');
  let notice: PayoutNotice;
  try {
    notice = await provider.verify(rawBody, headers);
  } catch (err) {
    if (err instanceof CallbackRejected) {
      deps.logger.warn(`${providerName} payout callback rejected: ${err.message}`);
      throw new AppError(AppErrorCode.BAD_REQUEST, { key: 'withdraw:error.callback_rejected' });
    }
    throw err;
  }
  const outcome = await deps.db.transaction((tx) => settleNotice(tx, deps, providerName, notice));
  deps.outbox.kick();
  return outcome;
}

// ---- Operators ----------------------------------------------------------------------------------

const operatorView = (p: PayoutRow, u: { id: number; name: string; email: string }): OperatorPayoutView => ({
  ...payoutView(p),
  user: u,
  provider: p.provider,
  provider_reference: p.providerReference,
  attempt: p.attempt,
  account_number_full: p.accountNumber,
  bank_code: p.accountBank,
});

/** Every payout, newest first, optionally of one status (the console's Payouts tab). */
export async function listPayouts(db: DbOrTx, opts: { status?: PayoutStatus; limit?: number } = {}): Promise<OperatorPayoutView[]> {
  const rows = await db
    .select({ p: payouts, u: { id: users.id, name: users.name, email: users.email } })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .where(opts.status ? eq(payouts.status, opts.status) : undefined)
    .orderBy(desc(payouts.id))
    .limit(opts.limit ?? 200);
  return rows.map((r) => operatorView(r.p, r.u));
}

/**
 * Sends a failed payout again as a new attempt. Its money went back to the balance when it
 * failed, so the retry takes it from the balance again (with the user's row locked, like a
 * withdrawal): it is never counted twice, and refused when the user has spent it meanwhile.
 * `record` runs in the same transaction (the operator's action log).
 */
export async function retryPayout(deps: Deps, payoutId: number, record?: (tx: Tx, p: PayoutRow) => Promise<void>): Promise<OperatorPayoutView> {
  return deps.db.transaction(async (tx) => {
    const [p] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (!p) throw notFound('withdraw:error.payout_not_found');
    if (p.status !== 'failed') throw new AppError(AppErrorCode.INVALID_TRANSITION, { key: 'withdraw:error.not_retryable' });
    await lockUser(tx, p.userId);
    const available = await balanceOf(tx, account.user(p.userId));
    if (available < p.amount) throw insufficient(available);
    const now = deps.now();
    const [next] = await tx
      .update(payouts)
      .set({ status: 'pending', attempt: p.attempt + 1, provider: deps.payouts.current.name, providerReference: null, failureReason: null, failedAt: null, sentAt: null, updatedAt: now })
      .where(eq(payouts.id, p.id))
      .returning();
    await holdAndQueue(tx, deps, next);
    await record?.(tx, next);
    const [u] = await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, p.userId));
    return operatorView(next, u);
  });
}

// ---- Invariant ----------------------------------------------------------------------------------

/**
 * `npm run ledger:check`: `payouts:pending` holds exactly the payouts in flight. Both sums come
 * from one statement (one snapshot), so a withdrawal committing meanwhile cannot look like a gap.
 */
export async function checkPayouts(db: DbOrTx): Promise<{ kind: 'payouts_pending_mismatch'; detail: string }[]> {
  const [row] = await db
    .select({
      held: sql<string>`(select coalesce(sum(${ledgerEntries.amount}), 0) from ${ledgerEntries} where ${ledgerEntries.account} = ${PAYOUTS_PENDING})`,
      inFlight: sql<string>`coalesce(sum(${payouts.amount}), 0)`,
      count: sql<string>`count(${payouts.id})`,
    })
    .from(payouts)
    .where(inArray(payouts.status, IN_FLIGHT));
  const held = Number(row.held);
  const inFlight = Number(row.inFlight);
  return held === inFlight ? [] : [{ kind: 'payouts_pending_mismatch', detail: `payouts:pending holds ${held}, payouts in flight (${row.count}) sum to ${inFlight}` }];
}
