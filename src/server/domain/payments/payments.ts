import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { PaymentType } from '../../../lib/orders/vocabulary.ts';
import type { PayStart } from '../../../lib/views/index.ts';
import { payments, transactions, webhookEvents } from '../../db/orders-schema.ts';
import { users } from '../../db/schema.ts';
import { AppError, AppErrorCode, notFound } from '../../errors.ts';
import { WebhookRejected, type PaymentNotice } from '../../integrations/payments/types.ts';
import { creditLatePayment } from '../ledger/escrow.ts';
import { afterCommit, type OrderDeps } from '../orders/deps.ts';
import { fireIn, lockOrder } from '../orders/engine.ts';
import { invalidTransition, notYourMove, orderNotFound } from '../orders/errors.ts';
import { partyOf } from '../orders/types.ts';

const view = (p: typeof payments.$inferSelect): PayStart => ({
  payment_id: p.id,
  provider: p.provider,
  payment_type: p.paymentType as PaymentType,
  amount: p.amount,
  expires_at: p.expiresAt.toISOString(),
  token: p.token,
  redirect_url: p.redirectUrl,
  client_secret: p.clientSecret,
  instructions: p.instructions,
});

/**
 * Starts (or resumes) paying an order awaiting payment. The provider is called outside any
 * transaction; a pending attempt of the same type is reused, so reloading the page does not
 * open a second virtual account.
 */
export async function startPayment(deps: OrderDeps, userId: number, orderId: number, type: PaymentType): Promise<PayStart> {
  const [order] = await deps.db.select().from(transactions).where(eq(transactions.id, orderId));
  const role = order && partyOf(order, userId);
  if (!order || !role) throw orderNotFound();
  if (order.status !== 'awaiting_payment') throw invalidTransition();
  if (role !== 'requester') throw notYourMove();
  const provider = deps.payments.forType(type);
  if (!provider) throw new AppError(AppErrorCode.VALIDATION, { key: 'orders:pay.method_unavailable', fields: { payment_type: 'orders:pay.method_unavailable' } });
  const now = deps.now();
  const [open] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.transactionId, orderId), eq(payments.status, 'pending'), eq(payments.paymentType, type), eq(payments.provider, provider.name), gt(payments.expiresAt, now)))
    .orderBy(desc(payments.id))
    .limit(1);
  if (open && open.amount === order.totalPrice) return view(open);

  const [buyer] = await deps.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  const reference = `TTP-${orderId}-${randomBytes(6).toString('hex')}`;
  const expiresAt = order.deadlineAt ?? new Date(now.getTime() + 24 * 3_600_000);
  let started;
  try {
    started = await provider.start({ reference, amount: order.totalPrice, paymentType: type, expiresAt, customer: buyer, description: `Titipan order #${orderId}` });
  } catch (err) {
    deps.logger.warn(`payment provider ${provider.name} refused to start a payment`, err);
    throw new AppError(AppErrorCode.PAYMENT_FAILED, { key: 'orders:pay.provider_failed' });
  }
  const [row] = await deps.db
    .insert(payments)
    .values({
      transactionId: orderId,
      provider: provider.name,
      paymentType: type,
      reference,
      amount: order.totalPrice,
      token: started.token ?? null,
      redirectUrl: started.redirectUrl ?? null,
      clientSecret: started.clientSecret ?? null,
      instructions: started.instructions ?? null,
      expiresAt,
    })
    .returning();
  deps.logger.log('info', 'payment started', { payment_id: row.id, order_id: orderId, provider: provider.name, payment_type: type, amount: row.amount });
  return view(row);
}

export type WebhookOutcome =
  | 'confirmed'
  | 'duplicate'
  | 'unknown_payment'
  | 'amount_mismatch'
  | 'late_payment_credited'
  | 'already_settled'
  | 'failed'
  | 'pending'
  | 'order_closed';

/**
 * A provider's notification, verified on its raw body, then settled in one transaction:
 * recorded once (a replay finds its event key and changes nothing), the payment row locked,
 * the order confirmed — or, when the order has closed meanwhile, the money credited to the
 * buyer's balance so no rupiah is lost.
 */
export async function handleWebhook(
  deps: OrderDeps,
  providerName: string,
  rawBody: string,
  headers: Headers,
  opts: { onlyWhileAwaiting?: boolean } = {},
): Promise<WebhookOutcome> {
  const provider = deps.payments.byName(providerName);
  if (!provider) throw notFound('errors:route_not_found');
  let notice: PaymentNotice;
  try {
    notice = await provider.verify(rawBody, headers);
  } catch (err) {
    if (err instanceof WebhookRejected) {
      deps.logger.warn(`${providerName} webhook rejected: ${err.message}`);
      throw new AppError(AppErrorCode.BAD_REQUEST, { key: 'orders:pay.webhook_rejected' });
    }
    throw err;
  }
  if (notice.outcome === 'pending') return 'pending';
  const outcome = await deps.db.transaction(async (tx): Promise<WebhookOutcome> => {
    const [fresh] = await tx
      .insert(webhookEvents)
      .values({ provider: providerName, eventKey: notice.eventKey, outcome: 'processing' })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (!fresh) return 'duplicate';
    const settle = async (result: WebhookOutcome, paymentId?: number) => {
      await tx.update(webhookEvents).set({ outcome: result, paymentId: paymentId ?? null }).where(eq(webhookEvents.id, fresh.id));
      return result;
    };
    const [payment] = await tx.select().from(payments).where(and(eq(payments.reference, notice.reference), eq(payments.provider, providerName))).for('update');
    if (!payment) return settle('unknown_payment');
    // A failed attempt may still be paid (a card declined, then another card on the same intent):
    // money that arrives is never turned away; only a paid attempt is settled for good.
    if (payment.status === 'paid' || (payment.status === 'failed' && notice.outcome === 'failed')) return settle('already_settled', payment.id);
    if (notice.outcome === 'failed') {
      await tx.update(payments).set({ status: 'failed' }).where(eq(payments.id, payment.id));
      return settle('failed', payment.id);
    }
    if (notice.amount !== payment.amount) {
      deps.logger.warn(`payment ${payment.reference}: notified ${notice.amount}, expected ${payment.amount}`);
      return settle('amount_mismatch', payment.id);
    }
    const now = deps.now();
    const order = (await lockOrder(tx, payment.transactionId))!;
    // The sandbox's own "I have paid" is test money: it pays an order awaiting payment or nothing
    // (a real provider's late payment is money that arrived, and is credited below).
    if (opts.onlyWhileAwaiting && order.status !== 'awaiting_payment') return settle('order_closed', payment.id);
    await tx.update(payments).set({ status: 'paid', paidAt: now }).where(eq(payments.id, payment.id));
    if (order.status === 'awaiting_payment' && order.totalPrice === payment.amount) {
      await fireIn(tx, deps, order.id, 'confirm_payment', { role: 'system' }, { payment: { id: payment.id, provider: providerName } });
      return settle('confirmed', payment.id);
    }
    await creditLatePayment(tx, order, providerName, payment.id, payment.amount);
    return settle('late_payment_credited', payment.id);
  });
  afterCommit(deps);
  deps.logger.log('info', 'payment webhook settled', { provider: providerName, reference: notice.reference, outcome });
  return outcome;
}

/** The sandbox's hosted page: what to pay, where, until when. */
export async function sandboxPayment(deps: OrderDeps, token: string) {
  const [row] = await deps.db
    .select({ payment: payments, status: transactions.status })
    .from(payments)
    .innerJoin(transactions, eq(transactions.id, payments.transactionId))
    .where(and(eq(payments.reference, token), eq(payments.provider, 'sandbox')));
  if (!row) return undefined;
  return { ...view(row.payment), status: row.payment.status, order_id: row.payment.transactionId, order_status: row.status };
}

/**
 * "I have paid" on the sandbox page: the sandbox delivers its signed webhook through the real
 * path, for an order still awaiting payment only (checked on the locked order, so a cancellation
 * committing meanwhile wins). Pressing it on a closed order moves no money.
 */
export async function sandboxPay(deps: OrderDeps, token: string): Promise<WebhookOutcome | undefined> {
  const payment = await sandboxPayment(deps, token);
  if (!payment) return undefined;
  if (payment.order_status !== 'awaiting_payment') return 'order_closed';
  const { body, headers } = deps.payments.sandbox.webhook({ event_id: `sandbox-${payment.payment_id}-paid`, reference: token, status: 'paid', amount: payment.amount });
  return handleWebhook(deps, 'sandbox', body, new Headers(headers), { onlyWhileAwaiting: true });
}

/** The order's newest payment attempt (what the payment page shows as instructions), if any. */
export async function latestPayment(deps: OrderDeps, orderId: number) {
  const [row] = await deps.db.select().from(payments).where(eq(payments.transactionId, orderId)).orderBy(desc(payments.id)).limit(1);
  return row ? { ...view(row), status: row.status } : undefined;
}
